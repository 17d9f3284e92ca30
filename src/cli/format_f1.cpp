// f1 genotypes for the generic commands: bare .f1 files (FormatHandler "f1": check, info, show)
// and f1 genotypes inside Framsticks org: objects (GenotypeHandler "1", used by `check` on .gen
// files; with --format f1 a .gen file's f1 genotypes are also shown/summarised).
// Options (--opt): f1-lint=off (only the SDK-equivalent warnings).
#include <filesystem>
#include <functional>
#include <string>

#include "cli/model_view.hpp"
#include "cli/registry.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/files.hpp"
#include "genokit/f0/table.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/f1/files.hpp"

namespace genokit::cli {
namespace {

f1::ConvertOptions conv_options(const Options& opt, bool mapping = false) {
  f1::ConvertOptions o;
  o.strict = opt.strict;
  o.mapping = mapping;
  for (const auto& kv : opt.extra)
    if (kv == "f1-lint=off") o.lint = false;
  return o;
}

nlohmann::json summary(const f0::Model& m) {
  return {{"valid", m.valid},
          {"parts", m.parts.size()},
          {"joints", m.joints.size()},
          {"neurons", m.neurons.size()},
          {"connections", m.connections.size()}};
}

// The model of one f1 genotype as `show` prints it (f0 table + network; JSON with the f1 map);
// element positions go through `locate` when given.
void show_genotype(std::string_view genotype, const Options& opt,
                   const std::function<Location(std::size_t)>* locate, Diagnostics& diags, std::string& text,
                   nlohmann::json& json) {
  f1::Conversion c = f1::convert(genotype, diags, conv_options(opt, true));
  if (locate) locate_elements(*locate, c.model);
  json = f1::to_json(c, genotype);
  nlohmann::json model;
  describe_model(c.model, text, model);
  if (model.contains("network")) json["network"] = model["network"];
}

class F1Genotype final : public GenotypeHandler {
 public:
  std::string format() const override { return "1"; }
  void check(std::string_view genotype, const Options& opt, Diagnostics& diags,
             nlohmann::json& report) const override {
    report = summary(f1::convert(genotype, diags, conv_options(opt)).model);
  }
  bool show(std::string_view genotype, const Options& opt, const std::function<Location(std::size_t)>& locate,
            Diagnostics& diags, std::string& text, nlohmann::json& json) const override {
    show_genotype(genotype, opt, &locate, diags, text, json);
    return true;
  }
};

// Only f1 symbols, blanks and bracket contents: "X(X,X)", "RRX[|G:1]".
bool looks_like_bare_f1(std::string_view b) {
  if (b.empty() || b.size() > (1u << 20) || !looks_like_text(b.substr(0, 4096))) return false;
  bool x = false;
  int depth = 0;
  for (char c : b) {
    if (c == '[')
      ++depth;
    else if (c == ']')
      --depth;
    else if (depth > 0)
      continue;
    else if (c == 'X')
      x = true;
    else if (std::string_view("()[], \t\r\nLlCcQqRrWwFfAaIiSsMmEeDdGgBbHh").find(c) == std::string_view::npos)
      return false;
  }
  return x;
}

class F1Format final : public FormatHandler {
 public:
  F1Format() : FormatHandler(0) {}
  std::string name() const override { return "f1"; }
  std::string description() const override {
    return "Framsticks f1 genotype (.f1, /*1*/ or //1 header, or bare X(X,X)-style text), converted to the "
           "f0 "
           "model as SDK r909 does; --format f1 on a .gen file works on its f1 genotypes";
  }
  int detect(const Input& in) const override {
    std::string_view b = in.bytes;
    if (f0::looks_like_frams_file(b) || !looks_like_text(b.substr(0, 4096))) return 0;
    if (b.substr(0, 5) == "/*1*/" || b.substr(0, 4) == "//1\n" || b.substr(0, 5) == "//1\r\n") return 95;
    const std::string ext = std::filesystem::path(in.path).extension().string();
    if (ext == ".f1" || ext == ".1") return 90;
    return looks_like_bare_f1(b) ? 30 : 0;
  }

  void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report) const override {
    frams::Document doc;
    const auto gens = f1::inputs(in.bytes, in.name, doc, diags);
    std::size_t invalid = 0;
    nlohmann::json one;
    for (const auto& g : gens) {
      Diagnostics d;
      const auto c = f1::convert(g.text, d, conv_options(opt));
      f1::map_diagnostics(g.field ? &doc : nullptr, g, d, diags);
      invalid += !c.model.valid;
      one = summary(c.model);
    }
    if (gens.size() == 1 && !gens[0].field)
      report = one;
    else
      report = {{"f1_genotypes", gens.size()}, {"invalid", invalid}};
  }

  void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const override {
    frams::Document doc;
    const auto gens = f1::inputs(in.bytes, in.name, doc, diags);
    nlohmann::json list = nlohmann::json::array();
    for (const auto& g : gens) {
      Diagnostics d;
      const auto c = f1::convert(g.text, d, conv_options(opt));
      nlohmann::json j = summary(c.model);
      j["encoding"] = "f1";
      j["length"] = g.text.size();
      j["start_energy"] = c.model.se;
      j["errors"] = d.error_count();
      j["warnings"] = d.warning_count();
      if (g.field) j["name"] = g.name;
      list.push_back(std::move(j));
    }
    if (list.size() == 1 && !gens[0].field)
      out.update(list[0]);
    else
      out["f1_genotypes"] = std::move(list);
  }

  bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
            nlohmann::json& json) const override {
    frams::Document doc;
    const auto gens = f1::inputs(in.bytes, in.name, doc, diags);
    nlohmann::json all = nlohmann::json::array();
    for (const auto& g : gens) {
      Diagnostics d;
      if (g.field) text += "=== org '" + g.name + "'\n";
      nlohmann::json j;
      show_genotype(g.text, opt, nullptr, d, text, j);
      f1::map_diagnostics(g.field ? &doc : nullptr, g, d, diags);
      if (g.field) text += '\n';
      if (g.field) j["name"] = g.name;
      all.push_back(std::move(j));
    }
    json = all.size() == 1 && !gens[0].field ? all[0] : all;
    return true;
  }
};

const F1Genotype genotype_handler;
const F1Format format_handler;

}  // namespace
}  // namespace genokit::cli
