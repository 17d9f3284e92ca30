// Internal layout of a Network: flat arrays for the hot step loop (committed/pending outputs,
// inputs, per-group update lists with the class state inline), metadata on the side.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "genokit/neuro/network.hpp"

namespace genokit::neuro {

// Built-in implementations (the step loop switches on these; custom classes go through
// NeuronBehavior).
enum class Kind : std::uint8_t {
  N,
  Nu,
  Const,
  D,
  Rnd,
  Sin,
  Ch,
  ChSel,
  ChMux,
  Fuzzy,
  Receptor,
  Effector,
  Custom
};

struct RegistryEntry {
  std::string name;
  int group = 1;
  f0::NeuronLocation needs = f0::NeuronLocation::none;
  Kind kind = Kind::Custom;
  std::shared_ptr<const std::vector<f0::NeuronProp>> props;
  std::function<std::unique_ptr<NeuronBehavior>()> make;
};
// The entry for a class name, or nullptr.
const RegistryEntry* find_entry(std::string_view name);

// Every value a neuron writes passes through this (NaN passes).
inline double clamp_output(double v) {
  if (v <= -1e10) return -1e10;
  if (v > 1e10) return 1e10;
  return v;
}

struct InputLink {
  double w;
  std::uint32_t src;
};

struct FuzzySystem {
  struct Set {
    double l, ml, mr, r;
  };
  struct Term {
    std::uint32_t a, set;  // (input, set) or (output channel, set)
  };
  struct Rule {
    std::uint32_t in_begin, in_end, out_begin, out_end;  // into terms
  };
  std::vector<Set> sets;
  std::vector<Term> terms;
  std::vector<Rule> rules;
  std::vector<double> cut, num, den;  // scratch
};

// One entry of an update group; the class state lives here so the loop touches one cache line.
struct Item {
  std::uint32_t i;  // neuron
  Kind kind;
  bool multi;                 // has (or may get) extra channels
  std::uint32_t in_b, in_e;   // input range
  double s0, s1, s2, s3, s4;  // class state: N: x v in fo si; D: prev; Sin: t f0; ChSel: ch
  std::uint32_t aux;          // Fuzzy / custom index
};

// N and Nu neurons, updated in a tight loop of their own: they read only channel 0 of committed
// values, draw no random numbers and never change channel counts, so where they run inside their
// group does not change any result.
struct NItem {
  double x, v, in, fo, si;
  std::uint32_t i, in_b, in_e;
  bool unipolar;
};

struct Meta {
  std::string class_name;
  std::string details;
  int part = -1, joint = -1;
  Status status = Status::ok;
  int group = 1;
  std::shared_ptr<const std::vector<f0::NeuronProp>> defs;
  std::vector<double> params;
  std::vector<std::string> texts;
};

struct Network::Data {
  Settings settings;
  Random rng;
  Body* body = nullptr;
  std::uint64_t steps = 0;
  double nnoise = 0;

  std::vector<double> y, p;  // committed / pending channel 0
  std::vector<int> nch, maxch;
  std::vector<std::vector<double>> ych, pch;  // channels 1.. (only for multichannel neurons)
  std::vector<std::uint32_t> in_begin;        // n + 1
  std::vector<InputLink> inputs;
  std::vector<Item> groups[3];  // other classes, index order
  // Positions in groups[g] of the items that do something when no body is attached (receptors then
  // keep their pending 0, effectors and `*` never write): the step loop skips the others.
  std::vector<std::uint32_t> bodiless[3];
  std::vector<NItem> nfast[3];            // N / Nu
  std::vector<std::uint32_t> members[3];  // every initialised neuron of the group, index order
  std::vector<std::uint32_t> multi[3];    // members that may have several channels
  std::vector<Meta> meta;
  std::vector<FuzzySystem> fuzzy;
  std::vector<std::unique_ptr<NeuronBehavior>> custom;
  std::vector<BuildMessage> messages;
  std::vector<double> scratch;  // per-group work space (size of the largest N list)

  double read_channel(std::uint32_t src, int k) const {
    const int c = nch[src];
    if (k <= 0 || c <= 1) return y[src];
    if (k >= c) k = c - 1;
    return ych[src][static_cast<std::size_t>(k - 1)];
  }
  void set_channel_count(std::uint32_t i, int c);
  void set_pending_channel(std::uint32_t i, int k, double v) {
    v = clamp_output(v);
    if (k <= 0)
      p[i] = v;
    else if (k < nch[i])
      pch[i][static_cast<std::size_t>(k - 1)] = v;
  }
  double input_sum(const Item& it) const {
    double s = 0.0;
    for (std::uint32_t k = it.in_b; k < it.in_e; ++k) s += inputs[k].w * y[inputs[k].src];
    return s;
  }
  Attachment attachment(std::uint32_t i) const {
    const Meta& m = meta[i];
    return {static_cast<int>(i), m.class_name, m.part, m.joint, m.params};
  }
};

// Class parameters from the text after "Class:" (Param::loadSingleLine rules), with the SDK's
// messages. `params`/`texts` receive one entry per property.
void parse_class_params(std::string_view cls, std::string_view text, const std::vector<f0::NeuronProp>& defs,
                        int neuron, std::vector<double>& params, std::vector<std::string>& texts,
                        std::vector<BuildMessage>& out);

// `s` with every invalid UTF-8 byte replaced by U+FFFD (JSON strings must be valid UTF-8).
std::string utf8_safe(std::string_view s);

// Fuzzy sets and rules (notes §1.5); false with a reason on any format error.
bool parse_fuzzy(int ns, int nr, std::string_view fs, std::string_view fr, int channels, FuzzySystem& f,
                 std::string& why);
// One Fuzzy update; false when the update is abandoned (an input outside -1..1).
bool fuzzy_update(Network::Data& d, const Item& it, FuzzySystem& f);

}  // namespace genokit::neuro
