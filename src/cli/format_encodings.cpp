// Genotype files of every encoding the genotype door reads (f0, f1, ...) for the generic commands:
// a bare genotype file (.f0, .f1, `//0` header, bare text), or with --format fN the fN genotypes of
// a .gen file (checked on every core, diagnostics mapped to the file's own lines). One handler per
// door encoding: a new encoding needs no edit here, only, if wanted, a line of presentation below.
// (Named so that it registers before format_frams.cpp: `genokit formats` keeps its order.)
#include <deque>
#include <filesystem>
#include <map>

#include "cli/genotype_view.hpp"
#include "f0/json.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/rewrite.hpp"

namespace genokit::cli {
namespace {

// `genokit formats` lines for the built-in encodings (others get a generic line).
const std::map<std::string, std::string, std::less<>> kDescriptions = {
    {"0",
     "Framsticks f0 genotype (.f0/.0, //0 or /*0*/ header, or bare p:/j:/n:/c: lines; --format f0 on a .gen "
     "file checks its f0 genotypes on every core)"},
    {"1",
     "Framsticks f1 genotype (.f1, /*1*/ or //1 header, or bare X(X,X)-style text), converted to the f0 "
     "model "
     "as SDK r909 does; --format f1 on a .gen file works on its f1 genotypes"}};

class EncodingFormat final : public FormatHandler {
 public:
  explicit EncodingFormat(const genotype::Encoding& e) : FormatHandler(0), e_(e) {}
  std::string name() const override { return e_.name; }
  std::string description() const override {
    const auto it = kDescriptions.find(e_.id);
    if (it != kDescriptions.end()) return it->second;
    return "Framsticks " + e_.name + " genotype (." + e_.name + ", //" + e_.id + " or /*" + e_.id +
           "*/ header): " + e_.description;
  }
  std::vector<OptKey> option_keys() const override { return encoding_option_keys(e_.id); }

  int detect(const Input& in) const override {
    const std::string_view b = in.bytes;
    if (!looks_like_text(b.substr(0, 4096))) return 0;
    const auto h = frams::parse_genotype_header(b);
    if (h.declared && !h.malformed && h.format == e_.id) return 95;
    if (genotype::looks_like_frams_file(b)) return 0;
    const std::string ext = std::filesystem::path(in.path).extension().string();
    if (ext == "." + e_.name || ext == "." + e_.id) return 90;
    const int score = e_.sniff ? e_.sniff(b) : 0;
    return ext == ".gen" ? std::min(score, 35) : score;  // a one-letter "p:" could be a Framsticks object
  }

  void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report,
             FormattedDiagnostics* formatted) const override {
    genotype::FileOptions fo;
    fo.format = e_.id;
    FileCheck fc = check_file(
        in, in.name, std::move(fo), false, [&](const genotype::FileGenotype& g) { return g.format == e_.id; },
        opt, diags, formatted != nullptr);
    fc.append_to(diags, formatted);
    if (!fc.file.framsticks && fc.results.size() == 1) {
      report = to_json(fc.results[0].counts);
    } else {
      std::size_t invalid = 0;
      for (const Checked& c : fc.results) invalid += !c.counts.valid;
      report = {{e_.name + "_genotypes", fc.results.size()}, {"invalid", invalid}};
    }
    if (formatted) leave_to_exit(std::make_shared<FileCheck>(std::move(fc)));
  }

  void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const override {
    const genotype::GenotypeFile file = read(in, diags);
    const genotype::ReadOptions ro = options(opt);
    nlohmann::json list = nlohmann::json::array();
    for (const genotype::FileGenotype* g : file.select({e_.id})) {
      Diagnostics d;
      const auto r = genotype::read(g->text, d, ro);
      const f0::Model empty;
      const f0::Model& m = r ? r->model : empty;
      nlohmann::json j = to_json(counts_of(m));
      if (e_.converts) {
        j["encoding"] = e_.name;
        j["length"] = g->text.size();
        j["start_energy"] = m.se;
      } else {
        j["shape_type"] = std::string(f0::detail::shape_name(m.shape_type));
      }
      j["errors"] = d.error_count();
      j["warnings"] = d.warning_count();
      if (g->field) j["name"] = g->name;
      list.push_back(std::move(j));
    }
    if (!file.framsticks && list.size() == 1)
      out.update(list[0]);
    else
      out[e_.name + "_genotypes"] = std::move(list);
  }

  bool canonical(const Input& in, const Options& opt, Diagnostics& diags, std::string& out) const override {
    if (e_.converts) {  // a bare genotype in the encoding's own canonical form, when it has one
      if (!e_.canonical || genotype::looks_like_frams_file(in.bytes)) return false;
      const auto h = frams::parse_genotype_header(in.bytes);
      Diagnostics d;
      const auto genes = e_.canonical(in.bytes.view().substr(h.declared ? h.body_offset : 0), d);
      d.set_file(in.name);
      diags.append(std::move(d));
      if (genes)
        out = (h.declared ? std::string(in.bytes.view().substr(0, h.body_offset)) : std::string()) + *genes;
      return true;
    }
    genotype::RewriteOptions ro;
    ro.formats = {e_.id};
    ro.file.format = e_.id;
    ro.read = options(opt);
    if (auto r = genotype::rewrite(in.bytes, in.name, diags, ro)) out = std::move(r->text);
    return true;
  }

  bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
            nlohmann::json& json) const override {
    const genotype::GenotypeFile file = read(in, diags);
    const genotype::ReadOptions ro = options(opt, true);
    nlohmann::json all = nlohmann::json::array();
    for (const genotype::FileGenotype* g : file.select({e_.id})) {
      const auto r = genotype::read(file, *g, diags, ro);
      if (!r) continue;
      if (g->field) text += "=== org '" + g->name + "'\n";
      nlohmann::json j;
      show_genotype(*r, g->text, genotype::GenotypeFile::Locator(file, *g), text, j);
      if (g->field) {
        text += '\n';
        j["name"] = g->name;
      }
      all.push_back(std::move(j));
    }
    json = !file.framsticks && all.size() == 1 ? all[0] : all;
    return true;
  }

 private:
  // The input's genotypes: a bare file is read as this encoding.
  genotype::GenotypeFile read(const Input& in, Diagnostics& diags) const {
    genotype::FileOptions fo;
    fo.format = e_.id;
    return genotype::read_genotypes(in.bytes, in.name, diags, fo);
  }
  genotype::ReadOptions options(const Options& opt, bool mapping = false) const {
    genotype::ReadOptions ro = read_options(opt, e_.id, mapping);
    ro.format = e_.id;
    return ro;
  }

  const genotype::Encoding& e_;
};

// One handler per encoding, registered in the door's order.
const struct Handlers {
  std::deque<EncodingFormat> all;
  Handlers() {
    for (const genotype::Encoding& e : genotype::encodings()) all.emplace_back(e);
  }
} handlers;

}  // namespace
}  // namespace genokit::cli
