// Reading and writing fH handles (handles.hpp): fH_Builder::parseGenotype / processLine and
// toString of SDK r909 (notes encodings.md §6.2, §6.4), with genokit diagnostics beside the SDK's
// log lines.
#include "genokit/fH/handles.hpp"

#include <array>
#include <memory>

#include "frams/sdk_number.hpp"
#include "frams/sdk_param.hpp"
#include "frams/single_line.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/properties.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fH {
namespace {

// "x0".."x999", "y0".."y999": the vector property names, built once.
const std::string& vector_name(bool second, int i) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    v.reserve(2 * kMaxDims);
    for (int k = 0; k < 2 * kMaxDims; ++k) {
      std::string name(1, k < kMaxDims ? 'x' : 'y');
      name += std::to_string(k % kMaxDims);
      v.push_back(std::move(name));
    }
    return v;
  }();
  return names[static_cast<std::size_t>(second ? kMaxDims + i : i)];
}

frams::Property from_f0(std::string_view cls, std::string_view id) {
  const f0::ClassTable* t = f0::find_table(cls);
  return t->props[static_cast<std::size_t>(f0::find_prop(*t, id))];
}

// The kind's own properties after the vectors.
struct OwnProps {
  std::array<frams::Property, kStickProps> stick;
  frams::Property neuron_d, connection_w;
};
const OwnProps& own_props() {
  static const OwnProps p = [] {
    OwnProps o;
    const char* part_ids[] = {"dn", "fr", "ing", "as"};
    const char* joint_ids[] = {"stif", "rotstif", "stam"};
    for (int i = 0; i < 4; ++i)
      o.stick[static_cast<std::size_t>(i)] = from_f0("p", part_ids[i]).with_flags(0);
    for (int i = 0; i < 3; ++i)
      o.stick[static_cast<std::size_t>(4 + i)] = from_f0("j", joint_ids[i]).with_flags(0);
    o.stick[l] = frams::Property("l", 'f', true, 0.001, 1.999, 1.0, "length");
    o.neuron_d = frams::Property("d", 's', false, 0, 0, 0, "details").with_default_text("");
    o.connection_w = from_f0("c", "w").with_flags(frams::kFlagCanOmitName);
    return o;
  }();
  return p;
}

std::size_t own_count(HandleKind k) {
  return k == HandleKind::stick ? kStickProps : 1;
}

}  // namespace

std::string_view kind_name(HandleKind kind) {
  switch (kind) {
    case HandleKind::stick:
      return "Stick handle";
    case HandleKind::neuron:
      return "Neuron handle";
    case HandleKind::connection:
      return "Connection handle";
  }
  return "Stick handle";
}

std::span<const frams::Property> property_table(HandleKind kind, int dims) {
  // One table per thread and kind, rebuilt when the dimensions change (a few dozen entries).
  struct Cache {
    int dims = -1;
    std::vector<frams::Property> props;
  };
  thread_local std::array<Cache, 3> cache;
  Cache& c = cache[static_cast<std::size_t>(kind)];
  if (c.dims != dims) {
    c.dims = dims;
    c.props.clear();
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < dims; ++i)
        c.props.push_back(frams::Property(vector_name(s == 1, i), 'f', true, -1, 1, 0, vector_name(s == 1, i))
                              .with_flags(frams::kFlagCanOmitName));
    const OwnProps& o = own_props();
    if (kind == HandleKind::stick)
      c.props.insert(c.props.end(), o.stick.begin(), o.stick.end());
    else
      c.props.push_back(kind == HandleKind::neuron ? o.neuron_d : o.connection_w);
  }
  return c.props;
}

Handle default_handle(HandleKind kind, int dims) {
  Handle h;
  h.kind = kind;
  h.values.assign(static_cast<std::size_t>(2 * dims) + (kind == HandleKind::neuron ? 0 : own_count(kind)),
                  0.0);
  const OwnProps& o = own_props();
  if (kind == HandleKind::stick)
    for (int k = 0; k < kStickProps; ++k) h.values[static_cast<std::size_t>(2 * dims + k)] = o.stick[k].def;
  else if (kind == HandleKind::connection)
    h.values.back() = o.connection_w.def;
  return h;
}

namespace {

class Reader {
 public:
  Reader(std::string_view text, Diagnostics& diags, const ReadOptions& opt, ReadResult& out)
      : t_(text), diags_(diags), opt_(opt), out_(out) {}

  void run();

 private:
  Location where(std::size_t off) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(t_);
    return lines_->locate(off);
  }
  void sdk(std::string line) {
    if (opt_.sdk_messages) out_.sdk_messages.push_back(std::move(line));
  }
  void error(const char* code, std::string msg, std::size_t off) {
    diags_.error(code, std::move(msg), where(off));
  }
  // A line the SDK cannot read stops the reading. Before the first stick the conversion fails; after
  // it the SDK's converter ignores the failure and builds the handles above (a quirk: its validity
  // check rejects the genotype), so it is a warning naming that.
  void stop_problem(const char* code, std::string msg, std::size_t off) {
    if (out_.handles.sticks.empty()) return error(code, std::move(msg), off);
    warn(code,
         msg +
             "; the SDK stops reading the genotype here but still builds the creature from the handles "
             "above (SDK quirk: its validity check rejects this genotype)",
         off);
  }
  void warn(const char* code, std::string msg, std::size_t off) {
    out_.warned = true;
    if (!diags_.keeps_next()) return diags_.count_dropped(opt_.strict ? Severity::error : Severity::warning);
    if (opt_.strict)
      diags_.error(code, std::move(msg), where(off));
    else
      diags_.warning(code, std::move(msg), where(off));
  }
  bool line(std::size_t b, std::size_t e, int number);

  std::string_view t_;
  Diagnostics& diags_;
  const ReadOptions& opt_;
  ReadResult& out_;
  std::unique_ptr<LineIndex> lines_;
  std::string scratch_;
};

// One handle line [b, e) (without its LF); false when the SDK stops there.
bool Reader::line(std::size_t b, std::size_t e, int number) {
  const int dims = out_.handles.dims;
  HandleKind kind;
  const std::string_view s = t_.substr(b, e - b);
  if (s.starts_with("j:"))
    kind = HandleKind::stick;
  else if (s.starts_with("n:"))
    kind = HandleKind::neuron;
  else if (s.starts_with("c:"))
    kind = HandleKind::connection;
  else {
    sdk("[ERROR] fH_Builder.processLine: Cannot determine handle type at line:  " + std::to_string(number));
    stop_problem("fH.bad-line",
                 s.starts_with("#")
                     ? "fH has no comments: a line must start with j: (stick), n: (neuron) or c: (connection)"
                     : "A handle line must start with j: (stick), n: (neuron) or c: (connection)",
                 b);
    return false;
  }
  Handle h = default_handle(kind, dims);
  h.begin = static_cast<std::uint32_t>(b);
  h.end = static_cast<std::uint32_t>(e);
  std::string_view fields = s.substr(2);
  if (!fields.empty() && fields.back() == '\r') fields.remove_suffix(1);  // (the SDK drops a CR here)
  const auto props = property_table(kind, dims);
  const std::string_view cls = kind_name(kind);
  const std::size_t base = b + 2;
  bool failed = false;
  struct H {
    Reader& r;
    Handle& h;
    std::span<const frams::Property> props;
    std::string_view cls;
    std::size_t base;
    int dims;
    bool& failed;
    int find(std::string_view name) {
      if (name.size() >= 2 && (name[0] == 'x' || name[0] == 'y') && name[1] >= '0' && name[1] <= '9' &&
          (name[1] != '0' || name.size() == 2) && name.size() <= 5) {
        int i = 0;
        for (char c : name.substr(1)) {
          if (c < '0' || c > '9') return -1;
          i = i * 10 + (c - '0');
        }
        return i < dims ? (name[0] == 'y' ? dims + i : i) : -1;
      }
      for (std::size_t k = static_cast<std::size_t>(2 * dims); k < props.size(); ++k)
        if (props[k].id == name) return static_cast<int>(k);
      return -1;
    }
    void unknown_name(std::string_view name, std::size_t at) {
      r.sdk("[WARN] Param.loadSingleLine: Unknown property '" + std::string(cls) + "." + std::string(name) +
            "' (ignored)");
      r.warn("fH.unknown-property",
             "Unknown property '" + std::string(name) + "' of a " + lower(cls) + " (ignored)", base + at);
    }
    void missing_name(int k, std::size_t at) {
      const std::string id(props[static_cast<std::size_t>(k)].id);
      r.sdk("[WARN] Param.loadSingleLine: Missing property name in '" + std::string(cls) + "' (assuming '" +
            id + "')");
      r.warn("fH.missing-name", "This value has no name; it is taken as '" + id + "' (write " + id + "=...)",
             base + at);
    }
    void after_last(std::size_t at) {
      r.sdk("[WARN] Param.loadSingleLine: Value after the last property of '" + std::string(cls) + "'");
      r.warn("fH.extra-value", "Value after the last property of a " + lower(cls) + " (ignored)", base + at);
    }
    void after_unknown(std::string_view, std::size_t at) {
      // (the SDK's message names the table's group: "Properties")
      r.sdk("[WARN] Param.loadSingleLine: Missing property name in '" + std::string(cls) +
            "' (assuming 'Properties')");
      r.warn("fH.value-after-unknown",
             "A value without a name after an unknown property goes nowhere (ignored)", base + at);
    }
    void set(int k, std::string_view value, std::size_t at) {
      const frams::Property& p = props[static_cast<std::size_t>(k)];
      if (p.type == 's') {
        h.details.assign(value);
        return;
      }
      const frams::sdk::SetNumber res = frams::sdk::set_number(p, value, true);
      if (!res.parsed) {
        r.sdk("[ERROR] ExtValue.parseDouble: " + frams::sdk::could_not_parse(value));
        r.stop_problem("fH.bad-number",
                       "'" + std::string(value) + "' is not a number (" + std::string(p.id) + ")", base + at);
        failed = true;
        return;
      }
      if (res.clamped) {
        r.sdk("[WARN] Param.set: " + frams::sdk::clamp_message(cls, p, res));
        r.warn("fH.value-clamped",
               std::string(p.id) + " = " + frams::sdk::format_double(res.given) + " is outside " +
                   frams::sdk::format_double(p.min) + ".." + frams::sdk::format_double(p.max) +
                   "; the SDK uses " + frams::sdk::format_double(res.value),
               base + at);
      }
      const std::size_t slot = static_cast<std::size_t>(k);
      h.values[slot] = res.value;
    }
    static std::string lower(std::string_view c) {
      std::string s(c);
      s[0] = static_cast<char>(s[0] - 'A' + 'a');
      return s;
    }
  } handler{*this, h, props, cls, base, dims, failed};
  frams::sdk::load_single_line(fields, {props, props.size()}, handler, scratch_);
  if (failed) {
    sdk("[ERROR] fH_Builder.processLine: Error in parsing handle parameters at line:  " +
        std::to_string(number));
    return false;
  }
  auto& list = kind == HandleKind::stick    ? out_.handles.sticks
               : kind == HandleKind::neuron ? out_.handles.neurons
                                            : out_.handles.connections;
  list.push_back(std::move(h));
  return true;
}

void Reader::run() {
  const auto header = frams::parse_genotype_header(t_);
  const std::size_t body = header.body_offset, n = t_.size();
  std::size_t nl = t_.find('\n', body);
  if (nl == std::string_view::npos) nl = n;
  const std::string_view dims_text = t_.substr(body, nl - body);
  const auto dims = frams::sdk::parse_int_strict(dims_text);
  out_.status = 1;
  out_.stop = static_cast<std::uint32_t>(body);
  if (!dims) {
    sdk("[ERROR] fH_Builder.parseGenotype: Could not parse number of dimensions");
    error("fH.bad-dimensions",
          dims_text.empty()
              ? "The first line must give the number of dimensions (an integer of at least 1)"
              : "The first line must be the number of dimensions (an integer of at least 1), not '" +
                    std::string(dims_text.substr(0, 40)) + "'",
          body);
    return;
  }
  if (*dims < 1) {
    sdk("[ERROR] fH_Builder.parseGenotype: Number of dimensions cannot be lower than 1");
    error("fH.bad-dimensions", "The number of dimensions must be at least 1, not " + std::to_string(*dims),
          body);
    return;
  }
  if (*dims > kMaxDims) {
    error("fH.too-large",
          "genokit reads fH genotypes of at most " + std::to_string(kMaxDims) + " dimensions, not " +
              std::to_string(*dims),
          body);
    return;
  }
  out_.handles.dims = *dims;
  out_.dims_ok = true;
  int number = 2;
  std::size_t values = 0;
  for (std::size_t b = nl + 1; b <= n && nl < n; b = nl + 1, ++number) {
    nl = t_.find('\n', b);
    if (nl == std::string_view::npos) nl = n;
    if (nl == b) continue;  // empty lines count but are skipped
    values += static_cast<std::size_t>(2 * *dims + kStickProps);
    if (values > kMaxValues || out_.handles.size() >= kMaxHandles) {
      error("fH.too-large",
            "The genotype is too large for genokit: more than " + std::to_string(kMaxHandles) +
                " handles or " + std::to_string(kMaxValues) + " handle values (handles x dimensions)",
            b);
      out_.status = static_cast<int>(b - body);
      out_.stop = static_cast<std::uint32_t>(b);
      return;
    }
    if (!line(b, nl, number)) {
      // (Geno_fH::checkValidity's position: the line start in the genes, which reads as the
      // preceding newline when taken as 1-based)
      out_.status = static_cast<int>(b - body);
      out_.stop = static_cast<std::uint32_t>(b);
      return;
    }
  }
  if (out_.handles.sticks.empty()) {
    sdk("[ERROR] fH_Builder.parseGenotype: Genotype does not contain any stick");
    error("fH.no-stick", "The genotype has no stick (j: line), so it makes no body", body);
    out_.status = 1;
    return;
  }
  out_.status = 0;
}

}  // namespace

ReadResult read(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt) {
  ReadResult r;
  Reader(genotype, diags, opt, r).run();
  return r;
}

std::string write(const Handles& h) {
  std::string out = std::to_string(h.dims);
  out += '\n';
  auto group = [&](const std::vector<Handle>& list, HandleKind kind, const char* prefix) {
    const auto props = property_table(kind, h.dims);
    for (const Handle& x : list) {
      out += prefix;
      bool skipped = false, first = true;
      for (std::size_t i = 0; i < props.size(); ++i) {
        const frams::Property& p = props[i];
        const bool is_text = p.type == 's';
        const bool is_default = is_text ? x.details == p.def_text : x.values[i] == p.def;
        if (is_default) {
          skipped = true;
          continue;
        }
        if (!first) out += ", ";
        first = false;
        if (skipped || !p.can_omit_name()) {
          out += p.id;
          out += '=';
        }
        skipped = false;
        if (is_text)
          frams::sdk::append_text(out, x.details);
        else
          out += frams::sdk::format_double(x.values[i]);
      }
      out += '\n';
    }
  };
  group(h.sticks, HandleKind::stick, "j:");
  group(h.neurons, HandleKind::neuron, "n:");
  group(h.connections, HandleKind::connection, "c:");
  return out;
}

}  // namespace genokit::fH
