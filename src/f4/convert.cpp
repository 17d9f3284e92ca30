// The f4 -> f0 converter's entry points: header, parse (tree.hpp), development (cells.hpp), model
// (build.hpp), final f0 check, and a diagnostic in genokit's words for every way it can fail.
#include "genokit/f4/convert.hpp"

#include "f0/build.hpp"
#include "f4/build.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::f4 {
namespace {

using namespace detail;

std::string quoted(std::string_view name) {
  return "'" + std::string(name) + "'";
}

// The parse error in genokit's words; `fatal` when nothing was built before it.
void report_parse_error(const Tree& t, Report& rep, bool fatal) {
  std::string code, msg;
  switch (t.why) {
    case Tree::Why::repetition:
      code = "f4.bad-repetition";
      msg = "'#' must be followed by a whole repetition count (e.g. #3<X>>X)";
      break;
    case Tree::Why::parameter:
      code = "f4.bad-neuron-parameter";
      msg =
          "A neuron parameter code is ':', a sign (+ or -), a parameter (! force, = inertia, / sigmoid) and "
          "':' "
          "(e.g. :+!:)";
      break;
    case Tree::Why::control:
      code = "f4.misplaced-muscle-control";
      msg =
          "'|' and '@' must follow N directly (N| controls a bend muscle, N@ a rotation muscle; N:| makes a "
          "muscle neuron)";
      break;
    case Tree::Why::too_big:
      code = "f4.too-many-codes";
      msg =
          "Unterminated '<' or '#' groups make the SDK read the text after them again, once per group: this "
          "genotype would give more than " +
          std::to_string(t.nodes.size() - 1) +
          " codes, so genokit stops here (the SDK would run out of "
          "time or memory)";
      break;
    default:
      code = "f4.unexpected-end";
      msg = "The genotype ends where code is needed (after '<' or a repetition count)";
      break;
  }
  if (fatal) {
    rep.error(code, msg, t.error_at);
  } else {
    rep.warn(code,
             msg +
                 "; the SDK's converter uses the code before this point and ignores the rest (its genetic "
                 "check rejects the genotype)",
             t.error_at);
  }
}

void report_dev_error(const Tree& t, const Development& dev, Report& rep) {
  const DevError& e = dev.error();
  const Node& n = t.nodes[static_cast<std::size_t>(e.node)];
  const std::string what = n.name == "[" ? "'['" : n.name == ":" ? "':'" : quoted(n.name);
  const Cell& c = dev.cells_view()[static_cast<std::size_t>(e.cell)];
  const char* type = c.type == CellType::stick    ? "a stick"
                     : c.type == CellType::neuron ? "a neuron"
                                                  : "undifferentiated";
  std::string code, msg;
  using K = DevError::Kind;
  switch (e.kind) {
    case K::stick_divides:
      code = "f4.stick-divides",
      msg = "A stick cannot divide: this '<' is reached by a cell that is already a stick";
      break;
    case K::undifferentiated:
      code = "f4.undifferentiated-cell";
      msg =
          "A cell reaches this '>' without becoming a stick (X) or a neuron (N); the SDK's repair would "
          "insert X "
          "before it";
      break;
    case K::repetition_depth:
      code = "f4.repetition-too-deep", msg = "More than 4 nested repetitions ('#') are running in one cell";
      break;
    case K::neuron_code:
      code = "f4.stick-code-on-neuron",
      msg = what + " changes a stick, but the cell executing it is a neuron";
      break;
    case K::differentiated:
      code = "f4.already-differentiated", msg = what + " is executed by a cell that is already " + type +
                                                " (a cell becomes a stick or neuron once)";
      break;
    case K::no_parent:
      code = "f4.neuron-without-parent";
      msg = "The first cell cannot become a neuron (" + what +
            "): a neuron needs the cell it divided from (start with a division, e.g. <X>N)";
      break;
    case K::second_control:
      code = "f4.second-muscle-control",
      msg = "This neuron already controls a muscle (one '|' or '@' per neuron)";
      break;
    case K::control_on_stick:
      code = "f4.muscle-control-on-stick",
      msg = what + " makes a neuron control a muscle, but this cell is a stick";
      break;
    case K::not_a_neuron:
      code = "f4.not-a-neuron", msg = what + " (a neuron " + (n.name == "[" ? "input" : "parameter") +
                                      ") is executed by a cell that is " + type + ", not a neuron";
      break;
    case K::unknown_code:
      code = "f4.unknown-code";
      msg = n.class_form ? "'N:" + std::string(n.name) + "...' names no neuron class"
                         : "Unknown code " + what + " (neither an f4 code nor a neuron class)";
      break;
    case K::wrong_sensor:
      code = "f4.wrong-sensor";
      msg =
          "This input names no sensor class" +
          (n.link_class.empty() ? std::string() : " (" + quoted(n.link_class) + " is not one)") +
          "; inputs are [k:weight] (the neuron k places away) or [Sensor:weight] with a class that takes no "
          "inputs (G, T, S, *, ...)";
      break;
    case K::link_failed: {
      code = "f4.input-refused";
      msg =
          "The SDK refuses this input: the source neuron has no output, the neuron already has as many "
          "inputs "
          "as its class takes, or it has 99";
      break;
    }
    case K::budget:
      code = "f4.development-limit";
      msg =
          "Development stopped after " + std::to_string(dev.executed()) +
          " executed codes (genokit's limit; nested repetitions with large counts would run for hours in the "
          "SDK)";
      break;
    case K::none:
      break;
  }
  rep.error(code, msg + "; the SDK cannot convert the genotype", n.pos);
}

// Non-blank characters no node was read from: the SDK ignores them (text after the '>' that ends
// the program, or inside an unterminated group).
void report_ignored_text(std::string_view genes, const Tree& t, Report& rep) {
  std::vector<char> used(genes.size(), 0);
  for (std::size_t i = 1; i < t.nodes.size(); ++i)
    for (std::uint32_t k = t.nodes[i].pos; k < t.nodes[i].pos + t.nodes[i].len && k < genes.size(); ++k)
      used[k] = 1;
  for (std::size_t k = 0; k < genes.size(); ++k) {
    const char c = genes[k];
    if (used[k] || c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    rep.lint("f4.ignored-text",
             "The SDK ignores the text from here on (it follows the '>' that ends its branch)", k);
    return;
  }
}

}  // namespace

bool has_f4_header(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return h.declared && !h.malformed && h.format == "4";
}

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  out.model.valid = false;
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "4")) {
    diags.error(
        "f4.not-f4",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not f4",
        {{}, 1, 1, 0});
    return out;
  }
  if (genotype.size() >= 0xFFFFFFF0u) {
    diags.error("f4.too-long", "The genotype is longer than 4 GB", {});
    return out;
  }
  const std::size_t body = h.declared ? h.body_offset : 0;
  out.model.body_offset = body;
  const std::string_view genes = genotype.substr(body);
  Report rep(genotype, body, diags, opt.strict, opt.lint, out.sdk_messages);
  if (genes.empty()) {
    rep.error("f4.empty", "The genotype is empty (the simplest f4 genotype is X, one stick)", 0);
    return out;
  }
  thread_local Tree t;
  parse(genes, t);
  const bool too_big = t.why == Tree::Why::too_big;  // genokit's limit: no partial tree
  if (t.error) report_parse_error(t, rep, t.top() == kNone || too_big);
  if (t.top() == kNone || too_big) return out;
  if (!t.error) report_ignored_text(genes, t, rep);
  for (const Node& n : t.nodes)
    if (n.name == ":") {  // (the first one only)
      rep.lint(
          "f4.neuron-parameter-build-dependent",
          "The SDK reads neuron parameter codes (:+!: ...) with a formatted scan that writes a byte past its "
          "variable: optimised builds (the reference dumps) and genokit read them, unoptimised builds lose "
          "them and the rest of the genotype",
          n.pos);
      break;
    }
  Development dev(t, opt.mapping, opt.budget);
  if (!dev.run()) {
    if (!dev.error().sdk_message.empty()) rep.sdk(dev.error().sdk_message);
    report_dev_error(t, dev, rep);
    return out;
  }
  if (dev.cell_limit_reached())
    rep.warn("f4.cell-limit",
             "Development reached the SDK's limit of 99 cells: later divisions make nothing (as in the SDK)",
             0);
  for (int node : dev.dropped_links())
    rep.lint("f4.input-dropped",
             "No neuron is at offset " + std::to_string(t.nodes[static_cast<std::size_t>(node)].offset) +
                 " from this one when development ends; the SDK drops this input silently",
             t.nodes[static_cast<std::size_t>(node)].pos);
  Builder b(dev, t, out, rep, opt.mapping);
  if (!b.run()) {
    rep.error("f4.build-failed", "The SDK's model builder fails on this genotype", 0);
    out.model = f0::Model();
    out.model.valid = false;
    return out;
  }
  out.converted = true;
  const bool weights_ok = b.finish_weights();
  b.connections();
  Diagnostics check;
  f0::final_check(out.model, check, f0::ParseOptions{});
  for (const Diagnostic& d : check.items())
    if (d.severity == Severity::error) rep.error(d.code, d.message, 0);
  b.error_position();
  if (!weights_ok || rep.strict_failed()) out.model.valid = false;
  if (!out.model.valid) out.model.shape_type = f0::ShapeType::unknown;
  if (opt.mapping) {
    b.map(out.map);
    LineIndex lines(genotype);
    auto fill = [&](f0::SourcePos& sp) {
      if (sp.offset < 0) return;
      const Location l = lines.locate(static_cast<std::size_t>(sp.offset));
      sp.line = l.line, sp.column = l.column;
    };
    for (auto& p : out.model.parts) fill(p.src);
    for (auto& j : out.model.joints) fill(j.src);
    for (auto& n : out.model.neurons) fill(n.src);
    for (auto& c : out.model.connections) fill(c.src);
  }
  return out;
}

bool check(std::string_view genotype, Diagnostics& diags) {
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "4")) {
    diags.error("f4.not-f4", "This is not an f4 genotype", {{}, 1, 1, 0});
    return false;
  }
  const std::size_t body = h.declared ? h.body_offset : 0;
  const std::string_view genes = genotype.substr(body);
  std::vector<std::string> sdk;
  Report rep(genotype, body, diags, true, false, sdk);
  thread_local Tree t;
  parse(genes, t);
  if (t.error) {
    report_parse_error(t, rep, true);
    return false;
  }
  if (t.child_count(0) != 1) {
    rep.error("f4.empty", "The genotype has no code (the simplest f4 genotype is X, one stick)", 0);
    return false;
  }
  Development dev(t, false);
  if (!dev.run()) {
    report_dev_error(t, dev, rep);
    return false;
  }
  return true;
}

int check_validity(std::string_view genotype) {
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "4")) return 1;
  const std::string_view genes = genotype.substr(h.declared ? h.body_offset : 0);
  thread_local Tree t;
  parse(genes, t);
  if (t.error) return static_cast<int>(t.error);
  if (t.child_count(0) != 1) return 1;
  Development dev(t, false);
  if (!dev.run()) return 1 + static_cast<int>(t.nodes[static_cast<std::size_t>(dev.error().node)].pos);
  return 0;
}

}  // namespace genokit::f4
