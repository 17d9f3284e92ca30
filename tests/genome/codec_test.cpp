// The encoder: write() encodes the decoded structure (genes with their headers and data, lead,
// gend, tail). The round trips here edit that structure (a data field, header fields, the gene
// list), write it, decode the bytes again and compare field by field; unedited genomes, broken
// ones included, come back byte for byte.
#include <gtest/gtest.h>

#include <filesystem>

#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"
#include "genome/helpers.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::genome;

namespace {

using namespace genokit::test;  // read_ok, toy, slurp, ...

const FieldDef& field(const Gene& g, std::string_view name) {
  for (const FieldDef& f : g.layout->fields)
    if (name == f.name) return f;
  ADD_FAILURE() << "no field " << name;
  return g.layout->fields[0];
}

// The header fields of a gene, as numbers.
std::vector<int> header(const Gene& g) {
  return {g.type,       g.subtype,   g.id,
          g.generation, g.switch_on, g.flags,
          g.mutability, g.variant,   g.partial_header ? int(*g.partial_header) : -1};
}

// Field by field: the genome parts, every header field and every layout field (in text-form
// spelling, so a failure names the value).
void expect_same(const Genome& want, const Genome& got) {
  EXPECT_EQ(want.version, got.version);
  EXPECT_EQ(want.lead, got.lead);
  EXPECT_EQ(want.has_gend, got.has_gend);
  EXPECT_EQ(want.tail, got.tail);
  ASSERT_EQ(want.genes.size(), got.genes.size());
  for (std::size_t i = 0; i < want.genes.size(); ++i) {
    SCOPED_TRACE("gene #" + std::to_string(i));
    const Gene &a = want.genes[i], &b = got.genes[i];
    EXPECT_EQ(header(a), header(b)) << "type subtype id gen stage flags mutability variant partial_header";
    ASSERT_EQ(a.layout, b.layout);
    const std::string_view da = want.data(a), db = got.data(b);
    if (a.layout && da.size() == a.layout->data_size && db.size() == a.layout->data_size) {
      for (const FieldDef& f : a.layout->fields)
        EXPECT_EQ(format_field(f, da), format_field(f, db)) << f.name;
    }
    EXPECT_EQ(da, db);
  }
}

// Writes `g`, reads the bytes back and compares; also through the text form.
void expect_round_trip(const Genome& g) {
  const std::string bytes = write(g);
  EXPECT_EQ(bytes.size(), g.size());
  Diagnostics d;
  auto back = read(bytes, d);
  ASSERT_TRUE(back);
  expect_same(g, *back);
  EXPECT_EQ(back->offsets(), g.offsets());
  Diagnostics d2;
  EXPECT_EQ(assemble(to_text(g), d2), bytes);
}

}  // namespace

TEST(GenomeCodec, EditedDataFieldIsEncoded) {
  Genome g = toy();
  const std::string before = write(g);
  Gene& pigment = g.genes[19];
  ASSERT_EQ(gene_kind(pigment), "pigment");
  const FieldDef& colour = field(pigment, "colour");
  EXPECT_EQ(field_value(g.data(pigment), colour), 2u);  // blue
  g.set_field_value(pigment, colour, 0);                // red
  const std::string after = write(g);
  // Exactly the field's byte changed: marker + 7 header bytes + the field's offset into the data.
  ASSERT_EQ(after.size(), before.size());
  const std::size_t at = g.offsets()[19] + 4 + 7 + colour.offset;
  for (std::size_t i = 0; i < before.size(); ++i)
    if (i != at) {
      ASSERT_EQ(after[i], before[i]) << "byte " << i;
    }
  EXPECT_EQ(after[at], '\0');
  EXPECT_EQ(before[at], '\x02');
  Genome back = read_ok(after);
  expect_same(g, back);
  EXPECT_EQ(format_field(colour, back.data(back.genes[19])), "red");
  expect_round_trip(g);
}

TEST(GenomeCodec, EditedHeaderFieldsAreEncoded) {
  Genome g = toy();
  const std::string before = write(g);
  Gene& receptor = g.genes[5];
  ASSERT_EQ(gene_kind(receptor), "receptor");
  receptor.flags |= kDormant;
  receptor.switch_on = 4;
  receptor.mutability = 7;
  const std::string after = write(g);
  const std::size_t at = g.offsets()[5];
  EXPECT_EQ(after.substr(at, 11), std::string("gene\x01\x00\x01\x00\x04\x27\x07", 11));
  EXPECT_EQ(before.substr(at, 11), std::string("gene\x01\x00\x01\x00\x00\x07\x80", 11));
  Genome back = read_ok(after);
  expect_same(g, back);
  EXPECT_TRUE(back.genes[5].dormant());
  expect_round_trip(g);
  // The diff of the two genomes names exactly these edits.
  auto d = diff(read_ok(before), back);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, GeneDiff::Kind::changed);
  EXPECT_EQ(d[0].a_index, 5);
  ASSERT_EQ(d[0].changes.size(), 3u);
  EXPECT_EQ(d[0].changes[0].after, "adult");
  EXPECT_EQ(d[0].changes[1].after, "mut+dup+cut+dormant");
  EXPECT_EQ(d[0].changes[2].after, "7");
}

TEST(GenomeCodec, RemovedAndInsertedGenesAreEncoded) {
  Genome g = toy();
  const std::size_t before = write(g).size();
  // Remove the emitter (8 data bytes), insert a pigment (2) after the organ.
  ASSERT_EQ(gene_kind(g.genes[6]), "emitter");
  g.genes.erase(g.genes.begin() + 6);
  Gene pigment;
  pigment.layout = find_layout(Version::c2, "pigment");
  pigment.type = pigment.layout->type;
  pigment.subtype = pigment.layout->subtype;
  pigment.id = 9;
  pigment.flags = kMutable;
  g.set_data(pigment, std::string(pigment.layout->data_size, '\0'));
  g.set_field_value(pigment, field(pigment, "amount"), 99);
  g.genes.insert(g.genes.begin() + 3, pigment);
  const std::string bytes = write(g);
  EXPECT_EQ(bytes.size(), before - (4 + 7 + 8) + (4 + 7 + 2));
  EXPECT_EQ(bytes.substr(g.offsets()[3], 13), std::string("gene\x02\x06\x09\x00\x00\x01\x00\x00\x63", 13));
  Genome back = read_ok(bytes);
  expect_same(g, back);
  Diagnostics d;
  validate(back, d);
  EXPECT_TRUE(d.empty());
  expect_round_trip(g);
}

TEST(GenomeCodec, GenomeBuiltWithoutReading) {
  // The encoder needs no file: C1 (no magic, 6-byte header), C2 (7), C3 (8, with the variant).
  for (Version v : {Version::c1, Version::c2, Version::c3}) {
    SCOPED_TRACE(std::string(to_string(v)));
    Genome g;
    g.version = v;
    Gene genus;
    genus.layout = find_layout(v, 2, 1);
    genus.type = 2;
    genus.subtype = 1;
    genus.id = 1;
    genus.mutability = 5;
    genus.variant = 6;
    std::string data(genus.layout->data_size, '\0');
    data[1] = 'a';
    g.set_data(genus, data);
    g.genes.push_back(genus);
    g.tail = "zz";
    std::string want(magic(v));
    want += std::string("gene\x02\x01\x01\x00\x00\x00\x05\x06", 4 + header_size(v));
    want += std::string(1, '\0') + "a" + std::string(genus.layout->data_size - 2, '\0') + "gendzz";
    EXPECT_EQ(write(g), want);
    EXPECT_EQ(g.size(), want.size());
    EXPECT_EQ(g.gend_offset(), std::int64_t(want.size() - 6));
    if (v == Version::c1) g.genes[0].mutability = g.genes[0].variant = 0;  // no such header bytes
    if (v == Version::c2) g.genes[0].variant = 0;
    expect_round_trip(g);
  }
}

TEST(GenomeCodec, BrokenPartsAreEncodedFromTheStructure) {
  // Lead bytes, a gene with an odd length, a gene cut inside its header, no gend.
  const std::string bytes = std::string("dna2") + "xy" + "gene" +
                            std::string("\x02\x06\x01\x00\x00\x00\x00", 7) + "\x01\x02\x03" + "gene" +
                            std::string("\x02\x06\x02\x00", 4);
  Diagnostics d;
  auto g = read(bytes, d);
  ASSERT_TRUE(g);
  ASSERT_EQ(g->genes.size(), 2u);
  EXPECT_EQ(g->lead, "xy");
  EXPECT_EQ(g->data(g->genes[0]), "\x01\x02\x03");
  EXPECT_EQ(g->genes[1].partial_header, 4);
  EXPECT_EQ(g->genes[1].id, 2);
  EXPECT_FALSE(g->has_gend);
  EXPECT_EQ(write(*g), bytes);
  // Edited: the lead goes, the odd gene gets its layout length, the cut header is completed, gend.
  g->lead.clear();
  g->set_data(g->genes[0], g->data(g->genes[0]).substr(0, 2));
  g->genes[1].partial_header.reset();
  g->set_data(g->genes[1], "\x07\x07");
  g->has_gend = true;
  const std::string fixed = write(*g);
  EXPECT_EQ(fixed, std::string("dna2") + "gene" + std::string("\x02\x06\x01\x00\x00\x00\x00", 7) +
                       "\x01\x02" + "gene" + std::string("\x02\x06\x02\x00\x00\x00\x00", 7) + "\x07\x07" +
                       "gend");
  Diagnostics d2;
  auto back = read(fixed, d2);
  ASSERT_TRUE(back);
  EXPECT_TRUE(d2.empty());
  expect_same(*g, *back);
}

TEST(GenomeCodec, CorpusGenomesEditedThroughTheStructure) {
  GENOKIT_REQUIRE_CORPUS();
  for (const char* dir : {"creatures2", "creatures-other"})
    for (const auto& e : fs::directory_iterator(test::corpus_dir() / dir)) {
      if (e.path().extension() != ".gen") continue;
      SCOPED_TRACE(e.path().filename().string());
      const std::string bytes = slurp(e.path());
      Genome g = read_ok(bytes);
      ASSERT_EQ(write(g), bytes);
      Genome edited = g;
      // A data field of the last gene, the flags of the first, one gene fewer in the middle.
      Gene& last = edited.genes.back();
      const FieldDef& f = last.layout->fields[0];
      edited.set_field_value(last, f, field_value(edited.data(last), f) ^ 1);
      edited.genes.front().flags ^= kMutable;
      edited.genes.erase(edited.genes.begin() + std::ptrdiff_t(edited.genes.size() / 2));
      const std::string out = write(edited);
      EXPECT_EQ(out.size(), bytes.size() - g.gene_size(g.genes[g.genes.size() / 2]));
      Genome back = read_ok(out);
      expect_same(edited, back);
      const auto d = diff(g, back);
      ASSERT_EQ(d.size(), 3u);
      EXPECT_EQ(d[0].kind, GeneDiff::Kind::changed);  // flags of gene #0
      EXPECT_EQ(d[0].changes[0].field, "flags");
      EXPECT_EQ(d[1].kind, GeneDiff::Kind::removed);
      EXPECT_EQ(d[2].kind, GeneDiff::Kind::changed);
      EXPECT_EQ(d[2].changes[0].field, f.name);
    }
}
