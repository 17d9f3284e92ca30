// f0 genotypes for the generic commands: bare .f0/.0 files (FormatHandler "f0") and f0 genotypes
// inside Framsticks org: objects (GenotypeHandler "0"). With --format f0, a .gen file's f0
// genotypes are checked on every core, diagnostics mapped to the file's own lines.
// Options (--opt): f0-order=spec, f0-lint=off, f0-delta-order=sdk.
#include <filesystem>
#include <functional>
#include <string>

#include "cli/model_view.hpp"
#include "cli/registry.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/batch.hpp"
#include "genokit/f0/files.hpp"
#include "genokit/f0/json.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/table.hpp"

namespace genokit::cli {
namespace {

// The f0 genotypes of an input: the whole input, or the org: genotypes of a Framsticks file.
std::vector<f0::FileGenotype> inputs(const Input& in, Diagnostics& diags, frams::Document& doc) {
  if (!f0::looks_like_frams_file(in.bytes)) return {{in.bytes, nullptr, {}, 0}};
  doc = frams::parse(in.bytes, in.name, diags);
  return f0::find_f0_genotypes(doc);
}

nlohmann::json summary(const f0::Model& m) {
  return {{"valid", m.valid},
          {"shape_type", f0::to_json(m)["shape_type"]},
          {"parts", m.parts.size()},
          {"joints", m.joints.size()},
          {"neurons", m.neurons.size()},
          {"connections", m.connections.size()}};
}

// The model of one f0 genotype as `show` prints it; element positions go through `locate` when
// the genotype sits in a file (nullptr: positions stay in the genotype text).
void show_genotype(std::string_view genotype, const Options& opt,
                   const std::function<Location(std::size_t)>* locate, Diagnostics& diags, std::string& text,
                   nlohmann::json& json) {
  f0::Model m = f0::parse(genotype, diags, f0::options_from_strings(opt.extra));
  if (locate) locate_elements(*locate, m);
  describe_model(m, text, json);
}

class F0Genotype final : public GenotypeHandler {
 public:
  std::string format() const override { return "0"; }
  void check(std::string_view genotype, const Options& opt, Diagnostics& diags,
             nlohmann::json& report) const override {
    f0::Model m = f0::parse(genotype, diags, f0::options_from_strings(opt.extra));
    report = {{"valid", m.valid},
              {"parts", m.parts.size()},
              {"joints", m.joints.size()},
              {"neurons", m.neurons.size()},
              {"connections", m.connections.size()}};
  }
  bool show(std::string_view genotype, const Options& opt, const std::function<Location(std::size_t)>& locate,
            Diagnostics& diags, std::string& text, nlohmann::json& json) const override {
    show_genotype(genotype, opt, &locate, diags, text, json);
    return true;
  }
};

class F0Format final : public FormatHandler {
 public:
  F0Format() : FormatHandler(0) {}
  std::string name() const override { return "f0"; }
  std::string description() const override {
    return "Framsticks f0 genotype (.f0/.0, //0 or /*0*/ header, or bare p:/j:/n:/c: lines; "
           "--format f0 on a .gen file checks its f0 genotypes on every core)";
  }
  int detect(const Input& in) const override {
    std::string_view b = in.bytes;
    if (!looks_like_text(b.substr(0, 4096))) return 0;
    if (f0::has_f0_header(b)) return 95;
    const std::string ext = std::filesystem::path(in.path).extension().string();
    if ((ext == ".f0" || ext == ".0") && !f0::looks_like_frams_file(b)) return 90;
    std::size_t pos = 0;  // the first meaningful line must be an f0 element line
    while (pos < b.size()) {
      std::size_t nl = b.find('\n', pos);
      if (nl == std::string_view::npos) nl = b.size();
      const std::string_view t = trim(b.substr(pos, nl - pos));
      pos = nl + 1;
      if (t.empty() || t[0] == '#') continue;
      const bool f0_line =
          (t.size() >= 2 && t[1] == ':' && std::string_view("mpjnc").find(t[0]) != std::string_view::npos) ||
          t.substr(0, 11) == "checkpoint:";
      if (!f0_line || f0::looks_like_frams_file(b)) return 0;
      return ext == ".gen" ? 35 : 50;  // a one-letter "p:" could also be a Framsticks object
    }
    return 0;
  }

  void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report) const override {
    frams::Document doc;
    const auto gens = inputs(in, diags, doc);
    std::vector<std::string_view> texts;
    texts.reserve(gens.size());
    for (const auto& g : gens) texts.push_back(g.text);
    const auto results = f0::parse_many(texts, f0::options_from_strings(opt.extra));  // every core
    std::size_t invalid = 0;
    for (std::size_t i = 0; i < gens.size(); ++i) {
      f0::map_diagnostics(gens[i].field ? &doc : nullptr, gens[i], results[i].diags, diags);
      invalid += !results[i].valid;
    }
    if (gens.size() == 1 && !gens[0].field) {
      const auto& r = results[0];
      report = {{"valid", r.valid},
                {"parts", r.parts},
                {"joints", r.joints},
                {"neurons", r.neurons},
                {"connections", r.connections}};
    } else {
      report = {{"f0_genotypes", gens.size()}, {"invalid", invalid}};
    }
  }

  void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const override {
    frams::Document doc;
    const auto gens = inputs(in, diags, doc);
    const auto po = f0::options_from_strings(opt.extra);
    nlohmann::json list = nlohmann::json::array();
    for (const auto& g : gens) {
      Diagnostics d;
      nlohmann::json j = summary(f0::parse(g.text, d, po));
      j["errors"] = d.error_count();
      j["warnings"] = d.warning_count();
      if (g.field) j["name"] = g.name;
      list.push_back(std::move(j));
    }
    if (list.size() == 1 && !gens[0].field)
      out.update(list[0]);
    else
      out["f0_genotypes"] = std::move(list);
  }

  bool canonical(const Input& in, const Options& opt, Diagnostics& diags, std::string& out) const override {
    f0::canonical_text(in.bytes, in.name, f0::options_from_strings(opt.extra), diags, out);
    return true;
  }

  bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
            nlohmann::json& json) const override {
    frams::Document doc;
    const auto gens = inputs(in, diags, doc);
    const auto po = f0::options_from_strings(opt.extra);
    nlohmann::json all = nlohmann::json::array();
    for (const auto& g : gens) {
      Diagnostics d;
      const std::function<Location(std::size_t)> locate = [&](std::size_t off) {
        return doc.locate_value(*g.field, off);
      };
      if (g.field) text += "=== org '" + g.name + "'\n";
      nlohmann::json j;
      show_genotype(g.text, opt, g.field ? &locate : nullptr, d, text, j);
      f0::map_diagnostics(g.field ? &doc : nullptr, g, d, diags);
      if (g.field) text += '\n';
      if (g.field) j["name"] = g.name;
      all.push_back(std::move(j));
    }
    json = all.size() == 1 && !gens[0].field ? all[0] : all;
    return true;
  }
};

const F0Genotype genotype_handler;
const F0Format format_handler;

}  // namespace
}  // namespace genokit::cli
