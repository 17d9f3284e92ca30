#include "genokit/core/diagnostics.hpp"

#include <gtest/gtest.h>

#include "genokit/core/diagnostics_json.hpp"

namespace genokit {

TEST(Diagnostics, FormatsGccStyleWithCode) {
  Diagnostic d{Severity::error, "frams.unterminated-multiline", "closing '~' not found", {"a.gen", 3, 7, 40}};
  EXPECT_EQ(format_gcc(d), "a.gen:3:7: error: closing '~' not found [frams.unterminated-multiline]");
}

TEST(Diagnostics, FormatsByteOffsetWhenNoLine) {
  Diagnostic d{Severity::warning, "genome.truncated", "gene ends early", {"norn.gen", 0, 0, 418}};
  EXPECT_EQ(format_gcc(d), "norn.gen: warning: at byte 418: gene ends early [genome.truncated]");
}

TEST(Diagnostics, CountsBeyondTheLimit) {
  Diagnostics ds;
  ds.set_limit(2);
  for (int i = 0; i < 5; ++i) ds.error("x.e", "e");
  ds.warning("x.w", "w");
  EXPECT_EQ(ds.items().size(), 2u);
  EXPECT_EQ(ds.error_count(), 5u);
  EXPECT_EQ(ds.warning_count(), 1u);
  EXPECT_EQ(ds.dropped(), 4u);
}

// A caller that builds costly messages asks keeps_next() first and counts the rest: the counts are
// those of reporting every one.
TEST(Diagnostics, CountDroppedMatchesReporting) {
  Diagnostics ds;
  ds.set_limit(1);
  EXPECT_TRUE(ds.keeps_next());
  ds.warning("x.w", "kept");
  EXPECT_FALSE(ds.keeps_next());
  ds.count_dropped(Severity::warning);
  ds.count_dropped(Severity::error);
  ds.count_dropped(Severity::note);
  EXPECT_EQ(ds.items().size(), 1u);
  EXPECT_EQ(ds.warning_count(), 2u);
  EXPECT_EQ(ds.error_count(), 1u);
  EXPECT_TRUE(ds.has_errors());
  EXPECT_EQ(ds.dropped(), 3u);
}

TEST(Diagnostics, AppendKeepsCountsAndSetFileFillsOnlyEmpty) {
  Diagnostics a, b;
  b.set_limit(1);
  b.error("x.e", "one", {"b.txt", 1, 1, 0});
  b.error("x.e", "two");
  a.append(b);
  EXPECT_EQ(a.error_count(), 2u);
  EXPECT_EQ(a.items().size(), 1u);
  a.warning("x.w", "three");
  a.set_file("a.txt");
  EXPECT_EQ(a.items()[0].where.file, "b.txt");
  EXPECT_EQ(a.items()[1].where.file, "a.txt");
}

TEST(Diagnostics, Json) {
  Diagnostic d{Severity::warning, "frams.duplicate-field", "dup", {"f", 2, 1, 10}};
  EXPECT_EQ(
      to_json(d),
      R"({"code":"frams.duplicate-field","column":1,"file":"f","line":2,"message":"dup","offset":10,"severity":"warning"})");
  Diagnostic noloc{Severity::error, "c", "m", {}};
  EXPECT_EQ(to_json(noloc), R"({"code":"c","message":"m","severity":"error"})");
  Diagnostics list;
  list.warning("x.w", "bad \xff byte");
  EXPECT_EQ(
      to_json(list),
      "{\"diagnostics\":[{\"code\":\"x.w\",\"message\":\"bad \xEF\xBF\xBD byte\",\"severity\":\"warning\"}],"
      "\"dropped\":0,\"errors\":0,\"warnings\":1}");
}

}  // namespace genokit
