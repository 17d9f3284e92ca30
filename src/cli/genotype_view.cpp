#include "cli/genotype_view.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>

#include "genokit/core/parallel.hpp"
#include "genokit/f0/table.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/neuro/describe.hpp"
#include "genotype/json.hpp"
#include "neuro/json.hpp"

namespace genokit::cli {

genotype::ReadOptions read_options(const Options& opt, std::string_view format, bool mapping) {
  genotype::ReadOptions ro;
  ro.mapping = mapping;
  ro.strict = opt.strict;
  ro.lint = opt_value(opt, "f" + std::string(format) + "-lint") != "off";
  if (format == "0") {
    const auto order = opt_value(opt, "f0-order");
    if (order == "spec") ro.f0.order = f0::PropertyOrder::spec;
    if (opt_value(opt, "f0-delta-order") == "sdk") ro.f0.spec_delta_order = false;
  }
  return ro;
}

std::vector<OptKey> encoding_option_keys(std::string_view id) {
  std::vector<OptKey> keys{{"f" + std::string(id) + "-lint", {"on", "off"}}};
  if (id == "0") {
    keys.push_back({"f0-order", {"sdk", "spec"}});
    keys.push_back({"f0-delta-order", {"sdk", "spec"}});
  }
  return keys;
}

void show_genotype(const genotype::Genotype& g, std::string_view text,
                   const genotype::GenotypeFile::Locator& locator, std::string& out, nlohmann::json& json) {
  out += f0::to_table(g.model);
  json = genotype::detail::to_json(g, text, [&](std::size_t off) { return locator.at(off); });
  if (!g.model.valid || g.model.neurons.empty()) return;
  const neuro::Network net = neuro::Network::build(g.model, {0, 0, 0});
  out += "\nneural network\n" + neuro::describe_text(net);
  json["network"] = neuro::detail::describe_json(net);
}

Counts counts_of(const f0::Model& m) {
  return {m.valid, m.parts.size(), m.joints.size(), m.neurons.size(), m.connections.size()};
}

nlohmann::json to_json(const Counts& c) {
  return {{"valid", c.valid},
          {"parts", c.parts},
          {"joints", c.joints},
          {"neurons", c.neurons},
          {"connections", c.connections}};
}

std::vector<Checked> check_genotypes(const genotype::GenotypeFile& file,
                                     const std::vector<const genotype::FileGenotype*>& which,
                                     const Options& opt, Diagnostics& diags) {
  std::vector<genotype::ReadOptions> options;  // per encoding, made once
  for (const genotype::Encoding& e : genotype::encodings()) {
    options.push_back(read_options(opt, e.id));
    options.back().format = e.id;  // also for a bare file read as this encoding
  }
  const genotype::ReadOptions unreadable;  // read() reports why
  auto options_of = [&](const std::string& format) -> const genotype::ReadOptions& {
    for (const auto& ro : options)
      if (ro.format == format) return ro;
    return unreadable;
  };
  std::vector<Checked> out(which.size());
  std::vector<Diagnostics> found(which.size());
  // Genotypes are independent: read on every core in one pass (no barrier per block: a thread that
  // another process delays holds up nobody), then reported in file order. The file's list keeps the
  // first Diagnostics::limit() diagnostics; once the genotypes finished from the start hold that
  // many, later genotypes' diagnostics are only counted, and freed by the thread that made them (a
  // 10,000-genotype file can hold 100,000 lint warnings). Only kept ones are positioned in the file.
  std::mutex m;
  std::vector<std::uint8_t> done(which.size(), 0);
  std::size_t prefix = 0, prefix_items = diags.items().size();
  std::atomic<bool> full{prefix_items >= diags.limit()};
  parallel_for(which.size(), 0, [&](std::size_t i) {
    Diagnostics& d = found[i];
    // Every genotype before i is done and the list is full: i's diagnostics are only counted (and
    // their messages never built).
    const bool past_list = full.load(std::memory_order_acquire);
    if (past_list) d.set_limit(0);
    const auto r = genotype::read(which[i]->text, d, options_of(which[i]->format));
    out[i].read = r.has_value();
    out[i].errors = d.has_errors();
    if (r) out[i].counts = counts_of(r->model);
    if (past_list) return;
    if (full.load(std::memory_order_acquire)) {  // the list filled up while i was read
      Diagnostics counted;
      counted.set_limit(0);
      counted.append(std::move(d));
      d = std::move(counted);
      return;
    }
    file.position(*which[i], d);
    const std::lock_guard<std::mutex> lock(m);
    done[i] = 1;
    for (; prefix < which.size() && done[prefix]; ++prefix) prefix_items += found[prefix].items().size();
    if (prefix_items >= diags.limit()) full.store(true, std::memory_order_release);
  });
  for (Diagnostics& d : found) diags.append(std::move(d));
  return out;
}

}  // namespace genokit::cli
