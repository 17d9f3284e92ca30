// The class registry: SDK r909 built-ins (update group, required attachment, implementation kind)
// plus classes registered from src/neuro/class_*.cpp files or at run time.
#include <algorithm>
#include <map>
#include <mutex>

#include "neuro/data.hpp"

namespace genokit::neuro {
namespace detail {
void listed_classes(std::vector<ClassSpec>& out);  // generated (src/neuro/CMakeLists.txt)
}

namespace {

using L = f0::NeuronLocation;

struct Builtin {
  std::string_view name;
  int group;
  L needs;
  Kind kind;
};

// Groups and attachment requirements: simulation.md §1.2-§1.4 (LMu uses the @ implementation).
constexpr Builtin kBuiltins[] = {
    {"N", 1, L::none, Kind::N},
    {"Nu", 1, L::none, Kind::Nu},
    {"*", 0, L::none, Kind::Const},
    {"D", 1, L::none, Kind::D},
    {"Rnd", 1, L::none, Kind::Rnd},
    {"Sin", 1, L::none, Kind::Sin},
    {"Ch", 1, L::none, Kind::Ch},
    {"ChSel", 1, L::none, Kind::ChSel},
    {"ChMux", 1, L::none, Kind::ChMux},
    {"Fuzzy", 1, L::none, Kind::Fuzzy},
    {"G", 0, L::joint, Kind::Receptor},
    {"T", 0, L::part, Kind::Receptor},
    {"S", 0, L::part, Kind::Receptor},
    {"Water", 0, L::part, Kind::Receptor},
    {"Energy", 1, L::none, Kind::Receptor},
    {"|", 2, L::joint, Kind::Effector},
    {"@", 2, L::joint, Kind::Effector},
    {"LMu", 2, L::joint, Kind::Effector},
    {"Sti", 0, L::part, Kind::Effector},
};

std::shared_ptr<const std::vector<f0::NeuronProp>> props_of(std::string_view name,
                                                            const std::vector<f0::NeuronProp>& own) {
  if (const f0::NeuronClass* c = f0::find_neuron_class(name))
    return std::make_shared<const std::vector<f0::NeuronProp>>(c->props.begin(), c->props.end());
  return std::make_shared<const std::vector<f0::NeuronProp>>(own);
}

struct Registry {
  std::mutex mu;
  std::map<std::string, RegistryEntry, std::less<>> entries;
  Registry() {
    for (const auto& b : kBuiltins) {
      RegistryEntry e;
      e.name = b.name;
      e.group = b.group;
      e.needs = b.needs;
      e.kind = b.kind;
      e.props = props_of(b.name, {});
      entries.emplace(e.name, std::move(e));
    }
    std::vector<ClassSpec> listed;
    detail::listed_classes(listed);
    for (auto& s : listed) add(std::move(s));
  }
  void add(ClassSpec s) {
    RegistryEntry e;
    e.name = s.name;
    e.group = std::clamp(s.group, 0, 2);
    e.needs = s.needs;
    e.kind = Kind::Custom;
    e.props = props_of(s.name, s.props);
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
