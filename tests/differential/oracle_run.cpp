#include "differential/oracle_run.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <fstream>

namespace genokit::differential {
namespace fs = std::filesystem;

namespace {

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs the oracle on `file`; its output, and whether it exited normally with status 0.
bool run_once(const std::string& oracle, const fs::path& file, std::string& out) {
  // (timeout: a genotype the SDK loops on must not hang the harness)
  const std::string cmd = "timeout 300 " + quoted(oracle) + " gen " + quoted(file.string()) + " 2>/dev/null";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return false;
  char buf[1 << 16];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = ::pclose(p);
  return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void batch(const std::string& oracle, const fs::path& file, const std::vector<std::string>& genotypes,
           std::size_t a, std::size_t b, std::vector<OracleResult>& out) {
  std::vector<std::string> part(genotypes.begin() + static_cast<std::ptrdiff_t>(a),
                                genotypes.begin() + static_cast<std::ptrdiff_t>(b));
  std::ofstream(file, std::ios::binary) << gen_file_text(part, a);
  std::string text;
  const bool ok = run_once(oracle, file, text);
  f0::test::OracleFile f;
  std::string err;
  const bool parsed = ok && f0::test::parse_oracle(text, f, err) && f.genotypes.size() == b - a;
  if (parsed) {
    for (std::size_t i = a; i < b; ++i) out[i].dump = std::move(f.genotypes[i - a]);
    return;
  }
  if (b - a == 1) {
    out[a].crashed = !ok;
    out[a].problem = !ok ? "the SDK oracle crashed or timed out"
                         : "the SDK's dump cannot be read (" + (err.empty() ? "block count" : err) + ")";
    return;
  }
  // (the halves go to a file of their own, so a kept batch file stays whole)
  const fs::path half = file.parent_path() / (file.stem().string() + ".split.gen");
  const std::size_t mid = a + (b - a) / 2;
  batch(oracle, half, genotypes, a, mid, out);
  batch(oracle, half, genotypes, mid, b, out);
}

}  // namespace

std::string gen_file_text(const std::vector<std::string>& genotypes, std::size_t first_index) {
  std::string text;
  for (std::size_t i = 0; i < genotypes.size(); ++i) {
    text += "org:\nname:g" + std::to_string(first_index + i) + "\ngenotype:~\n";
    for (char c : genotypes[i]) {
      if (c == '~' || c == '\\') text += '\\';
      text += c;
    }
    text += "~\n\n";
  }
  return text;
}

std::vector<OracleResult> run_oracle(const std::string& oracle, const fs::path& file,
                                     const std::vector<std::string>& genotypes, std::string& error) {
  std::vector<OracleResult> out(genotypes.size());
  if (!fs::exists(oracle)) {
    error = "the SDK oracle program was not found at " + oracle;
    return out;
  }
  if (!genotypes.empty()) batch(oracle, file, genotypes, 0, genotypes.size(), out);
  return out;
}

}  // namespace genokit::differential
