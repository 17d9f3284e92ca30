// f1 genotypes as they appear in files: bare .f1 files and the org: genotypes of Framsticks files
// (.gen), with diagnostics mapped back to the file, and conversion of whole files to f0.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/files.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::f1 {

// One f1 genotype of an input (the same record as for f0); `field` is nullptr for a bare file.
using FileGenotype = f0::FileGenotype;

// The f1 genotypes (no header, "/*1*/" or "//1") of a loaded Framsticks file, in file order.
std::vector<FileGenotype> find_f1_genotypes(const frams::Document& doc);
// The f1 genotypes of an input: the whole text, or the org: genotypes when it is a Framsticks file
// (then `doc` holds the parsed file).
std::vector<FileGenotype> inputs(std::string_view text, const std::string& file_name, frams::Document& doc,
                                 Diagnostics& diags);
// Copies diagnostics positioned in g.text into `to`, positioned in the file and naming the org.
using f0::map_diagnostics;

struct FileConvertOptions {
  ConvertOptions convert;
  bool keep_invalid = false;  // leave invalid genotypes unchanged (warning) instead of failing
};
// f0 text of an input: a bare f1 genotype becomes "//0\n" + canonical f0; a Framsticks file keeps
// every byte except its f1 genotype fields, which become canonical "//0" genotypes. Returns false
// (nothing to write) when a genotype is invalid and !keep_invalid. `converted` counts genotypes.
bool convert_text(std::string_view input, const std::string& file_name, const FileConvertOptions& opt,
                  Diagnostics& diags, std::string& out, std::size_t* converted = nullptr);

// The conversion as JSON: the f0 model (f0::to_json) plus "f1_map" (text ranges -> elements,
// with line/column in `text`) and "sdk_messages".
nlohmann::json to_json(const Conversion& c, std::string_view text);

}  // namespace genokit::f1
