// The gene layouts of C1, C2 and C3 as data. Everything else (decoder, encoder, text form, JSON,
// validation, docs) is driven by these tables. Field names follow the C2 spec with the notes'
// corrections (1-byte input gain, 12-byte SVRules, reaction amount-before-chemical, instinct action).
#include <vector>

#include "genokit/genome/layouts.hpp"

namespace genokit::genome {

int SymbolTable::find(std::string_view n) const {
  for (unsigned i = 0; i < count; ++i)
    if (names[i] && *names[i] && n == names[i]) return int(i);
  return -1;
}

namespace {

using K = FieldKind;
using R = FieldRole;

// ---- symbol tables -----------------------------------------------------------------------------
const char* const kStages[] = {"embryo", "child", "adolescent", "youth", "adult", "old", "senile"};
const SymbolTable kStageTable{kStages, 7};
const char* const kGeneFlags[] = {"mut", "dup", "cut", "male", "female", "dormant", "bit6", "bit7"};
const SymbolTable kGeneFlagTable{kGeneFlags, 8};
// C1/C2 SVRule opcodes (spec table). Constants are spelled constN so they never look like raw
// numbers; 0 ends the rule.
const char* const kOpcodes[] = {
    "end",       "const0",   "const1",  "const64",    "const255", "chem0",
    "chem1",     "chem2",    "chem3",   "state",      "output",   "thres",
    "type0",     "type1",    "anded0",  "anded1",     "input",    "conduct",
    "suscept",   "STW",      "LTW",     "strength",   "const32",  "const128",
    "rnd_const", "chem4",    "chem5",   "leak_in",    "leak_out", "curr_src_leak_in",
    "TRUE",      "PLUS",     "MINUS",   "TIMES",      "INCR",     "DECR",
    "FALSE",     "multiply", "average", "move_twrds", "random"};
const SymbolTable kOpcodeTable{kOpcodes, 41};
const char* const kSpecies[] = {"norn", "grendel", "ettin", "shee"};
const SymbolTable kSpeciesTable{kSpecies, 4};
const char* const kBodyParts[] = {"head", "body", "legs", "arms", "tail", "hair"};
const SymbolTable kBodyPartTable{kBodyParts, 5};
const SymbolTable kBodyPartTableC3{kBodyParts, 6};
const char* const kColours[] = {"red", "green", "blue"};
const SymbolTable kColourTable{kColours, 3};
const char* const kLobeFlags[] = {"wta"};
const SymbolTable kLobeFlagTable{kLobeFlags, 1};
const char* const kReceptorFlags[] = {"inverted", "digital"};
const SymbolTable kReceptorFlagTable{kReceptorFlags, 2};
const char* const kEmitterFlags[] = {"clear_source", "digital", "inverted"};
const SymbolTable kEmitterFlagTable{kEmitterFlags, 3};
const char* const kStimulusFlags[] = {"modulate", "add_offset", "when_asleep", nullptr,
                                      "silent1",  "silent2",    "silent3",     "silent4"};
const SymbolTable kStimulusFlagTable{kStimulusFlags, 8};
// Receptor/emitter organ numbers (C2/C3): the C3 CAOS numbering, which the C2 captions agree with
// (drive receptors sit on organ 1 "creature", tissue 5 "drives"; injury/repair loci on organ 2).
const char* const kOrgans[] = {"brain", "creature", "organ", "reaction"};
const SymbolTable kOrganTable{kOrgans, 4};
const char* const kChemNone[] = {"none"};  // chemical 0 is "no chemical" in every game
const SymbolTable kChemicalTable{kChemNone, 1};

// ---- field helpers -----------------------------------------------------------------------------
constexpr FieldDef u8(const char* n, R r = R::none, const SymbolTable* s = nullptr,
                      std::uint16_t mx = 0xFFFF) {
  return FieldDef{n, K::u8, 1, r, s, mx};
}
constexpr FieldDef chem(const char* n) {
  return FieldDef{n, K::u8, 1, R::chemical, &kChemicalTable};
}
constexpr FieldDef flags(const char* n, const SymbolTable* s) {
  return FieldDef{n, K::flags8, 1, R::none, s};
}
constexpr FieldDef u16(const char* n) {
  return FieldDef{n, K::u16be, 2};
}
constexpr FieldDef chars(const char* n, std::uint16_t len) {
  return FieldDef{n, K::chars, len};
}
constexpr FieldDef rule(const char* n, std::uint16_t len) {
  return FieldDef{n, K::svrule, len, R::none, &kOpcodeTable};
}
constexpr FieldDef raw(const char* n, std::uint16_t len) {
  return FieldDef{n, K::bytes, len};
}

#define GK_ORGAN_FIELDS \
  u8("clock_rate"), u8("repair_rate"), u8("life_force"), u8("biotick_start"), u8("atp_damage")

// C2 dendrite block: 87 bytes. C1: the same without the propagation rules, 8-byte rules (47).
#define GK_DENDRITE_HEAD(p)                                                                          \
  u8(p "source_lobe", R::lobe_index), u8(p "min"), u8(p "max"), u8(p "spread"), u8(p "fanout"),      \
      u8(p "min_ltw"), u8(p "max_ltw"), u8(p "min_strength"), u8(p "max_strength"), u8(p "migrate"), \
      u8(p "relax_suscept"), u8(p "relax_stw"), u8(p "ltw_gain_rate")
#define GK_DENDRITE_C2(p)                                                                              \
  GK_DENDRITE_HEAD(p), u8(p "strength_gain"), rule(p "strength_gain_rule", 12), u8(p "strength_loss"), \
      rule(p "strength_loss_rule", 12), rule(p "suscept_rule", 12), rule(p "relax_rule", 12),          \
      rule(p "backprop_rule", 12), rule(p "forprop_rule", 12)
#define GK_DENDRITE_C1(p)                                                                             \
  GK_DENDRITE_HEAD(p), u8(p "strength_gain"), rule(p "strength_gain_rule", 8), u8(p "strength_loss"), \
      rule(p "strength_loss_rule", 8), rule(p "suscept_rule", 8), rule(p "relax_rule", 8)
#define GK_LOBE_HEAD                                                                             \
  u8("x"), u8("y"), u8("width"), u8("height"), u8("perception"), u8("threshold"), u8("leakage"), \
      u8("rest_state"), u8("input_gain")

// ---- fields shared by the versions -------------------------------------------------------------
// One array per distinct field list: a kind whose fields are the same in several games uses the
// same array in each table (finalize() gives it the same offsets every time).
FieldDef organ[] = {GK_ORGAN_FIELDS};  // also the brain organ
FieldDef receptor[] = {u8("organ", R::organ, &kOrganTable),
                       u8("tissue"),
                       u8("locus"),
                       chem("chemical"),
                       u8("threshold"),
                       u8("nominal"),
                       u8("gain"),
                       flags("features", &kReceptorFlagTable)};
FieldDef emitter[] = {u8("organ", R::organ, &kOrganTable),
                      u8("tissue"),
                      u8("locus"),
                      chem("chemical"),
                      u8("threshold"),
                      u8("sample_rate"),
                      u8("gain"),
                      flags("features", &kEmitterFlagTable)};
FieldDef reaction[] = {u8("r1_amount"),     chem("r1_chemical"), u8("r2_amount"),
                       chem("r2_chemical"), u8("p1_amount"),     chem("p1_chemical"),
                       u8("p2_amount"),     chem("p2_chemical"), u8("rate")};
FieldDef half_lives[] = {FieldDef{"half_lives", K::table, 256}};
FieldDef init_conc[] = {chem("chemical"), u8("amount")};
FieldDef stimulus[] = {u8("stimulus"),
                       u8("significance"),
                       u8("sensory_neuron"),
                       u8("intensity"),
                       flags("features", &kStimulusFlagTable),
                       chem("chemical1"),
                       u8("amount1"),
                       chem("chemical2"),
                       u8("amount2"),
                       chem("chemical3"),
                       u8("amount3"),
                       chem("chemical4"),
                       u8("amount4")};
FieldDef genus[] = {u8("species", R::species, &kSpeciesTable, 3), chars("mum", 4), chars("dad", 4)};
FieldDef pose[] = {u8("pose"), chars("string", 15)};
FieldDef gait[] = {u8("gait"),  u8("pose1"), u8("pose2"), u8("pose3"), u8("pose4"),
                   u8("pose5"), u8("pose6"), u8("pose7"), u8("pose8")};
FieldDef instinct[] = {u8("lobe1"), u8("cell1"),  u8("lobe2"),      u8("cell2"), u8("lobe3"),
                       u8("cell3"), u8("action"), chem("chemical"), u8("amount")};
FieldDef pigment[] = {u8("colour", R::none, &kColourTable, 2), u8("amount")};
FieldDef bleed[] = {u8("rotation"), u8("swap")};

// ---- C2 ----------------------------------------------------------------------------------------
FieldDef c2_lobe[] = {GK_LOBE_HEAD, rule("state_rule", 12), flags("lobe_flags", &kLobeFlagTable),
                      GK_DENDRITE_C2("d0_"), GK_DENDRITE_C2("d1_")};
FieldDef c2_appearance[] = {u8("part", R::none, &kBodyPartTable, 4), u8("breed"),
                            u8("species", R::species, &kSpeciesTable, 3)};

// ---- C1 ----------------------------------------------------------------------------------------
FieldDef c1_lobe[] = {GK_LOBE_HEAD, rule("state_rule", 8), flags("lobe_flags", &kLobeFlagTable),
                      GK_DENDRITE_C1("d0_"), GK_DENDRITE_C1("d1_")};
// C1 receptors and emitters have no organ names (the numbering is the C2/C3 one).
FieldDef c1_receptor[] = {
    u8("organ", R::organ), u8("tissue"),  u8("locus"), chem("chemical"),
    u8("threshold"),       u8("nominal"), u8("gain"),  flags("features", &kReceptorFlagTable)};
FieldDef c1_emitter[] = {
    u8("organ", R::organ), u8("tissue"),      u8("locus"), chem("chemical"),
    u8("threshold"),       u8("sample_rate"), u8("gain"),  flags("features", &kEmitterFlagTable)};
FieldDef c1_appearance[] = {u8("part", R::none, &kBodyPartTable, 4), u8("breed")};

// ---- C3 / DS -----------------------------------------------------------------------------------
FieldDef c3_lobe[] = {chars("lobe_id", 4),
                      u16("update_time"),
                      u16("x"),
                      u16("y"),
                      u8("width"),
                      u8("height"),
                      u8("red"),
                      u8("green"),
                      u8("blue"),
                      u8("wta"),
                      u8("tissue"),
                      u8("init_rule_always"),
                      raw("spare", 7),
                      raw("init_rule", 48),
                      raw("update_rule", 48)};
FieldDef c3_tract[] = {u16("update_time"),   chars("src_lobe", 4),     u16("src_min"),
                       u16("src_max"),       u16("src_connections"),   chars("dst_lobe", 4),
                       u16("dst_min"),       u16("dst_max"),           u16("dst_connections"),
                       u8("migrate"),        u8("random_connections"), u8("src_var"),
                       u8("dst_var"),        u8("init_rule_always"),   raw("spare", 5),
                       raw("init_rule", 48), raw("update_rule", 48)};
FieldDef c3_neuroemitter[] = {u8("lobe1"),   u8("neuron1"),     u8("lobe2"),   u8("neuron2"),
                              u8("lobe3"),   u8("neuron3"),     u8("rate"),    chem("chemical1"),
                              u8("amount1"), chem("chemical2"), u8("amount2"), chem("chemical3"),
                              u8("amount3"), chem("chemical4"), u8("amount4")};
FieldDef c3_genus[] = {u8("species", R::species, &kSpeciesTable, 3), chars("mum", 32), chars("dad", 32)};
FieldDef c3_appearance[] = {u8("part", R::none, &kBodyPartTableC3), u8("breed"),
                            u8("species", R::species, &kSpeciesTable)};
FieldDef c3_pose[] = {u8("pose"), chars("string", 16)};
FieldDef c3_expression[] = {u8("expression"), u8("unused"), u8("weight"),  u8("drive1"),
                            u8("amount1"),    u8("drive2"), u8("amount2"), u8("drive3"),
                            u8("amount3"),    u8("drive4"), u8("amount4")};

// ---- the gene kinds ------------------------------------------------------------------------------
// One row per (type, subtype), in that order, with its fields in each game (none: the game has no
// such gene). The per-version tables are built from these rows once.
using Fields = std::span<const FieldDef>;
struct PerGame {
  Fields c1, c2, c3;
};
PerGame all_games(Fields f) {
  return {f, f, f};
}
PerGame c2_and_c3(Fields f) {
  return {{}, f, f};
}
PerGame c3_only(Fields f) {
  return {{}, {}, f};
}
struct Kind {
  std::uint8_t type, subtype;
  const char* name;
  const char* title;
  PerGame fields;
};
const Kind kKinds[] = {
    // type 0: the brain
    {0, 0, "lobe", "Brain lobe", {c1_lobe, c2_lobe, c3_lobe}},
    {0, 1, "brain_organ", "Brain organ", c2_and_c3(organ)},
    {0, 2, "tract", "Brain tract", c3_only(c3_tract)},
    // type 1: biochemistry
    {1, 0, "receptor", "Receptor", {c1_receptor, receptor, receptor}},
    {1, 1, "emitter", "Emitter", {c1_emitter, emitter, emitter}},
    {1, 2, "reaction", "Chemical reaction", all_games(reaction)},
    {1, 3, "half_lives", "Half-lives", all_games(half_lives)},
    {1, 4, "initial_concentration", "Initial concentration", all_games(init_conc)},
    {1, 5, "neuroemitter", "Neuroemitter", c3_only(c3_neuroemitter)},
    // type 2: the creature (senses, looks, movement, instincts)
    {2, 0, "stimulus", "Stimulus", all_games(stimulus)},
    {2, 1, "genus", "Genus", {genus, genus, c3_genus}},
    {2, 2, "appearance", "Appearance", {c1_appearance, c2_appearance, c3_appearance}},
    {2, 3, "pose", "Pose", {pose, pose, c3_pose}},
    {2, 4, "gait", "Gait", all_games(gait)},
    {2, 5, "instinct", "Instinct", all_games(instinct)},
    {2, 6, "pigment", "Pigment", all_games(pigment)},
    {2, 7, "pigment_bleed", "Pigment bleed", c2_and_c3(bleed)},
    {2, 8, "expression", "Facial expression", c3_only(c3_expression)},
    // type 3: organs
    {3, 0, "organ", "Organ", c2_and_c3(organ)},
};

// Field offsets within the data (the arrays are written without them; an array shared by several
// games gets the same offsets each time).
std::uint16_t place_fields(Fields fields) {
  std::uint16_t off = 0;
  for (const auto& cf : fields) {
    auto& f = const_cast<FieldDef&>(cf);  // our own non-const arrays
    f.offset = off;
    off = std::uint16_t(off + f.size);
  }
  return off;
}

// The layout of `k` with fields `fields`: data size and the fields validation reads.
GeneLayout make_layout(const Kind& k, Fields fields) {
  GeneLayout g{k.type, k.subtype, k.name, k.title, fields};
  g.data_size = place_fields(fields);
  for (std::size_t i = 0; i < fields.size() && i < 64; ++i) {
    const FieldDef& f = fields[i];
    if (f.kind == FieldKind::u8 && (f.engine_max != 0xFFFF || f.role == FieldRole::lobe_index))
      g.checked |= std::uint64_t(1) << i;
  }
  return g;
}

struct Tables {
  std::vector<GeneLayout> c1, c2, c3;
  Tables() {
    for (const Kind& k : kKinds) {
      if (!k.fields.c1.empty()) c1.push_back(make_layout(k, k.fields.c1));
      if (!k.fields.c2.empty()) c2.push_back(make_layout(k, k.fields.c2));
      if (!k.fields.c3.empty()) c3.push_back(make_layout(k, k.fields.c3));
    }
  }
};

const Tables& tables() {
  static const Tables t;  // built once, thread-safe
  return t;
}

}  // namespace

std::string_view to_string(Version v) {
  switch (v) {
    case Version::c1:
      return "c1";
    case Version::c2:
      return "c2";
    case Version::c3:
      return "c3";
    default:
      return "unknown";
  }
}

std::span<const GeneLayout> layouts(Version v) {
  switch (v) {
    case Version::c1:
      return tables().c1;
    case Version::c2:
      return tables().c2;
    case Version::c3:
      return tables().c3;
    default:
      return {};
  }
}

const GeneLayout* find_layout(Version v, std::uint8_t type, std::uint8_t subtype) {
  for (const auto& g : layouts(v))
    if (g.type == type && g.subtype == subtype) return &g;
  return nullptr;
}

const GeneLayout* find_layout(Version v, std::string_view name) {
  for (const auto& g : layouts(v))
    if (name == g.name) return &g;
  return nullptr;
}

std::size_t header_size(Version v) {
  switch (v) {
    case Version::c1:
      return 6;
    case Version::c3:
      return 8;
    default:
      return 7;
  }
}

std::string_view magic(Version v) {
  switch (v) {
    case Version::c2:
      return "dna2";
    case Version::c3:
      return "dna3";
    default:
      return "";
  }
}

const SymbolTable& stage_names() {
  return kStageTable;
}
const SymbolTable& gene_flag_names() {
  return kGeneFlagTable;
}
const SymbolTable& svrule_opcodes() {
  return kOpcodeTable;
}

unsigned field_value(std::string_view data, const FieldDef& f) {
  if (std::size_t(f.offset) + f.size > data.size()) return 0;
  const auto* d = reinterpret_cast<const unsigned char*>(data.data()) + f.offset;
  if (f.kind == FieldKind::u16be) return unsigned(d[0]) << 8 | d[1];
  return d[0];
}

void set_field_value(std::string& data, const FieldDef& f, unsigned v) {
  if (std::size_t(f.offset) + f.size > data.size()) return;
  if (f.kind == FieldKind::u16be) {
    data[f.offset] = char((v >> 8) & 0xFF);
    data[f.offset + 1] = char(v & 0xFF);
  } else {
    data[f.offset] = char(v & 0xFF);
  }
}

}  // namespace genokit::genome
