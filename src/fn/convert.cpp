// fn -> f0 (notes encodings.md §5.3): a non-empty vector converts to one default part ("p:");
// the vector's text as the SDK's operators write it.
#include <cstdio>

#include "f0/build.hpp"
#include "genokit/core/text.hpp"
#include "genokit/fn/convert.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fn {

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  out.model.valid = false;
  const std::size_t errors = diags.error_count();
  if (!read_vector(genotype, out.values, diags, &out.sdk_messages, opt.strict)) return out;
  const auto h = frams::parse_genotype_header(genotype);
  const std::size_t body = h.declared ? h.body_offset : 0;
  if (out.values.empty()) {
    diags.error("fn.empty-vector",
                "The vector is empty: an fn genotype needs at least one number (the SDK says nothing)",
                LineIndex(genotype).locate(body));
    return out;
  }
  out.converted = true;
  out.model.body_offset = body;
  out.model.parts.emplace_back();
  Diagnostics check;
  f0::final_check(out.model, check, f0::ParseOptions{});
  if (diags.error_count() > errors) out.model.valid = false;  // --strict: a warning became an error
  return out;
}

std::string write(const std::vector<double>& values) {
  std::string s = "[";
  char buf[64];
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) s += ", ";
    std::snprintf(buf, sizeof buf, "%.8g", values[i]);
    s += buf;
  }
  return s + "]";
}

int check_validity(std::string_view genotype) {
  Diagnostics d;
  std::vector<double> v;
  return read_vector(genotype, v, d) && !v.empty() ? 0 : 1;
}

bool check(std::string_view genotype, Diagnostics& diags) {
  Diagnostics d;
  std::vector<double> v;
  if (read_vector(genotype, v, d) && !v.empty()) return true;
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error) diags.report(x.severity, x.code, x.message, x.where);
  if (!d.has_errors())
    diags.error("fn.empty-vector", "The vector is empty: an fn genotype needs at least one number");
  return false;
}

}  // namespace genokit::fn
