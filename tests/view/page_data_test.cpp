// The page data encoding: base64, the float32 row codec (lossless, and small for smooth motion),
// thinning long runs, and JSON that is safe inside a <script> element.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "genokit/view/html.hpp"
#include "genokit/view/page.hpp"
#include "view/blob.hpp"

using namespace genokit;
using namespace genokit::view;

TEST(ViewBlob, Base64MatchesRfc4648Vectors) {
  const std::pair<std::string, std::string> v[] = {{"", ""},
                                                   {"f", "Zg=="},
                                                   {"fo", "Zm8="},
                                                   {"foo", "Zm9v"},
                                                   {"foob", "Zm9vYg=="},
                                                   {"fooba", "Zm9vYmE="},
                                                   {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, coded] : v) {
    EXPECT_EQ(detail::base64_encode(plain), coded);
    EXPECT_EQ(detail::base64_decode(coded), plain);
  }
  std::string all;
  for (int i = 0; i < 256; ++i) all += static_cast<char>(i);
  EXPECT_EQ(detail::base64_decode(detail::base64_encode(all)), all);
  EXPECT_FALSE(detail::base64_decode("Zm9v!"));
  EXPECT_FALSE(detail::base64_decode("Z"));
}

TEST(ViewBlob, RowCodecIsLosslessForEveryBitPattern) {
  std::vector<float> v = {0.0f,
                          -0.0f,
                          1.0f,
                          -1.5f,
                          std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::max(),
                          -std::numeric_limits<float>::max(),
                          3.14159274f,
                          1e-30f,
                          12345.678f,
                          0.1f,
                          7.0f};
  for (bool compress : {false, true}) {
    const std::string bytes = detail::encode_rows(v, 3, compress);
    auto back = detail::decode_rows(bytes, v.size(), 3, compress);
    ASSERT_TRUE(back);
    ASSERT_EQ(back->size(), v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      EXPECT_EQ(std::bit_cast<std::uint32_t>((*back)[i]), std::bit_cast<std::uint32_t>(v[i])) << i;
  }
  EXPECT_FALSE(detail::decode_rows("garbage", v.size(), 3, true));
}

// Smooth motion (a walking chain of 11 parts over 10,000 frames) shrinks to well under half.
TEST(ViewBlob, SmoothMotionCompresses) {
  const std::size_t P = 11, N = 10000;
  std::vector<float> v;
  v.reserve(3 * P * N);
  for (std::size_t f = 0; f < N; ++f)
    for (std::size_t p = 0; p < P; ++p) {
      const double t = static_cast<double>(f) * 0.01;
      v.push_back(static_cast<float>(5 + 0.2 * t + static_cast<double>(p) * 0.9 +
                                     0.05 * std::sin(3 * t + static_cast<double>(p))));
      v.push_back(static_cast<float>(10 + 0.1 * std::cos(2 * t + 0.5 * static_cast<double>(p))));
      v.push_back(static_cast<float>(0.1 + 0.05 * std::max(0.0, std::sin(3 * t + static_cast<double>(p)))));
    }
  const std::string raw = detail::encode_rows(v, 3 * P, false);
  const std::string packed = detail::encode_rows(v, 3 * P, true);
  EXPECT_EQ(raw.size(), 4 * v.size());
  EXPECT_LT(packed.size(), raw.size() / 2) << packed.size() << " of " << raw.size();
}

TEST(ViewPage, ThinningKeepsFirstAndLastWithinTheBudget) {
  Page page;
  Scene s;
  s.frames.count = 1001;
  s.frames.time = {1, {}};
  s.frames.com = {3, {}};
  for (std::size_t i = 0; i < 1001; ++i) {
    s.frames.time.values.push_back(static_cast<float>(i));
    s.frames.com.values.insert(s.frames.com.values.end(), {static_cast<float>(i), 0, 0});
  }
  page.scenes.push_back(s);
  EXPECT_EQ(thin_frames(page, 100000), 1u);  // under the budget: untouched
  EXPECT_EQ(page.scenes[0].frames.count, 1001u);
  const std::size_t k = thin_frames(page, 4 * 100);  // 4 values a frame, at most 100 frames
  const Frames& f = page.scenes[0].frames;
  EXPECT_EQ(k, 11u);
  EXPECT_LE(f.count, 100u);
  EXPECT_EQ(f.time.values.front(), 0.0f);
  EXPECT_EQ(f.time.values.back(), 1000.0f);
  EXPECT_EQ(f.time.values[1], 11.0f);
  EXPECT_EQ(f.com.values.size(), 3 * f.count);
  EXPECT_EQ(f.com.values[3], 11.0f);
  EXPECT_EQ(page.scenes[0].notes.size(), 1u);
}

TEST(ViewPage, JsonIsSafeInsideAScriptElementAndKeepsTheText) {
  Page page;
  page.title = "</script><script>alert(1)</script> <!--";
  Scene s;
  s.source.genotype = "//0\np:\n</SCRIPT>\xC3\xA9";
  s.frames.count = 1;
  s.frames.com = {3, {1, 2, 3}};
  page.scenes.push_back(s);
  const std::string text = page_json(page);
  EXPECT_EQ(text.find('<'), std::string::npos);
  auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["format"], "genokit-view");
  EXPECT_EQ(j["title"], page.title);
  EXPECT_EQ(j["scenes"][0]["source"]["genotype"], s.source.genotype);
  const auto& blob = j["scenes"][0]["frames"]["com"];
  EXPECT_EQ(blob["codec"], "f32-xs-deflate");
  EXPECT_EQ(blob["rows"], 1);
  EXPECT_EQ(blob["cols"], 3);
  auto bytes = detail::base64_decode(blob["b64"].get<std::string>());
  ASSERT_TRUE(bytes);
  EXPECT_EQ(detail::decode_rows(*bytes, 3, 3, true), (std::vector<float>{1, 2, 3}));
}

TEST(ViewPage, HtmlHoldsTheDataTheScriptAndNoExternalReference) {
  Page page;
  page.title = "a & b";
  Scene s;
  s.frames.count = 1;
  s.frames.com = {3, {0, 0, 0}};
  page.scenes.push_back(s);
  Diagnostics d;
  auto html = write_html(page, d);
  if (!viewer_bundled()) {
    EXPECT_FALSE(html);
    ASSERT_FALSE(d.items().empty());
    EXPECT_EQ(d.items()[0].code, "view.no-viewer");
    GTEST_SKIP() << "genokit was built without the viewer script (no npm at build time)";
  }
  ASSERT_TRUE(html);
  EXPECT_EQ(html->rfind("<!doctype html>", 0), 0u);
  EXPECT_NE(html->find("<title>a &amp; b - genokit view</title>"), std::string::npos);
  EXPECT_NE(html->find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
  EXPECT_NE(html->find("id=\"genokit-view-data\""), std::string::npos);
  EXPECT_NE(html->find("three.js authors"), std::string::npos);  // the licence notice travels with the code
  EXPECT_GT(html->size(), viewer_bundle_size());
  EXPECT_LT(html->size(), viewer_bundle_size() + 4096);
  // No src= or href= pointing outside the file.
  for (const char* attr : {"src=\"http", "href=\"http", "src=\"//", "href=\"//"})
    EXPECT_EQ(html->find(attr), std::string::npos) << attr;
}
