// Genetics settings from `.sim` files and name=value strings (genokit/genotype/operator_settings.hpp).
#include "genokit/genotype/operator_settings.hpp"

#include <array>

#include "genokit/core/text.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::genotype {
namespace {

// Framsticks' genetic formats: a setting prefixed f<c>_ belongs to format c's operators.
constexpr std::string_view kSdkFormats[] = {"0", "0s", "1", "4", "8", "9", "F", "n", "B", "H", "L", "S"};

constexpr frams::Property genoper(std::string_view id) {
  return frams::operator_param(id, 'd', 0, 0, 0, "operator set",
                               "the set of operators for this format (only set 0, \"Default\", exists)");
}

constexpr std::array kGenMan{
    frams::operator_param("gen_hist", 'd', 0, 1, 0, "history", "1: keep the genetic history (phylogeny)"),
    frams::operator_param("gen_hilite", 'd', 0, 1, 1, "highlighting", "1: highlight genotype syntax"),
    frams::operator_param("gen_extmutinfo", 'd', 0, 2, 0, "extended mutation info",
                          "the mutant's info text: 0 \"<chg>% mutation of '<parent>'\", 1 with the method "
                          "id, 2 with the method name"),
    genoper("genoper_f0"),
    genoper("genoper_f0s"),
    genoper("genoper_f1"),
    genoper("genoper_f4"),
    genoper("genoper_f8"),
    genoper("genoper_f9"),
    genoper("genoper_fF"),
    genoper("genoper_fn"),
    genoper("genoper_fB"),
    genoper("genoper_fH"),
    genoper("genoper_fL"),
    genoper("genoper_fS"),
};

std::string known_ids(std::span<const frams::Property> table) {
  std::string out;
  for (const frams::Property& p : table) {
    if (!out.empty()) out += ", ";
    out.append(p.id);
  }
  return out;
}

std::vector<std::string> split_chain(std::string_view chain) {
  std::vector<std::string> out;
  for (std::size_t start = 0; start <= chain.size();) {
    std::size_t end = chain.find(';', start);
    if (end == std::string_view::npos) end = chain.size();
    const std::string_view part = trim(chain.substr(start, end - start));
    if (!part.empty()) out.emplace_back(part);
    start = end + 1;
  }
  return out;
}

void read_document(const frams::Document& doc, OperatorSettings& s, Diagnostics& diags) {
  for (const frams::Object& obj : doc.objects) {
    if (obj.class_name != "sim_params" && obj.class_name != "GenMan") continue;
    for (const frams::Field& f : obj.fields) s.take(f.key, f.value, diags, doc.locate_value(f, 0));
  }
}

}  // namespace

std::span<const frams::Property> genman_params() {
  return kGenMan;
}

OperatorSettings::OperatorSettings()
    : genman_(genman_params()), neuadd_(f0::neuadd_params()), lists_(f0::default_neuron_class_lists()) {
  for (const Encoding& e : encodings())
    if (!e.params.empty()) by_encoding_.emplace_back(e.id, frams::ParamValues(e.params));
}

const frams::ParamValues* OperatorSettings::of(const Encoding& e) const {
  for (const auto& [id, values] : by_encoding_)
    if (id == e.id) return &values;
  return nullptr;
}

frams::ParamValues* OperatorSettings::of(const Encoding& e) {
  for (auto& [id, values] : by_encoding_)
    if (id == e.id) return &values;
  return nullptr;
}

int OperatorSettings::extmutinfo() const {
  return static_cast<int>(genman_.number("gen_extmutinfo"));
}

bool OperatorSettings::take(std::string_view key, std::string_view value, Diagnostics& diags,
                            const Location& where) {
  if (int row = genman_.find(key); row >= 0) {
    genman_.set(row, value, diags, where);
    return true;
  }
  if (int row = neuadd_.find(key); row >= 0) {
    neuadd_.set(row, value, diags, where);
    lists_ = f0::neuron_class_lists(neuadd_);
    return true;
  }
  for (auto& [id, values] : by_encoding_) {
    if (int row = values.find(key); row >= 0) {
      values.set(row, value, diags, where);
      return true;
    }
  }
  // Not a known setting: a genetics name at all?
  auto unknown = [&](std::string_view group, std::span<const frams::Property> table) {
    diags.warning("genotype.unknown-operator-setting",
                  "'" + std::string(key) + "' is not a " + std::string(group) +
                      " setting; it is ignored (known: " + known_ids(table) + ")",
                  where);
    return true;
  };
  if (key.starts_with("neuadd_")) return unknown("neuron-class (neuadd_)", f0::neuadd_params());
  if (key.starts_with("gen_") || key.starts_with("genoper_")) return unknown("GenMan", genman_params());
  for (const auto& [id, values] : by_encoding_)
    if (key.size() > id.size() + 2 && key[0] == 'f' && key.substr(1, id.size()) == id &&
        key[id.size() + 1] == '_')
      return unknown("f" + id + " operator", values.table());
  for (std::string_view f : kSdkFormats)  // formats genokit has no operators for: Framsticks' names
    if (key.size() > f.size() + 2 && key[0] == 'f' && key.substr(1, f.size()) == f &&
        key[f.size() + 1] == '_')
      return true;
  return false;
}

bool OperatorSettings::assign(std::string_view text, Diagnostics& diags) {
  const std::size_t sep = text.find_first_of("=:");
  if (sep == std::string_view::npos || trim(text.substr(0, sep)).empty()) {
    diags.error("genotype.bad-operator-setting",
                "'" + std::string(text) + "' is not a setting (write name=value, e.g. f1_smX=0.1)");
    return false;
  }
  const std::string_view key = trim(text.substr(0, sep));
  const std::size_t errors = diags.error_count();
  if (!take(key, trim(text.substr(sep + 1)), diags)) {
    diags.error("genotype.bad-operator-setting",
                "'" + std::string(key) +
                    "' is not a genetic operator setting (e.g. f1_smX, f0_p_new, neuadd_N, "
                    "gen_extmutinfo)");
    return false;
  }
  return diags.error_count() == errors;
}

std::optional<OperatorSettings> load_operator_settings(std::string_view chain, Diagnostics& diags,
                                                       const OperatorSettings& base) {
  const std::vector<std::string> files = split_chain(chain);
  if (files.empty()) {
    diags.error("genotype.no-settings-file",
                "no settings file given (expected \"a.sim\" or \"a.sim;b.sim\")");
    return std::nullopt;
  }
  OperatorSettings s = base;
  for (const std::string& file : files) {
    const std::size_t errors = diags.error_count();
    const frams::Document doc = frams::load_file(file, diags);
    if (diags.error_count() != errors) return std::nullopt;
    read_document(doc, s, diags);
  }
  return s;
}

std::optional<OperatorSettings> parse_operator_settings(std::string_view text, std::string file_name,
                                                        Diagnostics& diags, const OperatorSettings& base) {
  OperatorSettings s = base;
  const std::size_t errors = diags.error_count();
  const frams::Document doc = frams::parse(text, std::move(file_name), diags);
  if (diags.error_count() != errors) return std::nullopt;
  read_document(doc, s, diags);
  return s;
}

}  // namespace genokit::genotype
