// `genokit frams ...`: Framsticks-file-specific commands (JSON both ways, property definitions,
// type strings, checking values against prop: definitions).
#include <iostream>
#include <memory>

#include "cli/registry.hpp"
#include "core/diagnostics_json.hpp"
#include "frams/json.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/json.hpp"
#include "genokit/frams/schema.hpp"

namespace genokit::cli {

// Defined in format_frams.cpp.
frams::LoadOptions frams_load_options(const Input& in, const Options& opt);
frams::Document frams_load(const Input& in, const Options& opt, Diagnostics& diags);

namespace {

using namespace genokit::frams;

// Prints diagnostics (or their JSON) and raises the exit code.
void finish(const Diagnostics& diags, const Options& opt) {
  if (opt.json && !diags.empty())
    std::cerr << genokit::detail::to_json(diags).dump(2) << '\n';
  else
    print_diagnostics(diags);
  if (diags.has_errors() || (opt.strict && diags.warning_count() > 0)) raise_exit_code(kExitInvalid);
}

// Loads `file` as a Framsticks document and hands it to `fn`; prints the diagnostics after.
template <class Fn>
void with_document(const std::string& file, const Options& opt, Fn fn) {
  Diagnostics diags;
  Input in;
  if (load_input(file, in, diags)) {
    Document doc = frams_load(in, opt, diags);
    fn(in, doc, diags);
  }
  finish(diags, opt);
}

void setup(CLI::App& root) {
  auto* frams =
      root.add_subcommand("frams", "Framsticks object files: JSON, property definitions, type strings");
  frams->require_subcommand(1);

  {
    auto opt = std::make_shared<Options>();
    auto file = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>("-");
    auto typed = std::make_shared<bool>(false);
    auto* c =
        frams->add_subcommand("to-json", "Write a Framsticks file as JSON ([{\"_classname\":...}, ...])");
    c->add_option("file", *file, "Input file ('-' = stdin)")->required();
    c->add_option("-o,--output", *out, "Output file ('-' = stdout)");
    c->add_flag("--typed", *typed, "Numbers for d/f properties of known classes (strings otherwise)");
    add_common_options(*c, *opt);
    c->callback([=] {
      with_document(*file, *opt, [&](const Input&, const Document& doc, Diagnostics& diags) {
        JsonOptions jo;
        jo.typed = *typed;
        jo.indent = 2;
        if (!diags.has_errors()) write_output(*out, to_json(doc, jo) + "\n", diags);
      });
    });
  }
  {
    auto opt = std::make_shared<Options>();
    auto file = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>("-");
    auto* c = frams->add_subcommand("from-json",
                                    "Write JSON (as produced by to-json) as canonical Framsticks text");
    c->add_option("file", *file, "Input JSON file ('-' = stdin)")->required();
    c->add_option("-o,--output", *out, "Output file ('-' = stdout)");
    add_common_options(*c, *opt);
    c->callback([=] {
      Diagnostics diags;
      Input in;
      if (load_input(*file, in, diags))
        if (const auto text = json_to_text(in.bytes, diags, {in.name})) write_output(*out, *text, diags);
      finish(diags, *opt);
    });
  }
  {
    auto opt = std::make_shared<Options>();
    auto file = std::make_shared<std::string>();
    auto* c = frams->add_subcommand("props", "List and validate the prop:/property: definitions of a file");
    c->add_option("file", *file, "Input file, e.g. an .expdef or .neuro ('-' = stdin)")->required();
    add_common_options(*c, *opt);
    c->callback([=] {
      with_document(*file, *opt, [&](const Input&, const Document& doc, Diagnostics& diags) {
        ClassSchema cls = props_from_document(doc, "props", diags);
        const nlohmann::json all = frams::detail::props_json(cls);
        if (opt->json) {
          print_json(all);
        } else {
          for (const auto& j : all) {
            std::cout << j["id"].get<std::string>() << "\t" << j["meaning"].get<std::string>();
            if (j.contains("flags")) std::cout << " [" << j["flags"].get<std::string>() << "]";
            std::cout << '\n';
          }
        }
      });
    });
  }
  {
    auto type = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto* c = frams->add_subcommand("type", "Explain a property type string, e.g. \"d 0 3 1 ~a~b~c~d\"");
    c->add_option("type", *type, "The type string")->required();
    c->add_flag("--json", *json, "Machine-readable JSON output");
    c->callback([=] {
      const nlohmann::json j = frams::detail::type_json(*type);
      const bool ok = j["valid"].get<bool>();
      if (*json)
        print_json(j);
      else
        print_human(j);
      if (!ok) raise_exit_code(kExitInvalid);
    });
  }
  {
    auto opt = std::make_shared<Options>();
    auto file = std::make_shared<std::string>();
    auto props_file = std::make_shared<std::string>();
    auto cls = std::make_shared<std::string>();
    auto unknown = std::make_shared<bool>(false);
    auto* c = frams->add_subcommand(
        "check-values",
        "Check the values of a file's objects against prop: definitions (e.g. a .sim against an .expdef)");
    c->add_option("file", *file, "File whose values are checked ('-' = stdin)")->required();
    c->add_option("--props", *props_file,
                  "File with the prop:/property: definitions (.expdef, .neuro, .show)")
        ->required();
    c->add_option("--class", *cls, "Only objects of this class (default: every object)");
    c->add_flag("--report-unknown", *unknown, "Also list fields that no prop: defines (as notes)");
    add_common_options(*c, *opt);
    c->callback([=] {
      Diagnostics diags;
      Input in, defs;
      if (!load_input(*file, in, diags) || !load_input(*props_file, defs, diags)) return finish(diags, *opt);
      Document def_doc = frams_load(defs, *opt, diags);
      ClassSchema table = props_from_document(def_doc, *cls, diags);
      Options vopt = *opt;
      Document doc = frams_load(in, vopt, diags);
      std::size_t n = 0;
      for (const Object& o : doc.objects) {
        if (!cls->empty() && o.class_name != *cls) continue;
        if (o.class_name == "prop" || o.class_name == "property") continue;
        ClassSchema named = table;
        named.name = std::string(o.class_name);
        named.build_index();
        check_values(doc, o, named, diags, *unknown);
        ++n;
      }
      if (!opt->json)
        std::cout << in.name << ": " << n << " object(s) checked against " << table.props.size()
                  << " property definition(s): " << diags.error_count() << " error(s)\n";
      finish(diags, *opt);
    });
  }
}

const CommandRegistrar reg(60, setup, "frams");

}  // namespace
}  // namespace genokit::cli
