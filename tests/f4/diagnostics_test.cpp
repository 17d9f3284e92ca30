// f4 diagnostics: each failure positioned at its code with a stable code (the SDK is silent about
// most of them), the quirks' warnings, the limits, and --strict.
#include <gtest/gtest.h>

#include "genokit/f4/convert.hpp"

using namespace genokit;

namespace {

struct Result {
  bool valid = false, converted = false;
  std::vector<Diagnostic> items;
  bool has(const std::string& code, Severity s, std::uint32_t line = 0, std::uint32_t column = 0) const {
    for (const auto& d : items)
      if (d.code == code && d.severity == s &&
          (line == 0 || (d.where.line == line && d.where.column == column)))
        return true;
    return false;
  }
};

Result run(std::string_view text, f4::ConvertOptions opt = {}) {
  Diagnostics d;
  const auto c = f4::convert(text, d, opt);
  return {c.model.valid, c.converted, d.items()};
}

}  // namespace

TEST(F4Diagnostics, DevelopmentErrorsArePositioned) {
  const Result r = run("//4\n<X>\n  X<X>X");  // the second stick divides: ... X< at line 3, column 4
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(r.has("f4.stick-divides", Severity::error, 3, 4));
  EXPECT_TRUE(run("//4\n<X>").has("f4.undifferentiated-cell", Severity::error, 2, 3));
  EXPECT_TRUE(run("//4\n<X>Y").has("f4.unknown-code", Severity::error, 2, 4));
  EXPECT_TRUE(run("//4\n<X>N:Foo").has("f4.unknown-code", Severity::error, 2, 4));
  EXPECT_TRUE(run("//4\n<X>N[Q:1]").has("f4.wrong-sensor", Severity::error, 2, 5));
  EXPECT_TRUE(run("//4\nN").has("f4.neuron-without-parent", Severity::error, 2, 1));
  EXPECT_TRUE(run("//4\n<X>NL").has("f4.stick-code-on-neuron", Severity::error, 2, 5));
  EXPECT_TRUE(run("//4\n<X><N:|>N[-1:1]").has("f4.input-refused", Severity::error, 2, 10));
  EXPECT_TRUE(run("//4\n").has("f4.empty", Severity::error));
  EXPECT_TRUE(run("//4\n:").has("f4.bad-neuron-parameter", Severity::error));
}

TEST(F4Diagnostics, ParseErrorsTheConverterSkips) {
  // A '#' without a count: the SDK converts the code before it (one stick here) and its genetic
  // check rejects the genotype.
  const Result r = run("//4\n<X#>X");
  EXPECT_TRUE(r.valid);
  EXPECT_TRUE(r.has("f4.bad-repetition", Severity::warning, 2, 3));
  EXPECT_EQ(f4::check_validity("//4\n<X#>X"), 1);
  Diagnostics d;
  EXPECT_FALSE(f4::check("//4\n<X#>X", d));
  EXPECT_TRUE(run("//4\n<X>X@").has("f4.misplaced-muscle-control", Severity::warning, 2, 5));
}

TEST(F4Diagnostics, QuirksAndLimits) {
  EXPECT_TRUE(run("//4\n<X>N:|").has("f4.joint-neuron-unattached", Severity::warning, 2, 4));
  EXPECT_TRUE(run("//4\n<X>N:+!:").has("f4.neuron-parameter-build-dependent", Severity::warning, 2, 5));
  EXPECT_TRUE(run("//4\n<X>N[T:0.123456789]").has("f4.weight-rounded", Severity::warning, 2, 5));
  EXPECT_TRUE(run("//4\n<X>N[5:1]").has("f4.input-dropped", Severity::warning, 2, 5));
  EXPECT_TRUE(run("//4\nX>X").has("f4.ignored-text", Severity::warning, 2, 3));
  const Result limit = run("//4\n<X>#999999<X>>X");
  EXPECT_TRUE(limit.valid);  // 99 sticks, as the SDK
  EXPECT_TRUE(limit.has("f4.cell-limit", Severity::warning));
  EXPECT_TRUE(run("//4\n<X><N[1:nan]>N").has("f4.non-finite-weight", Severity::error));
  EXPECT_TRUE(run("//4\n<X><N[1:1e9]>N").has("f4.weight-clamped", Severity::warning));
  // genokit's own limits: executed codes, and text read again and again.
  f4::ConvertOptions small;
  small.budget = 1000;
  EXPECT_TRUE(run("//4\n#100#100,>>X", small).has("f4.development-limit", Severity::error));
  EXPECT_TRUE(run("//4\n" + std::string(40, '<') + "X").has("f4.too-many-codes", Severity::error));
  // The same text without lint: only what the SDK itself says or does.
  f4::ConvertOptions quiet;
  quiet.lint = false;
  EXPECT_TRUE(run("//4\n<X>N:+!:[T:0.123456789]", quiet).items.empty());
  // --strict: a warning is an error and the model is invalid.
  f4::ConvertOptions strict;
  strict.strict = true;
  const Result s = run("//4\n<X>N:|", strict);
  EXPECT_FALSE(s.valid);
  EXPECT_TRUE(s.has("f4.joint-neuron-unattached", Severity::error));
}
