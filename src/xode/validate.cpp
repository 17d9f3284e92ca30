// Schema-driven validation (standard mode). Everything here is read from the schema table; the
// scene builder adds the checks that need meaning (links, axis counts, rigid matrices, masses).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"
#include "xode/element_id.hpp"

namespace genokit::xode {
namespace {

bool is_namespace_attr(std::string_view n) {
  return n == "xmlns" || n.substr(0, 6) == "xmlns:" || n.substr(0, 4) == "xsi:";
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

Location attr_loc(const Document& doc, const XmlNode& e, const XmlAttr& a) {
  return doc.locate(doc.attr_offset(e, a.name()));
}

struct Validator {
  const Document& doc;
  Diagnostics& diags;
  struct NameUse {
    int count = 0;
    XmlNode first;
    XmlNode second;
  };
  std::unordered_map<std::string_view, NameUse> names;  // keys point into the document

  // One warning per repeated name, at its second use, in document order.
  void report_duplicates() {
    std::vector<std::pair<std::size_t, std::string>> dups;
    for (const auto& [n, u] : names)
      if (u.count > 1) dups.emplace_back(u.second.offset(), n);
    std::sort(dups.begin(), dups.end());
    for (const auto& [off, n] : dups) {
      const NameUse& u = names[n];
      Location first = doc.locate(u.first);
      diags.warning("xode.duplicate-name",
                    "name '" + n + "' is used " + std::to_string(u.count) + " times (first at line " +
                        std::to_string(first.line) + "); XODE names must be unique",
                    doc.locate(doc.attr_offset(u.second, "name")));
    }
  }

  void check_attrs(const XmlNode& e, const ElementSpec& spec) {
    for (XmlAttr a : e.attrs()) {
      if (is_namespace_attr(a.name())) continue;
      const AttrSpec* as = find_attr(spec, a.name());
      // Where the attribute is: only scanned for when there is something to report.
      auto at = [&] { return attr_loc(doc, e, a); };
      if (!as) {
        if (spec.any_attributes) continue;
        if (e.name() == "axis")
          diags.error("xode.unknown-axis-param",
                      "invalid attribute '" + std::string(a.name()) +
                          "' of <axis>: not a joint parameter (LoStop, HiStop, Vel, "
                          "FMax, FudgeFactor, Bounce, CFM, StopERP, StopCFM, SuspensionERP, SuspensionCFM)",
                      at());
        else
          diags.warning(
              "xode.unknown-attribute",
              "unknown attribute '" + std::string(a.name()) + "' on <" + std::string(e.name()) + "> (kept)",
              at());
        continue;
      }
      std::string_view v = trim(a.value());
      switch (as->type) {
        case AttrType::number: {
          auto d = parse_double(v);
          if (!d) {
            diags.error("xode.bad-number",
                        "attribute " + std::string(a.name()) + " of <" + std::string(e.name()) +
                            "> must be a number, not '" + std::string(a.value()) + "'",
                        at());
          } else if (!std::isfinite(*d)) {
            diags.error("xode.non-finite",
                        "attribute " + std::string(a.name()) + " of <" + std::string(e.name()) +
                            "> is not finite ('" + std::string(a.value()) + "')",
                        at());
          } else if (as->range == Range::positive && !(*d > 0)) {
            diags.error("xode.non-positive",
                        "attribute " + std::string(a.name()) + " of <" + std::string(e.name()) +
                            "> must be greater than 0, not " + std::string(a.value()),
                        at());
          } else if (as->range == Range::non_negative && *d < 0) {
            diags.error("xode.negative",
                        "attribute " + std::string(a.name()) + " of <" + std::string(e.name()) +
                            "> must not be negative",
                        at());
          }
          break;
        }
        case AttrType::integer:
          if (!parse_int(v))
            diags.error("xode.bad-integer",
                        "attribute " + std::string(a.name()) + " of <" + std::string(e.name()) +
                            "> must be an integer, not '" + std::string(a.value()) + "'",
                        at());
          break;
        case AttrType::boolean:
          if (a.value() != "true" && a.value() != "false")
            diags.error("xode.bad-boolean",
                        "attribute " + std::string(a.name()) + " of <" + std::string(e.name()) +
                            "> must be 'true' or 'false', not '" + std::string(a.value()) + "'",
                        at());
          break;
        case AttrType::angle_format:
          if (a.value() != "radians" && a.value() != "degrees")
            diags.error("xode.bad-angle-format",
                        "aformat must be 'radians' or 'degrees', not '" + std::string(a.value()) + "'", at());
          break;
        case AttrType::text:
          break;
      }
    }
    for (const auto& as : spec.attrs) {
      // Schema names are literals, so data() is NUL-terminated.
      if (!as.required || e.has_attr(as.name.data())) continue;
      if (e.name() == "xode" && as.name == "version") {
        diags.warning("xode.missing-version",
                      "<xode> has no version attribute (XODE requires one, e.g. 1.0r22)", doc.locate(e));
        continue;
      }
      diags.error("xode.missing-attribute", tag(e.name()) + " needs the attribute " + std::string(as.name),
                  doc.locate(e));
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

  void walk(const XmlNode& e, El parent_id, const ElementSpec* parent) {
    const El id = element_id(e);
    const ElementSpec* spec = id == El::unknown ? nullptr : &schema()[static_cast<std::size_t>(id)];
    if (!spec) {
      diags.error("xode.unknown-element",
                  "unknown element <" + std::string(e.name()) + ">" +
                      (parent ? " in " + tag(parent->name) : std::string()),
                  doc.locate(e));
      return;
    }
    if (parent && !parent->open_content && !(allowed_children(parent_id) & bit(id)))
      diags.error("xode.invalid-child",
                  tag(e.name()) + " is not a valid child of <" + std::string(parent->name) + ">",
                  doc.locate(e));
    check_attrs(e, *spec);
    if (XmlAttr n = e.attr("name"); n && e.name() != "xode" && e.name() != "ext") {
      auto& use = names[n.value()];
      if (use.count++ == 0)
        use.first = e;
      else if (use.count == 2)
        use.second = e;
    }
    if (spec->open_content) return;  // ext: kept verbatim, not validated
    Counts counts{};
    for (XmlNode c : e.elements()) ++counts[static_cast<std::size_t>(element_id(c))];
    check_content(e, id, counts);
    for (XmlNode c : e.children()) {
      NodeKind k = c.kind();
      if (k == NodeKind::text || k == NodeKind::cdata)
        diags.warning("xode.unexpected-text", "text inside <" + std::string(e.name()) + "> is ignored",
                      doc.locate(e));
      if (k == NodeKind::element) walk(c, id, spec);
    }
  }
};

}  // namespace

void validate_document(const Document& doc, Diagnostics& diags) {
  Validator v{doc, diags, {}};
  XmlNode root = doc.root();
  if (!root || root.name() != "xode") return;  // the reader already reported it
  v.walk(root, El::unknown, nullptr);
  v.report_duplicates();
}

}  // namespace genokit::xode
