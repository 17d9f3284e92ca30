// libFuzzer target for the Framsticks object-file reader: parse (with and without a schema),
// lossless write (must give the input back), canonical write (must be idempotent), value
// positions, JSON both ways.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "genokit/frams/document.hpp"
#include "genokit/frams/json.hpp"
#include "genokit/frams/schema.hpp"

using namespace genokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  frams::LoadOptions opt;
  opt.includes = frams::LoadOptions::Includes::forbid;  // never read files named by the input
  if (size > 0) {
    switch (data[0] % 4) {
      case 1:
        opt.schema = &frams::builtin_schema();
        break;
      case 2:
        opt.schema = &frams::genotype_loader_schema();
        break;
      case 3:
        opt.schema = &frams::loader_probe_schema();
        break;
      default:
        break;
    }
  }
  Diagnostics diags;
  frams::Document doc = frams::parse(text, "fuzz", diags, opt);
  if (frams::write_lossless(doc) != text) std::abort();

  std::string c1 = frams::write_canonical(doc);
  Diagnostics d2;
  frams::Document again = frams::parse(c1, "c1", d2);
  if (frams::write_canonical(again) != c1) std::abort();
  if (again.objects.size() != doc.objects.size()) std::abort();

  for (const frams::Object& o : doc.objects)
    for (const frams::Field& f : o.fields) {
      Location a = doc.locate_value(f, 0), b = doc.locate_value(f, f.value.size() / 2);
      if (a.offset > b.offset || std::size_t(b.offset) > size) std::abort();
      // positions agree with a plain count of lines up to the byte offset (small inputs only)
      if (size < 4096) {
        for (const Location& l : {a, b}) {
          Location ref = doc.locate(f.source, std::size_t(l.offset));
          if (ref.line != l.line || ref.column != l.column) std::abort();
        }
        if (f.line != doc.locate(f.source, f.line_begin).line) std::abort();
      }
    }

  const std::string j = frams::to_json(doc);
  Diagnostics d3;
  frams::Document back = frams::from_json(j, d3);
  if (!d3.has_errors() && frams::write_canonical(back) != c1) std::abort();
  return 0;
}
