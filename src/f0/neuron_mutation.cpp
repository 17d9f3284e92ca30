// The neuron helpers of the genetic operators (genokit/f0/neuron_mutation.hpp).
#include "genokit/f0/neuron_mutation.hpp"

#include <deque>

#include "frams/sdk_number.hpp"
#include "frams/sdk_param.hpp"
#include "frams/single_line.hpp"

namespace genokit::f0 {
namespace {

// Classes of the full Framsticks application that genokit's library lacks but whose neuadd_ flags
// Framsticks `.sim` files carry (eval-allcriteria.sim).
constexpr std::string_view kOtherAppClasses[] = {"Gpart",    "Tcontact",  "Tproximity", "M",    "Sti",
                                                 "Delay",    "Light",     "Nn",         "PIDP", "PIDV",
                                                 "SeeLight", "SeeLight2", "S0",         "S1",   "Thr"};

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

struct NeuaddTable {
  std::deque<std::string> ids, helps;  // stable storage for the rows' views
  std::vector<frams::Property> rows;
  NeuaddTable() {
    auto add = [&](std::string id, double def, std::string help) {
      ids.push_back("neuadd_" + id);
      helps.push_back(std::move(help));
      rows.push_back(frams::operator_param(ids.back(), 'd', 0, 1, def, "neurons to add", helps.back()));
    };
    for (const NeuronClass& c : neuron_classes())
      add(neuadd_name(c), c.genetically_active ? 1 : 0,
          "1: mutations may add neurons of class " + std::string(c.name) + " (" + std::string(c.long_name) +
              ")");
    for (std::string_view n : kOtherAppClasses)
      add(std::string(n), 0,
          "class " + std::string(n) +
              " of the full Framsticks application; genokit has no such class, so "
              "the flag has no effect");
  }
};

const NeuaddTable& neuadd_table() {
  static const NeuaddTable t;
  return t;
}

}  // namespace

std::string neuadd_name(const NeuronClass& c) {
  if (is_identifier(c.name)) return std::string(c.name);
  std::string s(c.long_name);
  for (char& ch : s)
    if (ch == ' ') ch = '_';
  return s;
}

bool known_to_framsticks(std::string_view class_name) {
  if (find_neuron_class(class_name)) return true;
  for (std::string_view n : kOtherAppClasses)
    if (n == class_name) return true;
  return false;
}

std::span<const frams::Property> neuadd_params() {
  return neuadd_table().rows;
}

NeuronClassLists neuron_class_lists(const frams::ParamValues& neuadd) {
  NeuronClassLists l;
  const auto classes = neuron_classes();
  // Rows follow the class order, so row i is class i (a table of another shape: by id).
  const bool same_table = neuadd.table().data() == neuadd_params().data();
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const NeuronClass& c = classes[i];
    const double on =
        same_table ? neuadd.number(static_cast<int>(i)) : neuadd.number("neuadd_" + neuadd_name(c));
    if (on == 0) continue;
    l.active.push_back(&c);
    if (c.pref_output != 0) l.with_output.push_back(&c);
    if (c.pref_inputs != 0) l.with_inputs.push_back(&c);
    if (c.pref_output != 0 && c.pref_inputs == 0) l.sensors.push_back(&c);
  }
  return l;
}

const NeuronClassLists& default_neuron_class_lists() {
  static const NeuronClassLists l = neuron_class_lists(frams::ParamValues(neuadd_params()));
  return l;
}

const NeuronClass* random_class(std::span<const NeuronClass* const> list, frams::SdkRandom& rng) {
  if (list.empty()) return nullptr;
  return list[rng.below(static_cast<std::uint32_t>(list.size()))];
}

int select_random_property(const NeuronClass& c, frams::SdkRandom& rng) {
  if (c.props.empty()) return -1;
  return static_cast<int>(rng.below(static_cast<std::uint32_t>(c.props.size())));
}

double mut_neuron_prop(const NeuronClass& c, int prop, double current, frams::SdkRandom& rng) {
  if (prop < 0 || static_cast<std::size_t>(prop) >= c.props.size()) return current;
  return frams::mutate_property(rng, c.props[static_cast<std::size_t>(prop)], current);
}

NeuronParams read_neuron_params(std::string_view details) {
  NeuronParams out;
  const std::size_t colon = details.find(':');
  std::string_view cls = details.substr(0, colon);
  const std::string_view params =
      colon == std::string_view::npos ? std::string_view() : details.substr(colon + 1);
  if (cls.empty()) cls = "N";
  out.class_name = std::string(cls);
  out.cls = find_neuron_class(cls);
  if (!out.cls) return out;
  const auto props = out.cls->props;
  out.numbers.resize(props.size());
  out.texts.resize(props.size());
  for (std::size_t i = 0; i < props.size(); ++i) {
    if (props[i].type == 's')
      out.texts[i] = std::string(props[i].def_text);
    else
      out.numbers[i] = props[i].def;
  }
  // The SDK's loadSingleLine with strict numbers; unknown names and unreadable values are dropped.
  struct Handler {
    NeuronParams& out;
    std::span<const NeuronProp> props;
    int find(std::string_view id) const { return frams::find_property(props, id); }
    void unknown_name(std::string_view, std::size_t) {}
    void missing_name(int, std::size_t) {}
    void after_last(std::size_t) {}
    void after_unknown(std::string_view, std::size_t) {}
    void set(int k, std::string_view val, std::size_t) {
      const auto i = static_cast<std::size_t>(k);
      if (props[i].type == 's') {
        out.texts[i] = std::string(val);
        return;
      }
      const frams::sdk::SetNumber r = frams::sdk::set_number(props[i], val, true);
      out.numbers[i] = r.value;
    }
  } h{out, props};
  std::string scratch;
  frams::sdk::load_single_line(params, {props, props.size()}, h, scratch);
  return out;
}

std::string write_neuron_params(const NeuronParams& p) {
  std::string out;
  if (!p.cls) return out;
  const auto props = p.cls->props;
  for (std::size_t i = 0; i < props.size() && i < p.numbers.size(); ++i) {
    const bool text = props[i].type == 's';
    if (text ? p.texts[i] == props[i].def_text : p.numbers[i] == props[i].def) continue;
    if (!out.empty()) out += ", ";
    out.append(props[i].id).append("=");
    if (text)
      frams::sdk::append_text(out, p.texts[i]);
    else if (props[i].type == 'd')
      out += std::to_string(static_cast<long long>(p.numbers[i]));
    else
      out += frams::sdk::format_double(p.numbers[i]);
  }
  return out;
}

std::optional<std::string> mut_neuron_details(std::string_view details, frams::SdkRandom& rng) {
  NeuronParams p = read_neuron_params(details);
  if (!p.cls) return std::nullopt;
  const int k = select_random_property(*p.cls, rng);
  if (k >= 0 && p.cls->props[static_cast<std::size_t>(k)].type == 'f') {
    const auto i = static_cast<std::size_t>(k);
    p.numbers[i] = mut_neuron_prop(*p.cls, k, p.numbers[i], rng);
  }
  const std::string props = write_neuron_params(p);
  if (props.empty()) return p.class_name;
  return p.class_name + ": " + props;
}

}  // namespace genokit::f0
