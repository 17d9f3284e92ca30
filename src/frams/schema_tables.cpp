// The built-in property tables, declared once as data. They drive the typed reader
// (check_object), the typed getters, `genokit info` and the docs.
#include "genokit/frams/schema.hpp"

namespace genokit::frams {
namespace {

struct PropRow {
  const char* id;
  const char* type;
  std::uint32_t flags;
  const char* name;
};
struct ClassRow {
  const char* name;
  bool closed;
  std::initializer_list<PropRow> props;
};

// `org`: what the SDK's GenotypeMini (GenotypeMiniLoader) knows (r909 genotypemini.h). Only
// org.name's range (s 0 40) is visible in the SDK's reference logs; the other ranges are left open
// so genokit never warns where the SDK would not.
const ClassRow kOrg = {"org",
                       true,
                       {
                           {"name", "s 0 40", 0, "Name"},
                           {"genotype", "s 1", 0, "Genotype"},
                           {"info", "s 1", 0, "Info"},
                           {"uid", "s", 0, "#"},
                           {"info_timestamp", "ft", 0, "Creation time"},
                           {"info_author", "s", 0, "Author name"},
                           {"info_author_ispublic", "d", 0, "Author name is public"},
                           {"info_email", "s", 0, "Author email"},
                           {"info_email_ispublic", "d", 0, "Author email is public"},
                           {"info_origin", "d", 0, "Origin"},
                           {"info_how_created", "s 1", 0, "How created"},
                           {"info_performance", "s 1", 0, "Performance"},
                           {"energy0", "f", 0, "Starting energy"},
                           {"lifespan", "f", 0, "Life span"},
                           {"velocity", "f", 0, "Velocity"},
                           {"distance", "f", 0, "Distance"},
                           {"vertvel", "f", 0, "Vertical velocity"},
                           {"vertpos", "f", 0, "Vertical position"},
                           {"numparts", "d", 0, "Body parts"},
                           {"numjoints", "d", 0, "Body joints"},
                           {"numneurons", "d", 0, "Brain size"},
                           {"numconnections", "d", 0, "Brain connections"},
                           {"num", "d", 0, "Ordinal number"},
                           {"gnum", "d", 0, "Generation"},
                           {"instances", "d", 0, "Instances"},
                           {"is_valid", "d", 0, "Validity"},
                           {"user1", "x", 0, "User field 1"},
                           {"user2", "x", 0, "User field 2"},
                           {"user3", "x", 0, "User field 3"},
                           {"data", "o", 0, "Custom fields dictionary"},
                       }};

// Property definitions (prop:/property: in .expdef .neuro .show .style; state: in .expdef).
#define GENOKIT_PROP_FIELDS                                                                             \
  {"id", "s", 0, "Id"}, {"name", "s", 0, "Name"}, {"type", "s", 0, "Type"}, {"flags", "d", 0, "Flags"}, \
      {"help", "s 1", 0, "Help"}, {                                                                     \
    "group", "s", 0, "Group"                                                                            \
  }

const ClassRow kBuiltin[] = {
    kOrg,
    {"prop", true, {GENOKIT_PROP_FIELDS}},
    {"property", true, {GENOKIT_PROP_FIELDS}},
    {"state", true, {GENOKIT_PROP_FIELDS}},
    {"class",
     false,
     {
         {"name", "s", 0, "Name"},
         {"longname", "s", 0, "Long name"},
         {"description", "s 1", 0, "Description"},
         {"code", "s 1", 0, "Code"},
         {"prefinputs", "d", 0, "Preferred number of inputs (-1 = any)"},
         {"prefoutput", "d 0 1", 0, "Provides output"},
         {"preflocation", "d 0 2", 0, "Preferred location (0 none, 1 part, 2 joint)"},
         {"vhints", "d", 0, "Visual hints"},
         {"icon", "s", 0, "Icon"},
     }},
    {"expdef",
     false,
     {
         {"name", "s", 0, "Name"},
         {"info", "s 1", 0, "Info"},
         {"code", "s 1", 0, "Code"},
         {"neurons", "s", 0, "Neuron classes"},
     }},
    {"show",
     false,
     {
         {"name", "s", 0, "Name"},
         {"info", "s 1", 0, "Info"},
         {"expdef", "s", 0, "Experiment definition"},
         {"code", "s 1", 0, "Code"},
     }},
    {"style", false, {{"name", "s", 0, "Name"}, {"info", "s 1", 0, "Info"}, {"code", "s 1", 0, "Code"}}},
    {"script",
     false,
     {
         {"name", "s", 0, "Name"},
         {"help", "s 1", 0, "Help"},
         {"group", "s", 0, "Group"},
         {"code", "s 1", 0, "Code"},
     }},
    {"neuro", false, {{"name", "s", 0, "Name"}, {"info", "s 1", 0, "Info"}, {"code", "s 1", 0, "Code"}}},
    {"sim_params", false, {{"expdef", "s", 0, "Experiment definition"}}},
    {"GenotypeGroup", false, {{"name", "s", 0, "Name"}, {"fitness", "s 1", 0, "Fitness formula"}}},
    {"GenePool", false, {{"name", "s", 0, "Name"}, {"fitness", "s 1", 0, "Fitness formula"}}},
    {"Population", false, {{"name", "s", 0, "Name"}}},
};

// The `data` class of the SDK demo loader_test_param (notes §3.5), used by the loader probes.
const ClassRow kProbeData = {"data",
                             true,
                             {
                                 {"text", "s 0 10", 0, "text"},
                                 {"longtext", "s 1", 0, "longtext"},
                                 {"deftext", "s 0 0 some text", 0, "deftext"},
                                 {"i1", "d", 0, "i1"},
                                 {"i2", "d -5 5 1", 0, "i2"},
                                 {"i3", "d -1 3 0 ~Minus~Zero~One~Two~Three", 0, "i3"},
                                 {"i4", "d 0 10 15", 0, "i4"},
                                 {"f1", "d", 0, "f1"},
                                 {"f2", "f -100 100 -100", 0, "f2"},
                                 {"f3", "f -10 10", 0, "f3"},
                                 {"f4", "f 1 -1 44", 0, "f4"},
                                 {"x1", "x", 0, "x1"},
                                 {"x2", "x", 0, "x2"},
                                 {"notchanged", "d", kFlagReadonly, "notchanged"},
                                 {"notloaded", "d", kFlagDontLoad, "notloaded"},
                                 {"notsaved", "d", kFlagDontSave, "notsaved"},
                             }};

ClassSchema make_class(const ClassRow& row) {
  ClassSchema c;
  c.name = row.name;
  c.closed = row.closed;
  // The tables are trusted (data.i4's bad default is deliberate).
  for (const PropRow& r : row.props) c.add(r.id, r.name, r.type, r.flags);
  c.build_index();
  return c;
}

}  // namespace

const Schema& builtin_schema() {
  static const Schema s = [] {
    Schema r;
    for (const ClassRow& row : kBuiltin) r.classes.push_back(make_class(row));
    r.warn_unknown_classes = false;
    return r;
  }();
  return s;
}

const Schema& genotype_loader_schema() {
  static const Schema s = [] {
    Schema r;
    r.classes.push_back(make_class(kOrg));
    r.warn_unknown_classes = true;
    return r;
  }();
  return s;
}

const Schema& loader_probe_schema() {
  static const Schema s = [] {
    Schema r;
    r.classes.push_back(make_class(kProbeData));
    r.warn_unknown_classes = true;
    return r;
  }();
  return s;
}

}  // namespace genokit::frams
