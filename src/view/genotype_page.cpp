// The genotypes of a file -> page data: each readable genotype's f0 body as placed (one frame),
// through the genotype door, so every encoding the door reads is shown the same way.
#include <algorithm>
#include <cmath>
#include <string>

#include "genokit/genotype/encoding.hpp"
#include "genokit/view/read.hpp"

namespace genokit::view {

namespace {

constexpr double kRadius = 0.1;  // sticks of a body that is not simulated (units)

Scene creature_scene(const genotype::FileGenotype& g, const genotype::Genotype& gen, const std::string& file,
                     std::size_t index) {
  const f0::Model& m = gen.model;
  Scene sc;
  sc.name =
      !g.name.empty() ? g.name : (index == 0 && file.size() ? file : "genotype " + std::to_string(index));
  const genotype::Encoding* enc = genotype::find_encoding(gen.format);
  sc.source = {file, g.name, enc ? enc->name : gen.format, std::string(g.text)};
  Creature c;
  c.radius = kRadius;
  for (const f0::Part& p : m.parts) c.parts.push_back({{p.color.x, p.color.y, p.color.z}, p.fr, p.dn});
  std::size_t other_joints = 0;
  for (std::size_t j = 0; j < m.joints.size(); ++j) {
    const f0::Joint& jt = m.joints[j];
    const int P = static_cast<int>(m.parts.size());
    if (jt.sh != 0 || jt.p1 < 0 || jt.p2 < 0 || jt.p1 >= P || jt.p2 >= P) {
      ++other_joints;
      continue;
    }
    Stick s;
    s.p1 = jt.p1;
    s.p2 = jt.p2;
    s.joint = static_cast<int>(j);
    s.color = {jt.color.x, jt.color.y, jt.color.z};
    s.stif = jt.stif;
    s.rotstif = jt.rotstif;
    s.stam = jt.stam;
    c.sticks.push_back(s);
  }
  for (std::size_t i = 0; i < m.neurons.size(); ++i) {
    const f0::Neuron& n = m.neurons[i];
    c.neurons.push_back({n.details, n.class_name, n.part, n.joint});
    if ((n.class_name == "|" || n.class_name == "@") && n.joint >= 0) {
      Muscle mu;
      mu.neuron = static_cast<int>(i);
      mu.joint = n.joint;
      mu.twist = n.class_name == "@";
      for (std::size_t s = 0; s < c.sticks.size(); ++s)
        if (c.sticks[s].joint == n.joint) mu.stick = static_cast<int>(s);
      c.muscles.push_back(mu);
    }
  }
  // One frame: the parts as placed, the centre of mass, and the ground just under the body.
  Frames& f = sc.frames;
  f.count = 1;
  f.step = {1, {0}};
  f.time = {1, {0}};
  f.parts.cols = 3 * m.parts.size();
  double mass = 0, zmin = 0;
  Vec3 com{0, 0, 0};
  for (std::size_t i = 0; i < m.parts.size(); ++i) {
    const f0::Part& p = m.parts[i];
    const double w = p.mass > 0 ? p.mass : 1;
    f.parts.values.insert(f.parts.values.end(), {static_cast<float>(p.pos.x), static_cast<float>(p.pos.y),
                                                 static_cast<float>(p.pos.z)});
    com = {com[0] + w * p.pos.x, com[1] + w * p.pos.y, com[2] + w * p.pos.z};
    mass += w;
    zmin = i == 0 ? p.pos.z : std::min(zmin, p.pos.z);
  }
  f.com = {3,
           {static_cast<float>(com[0] / mass), static_cast<float>(com[1] / mass),
            static_cast<float>(com[2] / mass)}};
  Geom ground;
  ground.shape = "plane";
  ground.params = {0, 0, 1, zmin - 1.35 * kRadius};
  sc.statics.push_back(ground);
  sc.info = {{"encoding", sc.source.encoding},
             {"valid", m.valid ? "yes" : "no"},
             {"parts", std::to_string(m.parts.size())},
             {"joints", std::to_string(m.joints.size())},
             {"sticks", std::to_string(c.sticks.size())},
             {"neurons", std::to_string(m.neurons.size())},
             {"connections", std::to_string(m.connections.size())},
             {"muscles", std::to_string(c.muscles.size())}};
  if (other_joints)
    sc.notes.push_back(std::to_string(other_joints) +
                       " joint(s) that are not sticks (sh != 0) are not drawn.");
  sc.notes.push_back("The body as the genotype places it (not simulated).");
  sc.creature = std::move(c);
  return sc;
}

}  // namespace

std::optional<Page> page_from_genotypes(std::string_view bytes, Diagnostics& diags,
                                        const GenotypeViewOptions& opt) {
  genotype::GenotypeFile file = genotype::read_genotypes(bytes, opt.file, diags, opt.reading);
  std::vector<const genotype::FileGenotype*> chosen;
  if (!opt.org.empty() && file.framsticks) {
    const genotype::FileGenotype* g = file.find(opt.org);
    if (!g) {
      diags.error("view.no-genotype",
                  "no genotype '" + opt.org + "' (an org name or a 0-based index) in the file",
                  Location{opt.file, 0, 0, -1});
      return std::nullopt;
    }
    chosen.push_back(g);
  } else {
    chosen = file.select();
  }
  Page page;
  page.title = opt.file;
  std::size_t skipped = 0;
  for (const genotype::FileGenotype* g : chosen) {
    if (page.scenes.size() >= opt.max_genotypes) {
      ++skipped;
      continue;
    }
    genotype::ReadOptions ro;
    ro.lint = false;  // the SDK's warnings only: `genokit check` gives genokit's own
    Diagnostics gd;
    auto gen = genotype::read(file, *g, gd, ro);
    diags.append(std::move(gd));
    if (!gen || gen->model.parts.empty()) {
      diags.warning("view.no-body",
                    (g->name.empty() ? std::string("the genotype") : "genotype '" + g->name + "'") +
                        " gives no body to show; it is left out",
                    g->field ? file.locate(*g, 0) : Location{opt.file, 0, 0, -1});
      continue;
    }
    page.scenes.push_back(creature_scene(*g, *gen, opt.file, page.scenes.size()));
  }
  if (skipped)
    page.scenes.front().notes.push_back(
        std::to_string(skipped) + " more genotypes of the file are not in this page (--org picks one).");
  if (page.scenes.empty()) {
    diags.error("view.nothing-to-show", "no genotype in the file gives a body to show",
                Location{opt.file, 0, 0, -1});
    return std::nullopt;
  }
  if (page.scenes.size() == 1 && !page.scenes[0].source.name.empty()) page.title = page.scenes[0].source.name;
  return page;
}

}  // namespace genokit::view
