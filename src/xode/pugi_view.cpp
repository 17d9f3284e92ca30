// The layout check behind pugi_view.hpp: a probe document with every node kind, attributes,
// escapes and nodes added through the API, compared field by field with the public API.
#include "xode/pugi_view.hpp"

#include "xode/document_data.hpp"

namespace genokit::xode::pv::detail {
namespace {

// A raw name/value pointer against the API's (which gives "" for none).
bool same_str(const char* raw, const char* api) {
  return raw ? raw == api : *api == '\0';
}

bool same_node(pugi::xml_node n) {
  const pugi::xml_node_struct* p = n.internal_object();
  auto f = [&](std::size_t off) { return field<const void*>(p, off); };
  const char* nm = field<const char*>(p, offsetof(NodeLayout, name));
  const char* vl = field<const char*>(p, offsetof(NodeLayout, value));
  if (!same_str(nm, n.name()) || !same_str(vl, n.value())) return false;
  if (static_cast<pugi::xml_node_type>(field<std::uintptr_t>(p, offsetof(NodeLayout, header)) & kTypeMask) !=
      n.type())
    return false;
  if (f(offsetof(NodeLayout, parent)) != n.parent().internal_object() ||
      f(offsetof(NodeLayout, first_child)) != n.first_child().internal_object() ||
      f(offsetof(NodeLayout, next_sibling)) != n.next_sibling().internal_object() ||
      f(offsetof(NodeLayout, first_attribute)) != n.first_attribute().internal_object())
    return false;
  for (pugi::xml_attribute a = n.first_attribute(); a; a = a.next_attribute()) {
    const pugi::xml_attribute_struct* q = a.internal_object();
    const char* an = field<const char*>(q, offsetof(AttrLayout, name));
    const char* av = field<const char*>(q, offsetof(AttrLayout, value));
    if (!same_str(an, a.name()) || !same_str(av, a.value()) ||
        field<const void*>(q, offsetof(AttrLayout, next_attribute)) != a.next_attribute().internal_object())
      return false;
  }
  for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling())
    if (!same_node(c)) return false;
  return true;
}

}  // namespace

bool check_layout() {
  static const char kProbe[] =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE x>\n<!--c-->\n<x a=\"1\" bb='&amp;2'>t&lt;<y/><![CDATA[d]]><?p q?>"
      "<z c=\"\" d=\"4\">u</z></x>\n<!--e-->";
  pugi::xml_document doc;
  if (!doc.load_buffer(kProbe, sizeof kProbe - 1, kParseFlags, pugi::encoding_utf8)) return false;
  // Nodes and attributes made through the API (names and values allocated separately, or none).
  pugi::xml_node x = doc.child("x");
  x.append_child(pugi::node_element);
  x.append_child("w").append_attribute("v") = "5";
  x.prepend_attribute("n");
  return same_node(doc);
}

Node first_element_api(Node n) {
  pugi::xml_node c = pugi::xml_node(n).first_child();
  while (c && c.type() != pugi::node_element) c = c.next_sibling();
  return c.internal_object();
}
Node next_element_api(Node c) {
  pugi::xml_node x = pugi::xml_node(c).next_sibling();
  while (x && x.type() != pugi::node_element) x = x.next_sibling();
  return x.internal_object();
}

const char* attr_name_api(Attr a) {
  return pugi::xml_attribute(a).name();
}
const char* attr_value_api(Attr a) {
  return pugi::xml_attribute(a).value();
}

}  // namespace genokit::xode::pv::detail
