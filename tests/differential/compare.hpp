// One genotype, both sides: what genokit's genotype door makes of it against the SDK's dump. The
// f0 suite's comparison (tests/f0/oracle_compare) does the element by element work; this adds the
// SDK's messages (converting encodings), bit-exact positions and orientations, and sorts every
// difference into a kind, which the minimiser keeps and the allow-list matches.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "differential/encodings.hpp"
#include "f0/oracle.hpp"
#include "genokit/core/diagnostics.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::differential {

enum class Kind { verdict, counts, property, positions, messages, f0_text };
std::string_view to_string(Kind k);

struct Difference {
  Kind kind;
  std::string text;  // one line (f0 text differences: the two texts follow)
};

// genokit's side of one genotype.
struct Ours {
  bool read = false;  // the door gave a genotype (else: nothing could be read)
  genotype::Genotype genotype;
  Diagnostics diags;
};

// Reads `text` through the genotype door with the encoding's explicit format.
Ours read_ours(const EncodingSpec& e, const std::string& text);

// Every difference between genokit's result and the SDK's dump (none: they agree).
std::vector<Difference> compare(const EncodingSpec& e, const f0::test::OracleGenotype& sdk, const Ours& ours);

// Readable summaries of each side: verdict, messages or diagnostics, f0 text.
std::string describe_sdk(const f0::test::OracleGenotype& sdk);
std::string describe_ours(const Ours& ours);

// An SDK log line without the " in '<org name>'" gen mode adds to Model.build messages, and cut at
// its first line break (the dump is line-based).
std::string comparable_message(std::string m);

}  // namespace genokit::differential
