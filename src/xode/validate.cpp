// Schema-driven validation (standard mode). Everything here is read from the schema table; the
// scene builder adds the checks that need meaning (links, axis counts, rigid matrices, masses).
//
// Every load in the default mode runs this over every element and attribute, so it walks
// pugixml's tree directly (names and values as the NUL-terminated strings pugixml holds, each
// element's id looked up once); XmlNode handles are made only for what is reported.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"
#include "xode/build_common.hpp"
#include "xode/document_data.hpp"
#include "xode/element_id.hpp"

namespace genokit::xode {
namespace {

bool starts_with(const char* s, std::string_view prefix) {
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (s[i] != prefix[i]) return false;
  return true;
}

bool is_namespace_attr(const char* n) {
  return same_text(n, "xmlns") || starts_with(n, "xmlns:") || starts_with(n, "xsi:");
}

const AttrSpec* attr_spec(const ElementSpec& spec, const char* name) {
  for (const auto& a : spec.attrs)
    if (same_text(name, a.name)) return &a;
  return nullptr;
}

// parse_double(trim(v)) (number_value: plain decimals converted inline).
std::optional<double> number(const char* v) {
  double d;
  if (number_value(v, d)) return d;
  return std::nullopt;
}

// "<name>" (built by appending: GCC 12 warns falsely about "<" + std::string).
std::string tag(std::string_view name) {
  std::string s;
  s.reserve(name.size() + 2);
  s += '<';
  s += name;
  s += '>';
  return s;
}

struct Validator {
  Validator(const Document& d, Diagnostics& g) : doc(d), data(Access::data(d)), diags(g) {}
  const Document& doc;
  DocumentData& data;
  Diagnostics& diags;
  struct NameUse {
    int count = 0;
    pugi::xml_node first;
    pugi::xml_node second;
  };
  // Names seen so far, in an open-addressing table (one allocation per document instead of one
  // per name); a slot is free while its count is 0. Keys point into the document.
  struct NameSlot {
    std::string_view key;
    NameUse use;
  };
  std::vector<NameSlot> names;
  std::size_t name_count = 0;
  NameSlot& slot(std::string_view k) {
    const std::size_t mask = names.size() - 1;
    for (std::size_t i = name_hash(k) & mask;; i = (i + 1) & mask)
      if (names[i].use.count == 0 || names[i].key == k) return names[i];
  }
  NameUse& use_of(std::string_view k) {
    if (2 * (name_count + 1) > names.size()) {
      std::vector<NameSlot> old(names.size() < 32 ? 32 : 2 * names.size());
      old.swap(names);
      for (const NameSlot& e : old)
        if (e.use.count) slot(e.key) = e;
    }
    NameSlot& e = slot(k);
    if (e.use.count == 0) {
      e.key = k;
      ++name_count;
    }
    return e.use;
  }

  // The children of the elements being walked (each name is looked up once).
  struct Kid {
    pugi::xml_node node;
    El id;
    bool text = false;
  };
  std::vector<Kid> kids;

  XmlNode node(pugi::xml_node n) const { return Access::node(data, n); }

  // One warning per repeated name, at its second use, in document order.
  void report_duplicates() {
    std::vector<std::pair<std::size_t, const NameSlot*>> dups;
    for (const NameSlot& e : names)
      if (e.use.count > 1) dups.emplace_back(node(e.use.second).offset(), &e);
    std::sort(dups.begin(), dups.end(), [](const auto& x, const auto& y) {
      return x.first != y.first ? x.first < y.first : x.second->key < y.second->key;
    });
    for (const auto& [off, e] : dups) {
      const NameUse& u = e->use;
      Location first = doc.locate(node(u.first));
      diags.warning("xode.duplicate-name",
                    "name '" + std::string(e->key) + "' is used " + std::to_string(u.count) +
                        " times (first at line " + std::to_string(first.line) +
                        "); XODE names must be unique",
                    doc.locate(doc.attr_offset(node(u.second), "name")));
    }
  }

  // Checks the attributes of `e` in one pass; `name` receives the value of its first attribute
  // called name (nullptr when there is none).
  void check_attrs(pugi::xml_node e, El id, const ElementSpec& spec, const char*& name) {
    std::uint64_t present = 0;  // the spec's attributes found (fewer than 64 per element)
    name = nullptr;
    for (pugi::xml_attribute a = e.first_attribute(); a; a = a.next_attribute()) {
      const char* an = a.name();
      if (!name && same_text(an, "name")) name = a.value();
      if (is_namespace_attr(an)) continue;
      const AttrSpec* as = attr_spec(spec, an);
      if (as) present |= std::uint64_t{1} << (as - spec.attrs.data());
      // Where the attribute is, and the texts of a message: only made when there is something
      // to report.
      auto at = [&] { return doc.locate(doc.attr_offset(node(e), an)); };
      auto attr = [&] { return std::string(an); };
      auto value = [&] { return std::string(a.value()); };
      auto ename = [&] { return std::string(e.name()); };
      if (!as) {
        if (spec.any_attributes) continue;
        if (id == El::axis)
          diags.error("xode.unknown-axis-param",
                      "invalid attribute '" + attr() +
                          "' of <axis>: not a joint parameter (LoStop, HiStop, Vel, "
                          "FMax, FudgeFactor, Bounce, CFM, StopERP, StopCFM, SuspensionERP, SuspensionCFM)",
                      at());
        else
          diags.warning("xode.unknown-attribute",
                        "unknown attribute '" + attr() + "' on <" + ename() + "> (kept)", at());
        continue;
      }
      const char* v = a.value();
      switch (as->type) {
        case AttrType::number: {
          auto d = number(v);
          if (!d) {
            diags.error(
                "xode.bad-number",
                "attribute " + attr() + " of <" + ename() + "> must be a number, not '" + value() + "'",
                at());
          } else if (!std::isfinite(*d)) {
            diags.error("xode.non-finite",
                        "attribute " + attr() + " of <" + ename() + "> is not finite ('" + value() + "')",
                        at());
          } else if (as->range == Range::positive && !(*d > 0)) {
            diags.error(
                "xode.non-positive",
                "attribute " + attr() + " of <" + ename() + "> must be greater than 0, not " + value(), at());
          } else if (as->range == Range::non_negative && *d < 0) {
            diags.error("xode.negative", "attribute " + attr() + " of <" + ename() + "> must not be negative",
                        at());
          }
          break;
        }
        case AttrType::integer:
          if (!parse_int(trim(v)))
            diags.error(
                "xode.bad-integer",
                "attribute " + attr() + " of <" + ename() + "> must be an integer, not '" + value() + "'",
                at());
          break;
        case AttrType::boolean:
          if (!same_text(v, "true") && !same_text(v, "false"))
            diags.error("xode.bad-boolean",
                        "attribute " + attr() + " of <" + ename() + "> must be 'true' or 'false', not '" +
                            value() + "'",
                        at());
          break;
        case AttrType::angle_format:
          if (!same_text(v, "radians") && !same_text(v, "degrees"))
            diags.error("xode.bad-angle-format",
                        "aformat must be 'radians' or 'degrees', not '" + value() + "'", at());
          break;
        case AttrType::text:
          break;
      }
    }
    for (std::size_t i = 0; i < spec.attrs.size(); ++i) {
      const AttrSpec& as = spec.attrs[i];
      if (!as.required || (present >> i & 1)) continue;
      if (id == El::xode && as.name == "version") {
        diags.warning("xode.missing-version",
                      "<xode> has no version attribute (XODE requires one, e.g. 1.0r22)",
                      doc.locate(node(e)));
        continue;
      }
      diags.error("xode.missing-attribute", tag(e.name()) + " needs the attribute " + std::string(as.name),
                  doc.locate(node(e)));
    }
  }

  // Child element counts by id, as check_content reads them.
  using Counts = std::array<std::uint16_t, kElementCount + 1>;

  void check_content(const XmlNode& e, El id, const Counts& counts) {
    auto count = [&](std::initializer_list<El> kinds) {
      int n = 0;
      for (El k : kinds) n += counts[static_cast<std::size_t>(k)];
      return n;
    };
    if (id == El::geom) {
      int n = count(
          {El::box, El::sphere, El::cylinder, El::cappedCylinder, El::cone, El::plane, El::ray, El::trimesh});
      if (n == 0)
        diags.error("xode.geom-without-shape", "no geom type element found in <geom>", doc.locate(e));
      if (n > 1)
        diags.error("xode.geom-multiple-shapes", "<geom> has more than one shape element", doc.locate(e));
    } else if (id == El::joint) {
      int n = count({El::amotor, El::ball, El::fixed, El::hinge, El::hinge2, El::slider, El::universal});
      if (n == 0)
        diags.error("xode.joint-without-type", "no joint type element found in <joint>", doc.locate(e));
      if (n > 1)
        diags.error("xode.joint-multiple-types", "<joint> has more than one type element", doc.locate(e));
      if (count({El::link1}) > 1 || count({El::link2}) > 1)
        diags.error("xode.duplicate-link", "<joint> has more than one <link1> or <link2>", doc.locate(e));
    } else if (id == El::mass_shape) {
      if (!e.has_attr("density") && !e.has_attr("total"))
        diags.error("xode.mass-shape-without-amount", "<mass_shape> needs a density or a total attribute",
                    doc.locate(e));
      int n = count({El::sphere, El::box, El::cylinder, El::cappedCylinder});
      if (n != 1)
        diags.error("xode.mass-shape-count", "<mass_shape> must hold exactly one shape", doc.locate(e));
    } else if (id == El::mass) {
      if (count({El::mass_struct}) && count({El::mass_shape}))
        diags.error("xode.mass-struct-and-shape", "<mass> cannot have both <mass_struct> and <mass_shape>",
                    doc.locate(e));
    } else if (id == El::rotation) {
      if (count({El::euler, El::axisangle, El::quaternion}) != 1)
        diags.error("xode.rotation-count", "<rotation> must hold exactly one of euler, axisangle, quaternion",
                    doc.locate(e));
    } else if (id == El::transform) {
      if (count({El::matrix4f}) && count({El::position, El::rotation, El::euler, El::scale}))
        diags.warning("xode.transform-mixed",
                      "<transform> mixes <matrix4f> with vector components; they are combined (matrix first)",
                      doc.locate(e));
    } else if (id == El::ext) {
      if (!e.has_attr("name") && !e.has_attr("ename"))
        diags.warning("xode.ext-without-name", "<ext> should carry a name (or ename) attribute",
                      doc.locate(e));
    } else if (id == El::world) {
      if (!count({El::space}))
        diags.warning("xode.world-without-space", "<world> holds no <space>", doc.locate(e));
    }
    if (count({El::transform}) > 1)
      diags.error("xode.duplicate-transform", tag(e.name()) + " has more than one <transform>",
                  doc.locate(e));
  }

  void walk(pugi::xml_node e, El id, El parent_id, const ElementSpec* parent) {
    const char* ename = e.name();
    const ElementSpec* spec = id == El::unknown ? nullptr : &schema()[static_cast<std::size_t>(id)];
    if (!spec) {
      diags.error("xode.unknown-element",
                  "unknown element <" + std::string(ename) + ">" +
                      (parent ? " in " + tag(parent->name) : std::string()),
                  doc.locate(node(e)));
      return;
    }
    if (parent && !parent->open_content && !(allowed_children(parent_id) & bit(id)))
      diags.error("xode.invalid-child",
                  tag(ename) + " is not a valid child of <" + std::string(parent->name) + ">",
                  doc.locate(node(e)));
    const char* n = nullptr;
    check_attrs(e, id, *spec, n);
    if (id != El::xode && id != El::ext && n) {
      auto& use = use_of(n);
      if (use.count++ == 0)
        use.first = e;
      else if (use.count == 2)
        use.second = e;
    }
    if (spec->open_content) return;  // ext: kept verbatim, not validated
    // The children XmlNode::children() yields, in order, in one pass: elements (walked) and text
    // that is not only blanks or CDATA (reported); comments, PIs and the doctype are skipped.
    Counts counts{};
    const std::size_t first = kids.size();
    for (pugi::xml_node c = e.first_child(); c; c = c.next_sibling()) {
      const auto type = c.type();
      if (type == pugi::node_element) {
        const El cid = element_id(c.name());
        kids.push_back({c, cid});
        ++counts[static_cast<std::size_t>(cid)];
      } else if (type == pugi::node_cdata || (type == pugi::node_pcdata && !trim(c.value()).empty())) {
        kids.push_back({c, El::unknown, true});
      }
    }
    check_content(node(e), id, counts);
    for (std::size_t i = first; i < kids.size(); ++i) {
      const Kid k = kids[i];  // a copy: walking appends to `kids`
      if (k.text)
        diags.warning("xode.unexpected-text", "text inside <" + std::string(ename) + "> is ignored",
                      doc.locate(node(e)));
      else
        walk(k.node, k.id, id, spec);
    }
    kids.resize(first);
  }
};

}  // namespace

void validate_document(const Document& doc, Diagnostics& diags) {
  Validator v(doc, diags);
  XmlNode root = doc.root();
  if (!root || root.name() != "xode") return;  // the reader already reported it
  pugi::xml_node r = Access::pugi(root);
  v.walk(r, element_id(r), El::unknown, nullptr);
  v.report_duplicates();
}

}  // namespace genokit::xode
