// Internal: the f1 -> f0 converter's state (notes f1.md §3-§8). Its member functions live in
// prepass.cpp (branch groups and counts), walk.cpp (sticks, modifiers, branches), brackets.cpp
// (neurons and their tokens), connections.cpp (relative connections, the SDK's f0 re-parse effects)
// and convert.cpp (the public entry points).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "f1/gene_props.hpp"
#include "f1/neuron_params.hpp"
#include "f1/rounding.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f1/convert.hpp"

namespace genokit::f1::detail {

inline constexpr double kMaxWeight = 999999.0;  // f0 c:w range

// One segment waiting to be read: from `pos` to its ',' / ')' / end of text.
struct Task {
  std::uint32_t pos;
  std::uint32_t limit;  // end of the branch it belongs to (text end at the top level)
  int start_part;       // -1 before the first stick
  f0::Vec3 k;
  GeneProps g;
  bool top;
};

struct RelConn {
  int target;  // f0 index of the bracket neuron
  int own;     // its f1 number
  std::int64_t offset;
  double weight;
  std::uint32_t begin, end;
};

class Converter {
 public:
  Converter(std::string_view text, std::size_t body, Diagnostics& diags, const ConvertOptions& opt,
            Conversion& out)
      : t_(text),
        body_(body),
        n_(static_cast<std::uint32_t>(text.size())),
        diags_(diags),
        opt_(opt),
        out_(out),
        m_(out.model) {}

  void run();

 private:
  void run_walk();
  // ---- diagnostics ----------------------------------------------------------------------------
  Location where(std::size_t off) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(t_);
    return lines_->locate(off);
  }
  bool full() const { return diags_.items().size() >= diags_.limit(); }
  void error(std::string code, std::string msg, std::size_t off) {
    diags_.error(std::move(code), std::move(msg), where(off));
  }
  // A problem the SDK accepts silently (or only logs): a warning, an error with --strict.
  void warn(std::string code, std::string msg, std::size_t off) {
    if (full()) {  // past the diagnostics limit: only counted
      diags_.report(opt_.strict ? Severity::error : Severity::warning, std::move(code), {}, {});
      strict_failed_ |= opt_.strict;
      return;
    }
    if (opt_.strict) {
      strict_failed_ = true;
      diags_.error(std::move(code), std::move(msg), where(off));
    } else {
      diags_.warning(std::move(code), std::move(msg), where(off));
    }
  }
  void lint(std::string code, std::string msg, std::size_t off) {
    if (opt_.lint) warn(std::move(code), std::move(msg), off);
  }
  void sdk(std::string line) { out_.sdk_messages.push_back(std::move(line)); }
  void map(std::uint32_t b, std::uint32_t e, ElementKind k, int i) {
    if (opt_.mapping) out_.map.push_back({b, e, k, i});
  }

  // ---- structure ------------------------------------------------------------------------------
  void prepass();
  bool only_blanks(std::uint32_t b, std::uint32_t e) const {
    for (std::uint32_t i = b; i < e && i < n_; ++i)
      if (!is_blank(t_[i], Blanks::layout)) return false;  // (f1 text: no VT, FF)
    return true;
  }
  // `invalid`: the segment stops at a character that is not f1 or a stray ']' (the genotype fails,
  // but the SDK still reads the other branches and logs their messages).
  enum class Seg : std::uint8_t { done, replaced, invalid };
  template <bool kMap>
  Seg segment(std::size_t slot);
  template <bool kMap>
  void run_stack();
  [[gnu::always_inline]] int make_part(const GeneProps& g, double inv_w, std::uint32_t pos);
  [[gnu::always_inline]] void make_joint(int p1, int p2, const f0::Vec3& k, const GeneProps& g,
                                         std::uint32_t pos);
  std::uint32_t neuron(std::uint32_t open, const GeneProps& g);
  void token(std::uint32_t b, std::uint32_t e, std::size_t colon, int bn, int f1num, ParamSet& ps,
             bool& class_set, bool old_style, const GeneProps& g);
  double weight_value(std::string_view v, std::uint32_t pos);
  void report_set(const ParamSet& ps, std::string_view name, std::string_view text, const SetOutcome& r,
                  std::uint32_t pos, bool automatic);
  // `details` is ignored for a bracket neuron (its details are set when the bracket ends).
  int add_neuron(std::string_view details, f0::NeuronLocation loc, std::uint32_t pos, bool bracket = false);
  f0::Neuron& new_neuron(f0::NeuronLocation loc, std::uint32_t pos);
  void add_input(int target, int source, double weight) {
    f0::Input& in = m_.neurons[target].inputs.emplace_back();
    in.source = source, in.weight = weight;
    ++inputs_total_;
  }
  const char* g6(double v);
  [[gnu::always_inline]] f0::Orient joint_orient(double rx, double rz);
  [[gnu::noinline]] void finish();
  bool finish_odd_weights();

  std::string_view t_;
  std::size_t body_;
  std::uint32_t n_;
  Diagnostics& diags_;
  const ConvertOptions& opt_;
  Conversion& out_;
  f0::Model& m_;
  std::unique_ptr<LineIndex> lines_;
  bool strict_failed_ = false;
  bool failed_ = false;
  // Receptor and output neurons whose details the SDK's converter writes as read (":", ":1", "T:"),
  // before its f0 re-parse names the class ("N", "N:1", "T"): its error positions count those texts.
  std::vector<std::pair<int, std::string>> raw_details_;

  static constexpr int kTrigBits = 12, kRoundBits = 14;  // cache sizes (log2)
  // Working memory, reused across calls on the same thread (no allocation per genotype).
  struct Scratch {
    std::vector<std::int32_t> close, link;  // branch groups: '(' -> closer / first ','; ',' -> next ','
    std::vector<Task> stack;
    std::vector<int> bracket;  // f1 bracket number -> f0 neuron index
    std::vector<RelConn> rel;
    struct Receptor {
      int source;
      double weight;
    };
    std::vector<Receptor> receptors;  // of the bracket being read
    struct Open {
      std::uint32_t pos, last_comma;
      bool paren;  // '(' (else '[')
    };
    std::vector<Open> open;
    std::vector<std::uint32_t> pending;
    // sin/cos of recent joint angles (sticks and branches repeat the same few angles).
    struct SinCos {  // starts as sin/cos of +0, which is right
      std::uint64_t bits = 0;
      double s = 0, c = 1;
    };
    std::array<SinCos, std::size_t{1} << kTrigBits> trig;
    // "%g" texts of recent muscle powers and bend ranges (old-style and output muscles).
    struct G6 {
      std::uint64_t bits = 0;
      bool used = false;
      char text[32] = {};
    };
    std::array<G6, 512> g6;
    // round6() of recent values across genotypes (decays and modifiers repeat the same values).
    // Entries start as 0 -> 0, which is right.
    struct Rounded {
      std::uint64_t in = 0;
      double out = 0;
    };
    std::array<Rounded, std::size_t{1} << kRoundBits> rounded;
    bool busy = false;
  };
  static Scratch& scratch() {  // on the heap: the caches are too big for thread-local storage
    thread_local const std::unique_ptr<Scratch> s = std::make_unique<Scratch>();
    return *s;
  }
  // Used if a conversion runs inside another on the same thread (never today).
  std::unique_ptr<Scratch> own_;
  Scratch& sc_ = scratch().busy ? *(own_ = std::make_unique<Scratch>()) : scratch();
  std::vector<std::int32_t>& close_ = sc_.close;
  std::vector<std::int32_t>& link_ = sc_.link;
  std::vector<Task>& stack_ = sc_.stack;
  std::vector<int>& bracket_ = sc_.bracket;
  std::vector<RelConn>& rel_ = sc_.rel;
  // round6() per value slot, remembering the last input: most sticks repeat their neighbour's
  // values (colours never decay, decay has fixed points), so the rounding is mostly skipped.
  static constexpr int kDensity = kPropCount, kRotX = kPropCount + 1, kRotZ = kPropCount + 2;
  // Through the shared cache only: a per-slot "same as last time" test mispredicts too often.
  // sin/cos of `a` through the cache.
  [[gnu::always_inline]] const Scratch::SinCos& trig(double a) {
    std::uint64_t bits;
    std::memcpy(&bits, &a, sizeof bits);
    auto& e = sc_.trig[(bits * 0x9E3779B97F4A7C15ull) >> (64 - kTrigBits)];
    if (e.bits != bits) [[unlikely]]
      e.bits = bits, e.s = std::sin(a), e.c = std::cos(a);
    return e;
  }
  [[gnu::always_inline]] double r6(int /*slot*/, double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    auto& e = sc_.rounded[(bits * 0x9E3779B97F4A7C15ull) >> (64 - kRoundBits)];
    if (e.in != bits) [[unlikely]]
      e.in = bits, e.out = round6(v);
    return e.out;
  }
  // A colour: almost always the default 0.5 (only D/d/G/g/B/b change it; no decay).
  [[gnu::always_inline]] double r6c(double v) { return v == 0.5 ? 0.5 : r6(red, v); }
  double energy_ = 0, energy_div_ = 0;
  double last_power_ = 0;         // muscle power of the state at the last joint's X
  std::size_t inputs_total_ = 0;  // inputs added (= connections unless a weight fails)
  bool part0_mapped_ = false;
};

}  // namespace genokit::f1::detail
