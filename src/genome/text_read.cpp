// The text-form assembler: text -> genome bytes, with line:column errors for hand edits. Each
// `gene` statement becomes a Gene that the encoder appends; `lead`, `raw` and `tail` bytes are
// copied as they are.
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "genokit/genome/text.hpp"
#include "genome/codec.hpp"
#include "genome/text_values.hpp"

namespace genokit::genome {
namespace {

using detail::backticked;
using detail::Cursor;
using detail::describe;
using detail::is_directive;
using detail::Tok;
using detail::Token;

// The gene header fields of the text form, in header order (index = byte after the marker).
enum class HeaderValue : std::uint8_t { number, stage, flags };
struct HeaderField {
  std::string_view name;
  const char* what;  // in messages
  std::uint8_t Gene::*member;
  HeaderValue value;
};
constexpr HeaderField kHeaderFields[] = {
    {"type", "type", &Gene::type, HeaderValue::number},
    {"subtype", "subtype", &Gene::subtype, HeaderValue::number},
    {"id", "id", &Gene::id, HeaderValue::number},
    {"gen", "generation", &Gene::generation, HeaderValue::number},
    {"stage", "stage", &Gene::switch_on, HeaderValue::stage},
    {"flags", "flags", &Gene::flags, HeaderValue::flags},
    {"mutability", "mutability", &Gene::mutability, HeaderValue::number},  // C2/C3
    {"variant", "variant", &Gene::variant, HeaderValue::number},           // C3
};

class Assembler {
 public:
  Assembler(std::string_view text, Diagnostics& d) : c_(text, d) {}

  std::optional<std::string> run() {
    if (!(cur().kind == Tok::word && cur().text == "genome")) {
      c_.error(cur(), "genome.text-syntax",
               "the text must start with `genome c1`, `genome c2` or `genome c3`");
      return std::nullopt;
    }
    c_.advance();
    if (cur().kind == Tok::word) {
      if (cur().text == "c1")
        v_ = Version::c1;
      else if (cur().text == "c2")
        v_ = Version::c2;
      else if (cur().text == "c3")
        v_ = Version::c3;
    }
    if (v_ == Version::unknown) {
      c_.error(cur(), "genome.text-syntax", "expected the game version after `genome`: c1, c2 or c3");
      return std::nullopt;
    }
    c_.advance();
    out_.assign(magic(v_));
    statements();
    if (c_.diags().has_errors()) return std::nullopt;
    return std::move(out_);
  }

 private:
  const Token& cur() const { return c_.cur(); }

  void statements() {
    bool seen_gend = false, seen_tail = false, seen_gene = false;
    while (cur().kind != Tok::end) {
      if (c_.diags().error_count() > 200) break;
      if (!is_directive(cur())) {
        c_.error(cur(), "genome.text-syntax",
                 "expected `gene`, `raw`, `gend` or `tail` here, found " + describe(cur()));
        c_.skip_to_directive();
        continue;
      }
      Token dir = cur();
      c_.advance();
      if ((seen_gend || seen_tail) && dir.text != "tail") {
        c_.error(dir, "genome.text-syntax",
                 backticked(dir.text) + " after the end of the genome (`gend`/`tail`)");
        c_.skip_to_directive();
        continue;
      }
      if (seen_tail) {
        c_.error(dir, "genome.text-syntax", "a second `tail`");
        c_.skip_to_directive();
        continue;
      }
      if (dir.text == "genome") {
        c_.error(dir, "genome.text-syntax", "a second `genome` line");
        c_.skip_to_directive();
      } else if (dir.text == "lead") {
        if (seen_gene) c_.error(dir, "genome.text-syntax", "`lead` must come before the first gene");
        if (expect_hex(dir)) out_ += c_.last().value;
      } else if (dir.text == "raw") {
        seen_gene = true;
        if (expect_hex(dir)) out_ += c_.last().value;
      } else if (dir.text == "gend") {
        out_ += "gend";
        seen_gend = true;
      } else if (dir.text == "tail") {
        seen_tail = true;
        tail();
      } else {
        seen_gene = true;
        gene(dir);
      }
    }
  }

  bool expect_hex(const Token& dir) {
    if (cur().kind != Tok::hex) {
      c_.error(cur(), "genome.text-syntax", backticked(dir.text) + " needs a hex block <...>");
      c_.skip_to_directive();
      return false;
    }
    c_.advance();
    return true;
  }

  // name=value; returns false (after an error) when the shape is wrong.
  bool assignment(Token& name) {
    if (cur().kind != Tok::word) {
      c_.error(cur(), "genome.text-syntax", "expected a field `name=value`, found " + describe(cur()));
      c_.advance();
      return false;
    }
    name = cur();
    c_.advance();
    if (cur().kind != Tok::equals) {
      c_.error(cur(), "genome.text-syntax", "expected `=` after `" + std::string(name.text) + "`");
      return false;
    }
    c_.advance();
    return true;
  }

  // The header field called `name` in this version (mutability: C2/C3, variant: C3), or nullptr.
  const HeaderField* header_field(std::string_view name) const {
    for (std::size_t i = 0; i < std::size(kHeaderFields); ++i)
      if (kHeaderFields[i].name == name) return i < header_size(v_) ? &kHeaderFields[i] : nullptr;
    return nullptr;
  }

  std::optional<unsigned> header_value(const HeaderField& hf, const Token& val) {
    switch (hf.value) {
      case HeaderValue::stage:
        return detail::symbol_or_number(c_, val, &stage_names(), 255, hf.what);
      case HeaderValue::flags:
        return detail::flag_bits(c_, val, gene_flag_names(), hf.what);
      default:
        return detail::number(c_, val, 255, hf.what);
    }
  }

  // What a gene statement has given so far.
  struct GeneState {
    Gene h;
    std::string data;                    // h's data bytes
    const GeneLayout* layout = nullptr;  // from the gene kind
    bool have_type = false, have_subtype = false, have_data = false;
    std::optional<Token> first_field;
    std::vector<std::string_view> seen;
  };

  void gene(const Token& dir) {
    GeneState s;
    if (cur().kind == Tok::word && !is_directive(cur()) && find_layout(v_, cur().text)) {
      s.layout = find_layout(v_, cur().text);
      s.h.type = s.layout->type;
      s.h.subtype = s.layout->subtype;
      s.data.assign(s.layout->data_size, '\0');
      c_.advance();
    } else if (cur().kind == Tok::word && cur().text != "type") {
      std::string names;
      for (const auto& l : layouts(v_)) names += (names.empty() ? "" : ", ") + std::string(l.name);
      c_.error(cur(), "genome.text-unknown-kind",
               "unknown gene kind `" + std::string(cur().text) + "` for " + std::string(to_string(v_)) +
                   " (known: " + names + "; or give type=N subtype=N)");
      c_.skip_to_directive();
      return;
    }
    while (cur().kind != Tok::end && !is_directive(cur())) {
      Token name;
      if (!assignment(name)) {
        // resync: drop tokens until something that looks like a new field or directive
        while (cur().kind != Tok::end && !is_directive(cur()) && cur().kind != Tok::word) c_.advance();
        continue;
      }
      for (auto seen : s.seen)
        if (seen == name.text)
          c_.error(name, "genome.text-duplicate-field", backticked(name.text) + " is given twice");
      s.seen.push_back(name.text);
      field(s, name);
    }
    if (!s.layout && !(s.have_type && s.have_subtype))
      c_.error(dir, "genome.text-syntax", "a gene needs a kind (e.g. `gene lobe`) or type=N subtype=N");
    if (s.have_data && s.first_field)
      c_.error(*s.first_field, "genome.text-syntax",
               "a gene gives either named fields or data=<...>, not both");
    if (!s.layout && !s.have_data && s.have_type && s.have_subtype) {
      const GeneLayout* l = find_layout(v_, s.h.type, s.h.subtype);
      if (l) s.data.assign(l->data_size, '\0');
    }
    detail::append_gene(out_, v_, s.h, s.data);
  }

  // The value of field `name` (the cursor is on it).
  void field(GeneState& s, const Token& name) {
    const Token val = cur();
    const std::string_view n = name.text;
    if (const HeaderField* hf = header_field(n)) {
      c_.advance();
      const bool is_kind = hf->member == &Gene::type || hf->member == &Gene::subtype;
      if (is_kind && s.layout) {
        c_.error(name, "genome.text-syntax", backticked(n) + " is implied by the gene kind; remove it");
        return;
      }
      if (auto v = header_value(*hf, val)) {
        s.h.*hf->member = std::uint8_t(*v);
        if (hf->member == &Gene::type) s.have_type = true;
        if (hf->member == &Gene::subtype) s.have_subtype = true;
      }
      return;
    }
    if (n == "data") {
      c_.advance();
      s.have_data = true;
      if (val.kind != Tok::hex)
        c_.error(val, "genome.text-value", "data needs a hex block <...>, found " + describe(val));
      else
        s.data = val.value;
      return;
    }
    const FieldDef* f = nullptr;
    if (s.layout)
      for (const auto& fd : s.layout->fields)
        if (n == fd.name) f = &fd;
    if (!f) {
      c_.error(name, "genome.text-unknown-field",
               "unknown field `" + std::string(n) + "` for a " +
                   (s.layout ? std::string(s.layout->name) : "raw") + " gene" +
                   (s.layout ? "" : " (give its bytes with data=<...>)"));
      c_.advance();
      if (val.kind == Tok::lbracket)
        while (cur().kind != Tok::end && !is_directive(cur()) && c_.last().kind != Tok::rbracket)
          c_.advance();
      return;
    }
    if (!s.first_field) s.first_field = name;
    if (!s.have_data) {
      detail::read_field(c_, *f, s.data);
    } else {  // an error is reported at the end of the gene; the value is still checked
      std::string scratch(s.layout->data_size, '\0');
      detail::read_field(c_, *f, scratch);
    }
  }

  void tail() {
    if (cur().kind == Tok::hex) {
      out_ += cur().value;
      c_.advance();
      return;
    }
    Token name;
    if (cur().kind == Tok::word && cur().text == "zeros") {
      if (!assignment(name)) return;
      Token val = cur();
      c_.advance();
      if (auto v = detail::number(c_, val, 1u << 26, "zero count")) out_.append(*v, '\0');  // 64 MB at most
      return;
    }
    c_.error(cur(), "genome.text-syntax", "`tail` needs a hex block <...> or zeros=N");
    c_.skip_to_directive();
  }

  Cursor c_;
  Version v_ = Version::unknown;
  std::string out_;
};

}  // namespace

std::optional<std::string> assemble(std::string_view text, Diagnostics& diags) {
  return Assembler(text, diags).run();
}

}  // namespace genokit::genome
