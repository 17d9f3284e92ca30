// The genotypes of a file: listing, positions in the file, picking, rewriting.
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/encoding.hpp"

#include <gtest/gtest.h>

#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/rewrite.hpp"

namespace genokit::genotype {
namespace {

const char* kGen =
    "# two creatures\n"
    "org:\n"
    "name:A\n"
    "genotype:X(X,X)\n"
    "\n"
    "org:\n"
    "name:B\n"
    "genotype:~\n"
    "//0\n"
    "p:\n"
    "p:1\n"
    "j:0,5\n"
    "~\n"
    "\n"
    "org:\n"
    "name:C\n"
    "genotype:// 4\n"
    "\n"
    "org:\n"
    "name:D\n"
    "genotype:/*S*/E\n";

TEST(GenotypeFile, ListsEveryOrgGenotypeWithItsEncoding) {
  Diagnostics d;
  const GenotypeFile f = read_genotypes(kGen, "t.gen", d);
  EXPECT_TRUE(d.empty());
  EXPECT_TRUE(f.framsticks);
  ASSERT_EQ(f.genotypes.size(), 4u);
  EXPECT_EQ(f.genotypes[0].format, "1");
  EXPECT_EQ(f.genotypes[0].name, "A");
  EXPECT_EQ(f.genotypes[1].format, "0");
  EXPECT_EQ(f.genotypes[1].org_index, 1u);
  EXPECT_TRUE(f.genotypes[2].bad_header);
  EXPECT_EQ(f.genotypes[3].format, "S");  // fS: no SDK r909 converter, none in genokit
  EXPECT_FALSE(f.genotypes[3].readable());
  EXPECT_EQ(f.select().size(), 2u);  // the readable ones
  EXPECT_EQ(f.select({"S"}).size(), 1u);
  EXPECT_EQ(f.find("")->name, "A");
  EXPECT_EQ(f.find("B")->name, "B");
  EXPECT_EQ(f.find("1")->name, "B");
  EXPECT_EQ(f.find("0", {"0"})->name, "B");
  EXPECT_EQ(f.find("D"), nullptr);  // not readable
  EXPECT_EQ(f.find("2"), nullptr);
}

TEST(GenotypeFile, BareFilesFollowTheirOptions) {
  Diagnostics d;
  EXPECT_EQ(read_genotypes("p:\n", "x", d).genotypes[0].format, "1");
  FileOptions o;
  o.bare = Bare::f0;
  const GenotypeFile f = read_genotypes("p:\n", "x", d, o);
  EXPECT_FALSE(f.framsticks);
  ASSERT_EQ(f.genotypes.size(), 1u);
  EXPECT_EQ(f.genotypes[0].format, "0");
  EXPECT_EQ(f.genotypes[0].field, nullptr);
  o.format = "1";
  EXPECT_EQ(read_genotypes("//0\np:\n", "x", d, o).genotypes[0].format, "1");
}

TEST(GenotypeFile, DiagnosticsAndElementsArePositionedInTheFile) {
  Diagnostics d;
  const GenotypeFile f = read_genotypes(kGen, "t.gen", d);
  const auto r = read(f, f.genotypes[1], d);
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->model.valid);
  ASSERT_GE(d.items().size(), 1u);
  const Diagnostic& e = d.items()[0];
  EXPECT_EQ(e.where.file, "t.gen");
  EXPECT_EQ(e.where.line, 12u);  // "j:0,5"
  EXPECT_EQ(e.where.column, 1u);
  EXPECT_NE(e.message.find(" (in org 'B')"), std::string::npos);
  // Element positions: line and column of the file, offset still in the genotype.
  EXPECT_EQ(r->model.parts[1].src.line, 11u);
  EXPECT_EQ(r->model.parts[1].src.column, 1u);
  EXPECT_EQ(r->model.parts[1].src.offset, 7);
  Diagnostics d1;
  const auto a = read(f, f.genotypes[0], d1);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->model.parts[2].src.line, 4u);
  EXPECT_EQ(a->model.parts[2].src.column, 12u);  // "genotype:X(X,X)": the second X
}

// The line-index locator gives exactly what Document::locate_value gives, for plain, multi-line,
// escaped and CRLF values at every offset (and past the end).
TEST(GenotypeFile, LocatorAgreesWithTheFramsticksReader) {
  const char* files[] = {
      kGen,
      "org:\r\ngenotype:~\r\n//0\r\np:\r\np:1\r\n~\r\n",
      "org:\ngenotype:~\n//0\np:i=\"a\\~b\"\np:1\n~\n",
      "org:\ngenotype:X\\~X\n",
      "org:\ngenotype:~\n\n\nX\n~",
      "org:\ngenotype:~",
      "org:\ngenotype:~\nX(X,\n X)~\n",
  };
  for (const char* text : files) {
    Diagnostics d;
    const GenotypeFile f = read_genotypes(text, "f.gen", d);
    for (const FileGenotype& g : f.genotypes) {
      const GenotypeFile::Locator loc(f, g);
      for (std::size_t off = 0; off <= g.text.size() + 2; ++off) {
        const Location want = f.doc.locate_value(*g.field, off), got = loc.at(off);
        EXPECT_EQ(got.line, want.line) << text << " @" << off;
        EXPECT_EQ(got.column, want.column) << text << " @" << off;
        EXPECT_EQ(got.offset, want.offset) << text << " @" << off;
        EXPECT_EQ(got.file, want.file);
      }
    }
  }
}

// While the file is read, a genotype whose field holds its bytes as they stand is located as it
// is afterwards, and positioned the same way; an escaped or CR-stripped one must wait for the file.
TEST(GenotypeFile, LocatorWhileReadingAgreesWithTheFile) {
  const std::string files[] = {
      std::string(kGen) + "\n",
      "org:\r\nname:crlf\r\ngenotype:~\r\n//0\r\np:\r\np:1\r\n~\r\n",
      "org:\nname:esc\ngenotype:~\n//0\np:i=\"a\\~b\"\np:1\n~\n",
      "org:\nname:one line\ngenotype:X(X,\n X)~\n\norg:\nname:plain\ngenotype:~\n//0\np:\nx:\n~\n",
  };
  for (const std::string& text : files) {
    std::vector<std::optional<GenotypeFile::Locator>> early;
    FileOptions fo;
    fo.on_genotype = [&](const FileGenotype& g) {
      ASSERT_NE(g.source, nullptr);
      early.push_back(GenotypeFile::Locator::while_reading(g));
    };
    Diagnostics d;
    const GenotypeFile f = read_genotypes(text, "f.gen", d, fo);
    ASSERT_EQ(early.size(), f.genotypes.size()) << text;
    for (std::size_t i = 0; i < early.size(); ++i) {
      const FileGenotype& g = f.genotypes[i];
      EXPECT_EQ(g.source, &f.doc.source(g.field->source));
      EXPECT_EQ(early[i].has_value(), !g.field->decoded) << text;
      if (!early[i]) continue;
      const GenotypeFile::Locator loc(f, g);
      for (std::size_t off = 0; off <= g.text.size() + 2; ++off) {
        const Location want = loc.at(off), got = early[i]->at(off);
        EXPECT_EQ(got.line, want.line) << text << " @" << off;
        EXPECT_EQ(got.column, want.column) << text << " @" << off;
        EXPECT_EQ(got.offset, want.offset) << text << " @" << off;
        EXPECT_EQ(got.file, want.file);
      }
      Diagnostics a, b;
      for (Diagnostics* x : {&a, &b}) {
        read(g.text, *x);
        x->warning("test.somewhere", "at the end",
                   Location{{}, 0, 0, static_cast<std::int64_t>(g.text.size())});
      }
      f.position(g, a);
      early[i]->position(g.name, b);
      ASSERT_EQ(a.items().size(), b.items().size());
      for (std::size_t k = 0; k < a.items().size(); ++k) {
        EXPECT_EQ(format_gcc(a.items()[k]), format_gcc(b.items()[k]));
        EXPECT_NE(a.items()[k].message.find("(in org '" + g.name + "')"), std::string::npos);
      }
    }
  }
}

TEST(GenotypeFile, PickReadsOneGenotypeOrSaysWhyNot) {
  Diagnostics d;
  auto p = pick(kGen, "t.gen", "A", d);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->source->name, "A");
  EXPECT_EQ(p->genotype.format, "1");
  EXPECT_EQ(p->genotype.model.parts.size(), 4u);
  auto moved = std::move(p);  // the picked genotype stays valid when moved
  EXPECT_EQ(moved->source->text, "X(X,X)");
  Diagnostics n;
  EXPECT_EQ(pick(kGen, "t.gen", "Nobody", n), std::nullopt);
  ASSERT_EQ(n.items().size(), 1u);
  EXPECT_EQ(n.items()[0].code, "genotype.no-genotype");
  EXPECT_EQ(n.items()[0].message,
            "no " + encoding_names("or") + " genotype named or numbered 'Nobody' (2 in the file)");
  Diagnostics e;
  EXPECT_EQ(pick("org:\nname:x\n", "e.gen", "", e), std::nullopt);
  EXPECT_EQ(e.items()[0].message, "the file holds no " + encoding_names("or") + " genotype");
  Diagnostics only;
  PickOptions po;
  po.formats = {"1"};
  EXPECT_EQ(pick(kGen, "t.gen", "B", only, po), std::nullopt);
  EXPECT_EQ(only.items()[0].message, "no f1 genotype named or numbered 'B' (1 in the file)");
  Diagnostics bare;
  po.formats.clear();
  po.file.bare = Bare::f0;
  const auto b = pick("p:\np:1\nj:0,1\n", "b.f0", "ignored", bare, po);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->genotype.model.joints.size(), 1u);
  EXPECT_EQ(b->source->field, nullptr);
}

TEST(GenotypeRewrite, CanonicalF0KeepsEveryOtherByte) {
  const std::string gen =
      "# keep\norg:\nname:A\ngenotype:~\n//0\np:\np: 1 ,0,0\nj:0,1\n~\nx:1\n\norg:\ngenotype:X\n";
  Diagnostics d;
  const auto r = rewrite(gen, "c.gen", d);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->rewritten, 1u);
  EXPECT_EQ(r->text,
            "# keep\norg:\nname:A\ngenotype:~\n//0\np:\np:1.0\nj:0, 1\n~\nx:1\n\norg:\ngenotype:X\n");
  // A bare body stays a body; a header stays.
  RewriteOptions bare;
  bare.file.format = "0";
  EXPECT_EQ(rewrite("p:\np:1\nj:0,1\n", "b", d, bare)->text, "p:\np:1.0\nj:0, 1\n");
  EXPECT_EQ(rewrite("/*0*/p:\n", "b", d, bare)->text, "//0\np:\n");
  EXPECT_TRUE(d.empty());
}

TEST(GenotypeRewrite, F1ToF0AndInvalidGenotypes) {
  RewriteOptions ro;
  ro.formats = {"1"};
  Diagnostics d;
  const auto r = rewrite("org:\nname:A\ngenotype:X\n\norg:\ngenotype://0\np:\n", "f.gen", d, ro);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->text,
            "org:\nname:A\ngenotype:~\n//0\np:vr=0.5, 0.5, 0.5\np:1.0, vr=0.5, 0.5, 0.5\n"
            "j:0, 1, dx=1.0, 0.0, 0.0, vr=0.5, 0.5, 0.5\n~\n\norg:\ngenotype://0\np:\n");
  const std::string bad = "org:\ngenotype:XY\n\norg:\ngenotype:XX\n";
  Diagnostics e;
  EXPECT_EQ(rewrite(bad, "bad.gen", e, ro), std::nullopt);
  EXPECT_TRUE(e.has_errors());
  ro.keep_invalid = true;
  Diagnostics k;
  const auto kept = rewrite(bad, "bad.gen", k, ro);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->rewritten, 1u);
  EXPECT_NE(kept->text.find("genotype:XY\n"), std::string::npos);
  bool warned = false;
  for (const auto& x : k.items()) warned |= x.code == "f1.left-unconverted" && x.where.line == 2;
  EXPECT_TRUE(warned);
  // A bare genotype of an encoding this rewrite does not convert.
  Diagnostics n;
  EXPECT_EQ(rewrite("//0\np:\n", "x.f1", n, ro), std::nullopt);
  EXPECT_EQ(n.items()[0].code, "genotype.not-rewritten");
}

}  // namespace
}  // namespace genokit::genotype
