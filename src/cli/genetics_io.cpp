// Shared by the commands running genetic operators (genetics_io.hpp).
#include "cli/genetics_io.hpp"

#include <cstdio>

#include "genokit/frams/document.hpp"

namespace genokit::cli {

void add_genetics_options(CLI::App& cmd, GeneticsArgs& a) {
  cmd.add_option("--sim", a.sim,
                 "Operator parameters from Framsticks .sim files, ';'-separated, later files win (e.g. "
                 "\"eval-allcriteria.sim;f1_params.sim\": f1_smX, f0_p_new, neuadd_N, gen_extmutinfo, ...)");
  cmd.add_option("--set", a.set, "One operator parameter NAME=VALUE, after the .sim files (repeatable)");
}

std::optional<genotype::OperatorSettings> load_genetics(const GeneticsArgs& a) {
  genotype::OperatorSettings s;
  if (!a.sim.empty()) {
    Diagnostics d;
    auto loaded = genotype::load_operator_settings(a.sim, d);
    print_diagnostics(d);
    if (!loaded || d.has_errors()) {
      raise_exit_code(kExitInvalid);
      return std::nullopt;
    }
    s = std::move(*loaded);
  }
  for (const std::string& kv : a.set) {
    Diagnostics d;
    const bool ok = s.assign(kv, d);
    d.set_file("--set " + kv);
    print_diagnostics(d);
    if (!ok) {
      raise_exit_code(kExitUsage);
      return std::nullopt;
    }
  }
  return s;
}

std::optional<genotype::GenotypeFile> read_genotype_file(const Input& in) {
  Diagnostics d;
  genotype::GenotypeFile f = genotype::read_genotypes(in.bytes, in.name, d);
  d.set_file(in.name);
  print_diagnostics(d);
  if (d.has_errors()) {
    raise_exit_code(kExitInvalid);
    return std::nullopt;
  }
  return f;
}

std::string_view parent_text(const genotype::GenotypeFile& f, const genotype::FileGenotype& g) {
  std::string_view t = g.text;
  if (!f.framsticks && g.format == "1")
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.remove_suffix(1);
  return t;
}

void append_org(std::string& out, const std::vector<std::pair<std::string, std::string>>& fields) {
  out += "org:\n";
  for (const auto& [k, v] : fields) {
    out += k;
    out += ':';
    frams::write_canonical_value(k, v, out);  // (ends the line)
  }
  out += '\n';
}

std::string format_fraction(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

}  // namespace genokit::cli
