// A Framsticks neural network built from an f0 model and stepped exactly as the Framsticks SDK r909
// steps it (spec notes simulation.md §1): three update groups with double-buffered commits, input
// sums left to right, outputs clamped to +-1e10, random initial state and neural noise drawn from
// one MT19937 stream in the SDK's order. Never throws on bad input; problems are build messages.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/frams/sdk_random.hpp"
#include "genokit/neuro/body.hpp"
#include "genokit/neuro/classes.hpp"

namespace genokit::neuro {

struct Settings {
  double randinit = 0.01;  // uniform initial state spread (Framsticks default); 0 = exact zeros
  double nnoise = 0.0;     // Gaussian noise added to every committed output
  std::uint32_t seed = 0;  // MT19937 seed (the SDK default is 0)
};

enum class Status : std::uint8_t { ok, init_error, no_impl };
std::string_view to_string(Status s);  // "ok", "initerror", "noimpl"

// A message logged while the network was built, in the SDK's words.
struct BuildMessage {
  Severity severity = Severity::warning;
  std::string origin;  // SDK log origin: "Param.set", "NeuroNetImpl.create", ...
  std::string text;    // "Setting N.in = '5.0' exceeded allowed range (too big). Adjusted to '1.0'."
  std::string code;    // genokit diagnostic code: neuro.param-clamped, neuro.init-failed, ...
  int neuron = -1;
  // "[WARN] Param.set: ..." as the SDK prints it.
  std::string sdk_line() const;
};

// The SDK random source (MT19937, uniform = out32 / 2^32, Gaussian by the polar method with the
// second value of each pair cached): the one shared with the genetic operators.
using Random = frams::SdkRandom;

class Network {
 public:
  Network();
  ~Network();
  Network(Network&&) noexcept;
  Network& operator=(Network&&) noexcept;

  // Builds the network of `m` (any model; invalid ones build what they hold). Build messages are
  // kept (messages()) and, when `diags` is given, reported there too.
  static Network build(const f0::Model& m, const Settings& s = {}, Diagnostics* diags = nullptr);

  // Attaches a body (not owned; nullptr = SDK behaviour: receptors 0, effectors idle).
  void set_body(Body* b);
  Body* body() const;

  void step();                  // one network step
  void run(std::size_t steps);  // `steps` network steps
  std::uint64_t steps_done() const;

  std::size_t size() const;    // neurons
  double output(int i) const;  // committed channel 0
  int channels(int i) const;
  double channel(int i, int k) const;  // committed channel k (clamped to the existing ones)
  int max_channels(int i) const;       // largest channel count so far
  Status status(int i) const;
  int group(int i) const;  // update group; 1 for init errors (never updated), -1 for noimpl
  const std::string& class_name(int i) const;
  const std::string& details(int i) const;
  int part(int i) const;
  int joint(int i) const;
  int input_count(int i) const;
  int input_source(int i, int k) const;
  double input_weight(int i, int k) const;
  // The neuron's class parameters after defaults, clamping and parsing (class property order).
  const std::vector<double>& params(int i) const;
  const std::vector<std::string>& param_texts(int i) const;
  std::span<const f0::NeuronProp> param_defs(int i) const;
  const std::vector<BuildMessage>& messages() const;
  const Settings& settings() const;

  struct Data;  // implementation (src/neuro)
  Data& data() { return *d_; }
  const Data& data() const { return *d_; }

 private:
  std::unique_ptr<Data> d_;
};

}  // namespace genokit::neuro
