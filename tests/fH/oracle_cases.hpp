// Oracle comparisons shared by the fH, fB and fL tests (header-only; each test program compiles
// tests/f1's dump reader through its sdk_dump.cpp): a conversion of any of these encodings against
// an SDK r909 dump block (verdict, messages, counts, geometry, properties, neurons, connections,
// f0_out), and the reference cases of one folder of oracle-sdk-r909/encodings.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "f1/oracle_compare.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::enc_test {

inline std::filesystem::path encodings_dir() {
  return genokit::test::corpus_dir() / "framsticks" / "oracle-sdk-r909" / "encodings";
}

// The comparable part of a conversion (every converter's result has these fields).
template <class Conv>
std::vector<std::string> compare_with_dump(const f1::test::Dump& dump, const Conv& c,
                                           f1::test::CompareStats* stats = nullptr) {
  f1::Conversion as;
  as.model = c.model;
  as.converted = c.converted;
  as.sdk_messages = c.sdk_messages;
  // (a dump is line-based: a message holding a newline, e.g. neuron details from a quoted text over
  // two lines, is cut there)
  for (auto& m : as.sdk_messages)
    if (const auto nl = m.find('\n'); nl != std::string::npos) m.resize(nl);
  as.sdk_error_pos = c.sdk_error_pos;
  as.sdk_warn_pos = c.sdk_warn_pos;
  std::vector<std::string> diffs;
  f1::test::compare(dump, as, diffs, stats);
  // The f0 final check gives non-delta joints an angle of +0 where the SDK's getAngles gives -0
  // (genokit's f0 module; invisible in f0 text, which omits these angles): not a converter matter.
  std::erase_if(diffs, [](const std::string& d) {
    return d.starts_with("j[") && d.ends_with(": SDK -0, genokit 0") &&
           (d.find("].rx:") != std::string::npos || d.find("].ry:") != std::string::npos ||
            d.find("].rz:") != std::string::npos);
  });
  return diffs;
}

// The reference cases `<folder>/*.<ext>` in name order.
inline std::vector<std::filesystem::path> reference_cases(const std::string& folder, const std::string& ext) {
  std::vector<std::filesystem::path> out;
  for (auto& e : std::filesystem::directory_iterator(encodings_dir() / folder))
    if (e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Every reference case of a folder converted with `convert(text)` and compared with its dump.
template <class Convert>
void check_reference_cases(const std::string& folder, const std::string& ext, std::size_t expected,
                           Convert convert) {
  const auto cases = reference_cases(folder, ext);
  ASSERT_EQ(cases.size(), expected);
  f1::test::CompareStats stats;
  for (const auto& p : cases) {
    SCOPED_TRACE(p.filename().string());
    std::vector<f1::test::Dump> dumps;
    std::string err;
    ASSERT_TRUE(f1::test::read_dumps(genokit::test::slurp(p.string() + ".oracle.txt"), dumps, err)) << err;
    ASSERT_EQ(dumps.size(), 1u);
    const auto c = convert(genokit::test::slurp(p));
    for (const auto& x : compare_with_dump(dumps[0], c, &stats))
      ADD_FAILURE() << p.filename().string() << ": " << x;
  }
  EXPECT_EQ(stats.positions, stats.positions_exact) << "positions not bit-exact";
}

// The number of generated genotypes and the seed of a differential test: the defaults keep the test
// fast; GENOKIT_DIFF_COUNT and GENOKIT_DIFF_SEED run longer campaigns by hand.
inline std::size_t diff_count(std::size_t fallback) {
  const char* e = std::getenv("GENOKIT_DIFF_COUNT");
  return e && *e ? static_cast<std::size_t>(std::strtoull(e, nullptr, 10)) : fallback;
}
inline unsigned diff_seed(unsigned fallback) {
  const char* e = std::getenv("GENOKIT_DIFF_SEED");
  return e && *e ? static_cast<unsigned>(std::strtoul(e, nullptr, 10)) : fallback;
}

inline std::filesystem::path oracle_program() {
  return genokit::test::shared_dir() / "tools" / "sdk-r909" / "frams-sdk-r909-oracle";
}

// Differential testing against the SDK r909 oracle program: the genotypes are written as org:
// objects of .gen files, which both the oracle (gen mode) and genokit's Framsticks reader read;
// `convert` is applied to each genotype as read back, and every difference is reported (at most
// `max_reports`). The SDK crashes on some genotypes (fB: a gene of several handles that then meets
// an unclosed quote): a batch that crashes is split until the crashing genotypes are found; genokit
// must reject those (`crashed`).
struct DiffStats {
  std::size_t differing = 0, valid = 0, total = 0;  // valid: by the SDK
  std::size_t crashed = 0;                          // the SDK crashed (genokit rejected each)
  std::size_t undefined = 0;  // skipped: the SDK's result is undefined behaviour (convert gave nullopt)
};
template <class T>
const T& deref(const T& c) {
  return c;
}
template <class T>
const T& deref(const std::optional<T>& c) {
  return *c;
}
template <class Convert>
DiffStats differential(const std::string& tag, const std::vector<std::string>& genotypes, Convert convert,
                       std::size_t max_reports = 20) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("genokit-" + tag + "-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path gen = dir / "cases.gen", out = dir / "cases.oracle.txt";
  auto write_gen = [&](std::size_t a, std::size_t b) {
    std::string text;
    for (std::size_t i = a; i < b; ++i) {
      text += "org:\nname:g" + std::to_string(i) + "\ngenotype:~\n";
      for (char c : genotypes[i]) {
        if (c == '~') text += '\\';  // (only '~' is escaped in a ~-string)
        text += c;
      }
      text += "~\n\n";
    }
    std::ofstream(gen, std::ios::binary) << text;
  };
  std::vector<std::optional<f1::test::Dump>> dumps(genotypes.size());
  std::vector<std::string> read_back(genotypes.size());
  std::vector<char> crashed(genotypes.size(), 0);
  // One batch [a, b): the oracle's dumps, or (it crashed) its halves.
  std::function<void(std::size_t, std::size_t)> batch = [&](std::size_t a, std::size_t b) {
    write_gen(a, b);
    const std::string cmd =
        "'" + oracle_program().string() + "' gen '" + gen.string() + "' > '" + out.string() + "' 2>/dev/null";
    if (std::system(cmd.c_str()) != 0) {
      if (b - a == 1) {
        crashed[a] = 1;
        return;
      }
      const std::size_t mid = a + (b - a) / 2;
      batch(a, mid);
      batch(mid, b);
      return;
    }
    std::vector<f1::test::Dump> got;
    std::string err;
    ASSERT_TRUE(f1::test::read_dumps(genokit::test::slurp(out), got, err)) << err;
    Diagnostics fd;
    const auto doc = frams::load_file(gen.string(), fd);
    std::size_t k = a;
    for (const auto& o : doc.objects)
      if (o.class_name == "org" && k < b) read_back[k++] = std::string(o.get("genotype"));
    ASSERT_EQ(k, b);
    ASSERT_EQ(got.size(), b - a);
    for (std::size_t i = a; i < b; ++i) dumps[i] = std::move(got[i - a]);
  };
  for (std::size_t a = 0; a < genotypes.size(); a += 100) batch(a, std::min(genotypes.size(), a + 100));
  DiffStats st;
  std::size_t reported = 0;
  for (std::size_t i = 0; i < genotypes.size(); ++i) {
    ++st.total;
    if (crashed[i]) {
      ++st.crashed;
      const auto c = convert(genotypes[i]);
      EXPECT_FALSE(deref(c).model.valid)
          << tag << ": the SDK crashes on genotype " << i << " but genokit accepts it:\n"
          << genotypes[i];
      continue;
    }
    if (!dumps[i]) continue;
    st.valid += dumps[i]->valid;
    const auto c = convert(read_back[i]);
    if constexpr (requires { c.has_value(); }) {  // a converter that can say "undefined in the SDK"
      if (!c) {
        ++st.undefined;
        continue;
      }
    }
    const auto diffs = compare_with_dump(*dumps[i], deref(c));
    if (diffs.empty()) continue;
    ++st.differing;
    if (reported++ >= max_reports) continue;
    std::string all;
    for (const auto& d : diffs) all += "\n  " + d;
    ADD_FAILURE() << tag << " genotype " << i << ":\n" << read_back[i] << "\n--" << all;
  }
  fs::remove_all(dir);
  std::cout << tag << ": " << st.total << " genotypes, " << st.valid << " valid by the SDK, " << st.crashed
            << " crash the SDK, " << st.undefined << " undefined in the SDK (skipped), " << st.differing
            << " differ\n";
  return st;
}

}  // namespace genokit::enc_test
