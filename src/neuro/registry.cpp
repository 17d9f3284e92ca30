// The class registry: behaviours attached by name to the f0 class table's classes (the SDK r909
// built-ins), plus classes registered from src/neuro/class_*.cpp files or at run time.
#include <algorithm>
#include <map>
#include <mutex>

#include "neuro/data.hpp"

namespace genokit::neuro {
namespace detail {
void listed_classes(std::vector<ClassSpec>& out);  // generated (src/neuro/CMakeLists.txt)
}

namespace {

// The built-in behaviours, attached by name to the classes of the f0 class table (which holds
// every class fact: update order, required attachment, parameters). LMu uses the @ implementation.
struct Builtin {
  std::string_view name;
  Kind kind;
};
constexpr Builtin kBuiltins[] = {
    {"N", Kind::N},         {"Nu", Kind::Nu},          {"*", Kind::Const},         {"D", Kind::D},
    {"Rnd", Kind::Rnd},     {"Sin", Kind::Sin},        {"Ch", Kind::Ch},           {"ChSel", Kind::ChSel},
    {"ChMux", Kind::ChMux}, {"Fuzzy", Kind::Fuzzy},    {"G", Kind::Receptor},      {"T", Kind::Receptor},
    {"S", Kind::Receptor},  {"Water", Kind::Receptor}, {"Energy", Kind::Receptor}, {"|", Kind::Effector},
    {"@", Kind::Effector},  {"LMu", Kind::Effector},   {"Sti", Kind::Effector},
};

// A registry entry with the class facts: from the f0 class table for its classes, from the
// ClassSpec for classes the table does not know.
RegistryEntry entry(std::string_view name, Kind kind, const ClassSpec* spec) {
  RegistryEntry e;
  e.name = name;
  e.kind = kind;
  if (const f0::NeuronClass* c = f0::find_neuron_class(name)) {
    e.group = c->sim_order;
    e.needs = c->pref_location;
    e.props = std::make_shared<const std::vector<f0::NeuronProp>>(c->props.begin(), c->props.end());
  } else if (spec) {
    e.group = std::clamp(spec->group, 0, 2);
    e.needs = spec->needs;
    e.props = std::make_shared<const std::vector<f0::NeuronProp>>(spec->props);
  } else {
    e.props = std::make_shared<const std::vector<f0::NeuronProp>>();
  }
  return e;
}

struct Registry {
  std::mutex mu;
  std::map<std::string, RegistryEntry, std::less<>> entries;
  Registry() {
    for (const auto& b : kBuiltins) entries.emplace(std::string(b.name), entry(b.name, b.kind, nullptr));
    std::vector<ClassSpec> listed;
    detail::listed_classes(listed);
    for (auto& s : listed) add(std::move(s));
  }
  void add(ClassSpec s) {
    RegistryEntry e = entry(s.name, Kind::Custom, &s);
    e.make = std::move(s.make);
    entries.insert_or_assign(e.name, std::move(e));
  }
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

const RegistryEntry* find_entry(std::string_view name) {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  auto it = r.entries.find(name);
  return it == r.entries.end() ? nullptr : &it->second;
}

void register_class(ClassSpec spec) {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  r.add(std::move(spec));
}

std::vector<std::string> implemented_classes() {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  std::vector<std::string> out;
  for (const auto& [k, v] : r.entries) out.push_back(k);
  return out;
}

int class_group(std::string_view name) {
  const RegistryEntry* e = find_entry(name);
  return e ? e->group : -1;
}

}  // namespace genokit::neuro
