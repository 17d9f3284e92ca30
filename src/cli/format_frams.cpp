// Framsticks object files (.gen .sim .expdef .neuro .style .show .script .expt) for the generic
// commands: check (reader + schema + prop: definitions + every org: genotype through its
// genotype door), info, show, cat (canonical; --opt lossless for the byte-preserving writer).
#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

#include "cli/genotype_view.hpp"
#include "cli/registry.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genokit/frams/schema.hpp"
#include "genokit/genotype/file.hpp"

namespace genokit::cli {

// Shared with cmd_frams.cpp (declared there).
frams::LoadOptions frams_load_options(const Input& in, const Options& opt);
frams::Document frams_load(const Input& in, const Options& opt, Diagnostics& diags);

namespace {
// The name a Framsticks file's positions carry: its path as given (includes are relative to it).
std::string frams_name(const Input& in) {
  return in.path == "-" ? in.name : in.path;
}
}  // namespace

frams::LoadOptions frams_load_options(const Input& in, const Options& opt) {
  frams::LoadOptions lo;
  if (opt.includes == "follow" || opt.includes.empty()) {
    lo.includes = frams::LoadOptions::Includes::follow;
  } else if (opt.includes == "forbid") {
    lo.includes = frams::LoadOptions::Includes::forbid;
  } else {
    lo.includes = frams::LoadOptions::Includes::confine;
    lo.include_root = opt.includes;
  }
  // .gen files are read by the SDK's GenotypeMiniLoader, which knows only org:
  const std::string schema =
      opt_value(opt, "schema")
          .value_or(std::filesystem::path(in.path).extension() == ".gen" ? "gen" : "builtin");
  if (schema == "gen")
    lo.schema = &frams::genotype_loader_schema();
  else if (schema == "none")
    lo.schema = nullptr;
  else
    lo.schema = &frams::builtin_schema();
  return lo;
}

frams::Document frams_load(const Input& in, const Options& opt, Diagnostics& diags) {
  return frams::parse(in.bytes, frams_name(in), diags, frams_load_options(in, opt));
}

namespace {

using namespace genokit::frams;

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

// The org: genotypes of a file that the door reads, in file order. Reports malformed headers;
// counts every encoding in `formats` and the unreadable ones in `unchecked` (with the first place).
std::vector<const genotype::FileGenotype*> readable_genotypes(
    const genotype::GenotypeFile& file, Diagnostics& diags, std::map<std::string, std::size_t>* formats,
    std::map<std::string, std::size_t>* unchecked, std::map<std::string, Location>* first_unchecked) {
  std::vector<const genotype::FileGenotype*> out;
  struct Count {
    std::string_view format;
    bool readable = false;
    std::size_t n = 0;
  };
  std::vector<Count> counts;  // per encoding met (a file holds a few; it may hold 100,000 genotypes)
  for (const genotype::FileGenotype& g : file.genotypes) {
    if (g.bad_header) {
      diags.warning("frams.genotype-bad-header",
                    "Invalid genotype format declaration in the genotype of org '" + g.name + "'",
                    file.locate(g, 0));
      continue;
    }
    auto c = std::find_if(counts.begin(), counts.end(), [&](const Count& x) { return x.format == g.format; });
    if (c == counts.end()) c = counts.insert(counts.end(), Count{g.format, g.readable()});
    if (c->readable)
      out.push_back(&g);
    else if (unchecked && c->n == 0)
      (*first_unchecked)[g.format] = file.locate(g, 0);
    ++c->n;
  }
  for (const Count& c : counts) {
    if (formats) (*formats)["f" + std::string(c.format)] += c.n;
    if (unchecked && !c.readable) (*unchecked)[std::string(c.format)] += c.n;
  }
  return out;
}

class FramsFormat final : public FormatHandler {
 public:
  FramsFormat() : FormatHandler(0) {}
  std::string name() const override { return "frams"; }
  std::string description() const override {
    return "Framsticks object file (.gen .sim .expdef .neuro .style .show .script: class:/key:value objects)";
  }

  int detect(const Input& in) const override {
    std::string_view b = in.bytes;
    if (b.substr(0, 4) == "dna2" || b.substr(0, 4) == "dna3") return 0;
    if (!looks_like_text(b.substr(0, 4096))) return 0;
    std::string ext = std::filesystem::path(in.path).extension().string();
    static const char* exts[] = {".gen",  ".sim",    ".expdef", ".neuro", ".style",
                                 ".show", ".script", ".expt",   ".inc"};
    bool ext_ok = std::find(std::begin(exts), std::end(exts), ext) != std::end(exts);
    // the first meaningful line decides: a `Class:` header
    std::size_t pos = 0;
    for (int lines = 0; pos < b.size() && lines < 200; ++lines) {
      std::size_t nl = b.find('\n', pos);
      std::string_view line = b.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
      pos = nl == std::string_view::npos ? b.size() : nl + 1;
      if (!line.empty() && line[0] == '#') continue;
      std::string_view t = trim(line);
      if (t.empty()) continue;
      if (t.size() > 1 && t.back() == ':' && is_identifier(t.substr(0, t.size() - 1))) {
        std::string_view cls = t.substr(0, t.size() - 1);
        if (cls.size() == 1) return ext_ok ? 40 : 10;  // "p:" could be a bare f0 genotype
        if (builtin_schema().find(cls)) return 90;
        return ext_ok ? 80 : 60;
      }
      return 0;
    }
    return ext_ok ? 30 : 0;  // only comments/blank lines
  }

  std::vector<OptKey> option_keys() const override {
    return {{"schema", {"gen", "builtin", "none"}}, {"lossless", {}}};
  }

  void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report,
             FormattedDiagnostics* formatted) const override {
    genotype::FileOptions fo;
    fo.load = frams_load_options(in, opt);
    FileCheck fc = check_file(
        in, frams_name(in), std::move(fo), true,
        [](const genotype::FileGenotype& g) { return !g.bad_header && g.readable(); }, opt, diags,
        formatted != nullptr);
    const Document& doc = fc.file.doc;
    bool has_props = std::any_of(doc.objects.begin(), doc.objects.end(), [](const Object& o) {
      return o.class_name == "prop" || o.class_name == "property";
    });
    ClassSchema props;
    if (has_props) props = props_from_document(doc, "props", diags);
    std::map<std::string, std::size_t> formats, unchecked;
    std::map<std::string, Location> first_unchecked;
    readable_genotypes(fc.file, diags, &formats, &unchecked, &first_unchecked);
    std::size_t checked = fc.results.size(), invalid = 0;
    for (const Checked& c : fc.results) invalid += c.errors;
    fc.append_to(diags, formatted);
    for (const auto& [fmt, n] : unchecked)
      diags.note("frams.genotype-not-checked",
                 std::to_string(n) + " genotype(s) in encoding f" + fmt +
                     " were not checked (genokit cannot read f" + fmt +
                     " genotypes yet); the first one is here",
                 first_unchecked[fmt]);
    report["objects"] = doc.objects.size();
    report["genotypes"] = formats;
    report["genotypes_checked"] = checked;
    report["genotypes_invalid"] = invalid;
    if (has_props) report["properties"] = props.props.size();
    if (formatted) leave_to_exit(std::make_shared<FileCheck>(std::move(fc)));
  }

  void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const override {
    Document doc = frams_load(in, opt, diags);
    nlohmann::ordered_json classes = nlohmann::ordered_json::object();
    std::map<std::string, std::size_t> formats;
    std::size_t fields = 0, multiline = 0;
    for (const Object& o : doc.objects) {
      std::string cn(o.class_name);
      classes[cn] = classes.contains(cn) ? classes[cn].get<std::size_t>() + 1 : 1;
      fields += o.fields.size();
      for (const Field& f : o.fields) multiline += f.multiline;
      if (o.class_name == "org")
        if (const Field* g = o.find("genotype")) {
          GenotypeHeader h = parse_genotype_header(g->value);
          ++formats[h.malformed ? std::string("?") : "f" + h.format];
        }
    }
    out["size"] = in.bytes.size();
    out["objects"] = doc.objects.size();
    out["classes"] = nlohmann::json::parse(classes.dump());
    out["fields"] = fields;
    out["multiline_values"] = multiline;
    if (!formats.empty()) out["genotype_formats"] = formats;
    std::size_t props = 0;
    for (const Object& o : doc.objects) props += o.class_name == "prop" || o.class_name == "property";
    if (props) out["property_definitions"] = props;
    nlohmann::json inc = nlohmann::json::array();
    for (std::size_t i = 0; i < doc.items.size(); ++i)
      if (doc.items[i].kind == Item::Kind::include) {
        const auto& it = doc.items[i];
        std::string line(doc.source(0).text.substr(it.begin, it.end - it.begin));
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        inc.push_back(line);
      }
    if (!inc.empty()) out["includes"] = inc;
    if (doc.sources().size() > 1) {
      nlohmann::json read = nlohmann::json::array();
      for (std::size_t i = 1; i < doc.sources().size(); ++i)
        read.push_back(doc.source(std::uint32_t(i)).name);
      out["included_files_read"] = read;
    }
  }

  bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
            nlohmann::json& json) const override {
    const genotype::GenotypeFile file = genotype::from_document(frams_load(in, opt, diags), frams_name(in));
    json = nlohmann::json::array();
    for (const genotype::FileGenotype* g : readable_genotypes(file, diags, nullptr, nullptr, nullptr)) {
      const auto r = genotype::read(file, *g, diags, read_options(opt, g->format, true));
      if (!r) continue;
      std::string t;
      nlohmann::json j;
      show_genotype(*r, g->text, genotype::GenotypeFile::Locator(file, *g), t, j);
      text += "=== org '" + g->name + "' (f" + g->format + ")\n" + t + "\n";
      j["name"] = g->name;
      j["format"] = g->format;
      json.push_back(std::move(j));
    }
    if (json.empty() && !diags.has_errors())
      diags.error("frams.nothing-to-show",
                  "the file holds no genotype genokit can show (f0 or f1 org: objects)", {in.name});
    return true;
  }

  bool canonical(const Input& in, const Options& opt, Diagnostics& diags, std::string& out) const override {
    Document doc = frams_load(in, opt, diags);
    out = opt_value(opt, "lossless") ? write_lossless(doc) : write_canonical(doc);
    return true;
  }
};

const FramsFormat kFramsFormat;

}  // namespace
}  // namespace genokit::cli
