// Type strings, flags, SDK conversions, prop: validation and value checks.
#include "genokit/frams/schema.hpp"

#include <gtest/gtest.h>

#include "genokit/frams/document.hpp"

namespace genokit::frams {
namespace {

PropType type_of(std::string_view s, bool ok = true) {
  PropType t;
  std::string err;
  EXPECT_EQ(parse_type(s, t, &err), ok) << s << ": " << err;
  return t;
}

TEST(FramsTypes, Numbers) {
  PropType d = type_of("d 0 3 2 ~very low~low~medium~high");
  EXPECT_EQ(d.base, 'd');
  EXPECT_TRUE(d.range_enforced());
  EXPECT_EQ(d.min, 0);
  EXPECT_EQ(d.max, 3);
  EXPECT_EQ(d.default_text, "2");
  EXPECT_EQ(d.labels, (std::vector<std::string>{"very low", "low", "medium", "high"}));
  PropType nodef = type_of("d 0 3 ~a~b~c~d");
  EXPECT_FALSE(nodef.has_default);
  EXPECT_EQ(nodef.labels.size(), 4u);
  PropType f = type_of("f -2.3 5.5");
  EXPECT_EQ(f.min, -2.3);
  EXPECT_EQ(f.max, 5.5);
  EXPECT_FALSE(type_of("f 0 -1 600000").range_enforced());  // min > max: unlimited
  PropType c = type_of("dc 0 16777215 16764040");
  EXPECT_EQ(c.hints, "c");
  EXPECT_EQ(type_of("ft").hints, "t");
  EXPECT_EQ(format_type(d), "d 0 3 2 ~very low~low~medium~high");
}

TEST(FramsTypes, Strings) {
  PropType s = type_of("s 1 500");
  EXPECT_TRUE(s.multiline_hint());
  EXPECT_EQ(s.max_length(), 500);
  EXPECT_EQ(type_of("s 0 40").max_length(), 40);
  PropType def = type_of("s 0 0 some text  ");
  EXPECT_EQ(def.default_text, "some text");
  EXPECT_EQ(def.max_length(), 0);
  type_of("s 2", false);
}

TEST(FramsTypes, ObjectsAndProcedures) {
  EXPECT_EQ(type_of("oNeuroClass").object_class, "NeuroClass");
  EXPECT_EQ(type_of("o").object_class, "");
  type_of("o NeuroClass", false);  // the SDK's sanity check rejects the blank
  PropType p = type_of("p f(d a,s b)");
  EXPECT_TRUE(p.has_signature);
  EXPECT_EQ(p.return_type, "f");
  ASSERT_EQ(p.args.size(), 2u);
  EXPECT_EQ(p.args[0].type, "d");
  EXPECT_EQ(p.args[0].name, "a");
  EXPECT_EQ(p.args[1].name, "b");
  PropType v = type_of("p()");
  EXPECT_TRUE(v.has_signature);
  EXPECT_TRUE(v.return_type.empty());
  EXPECT_TRUE(v.args.empty());
  EXPECT_FALSE(type_of("p").has_signature);
  PropType o = type_of("p oNeuroDef(d)");
  EXPECT_EQ(o.return_type, "oNeuroDef");
  EXPECT_EQ(o.args[0].type, "d");
  EXPECT_EQ(format_type(type_of("p d(s name, x)")), "p d(s name,x)");
  type_of("p f(q a)", false);
  type_of("p f(d a", false);
}

TEST(FramsTypes, Errors) {
  type_of("", false);
  type_of("z", false);
  type_of("d 0 x", false);
  type_of("f 0 1 ~a~b", false);  // labels only for d and s
  type_of("d0 1", false);
  type_of("x 1", false);
}

TEST(FramsTypes, Flags) {
  EXPECT_EQ(describe_flags(0), "");
  EXPECT_EQ(describe_flags(34), "dontsave|userhidden");
  EXPECT_EQ(describe_flags(1 | 16 | 2048), "readonly|userreadonly|dontload");
  EXPECT_EQ(describe_flags(64), "bit64");
}

// A property from its type string (the strings kept by a schema that lives as long as the test).
Property prop(std::string_view id, std::string_view type) {
  static ClassSchema owner;
  return owner.add(id, "", type);
}

TEST(FramsConvert, SdkNonStrictIntegers) {
  Diagnostics d;
  auto conv = [&](std::string_view text, const Property& p) { return convert_value(text, p, "data", d, {}); };
  Property i = prop("i1", "d");
  EXPECT_EQ(conv("1.9", i).i, 1);
  EXPECT_EQ(conv("-2.7", i).i, -2);
  EXPECT_EQ(conv("0x1F", i).i, 31);
  EXPECT_EQ(conv(" 5", i).i, 5);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(conv("3 ", i).i, 0);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "frams.bad-number");
  EXPECT_EQ(d.items()[0].severity, Severity::error);
  EXPECT_EQ(d.items()[0].message.substr(0, 20), "Could not parse '3 '");
  d.clear();
  Property r = prop("i2", "d -5 5 1");
  EXPECT_EQ(conv("9", r).i, 5);
  EXPECT_EQ(d.items()[0].message, "Setting data.i2 = '9' exceeded allowed range (too big). Adjusted to '5'.");
  d.clear();
  Property e = prop("i3", "d -1 3 0 ~Minus~Zero~One~Two~Three");
  EXPECT_EQ(conv("Two", e).i, 0);
  EXPECT_NE(d.items()[0].message.find("'Two' is a label, write its number 2"), std::string::npos);
}

// Object fields use the SDK's non-strict rules (frams::sdk): an empty number is an error (SDK:
// "Could not parse ''"), and a number beyond 32 bits is clamped by getInt with an error.
TEST(FramsConvert, SdkEmptyAndOverflowingIntegers) {
  Diagnostics d;
  const Property i = prop("num", "d");
  EXPECT_EQ(convert_value("", i, "org", d, {}).i, 0);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "frams.bad-number");
  EXPECT_EQ(d.items()[0].message.substr(0, 18), "Could not parse ''");
  d.clear();
  EXPECT_EQ(convert_value("3e9", i, "org", d, {}).i, 2147483647);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "frams.integer-overflow");
  EXPECT_EQ(d.items()[0].message,
            "Overflow when converting floating point value to integer; using maximal allowed integer "
            "'2147483647' instead of '3000000000.0' (org.num)");
  d.clear();
  EXPECT_EQ(convert_value("", prop("e", "f 0 1 0.5"), "org", d, {}).d, 0.5);
  EXPECT_EQ(d.items().size(), 1u);
}

TEST(FramsConvert, StringsAndDoubles) {
  Diagnostics d;
  Property name = prop("name", "s 0 40");
  std::string long_name(46, 'x');
  long_name.replace(0, 5, "best-");
  Value v = convert_value(long_name, name, "org", d, {});
  EXPECT_EQ(v.s.size(), 40u);
  EXPECT_EQ(d.items()[0].message,
            "Setting org.name = \"best-xxxxxxxxxx...xxxxxxxxxxxxxxx\" (length 46) exceeded allowed range "
            "(too long). "
            "Truncated to \"best-xxxxxxxxxx...xxxxxxxxxxxxxxx\" (length 40).");
  d.clear();
  Property f = prop("f2", "f -100 100 -100");
  EXPECT_EQ(convert_value("inf", f, "data", d, {}).d, 100);
  EXPECT_EQ(d.items()[0].message,
            "Setting data.f2 = 'Inf.0' exceeded allowed range (too big). Adjusted to '100.0'.");
  EXPECT_EQ(default_value(prop("f3", "f -10 10")).d, -10);  // no default: the minimum
  EXPECT_EQ(default_value(prop("f4", "f 1 -1 44")).d, 44);
  Value x;
  x.kind = Value::Kind::floating;
  x.d = -100;
  EXPECT_EQ(format_value(x), "-100.0");
}

TEST(FramsSchema, BuiltinTables) {
  const ClassSchema* org = builtin_schema().find("org");
  ASSERT_NE(org, nullptr);
  EXPECT_TRUE(org->closed);
  EXPECT_EQ(max_length(*org->find("name")), 40);
  EXPECT_EQ(org->find("fitness"), nullptr);
  for (const char* c : {"prop", "property", "class", "expdef", "state", "sim_params", "GenotypeGroup",
                        "neuro", "style", "show", "script"})
    EXPECT_NE(builtin_schema().find(c), nullptr) << c;
  EXPECT_EQ(genotype_loader_schema().classes.size(), 1u);
  EXPECT_EQ(loader_probe_schema().find("data")->find("notsaved")->flags, kFlagDontSave);
}

TEST(FramsSchema, TypedGetters) {
  Diagnostics d;
  Document doc = parse("org:\nname:Walker\nnum: 12\nvelocity:0.25\nnum:0x10\n", "f", d);
  const ClassSchema& org = *builtin_schema().find("org");
  EXPECT_EQ(get_int(doc, doc.objects[0], org, "num"), 16);
  EXPECT_EQ(get_double(doc, doc.objects[0], org, "velocity"), 0.25);
  EXPECT_EQ(get_string(doc, doc.objects[0], org, "name"), "Walker");
  EXPECT_EQ(get_int(doc, doc.objects[0], org, "gnum"), std::nullopt);
}

TEST(FramsSchema, CheckObjectWithSchema) {
  LoadOptions opt;
  opt.schema = &genotype_loader_schema();
  Diagnostics d;
  parse("stats:\nx:1\n\norg:\nname:A\nfitness:2\nname:B\nnum:x\n", "h.gen", d, opt);
  std::vector<std::string> msgs;
  for (const auto& x : d.items())
    msgs.push_back(x.code + " " + x.message + " @" + std::to_string(x.where.line));
  EXPECT_EQ(
      msgs,
      (std::vector<std::string>{
          "frams.unknown-object Skipping object 'stats' @1",
          "frams.unknown-field Ignored unknown property 'org.fitness' @6",
          "frams.duplicate-field Multiple 'org.name' properties found while reading from 'h.gen' (line 7) @7",
          "frams.bad-number Could not parse 'x' (org.num is an integer; the default is used) @8",
      }));
}

TEST(FramsProps, ValidationOfPropObjects) {
  Diagnostics d;
  Document doc = parse(
      "prop:\nid:a\nname:A\ntype:d 0 10 5\n\n"
      "property:\nname:no id\ntype:d\n\n"
      "prop:\nid:b\ntype:q 1\n\n"
      "prop:\nid:c\ntype:f 0 1 2\nflags:x\n\n"
      "prop:\nid:a\ntype:s\n\n"
      "property:\nid:e\ntype:~\nd 0 2 \\~x\\~y\\~z~\nflags:34\n",
      "p.expdef", d);
  ClassSchema cls = props_from_document(doc, "ExpProperties", d);
  std::vector<std::string> codes;
  for (const auto& x : d.items()) codes.push_back(x.code);
  EXPECT_EQ(codes,
            (std::vector<std::string>{"frams.prop-missing-id", "frams.bad-type", "frams.prop-bad-default",
                                      "frams.bad-flags", "frams.prop-duplicate-id"}));
  ASSERT_NE(cls.find("e"), nullptr);
  EXPECT_EQ(parsed_type(*cls.find("e")).labels, (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(cls.find("e")->flags, 34u);
  EXPECT_EQ(cls.find("a")->type, 'd');  // the first definition wins
}

TEST(FramsProps, CheckValuesAgainstProps) {
  Diagnostics d;
  Document defs = parse(
      "prop:\nid:cap\ntype:d 1 100 50\n\nprop:\nid:rate\ntype:f 0 1\n\nprop:\nid:mode\ntype:d 0 2 ~A~B~C\n\n"
      "prop:\nid:title\ntype:s 0 5\n",
      "e.expdef", d);
  ClassSchema props = props_from_document(defs, "sim_params", d);
  ASSERT_TRUE(d.empty());
  Diagnostics read;
  Document sim =
      parse("sim_params:\ncap:500\nrate:abc\nmode:B\ntitle:toolong\nother:1\nrate:2\n", "s.sim", read);
  EXPECT_EQ(read.items().at(0).code, "frams.duplicate-field");  // rate:abc does not count
  check_values(sim, sim.objects[0], props, d, true);
  std::vector<std::string> got;
  for (const auto& x : d.items())
    got.push_back(x.code + " @" + std::to_string(x.where.line) + ":" + std::to_string(x.where.column));
  EXPECT_EQ(got, (std::vector<std::string>{"frams.value-out-of-range @2:5", "frams.bad-enum @4:6",
                                           "frams.value-too-long @5:7", "frams.unknown-field @6:1",
                                           "frams.value-out-of-range @7:6"}));
  EXPECT_EQ(d.items()[0].message, "Value 500 of sim_params.cap is outside the range 1..100");
}

}  // namespace
}  // namespace genokit::frams
