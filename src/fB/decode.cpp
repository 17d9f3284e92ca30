// fB -> fH handles (notes encodings.md §6.8): GenoConv_fBH of SDK r909, gene by gene. Letters set
// the handle's properties in table order (the class letter is also the first value), quoted texts
// name neuron classes, and letters left after the last property start another handle.
#include <cmath>
#include <memory>

#include "fB/genes.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/core/text.hpp"
#include "genokit/fB/convert.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fB {
namespace {

using fH::Handle;
using fH::HandleKind;

class Decoder {
 public:
  Decoder(std::string_view text, Diagnostics& diags, const ConvertOptions& opt, Decoded& out)
      : t_(text), diags_(diags), opt_(opt), out_(out) {}
  void run();

 private:
  Location where(std::size_t off) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(t_);
    return lines_->locate(off);
  }
  void fail(const char* code, std::string msg, std::size_t off) {
    diags_.error(code, std::move(msg), where(body_ + off));
    out_.ok = false;
  }
  void warn(const char* code, std::string msg, std::size_t off) {
    if (!diags_.keeps_next()) return diags_.count_dropped(opt_.strict ? Severity::error : Severity::warning);
    if (opt_.strict)
      diags_.error(code, std::move(msg), where(body_ + off));
    else
      diags_.warning(code, std::move(msg), where(body_ + off));
  }
  // The gene's character k ('\0' past its end, as the SDK's string gives).
  char at(std::size_t k) const { return k < gene_.size() ? gene_[k] : '\0'; }
  // GenoConv_fBH::getNextCharId: the next character, skipping a quoted text (and quotes right after
  // it); false when a quote is not closed.
  bool next_char(std::size_t& i) const;
  // GenoConv_fBH::getNeuroClass: the k-th quoted text of the gene (the last one when fewer, N when
  // none); false when a quote is not closed.
  bool neuron_class(int k, std::string& out) const;
  Handle start_handle(char c) const;
  bool gene(std::size_t start, std::size_t end);
  void add(Handle&& h, std::size_t b, std::size_t e);

  std::string_view t_, g_;  // the whole text; the genes (after the header)
  std::size_t body_ = 0;
  Diagnostics& diags_;
  const ConvertOptions& opt_;
  Decoded& out_;
  std::unique_ptr<LineIndex> lines_;
  int dims_ = 0;
  std::string_view gene_;
  std::size_t letters_ = 0;
};

bool Decoder::next_char(std::size_t& i) const {
  ++i;
  if (at(i) == '"') {
    std::size_t next = i + 1;
    do {
      next = next < gene_.size() ? gene_.find('"', next) : std::string_view::npos;
      if (next == std::string_view::npos) return false;
      ++next;
    } while (at(next) == '"');
    i = next;
  }
  return true;
}

bool Decoder::neuron_class(int k, std::string& out) const {
  std::string last = "N";
  std::size_t pos = 0;
  for (int found = 0; found < k; ++found) {
    pos = pos < gene_.size() ? gene_.find('"', pos) : std::string_view::npos;
    if (pos == std::string_view::npos) break;
    ++pos;
    const std::size_t close = gene_.find('"', pos);
    if (close == std::string_view::npos) {
      out = last;
      return false;
    }
    last.assign(gene_.substr(pos, close - pos));
    pos = close + 1;
  }
  out = std::move(last);
  return true;
}

Handle Decoder::start_handle(char c) const {
  const HandleKind k = c >= 'a' && c <= 'i'   ? HandleKind::stick
                       : c >= 'j' && c <= 'p' ? HandleKind::neuron
                                              : HandleKind::connection;
  return fH::default_handle(k, dims_);
}

void Decoder::add(Handle&& h, std::size_t b, std::size_t e) {
  h.begin = static_cast<std::uint32_t>(body_ + b);
  h.end = static_cast<std::uint32_t>(body_ + e);
  auto& list = h.kind == HandleKind::stick    ? out_.handles.sticks
               : h.kind == HandleKind::neuron ? out_.handles.neurons
                                              : out_.handles.connections;
  list.push_back(std::move(h));
}

// One gene [start, end) of the genes; false when the conversion fails.
bool Decoder::gene(std::size_t start, std::size_t end) {
  gene_ = g_.substr(start, end - start);
  const std::size_t len = gene_.size();
  const std::size_t tail = gene_.find("zz") != std::string_view::npos ? 2 : 0;
  if (len - tail < 3) {  // "aazz", a bare "aa": a stick with every property at its default
    add(fH::default_handle(HandleKind::stick, dims_), start, end);
    return true;
  }
  std::size_t cls = 2;
  if (at(2) == '"') {
    cls = 1;
    if (!next_char(cls)) {
      fail("fB.unclosed-quote", "This gene's quoted neuron class is not closed; the SDK fails silently",
           start + 2);
      return false;
    }
  }
  Handle h = start_handle(at(cls));
  std::size_t z = cls;
  if (at(z) == '"') {
    --z;
    if (!next_char(z)) {
      fail("fB.unclosed-quote", "This gene's quoted neuron class is not closed; the SDK fails silently",
           start + z);
      return false;
    }
  }
  std::size_t prop = 0, handle_start = start;
  int class_number = 1;
  const auto props = [&] { return fH::property_table(h.kind, dims_); };
  while (z < len - tail) {
    if (++letters_ > kMaxGeneLetters) {
      fail("fB.too-large",
           "The genes of this genotype hold more than " + std::to_string(kMaxGeneLetters) +
               " letters together (genes overlap and nest); genokit does not decode it",
           start);
      return false;
    }
    const auto table = props();
    if (prop >= table.size()) {  // every property set: the letter starts another handle
      add(std::move(h), handle_start, start + z);
      if (out_.handles.size() > fH::kMaxHandles) {
        fail("fB.too-large", "The genotype makes more than " + std::to_string(fH::kMaxHandles) + " handles",
             start);
        return false;
      }
      handle_start = start + z;
      h = start_handle(at(z));
      prop = 0;
      if (!next_char(z)) {
        out_.sdk_messages.push_back("[ERROR] GenoConv_fBH.convert: Property of fH could not be parsed");
        fail("fB.unclosed-quote", "A quoted neuron class in this gene is not closed", start + z);
        return false;
      }
      continue;
    }
    const frams::Property& p = table[prop];
    const char c = at(z);
    if (p.type == 'f') {
      if (h.kind == HandleKind::connection && p.id == "w") {
        double w = c <= 'm' ? -0.001 * std::pow(2.0, static_cast<double>('m' - c))
                            : 0.001 * std::pow(2.0, static_cast<double>(c - 'n'));
        if (w < p.min || w > p.max) {
          const double to = w < p.min ? p.min : p.max;
          out_.sdk_messages.push_back("[WARN] Param.set: " +
                                      frams::sdk::clamp_message("Connection handle", "w",
                                                                frams::sdk::format_double(w), w > p.max,
                                                                frams::sdk::format_double(to)));
          warn("fB.weight-clamped",
               "The letter gives the weight " + frams::sdk::format_double(w) +
                   ", beyond the weight range; the SDK uses " + frams::sdk::format_double(to),
               start + z);
          w = to;
        }
        h.values[prop] = w;
      } else {
        const double v = static_cast<double>(c - 'a') / 25.0;
        h.values[prop] = std::min(p.max, std::max(p.min, (p.max - p.min) * v + p.min));
      }
    } else {  // a neuron's `d`: the next quoted text of the gene
      std::string d;
      if (!neuron_class(class_number, d)) {
        out_.sdk_messages.push_back("[ERROR] GenoConv_fBH.convert: Property of fH could not be parsed");
        fail("fB.unclosed-quote", "A quoted neuron class in this gene is not closed", start);
        return false;
      }
      h.details = std::move(d);
      ++class_number;
    }
    ++prop;
    if (!next_char(z)) {
      out_.sdk_messages.push_back("[ERROR] GenoConv_fBH.convert: Property of fH could not be parsed");
      fail("fB.unclosed-quote", "A quoted neuron class in this gene is not closed", start + z);
      return false;
    }
  }
  if (h.kind == HandleKind::neuron && prop < props().size()) {  // `d` not reached: the class anyway
    std::string d;
    if (!neuron_class(class_number, d)) {
      fail("fB.unclosed-quote", "A quoted neuron class in this gene is not closed; the SDK fails silently",
           start);
      return false;
    }
    h.details = std::move(d);
  }
  add(std::move(h), handle_start, end);
  return true;
}

void Decoder::run() {
  const auto header = frams::parse_genotype_header(t_);
  body_ = header.body_offset;
  g_ = t_.substr(body_);
  std::size_t nl = g_.find('\n');
  if (nl == std::string_view::npos) nl = g_.size();
  const std::string_view dims_text = g_.substr(0, nl);
  const auto dims = frams::sdk::parse_int_strict(dims_text);
  if (!dims) {
    out_.sdk_messages.push_back("[ERROR] f2::Builder.parseGenotype: Could not parse number of dimensions");
    fail("fB.bad-dimensions",
         "The first line must be the number of dimensions (an integer of at least 1), not '" +
             std::string(dims_text.substr(0, 40)) + "'",
         0);
    return;
  }
  if (*dims < 1) {
    out_.sdk_messages.push_back(
        "[ERROR] f2::Builder.parseGenotype: Number of dimensions cannot be lower than 1");
    fail("fB.bad-dimensions", "The number of dimensions must be at least 1, not " + std::to_string(*dims), 0);
    return;
  }
  if (*dims > fH::kMaxDims) {
    fail("fB.too-large",
         "genokit reads fB genotypes of at most " + std::to_string(fH::kMaxDims) + " dimensions, not " +
             std::to_string(*dims),
         0);
    return;
  }
  dims_ = *dims;
  out_.handles.dims = dims_;
  out_.ok = true;
  const detail::GeneScanner genes(g_);  // (over the whole genes, the dimensions line included)
  if (static_cast<std::size_t>(genes.count()) > fH::kMaxHandles) {
    fail("fB.too-large", "The genotype has more than " + std::to_string(fH::kMaxHandles) + " genes", 0);
    return;
  }
  for (int q = 0; q < genes.count(); ++q) {
    const detail::GeneRange r = genes.gene(q);
    if (!r.found) {  // (gene counting and gene search disagree around quotes: an empty gene)
      warn("fB.phantom-gene",
           "The SDK counts a gene here that it then cannot find (a start codon between quotes): it adds a "
           "default stick for it (SDK quirk)",
           0);
      fH::Handle h = fH::default_handle(HandleKind::stick, dims_);
      h.begin = h.end = static_cast<std::uint32_t>(body_);
      out_.handles.sticks.push_back(std::move(h));
      continue;
    }
    if (!gene(r.start, r.end)) return;
    if (out_.handles.size() > fH::kMaxHandles) {
      fail("fB.too-large", "The genotype makes more than " + std::to_string(fH::kMaxHandles) + " handles",
           r.start);
      return;
    }
  }
}

}  // namespace

Decoded decode(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Decoded d;
  Decoder(genotype, diags, opt, d).run();
  return d;
}

}  // namespace genokit::fB
