// genokit._genokit.genome: Creatures 1/2/3 genomes: decode/encode bytes, the text form, validation,
// expression, gene-aligned diff, crossover and mutation with the engines' schemes.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "arrays.hpp"
#include "bindings.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/genome/genome.hpp"
#include "genokit/genome/notes_export.hpp"
#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"

namespace genokit::python {

namespace {

using namespace genokit::genome;

struct PyGenome {
  Genome g;
  Diagnostics diags;  // of decoding it (and validating, when asked)
};
using GenomePtr = std::shared_ptr<PyGenome>;

// One gene of a genome (a view: it keeps the genome alive).
struct GeneRef {
  GenomePtr owner;
  std::size_t i;
  Gene& gene() const {
    if (i >= owner->g.genes.size()) throw py::index_error("the gene is no longer in its genome");
    return owner->g.genes[i];
  }
};

// A Notes map in its own type (pybind11's stl.h would otherwise turn it into a dict).
struct PyNotes {
  Notes n;
};
using NotesPtr = std::shared_ptr<PyNotes>;

const Notes* notes_arg(const std::optional<NotesPtr>& n) {
  return n && *n ? &(*n)->n : nullptr;
}

std::uint8_t byte_arg(py::handle v, const char* what) {
  const long x = v.cast<long>();
  if (x < 0 || x > 255)
    throw py::value_error(std::string(what) + " must be 0..255 (got " + std::to_string(x) + ")");
  return static_cast<std::uint8_t>(x);
}

GenomePtr finish(GenomePtr p, bool validate_too, const std::string& name, const std::string& errors) {
  if (validate_too) validate(p->g, p->diags);
  if (!name.empty()) p->diags.set_file(name);
  if (raises(errors)) raise_if_errors(p->diags, ErrorKind::parse);
  return p;
}

GenomePtr decode(const std::string& bytes, bool accept_export, bool validate_too, const std::string& name,
                 const std::string& errors) {
  raises(errors);
  auto p = std::make_shared<PyGenome>();
  std::optional<Genome> g;
  {
    py::gil_scoped_release unlocked;
    g = read(bytes, p->diags, ReadOptions{.accept_export = accept_export});
  }
  if (!name.empty()) p->diags.set_file(name);
  if (!g) raise_error(p->diags, ErrorKind::parse);
  p->g = std::move(*g);
  return finish(std::move(p), validate_too, name, errors);
}

unsigned stage_arg(py::handle stage) {
  if (py::isinstance<py::str>(stage)) {
    std::string s = stage.cast<std::string>();
    if (s == "baby") s = "embryo";
    if (s == "adolescence") s = "adolescent";
    const int v = stage_names().find(s);
    if (v < 0)
      throw py::value_error(
          "stage must be embryo, child, adolescent, youth, adult, old, senile or 0..255 (got '" +
          stage.cast<std::string>() + "')");
    return static_cast<unsigned>(v);
  }
  if (py::isinstance<py::int_>(stage) && !py::isinstance<py::bool_>(stage)) return byte_arg(stage, "stage");
  throw py::type_error("stage must be a stage name or a number");
}

Scheme scheme_arg(const std::string& name, bool mutation, int parent_chance, int parent_degree) {
  Scheme s = choice("scheme", name, {"c1", "c3"}) == 1 ? Scheme::c3() : Scheme::c1();
  if (!mutation) s.mutation = Scheme::Mutation::none;
  if (parent_chance < 0 || parent_chance > 255) throw py::value_error("parent_chance must be 0..255");
  if (parent_degree < 0 || parent_degree > 255) throw py::value_error("parent_degree must be 0..255");
  s.parent_chance = static_cast<unsigned>(parent_chance);
  s.parent_degree = static_cast<unsigned>(parent_degree);
  return s;
}

py::dict stats_dict(const OperatorStats& st) {
  py::dict d;
  d["eligible_bytes"] = st.eligible_bytes;
  d["mutated_bytes"] = st.mutated_bytes;
  d["crossovers"] = st.crossovers;
  d["duplications"] = st.duplications;
  d["deletions"] = st.deletions;
  d["cut_errors"] = st.cut_errors;
  d["drawn_runs"] = st.drawn_runs;
  d["copied_runs"] = st.copied_runs;
  d["flipped_bits"] = st.flipped_bits;
  return d;
}

py::object with_stats(GenomePtr child, const OperatorStats& st, bool return_stats) {
  if (!return_stats) return py::cast(child);
  return py::make_tuple(child, stats_dict(st));
}

// The gene's fields as the library's JSON form gives them: the gene alone in a genome of its own,
// written as JSON ({} when it has no layout or its data does not fit it).
py::dict gene_fields(const Genome& g, const Gene& gene) {
  Genome one;
  one.version = g.version;
  Gene copy = gene;
  one.set_data(copy, g.data(gene));
  one.genes.push_back(copy);
  py::dict j = json_loads(to_json(one))["genes"][py::int_(0)];
  return j.contains("fields") ? py::dict(j["fields"]) : py::dict();
}

}  // namespace

void bind_genome(py::module_& m) {
  py::class_<PyNotes, NotesPtr>(m, "Notes",
                                "Genetics Kit notes (.gno): a caption and notes per gene, "
                                "used as comments by to_text, summary and to_json.")
      .def("__len__", [](const PyNotes& n) { return n.n.size(); })
      .def(
          "caption",
          [](const PyNotes& n, const GeneRef& r) -> py::object {
            auto it = n.n.find(r.gene().key());
            return it == n.n.end() ? py::object(py::none()) : py::object(text(it->second.caption));
          },
          py::arg("gene"), "The caption of a gene, or None.");

  py::class_<GeneRef> gene_class(
      m, "Gene",
      "One gene of a genome: header fields (settable), its data bytes, and its fields "
      "read through the version's gene layout.");
  const std::pair<const char*, std::uint8_t Gene::*> header_bytes[] = {
      {"id", &Gene::id},       {"generation", &Gene::generation}, {"switch_on", &Gene::switch_on},
      {"flags", &Gene::flags}, {"mutability", &Gene::mutability}, {"variant", &Gene::variant}};
  const char* const header_docs[] = {
      "gene id",
      "gene generation",
      "life stage it switches on at (0 embryo .. 6 senile)",
      "flag bits: 1 mutable, 2 duplicable, 4 deletable, 8 male only, 16 female "
      "only, 32 dormant",
      "C2/C3 mutation weighting",
      "C3 variant"};
  for (std::size_t k = 0; k < std::size(header_bytes); ++k) {
    const auto [name, member] = header_bytes[k];
    gene_class.def_property(
        name, [member](const GeneRef& r) { return r.gene().*member; },
        [member, name](GeneRef& r, py::handle v) { r.gene().*member = byte_arg(v, name); }, header_docs[k]);
  }
  gene_class
      .def_property_readonly(
          "index", [](const GeneRef& r) { return r.i; }, "position in the genome")
      .def_property_readonly(
          "kind", [](const GeneRef& r) { return gene_kind(r.gene()); },
          "the layout's name ('lobe', 'receptor', ...) or 'type5.3' without one")
      .def_property_readonly(
          "title",
          [](const GeneRef& r) { return std::string(r.gene().layout ? r.gene().layout->title : ""); },
          "the layout's title for people ('Brain lobe'), '' without one")
      .def_property(
          "type", [](const GeneRef& r) { return r.gene().type; },
          [](GeneRef& r, py::handle v) {
            Gene& g = r.gene();
            g.type = byte_arg(v, "type");
            g.layout = find_layout(r.owner->g.version, g.type, g.subtype);
          },
          "gene type (setting it looks the layout up again)")
      .def_property(
          "subtype", [](const GeneRef& r) { return r.gene().subtype; },
          [](GeneRef& r, py::handle v) {
            Gene& g = r.gene();
            g.subtype = byte_arg(v, "subtype");
            g.layout = find_layout(r.owner->g.version, g.type, g.subtype);
          },
          "gene subtype")
      .def_property_readonly(
          "flag_names", [](const GeneRef& r) { return format_flags(r.gene().flags, gene_flag_names()); },
          "the flags as text: 'mut+dup', '0' for none")
      .def_property_readonly(
          "truncated", [](const GeneRef& r) { return r.gene().truncated; }, "the file ended inside this gene")
      .def_property(
          "data", [](const GeneRef& r) { return py::bytes(std::string(r.owner->g.data(r.gene()))); },
          [](GeneRef& r, const py::bytes& b) { r.owner->g.set_data(r.gene(), std::string(b)); },
          "the data bytes after the header")
      .def_property_readonly(
          "fields", [](const GeneRef& r) { return gene_fields(r.owner->g, r.gene()); },
          "the layout's fields as the JSON form gives them: numbers, lists (tables, SVRules) and text "
          "(monikers; "
          "bytes as hex); {} when the gene has no layout or its data does not fit it")
      .def(
          "set_field",
          [](GeneRef& r, const std::string& name, unsigned value) {
            Gene& g = r.gene();
            if (!g.layout) throw py::value_error("gene " + gene_kind(g) + " has no layout, hence no fields");
            for (const FieldDef& f : g.layout->fields)
              if (name == f.name) {
                if (f.kind != FieldKind::u8 && f.kind != FieldKind::flags8 && f.kind != FieldKind::u16be)
                  throw py::value_error("field '" + name + "' is not a number (set the data bytes instead)");
                const unsigned max = f.kind == FieldKind::u16be ? 65535 : 255;
                if (value > max)
                  throw py::value_error("field '" + name + "' must be 0.." + std::to_string(max));
                r.owner->g.set_field_value(g, f, value);
                return;
              }
            throw py::key_error(name);
          },
          py::arg("name"), py::arg("value"), "Sets a numeric field of the gene's layout.")
      .def_property_readonly(
          "offset", [](const GeneRef& r) { return r.owner->g.offsets().at(r.i); },
          "byte offset of the gene's marker in encode()")
      .def(
          "summary", [](const GeneRef& r) { return summary_line(r.owner->g, r.i); },
          "The gene's line of Genome.summary().")
      .def("__repr__", [](const GeneRef& r) {
        const Gene& g = r.gene();
        return "<genokit.genome.Gene #" + std::to_string(r.i) + " " + gene_kind(g) +
               " id=" + std::to_string(g.id) + " gen=" + std::to_string(g.generation) + ">";
      });

  py::class_<PyGenome, GenomePtr>(
      m, "Genome",
      "A Creatures genome (C1, C2 or C3/DS): its genes, and the bytes around them. "
      "encode() gives back exactly the bytes it was decoded from.")
      .def_property_readonly(
          "version", [](const PyGenome& p) { return std::string(to_string(p.g.version)); },
          "'c1', 'c2' or 'c3'")
      .def_property_readonly(
          "diagnostics", [](const PyGenome& p) { return to_python(p.diags); },
          "what decoding (and validating, when asked) reported")
      .def_property_readonly(
          "has_gend", [](const PyGenome& p) { return p.g.has_gend; },
          "the 'gend' end marker follows the genes")
      .def_property_readonly(
          "tail", [](const PyGenome& p) { return py::bytes(p.g.tail); },
          "bytes after 'gend' (or after the last gene)")
      .def("__len__", [](const PyGenome& p) { return p.g.genes.size(); })
      .def("__getitem__",
           [](const GenomePtr& p, py::ssize_t i) {
             const auto n = static_cast<py::ssize_t>(p->g.genes.size());
             if (i < 0) i += n;
             if (i < 0 || i >= n) throw py::index_error("gene index out of range");
             return GeneRef{p, static_cast<std::size_t>(i)};
           })
      .def_property_readonly(
          "genes",
          [](const GenomePtr& p) {
            py::list out;
            for (std::size_t i = 0; i < p->g.genes.size(); ++i) out.append(GeneRef{p, i});
            return out;
          },
          "the genes (Gene), in order")
      .def(
          "table",
          [](const PyGenome& p) {
            const auto& genes = p.g.genes;
            const std::vector<std::size_t> offsets = p.g.offsets();
            py::dict c;
            c["kind"] = strings(genes.size(), [&](std::size_t i) { return gene_kind(genes[i]); });
#define GENOKIT_GENE_COLUMN(field) \
  c[#field] = column<std::uint8_t>(genes.size(), [&](std::size_t i) { return genes[i].field; })
            GENOKIT_GENE_COLUMN(type);
            GENOKIT_GENE_COLUMN(subtype);
            GENOKIT_GENE_COLUMN(id);
            GENOKIT_GENE_COLUMN(generation);
            GENOKIT_GENE_COLUMN(switch_on);
            GENOKIT_GENE_COLUMN(flags);
            GENOKIT_GENE_COLUMN(mutability);
            GENOKIT_GENE_COLUMN(variant);
#undef GENOKIT_GENE_COLUMN
            c["data_size"] =
                column<std::int64_t>(genes.size(), [&](std::size_t i) { return genes[i].data_size(); });
            c["offset"] = column<std::int64_t>(genes.size(), [&](std::size_t i) { return offsets[i]; });
            return table("genes", genes.size(), c);
          },
          "The gene headers as a genokit.Table: kind (list), type, subtype, id, generation, switch_on, "
          "flags, "
          "mutability, variant (uint8 arrays), data_size, offset.")
      .def(
          "encode", [](const PyGenome& p) { return py::bytes(write(p.g)); },
          "The genome's bytes (a .gen file).")
      .def(
          "save",
          [](const PyGenome& p, const std::filesystem::path& path) {
            const std::string bytes = write(p.g);
            Diagnostics d;
            bool ok;
            {
              py::gil_scoped_release unlocked;
              ok = write_file_atomic(path.string(), bytes, d);
            }
            if (!ok) raise_error(d, ErrorKind::file);
          },
          py::arg("path"), "Writes encode() to `path` atomically.")
      .def(
          "to_text",
          [](const PyGenome& p, bool comments, const std::optional<NotesPtr>& notes) {
            return to_text(p.g, {notes_arg(notes), comments});
          },
          py::arg("comments") = true, py::arg("notes") = py::none(),
          "The editable text form (`genokit genome dump`); assemble(to_text()) gives the same bytes.")
      .def(
          "summary",
          [](const PyGenome& p, const std::optional<NotesPtr>& notes) {
            return to_summary(p.g, {notes_arg(notes)});
          },
          py::arg("notes") = py::none(), "One line per gene, as the C2 genetics kits print them.")
      .def(
          "to_json",
          [](const PyGenome& p, const std::optional<NotesPtr>& notes) {
            return to_json(p.g, {notes_arg(notes)});
          },
          py::arg("notes") = py::none(), "The JSON form (`genokit genome dump --format json`).")
      .def(
          "to_dict",
          [](const PyGenome& p, const std::optional<NotesPtr>& notes) {
            return json_loads(to_json(p.g, {notes_arg(notes)}));
          },
          py::arg("notes") = py::none(), "to_json() as Python objects.")
      .def(
          "validate",
          [](const PyGenome& p) {
            Diagnostics d;
            validate(p.g, d);
            return to_python(d);
          },
          "The semantic checks (genome.* diagnostics with byte offsets in encode()).")
      .def(
          "express",
          [](const PyGenome& p, const std::string& sex, py::handle stage, bool up_to) {
            const Sex s = choice("sex", sex, {"male", "female"}) == 0 ? Sex::male : Sex::female;
            const unsigned st = stage_arg(stage);
            std::vector<std::size_t> out;
            for (std::size_t i = 0; i < p.g.genes.size(); ++i)
              if (expressed(p.g, p.g.genes[i], s, st, up_to)) out.push_back(i);
            return out;
          },
          py::arg("sex"), py::arg("stage"), py::arg("up_to") = false,
          "Indices of the genes active in a creature of `sex` ('male'/'female') at `stage` (a name: embryo, "
          "child, adolescent, youth, adult, old, senile; or 0..255); up_to=True: also genes switched on "
          "earlier.")
      .def_property_readonly(
          "moniker", [](const PyGenome& p) { return default_moniker(p.g); },
          "a 4-character moniker derived from the genome's bytes (what cross() uses by default)")
      .def("__bytes__", [](const PyGenome& p) { return py::bytes(write(p.g)); })
      .def(py::pickle([](const PyGenome& p) { return py::make_tuple(py::bytes(write(p.g))); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw py::value_error("not a pickled genokit.genome.Genome");
                        return decode(t[0].cast<std::string>(), false, false, "", "keep");
                      }))
      .def("__repr__", [](const PyGenome& p) {
        return "<genokit.genome.Genome " + std::string(to_string(p.g.version)) + " with " +
               std::to_string(p.g.genes.size()) + " genes, " + std::to_string(p.g.size()) + " bytes>";
      });

  m.def(
      "decode",
      [](const py::bytes& data, bool accept_export, bool validate_too, const std::string& name,
         const std::string& errors) {
        return decode(std::string(data), accept_export, validate_too, name, errors);
      },
      py::arg("data"), py::kw_only(), py::arg("accept_export") = false, py::arg("validate") = false,
      py::arg("name") = "", py::arg("errors") = "raise",
      "A Genome from the bytes of a .gen file (C1, C2 or C3). accept_export: also take a C1/C2 creature "
      "export (.exp) and read the genome inside. validate: also run the semantic checks. errors: 'raise' "
      "(genokit.ParseError when there are errors, e.g. a truncated gene) or 'keep' (see diagnostics). Bytes "
      "that are no genome at all always raise genokit.ParseError.");
  m.def(
      "load",
      [](const std::filesystem::path& path, bool accept_export, bool validate_too,
         const std::string& errors) {
        Diagnostics d;
        std::optional<std::string> bytes;
        {
          py::gil_scoped_release unlocked;
          bytes = read_file(path.string(), d);
        }
        if (!bytes) raise_error(d, ErrorKind::file);
        return decode(*bytes, accept_export, validate_too, path.string(), errors);
      },
      py::arg("path"), py::kw_only(), py::arg("accept_export") = true, py::arg("validate") = false,
      py::arg("errors") = "raise",
      "decode() of a file (an export is accepted by default); genokit.FileError when it cannot be read.");
  m.def(
      "assemble",
      [](py::handle t, const std::string& name) {
        const std::string source = text_bytes(t, "text");
        Diagnostics d;
        std::optional<std::string> bytes = assemble(source, d);
        if (!name.empty()) d.set_file(name);
        if (!bytes) raise_error(d, ErrorKind::parse);
        return decode(*bytes, false, false, name, "keep");
      },
      py::arg("text"), py::kw_only(), py::arg("name") = "",
      "A Genome from the text form (Genome.to_text(), `genokit genome dump`); genokit.ParseError with "
      "line and column for text that does not assemble.");
  m.def(
      "load_notes",
      [](const std::filesystem::path& path) {
        Diagnostics d;
        std::optional<std::string> bytes = read_file(path.string(), d);
        if (!bytes) raise_error(d, ErrorKind::file);
        std::optional<Notes> n = read_gno(*bytes, d);
        d.set_file(path.string());
        if (!n) raise_error(d, ErrorKind::parse);
        return std::make_shared<PyNotes>(PyNotes{std::move(*n)});
      },
      py::arg("path"), "Genetics Kit notes (.gno) for captions.");
  m.def(
      "diff",
      [](const PyGenome& a, const PyGenome& b) {
        static const char* const kKind[] = {"added", "removed", "changed", "moved"};
        py::list out;
        for (const GeneDiff& d : genome::diff(a.g, b.g)) {
          const Genome& g = d.a_index >= 0 ? a.g : b.g;
          const Gene& gene = g.genes[static_cast<std::size_t>(d.a_index >= 0 ? d.a_index : d.b_index)];
          py::dict x;
          x["kind"] = kKind[static_cast<int>(d.kind)];
          x["gene"] =
              gene_kind(gene) + " id=" + std::to_string(gene.id) + " gen=" + std::to_string(gene.generation);
          x["a_index"] = d.a_index;
          x["b_index"] = d.b_index;
          py::list changes;
          for (const FieldChange& f : d.changes) {
            py::dict c;
            c["field"] = f.field;
            c["old"] = text(f.before);
            c["new"] = text(f.after);
            changes.append(c);
          }
          x["changes"] = changes;
          out.append(x);
        }
        return out;
      },
      py::arg("a"), py::arg("b"),
      "Gene-aligned differences of two genomes (`genokit genome diff --json`): dicts with kind (added, "
      "removed, changed, moved), gene, a_index, b_index and changes [{field, old, new}].");
  m.def(
      "cross",
      [](const PyGenome& mum, const PyGenome& dad, std::uint64_t seed, const std::string& scheme,
         bool mutation, int parent_chance, int parent_degree, const std::string& mum_moniker,
         const std::string& dad_moniker, bool return_stats) {
        if (mum.g.version != dad.g.version)
          throw py::value_error("the parents are different games (" + std::string(to_string(mum.g.version)) +
                                ", " + std::string(to_string(dad.g.version)) + ")");
        const Scheme s = scheme_arg(scheme, mutation, parent_chance, parent_degree);
        auto child = std::make_shared<PyGenome>();
        OperatorStats st;
        {
          py::gil_scoped_release unlocked;
          Random rng(seed);
          child->g = genome::cross(mum.g, dad.g, rng, {s, mum_moniker, dad_moniker, &st});
        }
        return with_stats(child, st, return_stats);
      },
      py::arg("mum"), py::arg("dad"), py::kw_only(), py::arg("seed"), py::arg("scheme") = "c1",
      py::arg("mutation") = true, py::arg("parent_chance") = 0, py::arg("parent_degree") = 0,
      py::arg("mum_moniker") = "", py::arg("dad_moniker") = "", py::arg("return_stats") = false,
      "The child of two genomes of the same game (`genokit genome cross`): crossover by gene-id alignment "
      "with linkage runs and cutting errors, mutation while copying. scheme: 'c1' (linkage 1-40, single-bit "
      "mutation 1/1601) or 'c3' (linkage 10-100, weighted). Same seed, same child. return_stats=True: "
      "(child, dict of what happened).");
  m.def(
      "mutate",
      [](const PyGenome& g, std::uint64_t seed, const std::string& scheme, int parent_chance,
         int parent_degree, bool return_stats) {
        const Scheme s = scheme_arg(scheme, true, parent_chance, parent_degree);
        auto out = std::make_shared<PyGenome>();
        OperatorStats st;
        {
          py::gil_scoped_release unlocked;
          Random rng(seed);
          out->g = genome::mutate(g.g, rng, {s, &st});
        }
        return with_stats(out, st, return_stats);
      },
      py::arg("genome"), py::kw_only(), py::arg("seed"), py::arg("scheme") = "c1",
      py::arg("parent_chance") = 0, py::arg("parent_degree") = 0, py::arg("return_stats") = false,
      "A mutated copy (`genokit genome mutate`): per-byte mutation of mutable genes as the engines do when "
      "copying genes; lengths never change.");
  m.def(
      "layouts_markdown",
      [](const std::string& game) {
        const std::size_t v = choice("game", game, {"c1", "c2", "c3"});
        return layouts_markdown(v == 0 ? Version::c1 : v == 2 ? Version::c3 : Version::c2);
      },
      py::arg("game") = "c2", "The gene layout tables of a game as Markdown.");
}

}  // namespace genokit::python
