// f0 parsing and building (notes §5.2-5.4): line classes, the element lines (the common field
// shapes on a fast path here, everything else by the SDK's rules in property_line.cpp),
// references, checkpoints.
#include "genokit/f0/parser.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "core/fast_decimal.hpp"
#include "f0/build.hpp"
#include "f0/parser_state.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/lint.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::f0 {
namespace detail {
namespace {

// Character classes by table: one load instead of a chain of compares in the field loops.
enum : std::uint8_t { kBlank = 1, kNameChar = 2, kNameStart = 4 };
constexpr std::array<std::uint8_t, 256> kCharClass = [] {
  std::array<std::uint8_t, 256> t{};
  t[' '] = t['\t'] = kBlank;  // the SDK's field blanks (Blanks::space_tab)
  for (int c = 0; c < 256; ++c) {
    const bool digit = c >= '0' && c <= '9';
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (digit || letter) t[static_cast<std::size_t>(c)] |= kNameChar;
    if (letter) t[static_cast<std::size_t>(c)] |= kNameStart;
  }
  return t;
}();
inline bool char_is(char c, std::uint8_t cls) {
  return kCharClass[static_cast<unsigned char>(c)] & cls;
}

}  // namespace

void Parser::reserve(std::size_t pos) {
  // Line starts are "\nX:", counted by one plain loop without branches, which the compiler
  // vectorizes (a memchr call per 20-byte line costs 3x more). The counters are bytes, summed per
  // block of 240 bytes (at most 80 line starts: no overflow), so 16 bytes go in a vector step.
  // Indented element lines are not counted: their vectors just grow.
  const std::size_t n = text_.size();
  const auto* t = reinterpret_cast<const unsigned char*>(text_.data());
  while (pos < n && is_blank(static_cast<char>(t[pos]), Blanks::line_start)) ++pos;
  std::size_t counts[4] = {0, 0, 0, 0};
  if (pos + 1 < n && t[pos + 1] == ':') {  // the first line has no '\n' before it
    const unsigned char c = t[pos];
    counts[0] += c == 'p', counts[1] += c == 'j', counts[2] += c == 'n', counts[3] += c == 'c';
  }
  for (std::size_t i = pos; i + 2 < n;) {
    const std::size_t stop = std::min(n - 2, i + 240);
    std::uint8_t cp = 0, cj = 0, cn = 0, cc = 0;
    for (; i < stop; ++i) {
      const bool start = (t[i] == '\n') & (t[i + 2] == ':');
      const unsigned char c = t[i + 1];
      cp += start & (c == 'p'), cj += start & (c == 'j'), cn += start & (c == 'n'), cc += start & (c == 'c');
    }
    counts[0] += cp, counts[1] += cj, counts[2] += cn, counts[3] += cc;
  }
  main_.parts.reserve(counts[0]);
  main_.joints.reserve(counts[1]);
  main_.neurons.reserve(counts[2]);
  main_.connections.reserve(counts[3]);
}

// The common field shapes read in one pass, on a line known to end with '\n' (so no end test per
// byte): an unnamed or `name=` number (`1.5`, `-2`) for a numeric property, a `name=` text
// (`"..."` without escapes, or plain text without quotes) for a text property, with nothing else
// on the field. The result is the general path's (tests/f0/fast_path_test.cpp). Stops at the first
// field of another shape (or a CR) with pos and idx on it, for the general path; returns true when
// the line is done (pos on its '\n').
[[gnu::always_inline]] inline bool Parser::fast_fields(const TableData& td, std::size_t& pos, int& idx,
                                                       void* base) {
  const char* const s = text_.data();
  const char* const limit = s + text_.size();
  const char* p = s + pos;
  const char* field;
  auto over_blanks = [&] {
    while (char_is(*p, kBlank)) ++p;
  };
  while (true) {
    over_blanks();
    field = p;
    if (*p == '\n') {
      pos = static_cast<std::size_t>(p - s);
      return true;
    }
    int k;
    if (char_is(*p, kNameStart)) {
      const char* nb = p;
      do ++p;
      while (char_is(*p, kNameChar));
      if (*p != '=') break;  // (the SDK does not trim names: "x =1" names "x ")
      k = td.lookup(std::string_view(nb, static_cast<std::size_t>(p - nb)));
      if (k < 0) break;
      ++p;
      if (td.props[k].type != 's') over_blanks();  // (a number reader skips them; a text keeps them)
    } else {
      if (static_cast<std::size_t>(idx) >= td.positional) break;
      k = idx;
      if (!td.props[k].can_omit) break;
    }
    const FastProp& fp = td.props[k];
    if (fp.type == 'f') {
      const char* const v = p;
      double x;
      const std::size_t used = scan_plain_decimal_terminated(p, limit, x);
      if (used == 0) break;
      p += used;
      over_blanks();
      if (*p != ',' && *p != '\n') break;
      store_real(td, k, x, static_cast<std::size_t>(v - s), base);
    } else if (fp.type == 'd') {
      const char* const v = p;
      std::int64_t x;
      const std::size_t used = scan_plain_int_terminated(p, x);
      if (used == 0) break;
      p += used;
      over_blanks();
      if (*p != ',' && *p != '\n') break;
      store_int(td, k, x, static_cast<std::size_t>(v - s), base);
    } else if (fp.type == 's') {
      const char *b, *e;
      if (*p == '"') {
        b = ++p;
        while (*p != '"' && *p != '\\' && *p != '\n') ++p;
        if (*p != '"') break;  // escapes or no closing quote
        e = p++;
        over_blanks();
        if (*p != ',' && *p != '\n') break;
      } else {
        if (char_is(*p, kBlank)) break;  // a leading blank is kept: the general path
        b = p;
        while (*p != ',' && *p != '\n' && *p != '"' && *p != '\r') ++p;
        if (*p == '"' || *p == '\r') break;
        e = p;
        while (e > b && char_is(e[-1], kBlank)) --e;
      }
      std::string& dst = fp.slot.type == SlotType::text ? text_at(base, fp.slot) : scratch_;
      dst.assign(b, static_cast<std::size_t>(e - b));
      given_ |= fp.given_bit;
    } else {
      break;  // read-only and legacy properties: the general path
    }
    idx = k + 1;
    if (*p == ',') ++p;
  }
  pos = static_cast<std::size_t>(field - s);
  return false;
}

inline std::size_t Parser::read_fields(const TableData& td, std::size_t pos, void* base) {
  given_ = 0;
  int idx = 0;  // next positional slot
  if (pos < fast_end_ && fast_fields(td, pos, idx, base)) return pos;
  return general_fields(td, pos, idx, base);
}

void Parser::ref_error(const char* what, std::int64_t k, std::size_t off) {
  fail(std::string("f0.bad-") + what + "-ref",
       std::string("Invalid reference to ") +
           (what[0] == 'p'   ? "Part"
            : what[0] == 'j' ? "Joint"
                             : "Neuro") +
           " #" + std::to_string(k) + ", line #" + std::to_string(body_line_),
       off);
  build_error_ = true;
}

[[gnu::always_inline]] inline void Parser::element(char cls, const TableData& td, std::size_t off,
                                                   std::size_t at, std::size_t& eol) {
  auto outside = [](int k, int n) { return k < 0 || k >= n; };  // a reference to no element
  Model& m = *target_;
  failed_ = false;
  if (cls == 'm') {
    // m: lines are rare; read aside (a fast-path slot layout). A later m: line changes only what
    // it names: the SDK sets the model's one property object again (m:se=2 then m:Vstyle=x keeps
    // se=2).
    Model tmp;
    tmp.se = m.se;
    tmp.vstyle = m.vstyle;
    eol = read_fields(td, at, &tmp);
    m.se = tmp.se;  // (also when the line fails: the SDK's model keeps what was set, a bad number as 0)
    m.vstyle = std::move(tmp.vstyle);
    if (failed_) build_error_ = true;
    return;
  }
  void* base;
  switch (cls) {
    case 'p':
      base = &m.parts.emplace_back();
      break;
    case 'j':
      base = &m.joints.emplace_back();
      break;
    case 'n':
      base = &m.neurons.emplace_back();
      break;
    default:
      base = &m.connections.emplace_back();
      break;
  }
  if (!td.overrides.empty()) apply_overrides(td, base);
  eol = read_fields(td, at, base);
  switch (cls) {
    case 'p': {
      if (failed_) {  // a line that fails leaves no element behind
        m.parts.pop_back();
        break;
      }
      Part& p = m.parts.back();
      if (p.rot.x != 0 || p.rot.y != 0 || p.rot.z != 0)  // (a new Part is unrotated)
        p.orient = orient_from_rotation(p.rot);
      p.src = src_pos(off);
      return;
    }
    case 'j': {
      if (failed_) {
        m.joints.pop_back();
        break;
      }
      Joint& j = m.joints.back();
      const int np = static_cast<int>(m.parts.size());
      if (outside(j.p1, np) || outside(j.p2, np)) {
        const int bad = outside(j.p1, np) ? j.p1 : j.p2;
        m.joints.pop_back();
        return ref_error("part", bad, off);
      }
      j.use_delta = given_ & (field_bit(Field::j_dx) | field_bit(Field::j_dy) | field_bit(Field::j_dz));
      j.src = src_pos(off);
      return;
    }
    case 'n': {
      if (failed_) {
        m.neurons.pop_back();
        break;
      }
      Neuron& n = m.neurons.back();
      const int pp = n.part, jj = n.joint;
      if ((pp >= 0 && pp >= static_cast<int>(m.parts.size())) ||
          (jj >= 0 && jj >= static_cast<int>(m.joints.size()))) {
        const bool bad_part = pp >= 0 && pp >= static_cast<int>(m.parts.size());
        m.neurons.pop_back();
        return bad_part ? ref_error("part", pp, off) : ref_error("joint", jj, off);
      }
      n.part = pp < 0 ? -1 : pp;  // (a joint attachment wins once the model is built: joint_wins)
      n.joint = jj < 0 ? -1 : jj;
      set_neuron_class(n);
      n.src = src_pos(off);
      return;
    }
    default: {  // 'c'
      if (failed_) {
        m.connections.pop_back();
        break;
      }
      Connection& c = m.connections.back();
      const int nn = static_cast<int>(m.neurons.size());
      if (outside(c.target, nn) || outside(c.source, nn)) {
        const int bad = outside(c.target, nn) ? c.target : c.source;
        m.connections.pop_back();
        return ref_error("neuron", bad, off);
      }
      c.src = src_pos(off);
      // the target's Neuron::inputs are filled in one go at the end (fill_inputs)
      return;
    }
  }
  build_error_ = true;  // the line failed
}

// The shape type of the model read so far (final_check's rule: the first part decides, a part or
// joint of the other kind makes it illegal; no parts: unknown).
static ShapeType shape_so_far(const Model& m) {
  if (m.parts.empty()) return ShapeType::unknown;
  const bool solids = m.parts[0].sh != 0;
  for (const Part& p : m.parts)
    if ((p.sh != 0) != solids) return ShapeType::illegal;
  for (const Joint& j : m.joints)
    if ((j.sh != 0) != solids) return ShapeType::illegal;
  return solids ? ShapeType::solids : ShapeType::ball_and_stick;
}

// Neuron::inputs from the connections, in connection order, each vector allocated once.
// A neuron given both a part and a joint is attached to the joint: the SDK decides that when it
// checks the built model, so a model whose build failed keeps both (as the SDK dumps it).
static void joint_wins(Model& m) {
  for (auto& n : m.neurons)
    if (n.joint >= 0) n.part = -1;
}

static void fill_inputs(Model& m) {
  thread_local std::vector<std::uint32_t> count;  // reused: no allocation per genotype
  count.assign(m.neurons.size(), 0);
  for (const Connection& c : m.connections) ++count[static_cast<std::size_t>(c.target)];
  for (std::size_t i = 0; i < m.neurons.size(); ++i)
    if (count[i]) m.neurons[i].inputs.reserve(count[i]);
  for (const Connection& c : m.connections) {
    Input& in = m.neurons[static_cast<std::size_t>(c.target)].inputs.emplace_back();  // in place
    in.source = c.source;
    in.weight = c.weight;
    if (!c.info.empty()) in.info = c.info;
  }
}

Model Parser::run() {
  // The SDK holds a genotype as a C string: it ends at the first NUL byte.
  if (const std::size_t nul = text_.find('\0'); nul != std::string_view::npos) {
    diags_.warning("f0.nul-byte",
                   "The genotype ends at this NUL byte; the text after it is ignored (as the SDK reads it)",
                   loc(nul));
    text_ = text_.substr(0, nul);
  }
  // Header: "//0" line, "/*0*/", or none (a bare f0 body).
  const auto h = frams::parse_genotype_header(text_);
  if (h.declared) {
    if (h.malformed || h.format != "0") {
      diags_.error(h.malformed ? "f0.bad-header" : "f0.not-f0",
                   h.malformed ? "Invalid genotype format declaration"
                               : "This genotype is in format '" + h.format + "', not f0",
                   Location{{}, 1, 1, 0});
      main_.error_pos = main_.warn_pos = 0;
      return std::move(main_);
    }
    body_off_ = h.body_offset;
  }
  main_.body_offset = body_off_;
  for (std::size_t i = 0; i < body_off_ && i < text_.size(); ++i)
    if (text_[i] == '\n') ++line_no_, line_start_ = i + 1;

  std::size_t pos = body_off_;
  const std::size_t n = text_.size();
  reserve(pos);
  {
    const void* last_nl = n > pos ? memrchr(text_.data() + pos, '\n', n - pos) : nullptr;
    fast_end_ = last_nl ? static_cast<std::size_t>(static_cast<const char*>(last_nl) - text_.data()) + 1 : 0;
  }
  sdk_pos_ = 0;
  const char* t = text_.data();
  // The end of a line is found by the element parser as it reads the fields (finding it first
  // would read every line twice); blank, comment and checkpoint lines look for it themselves.
  auto line_end = [&](std::size_t from) {
    const void* nl = std::memchr(t + from, '\n', n - from);
    return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - t) : n;
  };
  while (pos < n) {
    ++body_line_;
    std::size_t p = pos, eol;
    while (p < n && is_blank(t[p], Blanks::line_start)) ++p;
    if (p < n && t[p] != '\n' && t[p] != '#') {  // not a blank line or a comment
      char cls = 0;
      std::size_t after = p + 2;
      const char c0 = t[p];
      if (p + 1 < n && t[p + 1] == ':' && (c0 == 'm' || c0 == 'p' || c0 == 'j' || c0 == 'n' || c0 == 'c')) {
        cls = c0;
      } else if (n - p >= 11 && text_.compare(p, 11, "checkpoint:") == 0) {
        cls = 'k';
        after = p + 11;
      }
      if (!cls) {
        fail("f0.invalid-line",
             "Invalid f0 code, line #" + std::to_string(body_line_) +
                 " (an element line starts with m:, p:, j:, n:, c: or checkpoint:)",
             p);
        build_error_ = true;
        break;
      }
      if (cls == 'k') {
        if (main_.checkpoints.empty()) checkpoint_shape_ = shape_so_far(main_), checkpoint_pos_ = sdk_pos_;
        main_.checkpoints.emplace_back();
        target_ = &main_.checkpoints.back();
        eol = line_end(after);
      } else {
        const int ti = cls == 'm' ? 0 : cls == 'p' ? 1 : cls == 'j' ? 2 : cls == 'n' ? 3 : 4;
        while (after < n && is_blank(t[after], Blanks::space_tab)) ++after;
        element(cls, od_.t[ti], p, after, eol);
        if (build_error_) break;
      }
      sdk_pos_ = static_cast<std::int64_t>(eol + 1 - body_off_);
    } else {
      eol = p < n && t[p] == '\n' ? p : line_end(p);
    }
    if (eol >= n) break;
    pos = eol + 1;
    ++line_no_;
    line_start_ = pos;
  }
  fill_inputs(main_);
  for (auto& ck : main_.checkpoints) {
    fill_inputs(ck);
    joint_wins(ck);
  }
  if (!build_error_) joint_wins(main_);
  if (build_error_) {
    main_.valid = false;
    // The SDK checks the main model at its first checkpoint: line; a later error keeps that type.
    main_.shape_type = main_.checkpoints.empty() ? ShapeType::unknown : checkpoint_shape_;
    for (auto& ck : main_.checkpoints) ck.valid = false;
    return std::move(main_);
  }
  final_check(main_, diags_, opt_);
  // The SDK checks the main model at the first checkpoint: line, and a failed check marks the
  // warning position there (the end of the last element line before it).
  // (Not for a model with no parts and no neurons: the SDK's check gives that no position.)
  if (!main_.valid && !main_.checkpoints.empty() && main_.warn_pos < 0 &&
      !(main_.parts.empty() && main_.neurons.empty()))
    main_.warn_pos = checkpoint_pos_;
  for (auto& ck : main_.checkpoints) {
    Diagnostics ignored;
    final_check(ck, ignored, opt_);
    // The SDK checks a checkpoint only up to its shapes and joint structure; a model that fails
    // there is kept (and written) empty. Later checks (joint length, connectivity, duplicate
    // joints) leave it as read.
    for (const Diagnostic& x : ignored.items())
      if (x.severity == Severity::error &&
          (x.code == "f0.mixed-part-shapes" || x.code == "f0.mixed-joint-shapes" ||
           x.code == "f0.self-joint" || x.code == "f0.delta-cycle" ||
           x.code == "f0.delta-part-placed-twice")) {
        ck = Model{};
        ck.valid = false;
        break;
      }
  }
  if (opt_.lint) lint(main_, diags_);
  return std::move(main_);
}

}  // namespace detail

bool has_f0_header(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return h.declared && !h.malformed && h.format == "0";
}

Model parse(std::string_view genotype, Diagnostics& diags, const ParseOptions& opt) {
  detail::Parser p(genotype, diags, opt);
  return p.run();
}

}  // namespace genokit::f0
