// Cross-module behaviour of the genokit program: generic commands routing to the right format,
// genotypes inside Framsticks files, usage errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "common/cli_run.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/frams/schema.hpp"
#include "genokit/genotype/file.hpp"

namespace fs = std::filesystem;
using genokit::test::run_cli;

namespace {

fs::path example(const std::string& rel) {
  return genokit::test::source_dir() / "examples" / rel;
}

fs::path temp_file(const std::string& name, const std::string& content) {
  fs::path dir = fs::temp_directory_path() / ("genokit_cli_it_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / name;
  genokit::Diagnostics d;
  EXPECT_TRUE(genokit::write_file_atomic(p.string(), content, d));
  return p;
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(run_cli("").code, 2);
  EXPECT_EQ(run_cli("check").code, 2);
  EXPECT_EQ(run_cli("no-such-command").code, 2);
  EXPECT_EQ(run_cli("check --no-such-flag x").code, 2);
  auto help = run_cli("check --help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("Validate files"), std::string::npos);
}

// --opt keys are checked against every format's keys: an unknown key (or a value a key does not
// take) is a usage error naming the valid keys; it used to be ignored silently.
TEST(Cli, UnknownOptKeyIsAUsageErrorNamingTheValidKeys) {
  const std::string f0 = example("f0/walker.f0").string();
  auto r = run_cli("check --opt f0-lnt=off '" + f0 + "'");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("unknown --opt key 'f0-lnt' (valid keys: "), std::string::npos) << r.out;
  for (const char* key : {"f0-lint=on|off", "f0-order=sdk|spec", "f1-lint=on|off", "lossless",
                          "schema=gen|builtin|none", "compat"})
    EXPECT_NE(r.out.find(key), std::string::npos) << key << "\n" << r.out;
  r = run_cli("check --opt f0-order=specs '" + f0 + "'");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("--opt f0-order takes sdk|spec, not 'specs'"), std::string::npos) << r.out;
  EXPECT_EQ(run_cli("show --opt nonsense '" + f0 + "'").code, 2);
  EXPECT_EQ(run_cli("frams to-json --opt x=1 '" + example("framsticks/creatures.gen").string() + "'").code,
            2);
  // Known keys still work.
  EXPECT_EQ(run_cli("check --opt f0-lint=off --opt f0-order=sdk '" + f0 + "'").code, 0);
  EXPECT_EQ(run_cli("cat --opt lossless '" + example("framsticks/creatures.gen").string() + "'").code, 0);
}

// Framsticks 5.x hinge joints: SDK r909's reading by default (sh clamps to 1 with its warning, hx
// is unknown), read and kept with --opt f0-hinges=on (check) and --f0-hinges (fmt).
TEST(Cli, HingeJointsOnlyWhenAsked) {
  const auto path =
      std::filesystem::temp_directory_path() / ("genokit_cli_hinges_" + std::to_string(::getpid()) + ".f0");
  std::ofstream(path) << "p:sh=1\np:1,sh=1\nj:0,1,sh=2,hx=0.5\n";
  const std::string f = " '" + path.string() + "'";
  auto r = run_cli("check" + f);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("Setting j.sh = '2' exceeded allowed range (too big). Adjusted to '1'."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Unknown property 'j.hx' (ignored)"), std::string::npos) << r.out;
  r = run_cli("check --opt f0-hinges=on" + f);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find("j.sh"), std::string::npos) << r.out;
  r = run_cli("fmt" + f);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("sh=1\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("hx="), std::string::npos) << r.out;
  r = run_cli("fmt --f0-hinges" + f);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("sh=2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hx=0.5"), std::string::npos) << r.out;
  std::filesystem::remove(path);
}

TEST(Cli, MissingFileIsInvalidInput) {
  auto r = run_cli("check /nonexistent/file.gen");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(
      r.out.find(
          "/nonexistent/file.gen: error: cannot open file: No such file or directory [core.read-failed]"),
      std::string::npos)
      << r.out;
}

TEST(Cli, ShowOnGenFileListsEveryReadableGenotypeWithItsNetwork) {
  auto r = run_cli("show --json '" + example("f0/zoo.gen").string() + "'", false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.is_array());
  ASSERT_GE(j.size(), 1u);
  EXPECT_EQ(j[0]["name"], "Snake");
  EXPECT_EQ(j[0]["format"], "0");
  EXPECT_EQ(j[0]["valid"], true);
  ASSERT_TRUE(j[0].contains("network"));
  auto text = run_cli("show '" + example("f0/zoo.gen").string() + "'", false);
  EXPECT_EQ(text.out.rfind("=== org 'Snake' (f0)\n", 0), 0u) << text.out;
}

// Many genotypes are checked in parallel; the diagnostics must still come in file order, each at
// its own line of the file.
TEST(Cli, ParallelGenotypeCheckKeepsFileOrderAndLines) {
  std::string gen;
  int line = 1;
  std::vector<int> bad_lines;
  for (int i = 0; i < 400; ++i) {
    gen += "org:\nname:c" + std::to_string(i) + "\ngenotype:~\n//0\np:\np:1\n";
    line += 6;  // org, name, genotype, //0, p:, p:1 -> next line is the joint
    if (i % 97 == 3) {
      gen += "j:0,5\n";  // reference to a missing part
      bad_lines.push_back(line);
    } else {
      gen += "j:0,1\n";
    }
    gen += "~\n\n";
    line += 3;
  }
  fs::path p = temp_file("many.gen", gen);
  auto r = run_cli("check '" + p.string() + "'");
  EXPECT_EQ(r.code, 1);
  std::size_t pos = 0;
  for (int l : bad_lines) {
    std::string where = p.string() + ":" + std::to_string(l) + ":";
    std::size_t at = r.out.find(where, pos);
    ASSERT_NE(at, std::string::npos) << "no diagnostic at line " << l << " after offset " << pos << "\n"
                                     << r.out;
    pos = at + 1;
  }
  EXPECT_NE(r.out.find("invalid (" + std::to_string(bad_lines.size()) + " errors"), std::string::npos)
      << r.out;
  fs::remove_all(p.parent_path());
}

// Genotypes are checked while the file is still being read (and an #include is followed): the
// reader's warnings, from the whole file, still come first, then the malformed genotype headers,
// then the genotypes' diagnostics in file order (an included file's in its place), then the notes.
TEST(Cli, GenotypesCheckedWhileReadingReportInFileOrder) {
  std::string filler;
  for (int i = 0; i < 300; ++i) filler += "org:\nname:f" + std::to_string(i) + "\ngenotype:~\n//0\np:\n~\n\n";
  const int lines = 300 * 7;
  const fs::path inc = temp_file("inc.gen", "org:\nname:i1\ngenotype:~\n//0\np:\nn:d=Bar\n~\nzzz:2\n");
  const fs::path p = temp_file(
      "streamed.gen",
      filler + "org:\nname:a\ngenotype:~\n//0\np:\nn:d=Foo\n~\nbogus:1\n\n" +
          // (an escaped '~': this genotype's diagnostics are positioned once the file is read)
          "org:\nname:e\ngenotype:~\n//0\np:i=\"\\~\"\nn:d=Qux\n~\n\n" + filler +
          "#include \"inc.gen\"\n\norg:\nname:b\ngenotype:/*0\n\norg:\nname:c\ngenotype:X[Baz]\nqqq:3\n\n" +
          filler + "org:\nname:d\ngenotype:/*7*/abc\n");
  auto r = run_cli("check '" + p.string() + "'");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::string m = p.string() + ":", i = inc.string() + ":";
  auto line = [&](int n) { return std::to_string(lines + n) + ":"; };
  auto line2 = [&](int n) { return std::to_string(2 * lines + 8 + n) + ":"; };
  const std::vector<std::string> want = {
      p.string() + ": frams: ok (0 errors, 8 warnings)",  // (stdout, flushed before stderr)
      m + line(8) + "1: warning: Ignored unknown property 'org.bogus' [frams.unknown-field]",
      i + "8:1: warning: Ignored unknown property 'org.zzz' [frams.unknown-field]",
      m + line2(19) + "1: warning: Ignored unknown property 'org.qqq' [frams.unknown-field]",
      m + line2(14) +
          "10: warning: Invalid genotype format declaration in the genotype of org 'b' "
          "[frams.genotype-bad-header]",
      m + line(6) +
          "1: warning: Neuron #0 has the unknown class 'Foo' (the Framsticks SDK accepts it but "
          "cannot simulate it) (in org 'a') [f0.unknown-neuron-class]",
      m + line(15) +
          "1: warning: Neuron #0 has the unknown class 'Qux' (the Framsticks SDK accepts it but "
          "cannot simulate it) (in org 'e') [f0.unknown-neuron-class]",
      i + "6:1: warning: Neuron #0 has the unknown class 'Bar' (the Framsticks SDK accepts it but cannot "
          "simulate it) (in org 'i1') [f0.unknown-neuron-class]",
      m + line2(18) +
          "12: warning: Neuron class 'Baz' is not in the SDK r909 library (in org 'c') "
          "[f1.unknown-neuron-class]",
      m + std::to_string(3 * lines + 8 + 23) +
          ":10: note: 1 genotype(s) in encoding f7 were not checked (genokit cannot read f7 genotypes yet); "
          "the first one is here [frams.genotype-not-checked]"};
  std::vector<std::string> got;
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);) got.push_back(l);
  EXPECT_EQ(got, want) << r.out;
  fs::remove_all(p.parent_path());
}

// More diagnostics than the list keeps (10,000): the first ones in file order are printed, the
// rest only counted, whatever order the threads finish in.
TEST(Cli, GenotypeCheckPastTheDiagnosticsLimitKeepsTheFirstInFileOrder) {
  std::string gen;
  for (int i = 0; i < 3000; ++i)
    gen += "org:\nname:c" + std::to_string(i) +
           "\ngenotype:~\n//0\np:\nn:d=Foo\nn:d=Foo\nn:d=Foo\nn:d=Foo\nn:d=Foo\n~\n\n";
  fs::path p = temp_file("limit.gen", gen);
  auto r = run_cli("check '" + p.string() + "'");
  EXPECT_EQ(r.code, 0) << r.out.substr(0, 2000);
  // Five warnings per genotype: genotypes c0..c1999 fill the list, in order.
  std::size_t pos = 0, shown = 0;
  for (int i = 0; i < 2000; ++i) {
    const std::string org = "(in org 'c" + std::to_string(i) + "')";
    for (int k = 0; k < 5; ++k) {
      const std::size_t at = r.out.find(org, pos);
      ASSERT_NE(at, std::string::npos) << org << " #" << k;
      pos = at + 1;
      ++shown;
    }
  }
  EXPECT_EQ(shown, 10000u);
  EXPECT_EQ(r.out.find("(in org 'c2000')"), std::string::npos);
  EXPECT_NE(r.out.find("genokit: note: 5000 more diagnostics were not shown"), std::string::npos);
  EXPECT_NE(r.out.find("15000 warnings"), std::string::npos);
  fs::remove_all(p.parent_path());
}

// `check` prints exactly what the library reports for the genotypes one by one, in file order:
// many lint warnings of every kind (more than the list keeps), an invalid genotype, genotypes
// written on one line and over several, each line positioned in the file.
TEST(Cli, CheckPrintsTheLibrarysDiagnosticsOfEveryGenotypeInFileOrder) {
  const char* bodies[] = {
      "p:\np:\nj:0,1\nn:d=Foo\nn:d=\"N:in=abc, fo=7\"\nn:j=0,d=@\nc:1,1\nc:1,2,0.5\nc:1,2,-1\n",
      "p:1,2,3\np:1,2,3\np:-1\nj:0,1\nj:1,2\nn:p=0,d=G\nn:d=|\nn:d=S\nc:2,0\nc:2,1\nc:2,2\n",
      "p:\nn:d=\"N:zzz=1, 3\"\nn:d=Sin\nc:0,1,2\nc:1,0\nc:0,0\n",
      "p:\np:1\nj:0,5\n",  // an error: a joint to a missing part
      "p:\np:1\nj:0,1\n",  // nothing to say
  };
  std::string gen;
  for (int i = 0; i < 5000; ++i) {
    const std::string body = bodies[i % 5];
    gen += "org:\nname:c" + std::to_string(i) + (i % 7 == 3 ? "\n# a comment line\n" : "\n") +
           "genotype:~\n//0\n" + body + "~\n\n";
  }
  const fs::path p = temp_file("lint.gen", gen);
  // What the library reports, genotype by genotype (the door with its default options: lint on).
  genokit::Diagnostics want;
  genokit::genotype::FileOptions fo;
  fo.load.schema = &genokit::frams::genotype_loader_schema();
  const auto file = genokit::genotype::read_genotypes(gen, p.string(), want, fo);
  ASSERT_EQ(file.genotypes.size(), 5000u);
  for (const auto& g : file.genotypes) genokit::genotype::read(file, g, want);
  ASSERT_GT(want.dropped(), 0u) << want.warning_count();  // the list is full: later ones only counted
  std::string expected = p.string() + ": frams: invalid (" + std::to_string(want.error_count()) +
                         " errors, " + std::to_string(want.warning_count()) + " warnings)\n";
  for (const auto& d : want.items()) expected += genokit::format_gcc(d) + "\n";
  expected += "genokit: note: " + std::to_string(want.dropped()) + " more diagnostics were not shown\n";
  const auto r = run_cli("check '" + p.string() + "'");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, expected);
  fs::remove_all(p.parent_path());
}

// The same with the reader's own warnings (an unknown field in every third org), which come first
// and take room in the list, and checking two files in one run (each has its own list).
TEST(Cli, CheckPrintsTheReadersDiagnosticsFirstAndKeepsTheLimitAcrossBoth) {
  std::string gen;
  for (int i = 0; i < 4000; ++i)
    gen += "org:\nname:c" + std::to_string(i) + (i % 3 == 0 ? "\nfoo:1\n" : "\n") +
           "genotype:~\n//0\np:\nn:d=\"N:zzz=1, 3\"\nn:d=Sin\nc:0,1,2\nc:1,0\nc:0,0\n~\n\n";
  const fs::path p = temp_file("reader.gen", gen);
  genokit::Diagnostics want;
  genokit::genotype::FileOptions fo;
  fo.load.schema = &genokit::frams::genotype_loader_schema();
  const auto file = genokit::genotype::read_genotypes(gen, p.string(), want, fo);
  ASSERT_GT(want.items().size(), 1000u);  // the reader's warnings
  for (const auto& g : file.genotypes) genokit::genotype::read(file, g, want);
  ASSERT_GT(want.dropped(), 0u);
  std::string one =
      p.string() + ": frams: ok (0 errors, " + std::to_string(want.warning_count()) + " warnings)\n";
  for (const auto& d : want.items()) one += genokit::format_gcc(d) + "\n";
  one += "genokit: note: " + std::to_string(want.dropped()) + " more diagnostics were not shown\n";
  const auto r = run_cli("check '" + p.string() + "' '" + p.string() + "'");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, one + one);
  fs::remove_all(p.parent_path());
}

}  // namespace

namespace {

TEST(Cli, ShowAndRenderF1Genotypes) {
  auto r = run_cli("show --json '" + example("f1/zoo.gen").string() + "'", false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.is_array());
  EXPECT_EQ(j[0]["name"], "Tripod");
  EXPECT_EQ(j[0]["format"], "1");
  EXPECT_TRUE(j[0].contains("f1_map"));
  fs::path svg = fs::temp_directory_path() / ("genokit_cli_it_" + std::to_string(::getpid()) + ".svg");
  auto rr = run_cli("render '" + example("f1/snake.f1").string() + "' -o '" + svg.string() + "'");
  EXPECT_EQ(rr.code, 0) << rr.out;
  EXPECT_EQ(genokit::test::slurp(svg).rfind("<svg", 0), 0u);
  fs::remove(svg);
}

}  // namespace
