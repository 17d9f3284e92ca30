// The genotypes of a file and reading one of them with positions in the file.
#include "genokit/genotype/file.hpp"

#include <algorithm>

#include "core/concat.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genokit/genotype/encoding.hpp"

namespace genokit::genotype {
namespace {

// Byte offset in `text` of a genotype-relative position: by offset, else by line/column.
std::size_t offset_in(std::string_view text, const Location& at) {
  if (at.offset >= 0) return static_cast<std::size_t>(at.offset);
  std::size_t off = 0;
  for (std::uint32_t line = 1; line < at.line && off < text.size(); ++line) {
    const std::size_t nl = text.find('\n', off);
    if (nl == std::string_view::npos) break;
    off = nl + 1;
  }
  return off + (at.column > 0 ? at.column - 1 : 0);
}

}  // namespace

// A value stored as it is in the file (no `\~` escape or CR removed, not edited) is mapped with a
// line index built once; anything else goes through Document::locate_value. Both give the same
// answer (tests/genotype/file_test.cpp).
GenotypeFile::Locator::Locator(const GenotypeFile& file, const FileGenotype& g)
    : file_(&file), text_(g.text), field_(g.field), source_(g.source) {
  const frams::Field* f = g.field;
  if (f && !source_ && f->source < file.doc.sources().size()) source_ = &file.doc.source(f->source);
  direct_ = f && !f->edited && !f->decoded && source_;
  if (direct_) {
    start_direct();
  } else if (!f) {
    lines_ = LineIndex(g.text);
  }
}

std::optional<GenotypeFile::Locator> GenotypeFile::Locator::while_reading(const FileGenotype& g) {
  if (!g.field || !g.source || g.field->edited || g.field->decoded) return std::nullopt;
  Locator l;
  l.text_ = g.text;
  l.field_ = g.field;
  l.source_ = g.source;
  l.direct_ = true;
  l.start_direct();
  return l;
}

void GenotypeFile::Locator::start_direct() {
  const frams::Field& f = *field_;
  const std::string_view t = source_->text;
  const bool next_line =
      f.multiline && f.raw_begin > 0 && f.raw_begin <= t.size() && t[f.raw_begin - 1] == '\n';
  line0_ = next_line ? f.line + 1 : f.line;
  line_begin0_ = next_line ? f.raw_begin : f.line_begin;
  if (f.multiline) lines_ = LineIndex(text_);
}

Location GenotypeFile::Locator::at(std::size_t offset) const {
  if (!field_) {  // a bare genotype: the file itself
    Location l = lines_.locate(std::min(offset, text_.size()));
    l.file = file_->file_name;
    return l;
  }
  if (!direct_) return file_->doc.locate_value(*field_, offset);
  const frams::Field& f = *field_;
  const std::size_t off = std::min(offset, f.raw_end - f.raw_begin);
  std::size_t line = line0_, line_begin = line_begin0_;
  if (f.multiline) {
    const Location v = lines_.locate(off);
    if (v.line > 1) {
      line += v.line - 1;
      line_begin = f.raw_begin + off - (v.column - 1);
    }
  }
  Location l;
  l.file = source_->name;
  l.line = static_cast<std::uint32_t>(line);
  l.column = static_cast<std::uint32_t>(f.raw_begin + off - line_begin + 1);
  l.offset = static_cast<std::int64_t>(f.raw_begin + off);
  return l;
}

void GenotypeFile::Locator::position(std::string_view org_name, Diagnostics& diags) const {
  if (!field_ || diags.items().empty())
    return;  // a bare genotype is the whole file: positions are the file's
  const std::string suffix = org_name.empty() ? std::string() : detail::concat(" (in org '", org_name, "')");
  diags.update([&](Diagnostic& d) {
    const bool known = d.where.offset >= 0 || d.where.line > 0;
    d.where = at(known ? offset_in(text_, d.where) : 0);
    d.message += suffix;
  });
}

bool FileGenotype::readable() const {
  return find_encoding(format) != nullptr;
}

bool looks_like_frams_file(std::string_view b) {
  for (std::size_t pos = 0; pos < b.size();) {
    std::size_t nl = b.find('\n', pos);
    if (nl == std::string_view::npos) nl = b.size();
    if (trim(b.substr(pos, nl - pos)) == "org:") return true;
    pos = nl + 1;
  }
  return false;
}

namespace {

// A bare genotype file: one genotype, the whole text.
GenotypeFile bare_file(std::string_view bytes, std::string file_name, const FileOptions& opt) {
  GenotypeFile f;
  f.file_name = std::move(file_name);
  FileGenotype g;
  g.text = f.doc.keep(std::string(bytes));
  ReadOptions ro;
  ro.format = opt.format;
  ro.bare = opt.bare;
  g.format = format_of(g.text, ro);
  g.bad_header = g.format.empty();
  f.genotypes.push_back(std::move(g));
  return f;
}

// The genotype of org object `o` (the index-th org of its file), or nullopt when it has none.
std::optional<FileGenotype> org_genotype(const frams::Object& o, std::size_t index) {
  const frams::Field* field = o.find("genotype");
  if (!field) return std::nullopt;
  const frams::GenotypeHeader h = frams::parse_genotype_header(field->value);
  FileGenotype g;
  g.text = field->value;
  g.format = h.malformed ? std::string() : h.format;
  g.bad_header = h.malformed;
  g.name = std::string(o.get("name"));
  g.org_index = index;
  g.field = field;
  return g;
}

}  // namespace

GenotypeFile read_framsticks(Bytes bytes, std::string file_name, Diagnostics& diags, const FileOptions& opt) {
  GenotypeFile f;
  std::size_t orgs = 0;
  frams::LoadOptions lo = opt.load;
  lo.on_object = [&](const frams::Document& doc, std::size_t i) {
    if (opt.load.on_object) opt.load.on_object(doc, i);
    const frams::Object& o = doc.objects[i];
    if (o.class_name != "org") return;
    std::optional<FileGenotype> g = org_genotype(o, orgs++);
    if (!g) return;
    g->source = &doc.source(o.source);
    if (opt.on_genotype) opt.on_genotype(*g);
    f.genotypes.push_back(std::move(*g));
  };
  f.doc = frams::parse(std::move(bytes), file_name, diags, lo);
  f.file_name = std::move(file_name);
  f.framsticks = true;
  return f;
}

GenotypeFile read_genotypes(std::string_view bytes, std::string file_name, Diagnostics& diags,
                            const FileOptions& opt) {
  if (!looks_like_frams_file(bytes)) return bare_file(bytes, std::move(file_name), opt);
  return read_framsticks(Bytes(std::string(bytes)), std::move(file_name), diags, opt);
}

GenotypeFile read_genotypes(Bytes bytes, std::string file_name, Diagnostics& diags, const FileOptions& opt) {
  if (!looks_like_frams_file(bytes)) return bare_file(bytes, std::move(file_name), opt);
  return read_framsticks(std::move(bytes), std::move(file_name), diags, opt);
}

GenotypeFile from_document(frams::Document doc, std::string file_name) {
  GenotypeFile f;
  f.file_name = std::move(file_name);
  f.framsticks = true;
  f.doc = std::move(doc);
  std::size_t k = 0;
  for (const frams::Object& o : f.doc.objects)
    if (o.class_name == "org")
      if (std::optional<FileGenotype> g = org_genotype(o, k++)) {
        if (o.source < f.doc.sources().size()) g->source = &f.doc.source(o.source);
        f.genotypes.push_back(std::move(*g));
      }
  return f;
}

Location GenotypeFile::locate(const FileGenotype& g, std::size_t offset) const {
  return Locator(*this, g).at(offset);
}

void GenotypeFile::position(const FileGenotype& g, Diagnostics& diags) const {
  if (!g.field || diags.items().empty()) return;  // (before building a locator)
  Locator(*this, g).position(g.name, diags);
}

std::vector<const FileGenotype*> GenotypeFile::select(const std::vector<std::string>& formats) const {
  std::vector<const FileGenotype*> out;
  for (const FileGenotype& g : genotypes)
    if (formats.empty() ? g.readable() : std::find(formats.begin(), formats.end(), g.format) != formats.end())
      out.push_back(&g);
  return out;
}

const FileGenotype* GenotypeFile::find(std::string_view selector,
                                       const std::vector<std::string>& formats) const {
  const auto candidates = select(formats);
  for (std::size_t i = 0; i < candidates.size(); ++i)
    if (selector.empty() || candidates[i]->name == selector || std::to_string(i) == selector)
      return candidates[i];
  return nullptr;
}

std::optional<Genotype> read(const GenotypeFile& file, const FileGenotype& g, Diagnostics& diags,
                             const ReadOptions& opt) {
  ReadOptions ro = opt;
  ro.format = g.format;
  Diagnostics local;
  std::optional<Genotype> out = read(g.text, local, ro);
  file.position(g, local);
  diags.append(std::move(local));
  if (out && g.field) {
    const GenotypeFile::Locator locator(file, g);
    auto fix = [&](f0::SourcePos& s) {
      if (s.offset < 0) return;
      const Location l = locator.at(static_cast<std::size_t>(s.offset));
      s.line = l.line;
      s.column = l.column;
    };
    f0::Model& m = out->model;
    for (auto& p : m.parts) fix(p.src);
    for (auto& j : m.joints) fix(j.src);
    for (auto& n : m.neurons) fix(n.src);
    for (auto& c : m.connections) fix(c.src);
  }
  return out;
}

std::optional<Picked> pick(std::string_view bytes, std::string file_name, std::string_view selector,
                           Diagnostics& diags, const PickOptions& opt) {
  GenotypeFile file = read_genotypes(bytes, std::move(file_name), diags, opt.file);
  const FileGenotype* g = file.framsticks ? file.find(selector, opt.formats) : &file.genotypes.front();
  if (!g) {
    std::string names;
    for (std::size_t i = 0; i < opt.formats.size(); ++i) names += (i ? " or f" : "f") + opt.formats[i];
    if (names.empty()) names = encoding_names("or");
    diags.error("genotype.no-genotype",
                selector.empty()
                    ? "the file holds no " + names + " genotype"
                    : "no " + names + " genotype named or numbered '" + std::string(selector) + "' (" +
                          std::to_string(file.select(opt.formats).size()) + " in the file)",
                {file.file_name});
    return std::nullopt;
  }
  std::optional<Genotype> r = read(file, *g, diags, opt.read);
  if (!r) return std::nullopt;
  return Picked{std::move(file), g, std::move(*r)};
}

}  // namespace genokit::genotype
