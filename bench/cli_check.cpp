// `genokit check` at library speed: the program (a new process per run, reading the file and
// printing every diagnostic to a file) against the library on the same genotypes in the same run,
// and the Framsticks SDK r909 oracle's `check` mode when it is available. Inputs: the 10,000 f0
// genotypes of bench/f0_parse.cpp (valid, about 10 lint warnings each) as a .gen file, and the
// 20,000 real f1 genotypes of bench/f1_convert.cpp as a .gen file, written to a temporary folder.
// Every rate is wall time (`genotypes/s`; the CLI runs on every core); the programs' CPU time per
// run (all threads) is `cpu_ms`.
//   GENOKIT_CLI=path/to/genokit (default: src/cli/genokit beside this program)
//   GENOKIT_SDK_ORACLE=path (default: the shared folder's tools/sdk-r909/frams-sdk-r909-oracle)
//   GENOKIT_BENCH_INPUTS=folder: write the two .gen files there and keep them (for profiling)
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "f0_genotypes.hpp"
#include "f1_genotypes.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/frams/schema.hpp"
#include "genokit/genotype/file.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;

struct Inputs {
  fs::path dir;
  std::vector<std::string> f0, f1;
  fs::path f0_gen, f1_gen;
  bool keep = false;
  Inputs() {
    const char* keep_dir = std::getenv("GENOKIT_BENCH_INPUTS");
    keep = keep_dir && *keep_dir;
    dir = keep ? fs::path(keep_dir)
               : fs::temp_directory_path() / ("genokit_cli_bench_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    f0 = bench::f0_genotypes(10000);
    f1 = bench::f1_genotypes(20000);
    f0_gen = dir / "f0_10k.gen";
    f1_gen = dir / "f1_20k.gen";
    std::ofstream(f0_gen, std::ios::binary) << bench::gen_file(f0);
    std::ofstream out(f1_gen, std::ios::binary);
    for (std::size_t i = 0; i < f1.size(); ++i)
      out << "org:\nname:creature " << i + 1 << "\ngenotype:" << f1[i] << "\n\n";
  }
  ~Inputs() {
    std::error_code ec;
    if (keep)
      for (const char* f : {"stdout.txt", "stderr.txt"}) fs::remove(dir / f, ec);
    else
      fs::remove_all(dir, ec);
  }
};

const Inputs& inputs() {
  static Inputs in;
  return in;
}

fs::path program(const char* env, const fs::path& fallback) {
  if (const char* p = std::getenv(env); p && *p) return p;
  return fallback;
}
fs::path cli() {
  return program("GENOKIT_CLI", fs::read_symlink("/proc/self/exe").parent_path() / "src/cli/genokit");
}
fs::path sdk() {
  return program("GENOKIT_SDK_ORACLE", fs::path(GENOKIT_SHARED_DIR) / "tools/sdk-r909/frams-sdk-r909-oracle");
}

// Runs `args` with stdout and stderr to files in the temporary folder; the wall time in seconds,
// or a negative value when it could not run. `cpu` gets the process's CPU time (user + system, all
// its threads), which a busy machine inflates less than the wall time.
double run(const std::vector<std::string>& args, double& cpu) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  const std::string out = (inputs().dir / "stdout.txt").string(),
                    err = (inputs().dir / "stderr.txt").string();
  posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid;
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int status = 0;
  rusage ru{};
  ::wait4(pid, &status, 0, &ru);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  cpu = seconds(ru.ru_utime) + seconds(ru.ru_stime);
  return WIFEXITED(status) ? s : -1;
}

// Wall-clock genotypes per second over `seconds` of timed work,
// and, as `best/s`, the rate of the fastest run: on a machine that other work loads now and then,
// the runs that met two free cores.
void rate(benchmark::State& st, std::size_t genotypes, double seconds, double fastest) {
  st.counters["genotypes/s"] =
      static_cast<double>(genotypes) * static_cast<double>(st.iterations()) / seconds;
  st.counters["best/s"] = static_cast<double>(genotypes) / fastest;
}

// Times `fn` per iteration (wall clock) and reports the rate.
template <class Fn>
void timed(benchmark::State& st, std::size_t genotypes, Fn fn) {
  double total = 0, fastest = 1e30;
  for (auto _ : st) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    st.SetIterationTime(s);
    total += s;
    fastest = std::min(fastest, s);
  }
  rate(st, genotypes, total, fastest);
}

void program_run(benchmark::State& st, const std::vector<std::string>& args, std::size_t genotypes) {
  if (!fs::exists(args[0])) {
    st.SkipWithError(("not found: " + args[0]).c_str());
    return;
  }
  double total = 0, total_cpu = 0, fastest = 1e30;
  for (auto _ : st) {
    double cpu = 0;
    const double s = run(args, cpu);
    if (s < 0) {
      st.SkipWithError(("could not run " + args[0]).c_str());
      return;
    }
    st.SetIterationTime(s);
    total += s;
    total_cpu += cpu;
    fastest = std::min(fastest, s);
  }
  rate(st, genotypes, total, fastest);
  st.counters["cpu_ms"] = 1e3 * total_cpu / static_cast<double>(st.iterations());
}

// ---- f0: 10,000 genotypes ---------------------------------------------------------------------

void BM_CliCheckF0Gen(benchmark::State& st) {
  program_run(st, {cli().string(), "check", inputs().f0_gen.string()}, inputs().f0.size());
}
BENCHMARK(BM_CliCheckF0Gen)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The library path of bench/f0_parse.cpp's BM_F0ParseBuildValidate: parse + build + validate, one
// thread, no lint (the SDK's work): the CLI's target.
void BM_LibF0OneThread(benchmark::State& st) {
  genokit::f0::ParseOptions po;
  po.lint = false;
  timed(st, inputs().f0.size(), [&] {
    for (const auto& g : inputs().f0) {
      genokit::Diagnostics d;
      benchmark::DoNotOptimize(genokit::f0::parse(g, d, po).valid);
    }
  });
}
BENCHMARK(BM_LibF0OneThread)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same with genokit's lint warnings (what `check` runs), one thread.
void BM_LibF0LintOneThread(benchmark::State& st) {
  timed(st, inputs().f0.size(), [&] {
    for (const auto& g : inputs().f0) {
      genokit::Diagnostics d;
      benchmark::DoNotOptimize(genokit::f0::parse(g, d).valid);
    }
  });
}
BENCHMARK(BM_LibF0LintOneThread)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same with the lint warnings only counted (a Diagnostics list that keeps none): what `check`
// does for genotypes after the file's list is full.
void BM_LibF0LintCountedOneThread(benchmark::State& st) {
  timed(st, inputs().f0.size(), [&] {
    for (const auto& g : inputs().f0) {
      genokit::Diagnostics d;
      d.set_limit(0);
      benchmark::DoNotOptimize(genokit::f0::parse(g, d).valid);
    }
  });
}
BENCHMARK(BM_LibF0LintCountedOneThread)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_SdkCheckF0Gen(benchmark::State& st) {
  program_run(st, {sdk().string(), "check", inputs().f0_gen.string()}, inputs().f0.size());
}
BENCHMARK(BM_SdkCheckF0Gen)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(2);

// Reading alone, as `check` reads a .gen file (mapped, Framsticks reader with the .gen schema, the
// list of genotypes), one thread: the part of the program's work that is not in the library rates.
void read_gen(benchmark::State& st, const fs::path& file, std::size_t genotypes) {
  genokit::genotype::FileOptions fo;
  fo.load.schema = &genokit::frams::genotype_loader_schema();
  timed(st, genotypes, [&] {
    genokit::Diagnostics d;
    auto bytes = genokit::read_bytes(file.string(), d);
    auto f = genokit::genotype::read_genotypes(std::move(*bytes), file.string(), d, fo);
    benchmark::DoNotOptimize(f.genotypes.data());
  });
}
void BM_LibReadF0Gen(benchmark::State& st) {
  read_gen(st, inputs().f0_gen, inputs().f0.size());
}
BENCHMARK(BM_LibReadF0Gen)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);

// ---- f1: 20,000 real genotypes ----------------------------------------------------------------

void BM_CliCheckF1Gen(benchmark::State& st) {
  program_run(st, {cli().string(), "check", inputs().f1_gen.string()}, inputs().f1.size());
}
BENCHMARK(BM_CliCheckF1Gen)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);

// bench/f1_convert.cpp's BM_F1ConvertNoLint: convert + build + validate, one thread, no lint.
void BM_LibF1OneThread(benchmark::State& st) {
  genokit::f1::ConvertOptions o;
  o.lint = false;
  timed(st, inputs().f1.size(), [&] {
    for (const auto& g : inputs().f1) {
      genokit::Diagnostics d;
      benchmark::DoNotOptimize(genokit::f1::convert(g, d, o).model.valid);
    }
  });
}
BENCHMARK(BM_LibF1OneThread)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same with genokit's lint warnings (what `check` runs), one thread.
void BM_LibF1LintOneThread(benchmark::State& st) {
  timed(st, inputs().f1.size(), [&] {
    for (const auto& g : inputs().f1) {
      genokit::Diagnostics d;
      benchmark::DoNotOptimize(genokit::f1::convert(g, d).model.valid);
    }
  });
}
BENCHMARK(BM_LibF1LintOneThread)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_LibReadF1Gen(benchmark::State& st) {
  read_gen(st, inputs().f1_gen, inputs().f1.size());
}
BENCHMARK(BM_LibReadF1Gen)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_SdkCheckF1Gen(benchmark::State& st) {
  program_run(st, {sdk().string(), "check", inputs().f1_gen.string()}, inputs().f1.size());
}
BENCHMARK(BM_SdkCheckF1Gen)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
