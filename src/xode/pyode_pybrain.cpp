// The PyODE-mode builder (pyode_builder.hpp): PyBrain's post-processing (its patched importer's
// fixed joints and Euler AMotors, <affixToEnvironment> and the <passpairs> collision filter from
// the comment after </xode>).
#include "xode/pyode_builder.hpp"

#include <algorithm>

namespace genokit::xode::pyode {

// ---- PyBrain ---------------------------------------------------------------------------------
// The sections PyBrain reads from its trailing "<!--odeenvironment parameters ... <end>-->"
// comment (the first such comment after the root): the lines of <affixToEnvironment> and of
// <passpairs>, trimmed, in file order.
void Builder::pybrain_sections(std::vector<std::string_view>& affix,
                               std::vector<std::string_view>& passpairs) const {
  const PN root = first_element(data.dom);
  for (PN c = root ? root.next_sibling() : PN(); c; c = c.next_sibling()) {
    if (c.type() != pugi::node_comment) continue;
    std::string_view v = c.value();
    constexpr std::string_view kTag = "odeenvironment parameters";
    if (v.substr(0, kTag.size()) != kTag) continue;
    std::string_view current;
    std::size_t pos = kTag.size();
    while (pos <= v.size()) {
      std::size_t nl = v.find('\n', pos);
      std::string_view line =
          genokit::trim(v.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
      pos = nl == std::string_view::npos ? v.size() + 1 : nl + 1;
      if (line.empty()) continue;
      if (line.size() > 2 && line.front() == '<' && line.back() == '>' &&
          line.find_first_of(" \t") == std::string_view::npos) {
        current = line.substr(1, line.size() - 2);
        if (current == "end") break;
      } else if (current == "affixToEnvironment") {
        affix.push_back(line);
      } else if (current == "passpairs") {
        passpairs.push_back(line);
      }
    }
    break;
  }
}

void Builder::pybrain_postprocess() {
  for (auto& j : sc.joints) {
    if (j.type == JointType::fixed) j.set_fixed = true;
    if (j.type == JointType::amotor) j.amotor_mode = 1;
  }
  std::vector<std::string_view> affix, passpairs;
  pybrain_sections(affix, passpairs);
  int i = 0;
  for (std::string_view name : affix) {
    PNode* t = find_named(name);
    if (t && t->kind == PKind::joint && t->index >= 0) {
      sc.joints[static_cast<std::size_t>(t->index)].reattach_to_environment = true;
    } else if (t && t->kind == PKind::body && t->index >= 0) {
      SceneJoint j;
      j.type = JointType::fixed;
      j.path = sc.keep("/pybrain/affix[" + std::to_string(i) + "]");
      j.world = sc.bodies[static_cast<std::size_t>(t->index)].world;
      j.body1 = t->index;
      j.body2 = -1;
      j.set_fixed = true;
      j.extra = true;
      sc.joints.push_back(j);
    }
    ++i;
  }
  // passpairs: Python literals, a string or a tuple of strings per line.
  sc.passpairs.reserve(passpairs.size());
  for (std::string_view s : passpairs) {
    std::vector<std::string_view> group;
    group.reserve(
        static_cast<std::size_t>(std::count(s.begin(), s.end(), '\'') + std::count(s.begin(), s.end(), '"')) /
        2);
    for (std::size_t p = 0; p < s.size(); ++p) {
      char q = s[p];
      if (q != '\'' && q != '"') continue;
      std::size_t e = s.find(q, p + 1);
      if (e == std::string_view::npos) break;
      group.push_back(sc.keep(s.substr(p + 1, e - p - 1)));
      p = e;
    }
    if (!group.empty()) sc.passpairs.push_back(std::move(group));
  }
}
}  // namespace genokit::xode::pyode
