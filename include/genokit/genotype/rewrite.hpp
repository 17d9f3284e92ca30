// Rewriting the genotypes of a file as f0 text while every other byte stays: canonical f0
// (`genokit fmt`) and conversion of other encodings to f0 (`genokit convert --to f0`).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::genotype {

struct RewriteOptions {
  // The encodings whose genotypes are rewritten ("0": canonical f0; "1": f1 -> f0; ...). Genotypes
  // of other encodings are left as they are.
  std::vector<std::string> formats{"0"};
  FileOptions file;  // how the file is read (a bare file: FileOptions::format / bare)
  ReadOptions read;  // how each genotype is read
  // An invalid genotype is left unchanged with a warning (<encoding>.left-unconverted) instead of
  // failing the whole file.
  bool keep_invalid = false;
};

struct Rewritten {
  std::string text;           // the new file text
  std::size_t rewritten = 0;  // genotypes written as f0 (changed or not)
};

// The file's text with every genotype of RewriteOptions::formats written as the SDK writes f0:
// a bare genotype becomes "//0" + canonical f0 (an f0 genotype without header stays without one);
// in a Framsticks file only those genotype fields change, every other byte is kept. std::nullopt
// (nothing to write) when the file cannot be read or a genotype is invalid and !keep_invalid;
// the reasons are in `diags`, positioned in the file.
std::optional<Rewritten> rewrite(std::string_view bytes, const std::string& file_name, Diagnostics& diags,
                                 const RewriteOptions& opt = {});

}  // namespace genokit::genotype
