// Where nodes sit in the source text. pugixml gives the position of a node's name or value (its
// parse buffer is a copy of the text); where an element ends follows from where its last node
// ends, each kind of node ending at a fixed delimiter.
#include <cstring>

#include "xode/document_data.hpp"

namespace genokit::xode {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// One past `what` at or after `from`, or npos.
std::size_t past(std::string_view text, std::string_view what, std::size_t from) {
  if (from == kNoOffset || from > text.size()) return npos;
  std::size_t p = text.find(what, from);
  return p == npos ? npos : p + what.size();
}

// One past the end of a node read from the text.
std::size_t node_end(const DocumentData& d, pugi::xml_node n) {
  const std::string_view text = d.text;
  switch (n.type()) {
    case pugi::node_element:
      return element_end(d, n);
    case pugi::node_pcdata: {  // text runs up to the next markup
      std::size_t v = d.text_offset(n.value());
      return v == kNoOffset ? npos : text.find('<', v);
    }
    case pugi::node_cdata:
      return past(text, "]]>", d.text_offset(n.value()));
    case pugi::node_comment:
      return past(text, "-->", d.text_offset(n.value()));
    case pugi::node_pi:
    case pugi::node_declaration:
      return past(text, "?>", d.text_offset(n.name()));
    default:
      return npos;
  }
}

}  // namespace

std::size_t node_offset(const DocumentData& d, pugi::xml_node n) {
  if (!n) return kNoOffset;
  std::ptrdiff_t off = n.offset_debug();
  if (off < 0) {
    auto it = d.offsets.find(n.internal_object());
    return it == d.offsets.end() ? kNoOffset : it->second;
  }
  // pugixml gives the offset of the element's name; the '<' is just before it.
  return n.type() == pugi::node_element && off > 0 ? static_cast<std::size_t>(off) - 1
                                                   : static_cast<std::size_t>(off);
}

std::size_t start_tag_end(const DocumentData& d, pugi::xml_node e) {
  const std::string_view text = d.text;
  // After the closing quote of the last attribute read with its value (a value never holds its
  // own quote; in a start tag pugixml rejected, the attribute it stopped in has none), else after
  // the name.
  std::size_t from = kNoOffset;
  if (std::size_t n = d.text_offset(e.name()); n != kNoOffset) from = n + std::strlen(e.name());
  for (pugi::xml_attribute a = e.first_attribute(); a; a = a.next_attribute())
    if (std::size_t v = d.text_offset(a.value()); v != kNoOffset && v > 0) {
      std::size_t close = text.find(text[v - 1], v);
      from = close == npos ? kNoOffset : close + 1;
    }
  return past(text, ">", from);
}

std::size_t element_end(const DocumentData& d, pugi::xml_node e) {
  const std::string_view text = d.text;
  std::size_t after;
  if (pugi::xml_node last = e.last_child()) {
    after = node_end(d, last);
  } else {
    after = start_tag_end(d, e);
    if (after == npos || after < 2) return kNoOffset;
    if (text[after - 2] == '/') return after;  // <e .../>
  }
  // Only blanks and the end tag follow.
  std::size_t end = past(text, ">", after);
  return end == npos ? kNoOffset : end;
}

}  // namespace genokit::xode
