// The ten fF parameters (notes encodings.md §4.2): their table, reading them as the SDK's
// Param::loadSingleLine does (the one walk in frams/single_line.hpp), and writing them back.
#include <array>
#include <cmath>
#include <memory>

#include "fF/shell.hpp"
#include "frams/sdk_number.hpp"
#include "frams/sdk_param.hpp"
#include "frams/single_line.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fF {
namespace {

constexpr std::uint32_t kOmit = frams::kFlagCanOmitName;
constexpr double kAngle = 3.1415926;  // the SDK's range limit (not pi)

constexpr frams::Property f(std::string_view id, double lo, double hi, double def, std::string_view name) {
  return frams::Property(id, 'f', true, lo, hi, def, name).with_flags(kOmit);
}

constexpr std::array<frams::Property, 10> kTable{{
    frams::Property("n", 'd', true, 1, 15, 6, "number of chambers").with_flags(kOmit),
    f("rad0x", 0.01, 2.0, 1.0, "radius of the first chamber, x"),
    f("rad0y", 0.01, 2.0, 1.0, "radius of the first chamber, y"),
    f("rad0z", 0.01, 2.0, 1.0, "radius of the first chamber, z"),
    f("sx", 1.0, 1.1, 1.05, "growth of the chambers, x"),
    f("sy", 1.0, 1.1, 1.05, "growth of the chambers, y"),
    f("sz", 1.0, 1.1, 1.05, "growth of the chambers, z"),
    f("tr", -1, 1, 0, "translation factor"),
    f("a1", -kAngle, kAngle, 0, "angle 1 (deviation)"),
    f("a2", -kAngle, kAngle, 0, "angle 2 (rotation)"),
}};

double* slot(Params& p, int i) {
  switch (i) {
    case 1:
      return &p.rad0x;
    case 2:
      return &p.rad0y;
    case 3:
      return &p.rad0z;
    case 4:
      return &p.sx;
    case 5:
      return &p.sy;
    case 6:
      return &p.sz;
    case 7:
      return &p.tr;
    case 8:
      return &p.a1;
    case 9:
      return &p.a2;
    default:
      return nullptr;
  }
}

class Loader {
 public:
  Loader(std::string_view text, std::size_t line_start, Params& p, Diagnostics& d,
         std::vector<std::string>* sdk)
      : text_(text), start_(line_start), p_(p), d_(d), sdk_(sdk) {}

  int find(std::string_view name) const { return frams::find_property(kTable, name); }
  void unknown_name(std::string_view name, std::size_t at) {
    log("[WARN] Param.loadSingleLine: Unknown property 'fF." + std::string(name) + "' (ignored)");
    warn("fF.unknown-parameter",
         "'" + std::string(name) +
             "' is not an fF parameter (n, rad0x, rad0y, rad0z, sx, sy, sz, tr, a1, a2); the "
             "SDK ignores it",
         at);
  }
  void missing_name(int index, std::size_t at) {
    log("[WARN] Param.loadSingleLine: Missing property name in 'fF' (assuming '" +
        std::string(kTable[index].id) + "')");
  }
  void after_last(std::size_t at) {
    log("[WARN] Param.loadSingleLine: Value after the last property of 'fF'");
    warn("fF.extra-value", "A value after the tenth parameter (a2): the SDK ignores it", at);
  }
  void after_unknown(std::string_view, std::size_t at) {
    log("[WARN] Param.loadSingleLine: Missing property name in 'fF' (assuming 'fF')");
    warn("fF.value-after-unknown", "A value without a name after an unknown parameter name: the SDK drops it",
         at);
  }
  void set(int i, std::string_view value, std::size_t at) {
    ++count_;
    const frams::Property& prop = kTable[static_cast<std::size_t>(i)];
    const frams::sdk::SetNumber r = frams::sdk::set_number(prop, value, true);
    if (!r.parsed) {
      const bool integer = prop.type == 'd';
      log(std::string("[ERROR] ExtValue.") + (integer ? "parseInt" : "parseDouble") + ": " +
          frams::sdk::could_not_parse(value, integer));
      warn("fF.bad-value",
           "'" + std::string(value) + "' is not " + (integer ? "a whole number" : "a number") +
               ": the SDK keeps the default " + frams::sdk::value_text(prop, prop.def) + " for " +
               std::string(prop.id),
           at);
    } else if (r.clamped != 0) {
      log("[WARN] Param.set: " + frams::sdk::clamp_message("fF", prop, r));
      warn("fF.value-clamped",
           std::string(prop.id) + " = " + frams::sdk::value_text(prop, r.given) + " is outside " +
               frams::sdk::value_text(prop, prop.min) + ".." + frams::sdk::value_text(prop, prop.max) +
               "; the SDK uses " + frams::sdk::value_text(prop, r.value),
           at);
    }
    if (i == 0)
      p_.n = static_cast<int>(r.value);
    else
      *slot(p_, i) = r.value;
  }
  int count() const { return count_; }
  bool strict_failed = false;
  bool strict = false;

 private:
  void log(std::string m) {
    if (sdk_) sdk_->push_back(std::move(m));
  }
  void warn(const char* code, std::string msg, std::size_t at) {
    strict_failed |= strict;
    d_.report(strict ? Severity::error : Severity::warning, code, std::move(msg), where(start_ + at));
  }
  Location where(std::size_t off) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(text_);
    return lines_->locate(off);
  }
  std::string_view text_;
  std::size_t start_;
  Params& p_;
  Diagnostics& d_;
  std::vector<std::string>* sdk_;
  int count_ = 0;
  std::unique_ptr<LineIndex> lines_;
};

bool load_impl(std::string_view genotype, Params& out, Diagnostics& diags, std::vector<std::string>* sdk,
               bool strict, bool& strict_failed) {
  out = Params{};
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "F")) {
    diags.error(
        "fF.not-fF",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not fF",
        {{}, 1, 1, 0});
    return false;
  }
  const std::size_t body = h.declared ? h.body_offset : 0;
  const std::string_view genes = genotype.substr(body);
  const std::size_t nl = genes.find('\n');
  const std::string_view line = genes.substr(0, nl);
  Loader l(genotype, body, out, diags, sdk);
  l.strict = strict;
  std::string scratch;
  // (the SDK's buffer holds the whole text: a quoted value can run past the first line)
  frams::sdk::load_single_line(line, frams::sdk::LineTable{kTable, kTable.size()}, l, scratch, 0, genes);
  strict_failed = l.strict_failed;
  LineIndex lines(genotype);
  if (nl != std::string_view::npos && nl + 1 < genes.size()) {
    diags.error("fF.multi-line",
                "An fF genotype is one line of ten values; the SDK rejects text after a line break",
                lines.locate(body + nl + 1));
    return false;
  }
  if (l.count() != 10) {
    diags.error(
        "fF.wrong-count",
        "An fF genotype has ten values (n, rad0x, rad0y, rad0z, sx, sy, sz, tr, a1, a2); " +
            (l.count() == 0 ? std::string("this one has none") : "this one has " + std::to_string(l.count())),
        lines.locate(body));
    return false;
  }
  return true;
}

}  // namespace

std::span<const frams::Property> params_table() {
  return kTable;
}

bool load(std::string_view genotype, Params& out, Diagnostics& diags, std::vector<std::string>* sdk) {
  bool strict_failed = false;
  return load_impl(genotype, out, diags, sdk, false, strict_failed);
}

std::string write(const Params& p) {
  std::string s = std::to_string(p.n);
  for (const double v : {p.rad0x, p.rad0y, p.rad0z, p.sx, p.sy, p.sz, p.tr, p.a1, p.a2})
    s += ", " + frams::sdk::format_double(v);
  return s;
}

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  out.model.valid = false;
  if (genotype.size() >= 0xFFFFFFF0u) {
    diags.error("fF.too-long", "The genotype is longer than 4 GB", {});
    return out;
  }
  bool strict_failed = false;
  if (!load_impl(genotype, out.params, diags, &out.sdk_messages, opt.strict, strict_failed)) return out;
  out.converted = true;
  const auto h = frams::parse_genotype_header(genotype);
  const std::size_t body = h.declared ? h.body_offset : 0;
  std::vector<int> no_hole;
  out.model = detail::build_shell(out.params, &no_hole);
  out.model.body_offset = body;
  for (const int k : no_hole) {
    out.sdk_messages.push_back("[ERROR] GenoConv_fF0.createSphere: find_hole(" + std::to_string(k) +
                               ") returned -1");
    diags.report(
        opt.strict ? Severity::error : Severity::warning, "fF.no-aperture",
        "Chamber " + std::to_string(k) +
            " lies inside the earlier chambers: no surface point is outside them, "
            "so the SDK puts its aperture at its first point (it logs an error but keeps the genotype)",
        LineIndex(genotype).locate(body));
    strict_failed |= opt.strict;
  }
  // The SDK builds the model through an f0 text that its f0 reader reads back. A NaN parameter
  // passes the range clamp and reaches that text as "NaN8000000000000.0"; tiny values reach it as
  // subnormal numbers ("4.9e-309"): neither can be read back, so the genotype is invalid, keeping
  // the parts before the first such part; the positions are in that text. The SDK logs one "Could
  // not parse" per such coordinate and scale, and one for a NaN rotation (its angles of a NaN
  // direction have one NaN).
  for (std::size_t k = 0; k < out.model.parts.size(); ++k) {
    const f0::Part& part = out.model.parts[k];
    std::vector<std::string> bad;
    auto check = [&](double v) {
      if (!frams::sdk::reads_back(v)) bad.push_back(frams::sdk::format_double(v));
    };
    for (const f0::Vec3* v : {&part.pos, &part.scale}) check(v->x), check(v->y), check(v->z);
    if (std::isnan(part.rot.x) || std::isnan(part.rot.y) || std::isnan(part.rot.z))
      check(std::isnan(part.rot.x) ? part.rot.x : std::isnan(part.rot.y) ? part.rot.y : part.rot.z);
    else
      check(part.rot.x), check(part.rot.y), check(part.rot.z);
    if (bad.empty()) continue;
    const std::string f0text = f0::write_body(out.model);
    std::size_t at = 0;  // the start of line k + 2 ("m:" first, then the parts)
    for (std::size_t line = 0; line < k + 1 && at != std::string::npos; ++line) {
      at = f0text.find('\n', at);
      if (at != std::string::npos) ++at;
    }
    for (const std::string& t : bad)
      out.sdk_messages.push_back("[ERROR] ExtValue.parseDouble: Could not parse '" + t + "'");
    out.sdk_messages.push_back("[ERROR] Model.build: Invalid 'p:', line #" + std::to_string(k + 2));
    diags.error(
        "fF.nan-value",
        "Chamber " + std::to_string(k) + " gets the value " + bad.front() +
            " (from a NaN or tiny parameter), which the SDK writes but its f0 reader cannot read back: "
            "it rejects the genotype",
        LineIndex(genotype).locate(body));
    out.model.parts.resize(k);
    out.model.joints.clear();
    out.model.valid = false;
    out.model.shape_type = f0::ShapeType::unknown;
    out.model.error_pos = out.model.warn_pos = at == std::string::npos ? -1 : static_cast<std::int64_t>(at);
    break;
  }
  if (strict_failed) out.model.valid = false;
  return out;
}

int check_validity(std::string_view genotype) {
  Diagnostics d;
  d.set_limit(0);
  Params p;
  return load(genotype, p, d) ? 0 : 1;
}

bool check(std::string_view genotype, Diagnostics& diags) {
  Params p;
  Diagnostics d;
  const bool ok = load(genotype, p, d);
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error) diags.report(x.severity, x.code, x.message, x.where);
  return ok;
}

}  // namespace genokit::fF
