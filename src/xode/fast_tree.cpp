#include "xode/fast_tree.hpp"

#include <array>
#include <cstring>

namespace genokit::xode {
namespace {

// Character classes. Bytes from 0x80 up are in no class but kValueStop: the subset is ASCII.
enum : std::uint8_t {
  kNameStart = 1,  // pugixml's ct_start_symbol, ASCII part
  kName = 2,       // ct_symbol
  kSpace = 4,      // blanks the subset allows between tokens (no CR: pugixml would rewrite it)
  kValueStop = 8,  // ends or spoils an attribute value: quotes, NUL, '<', '&', TAB, LF, CR, non-ASCII
};
constexpr std::array<std::uint8_t, 256> make_classes() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = kNameStart | kName;
  for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = kNameStart | kName;
  t['_'] = t[':'] = kNameStart | kName;
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = kName;
  t['-'] = t['.'] = kName;
  t[' '] = t['\t'] = t['\n'] = kSpace;
  for (unsigned char c : {'"', '\'', '\0', '<', '&', '\t', '\n', '\r'}) t[c] |= kValueStop;
  for (int c = 0x80; c < 0x100; ++c) t[static_cast<std::size_t>(c)] = kValueStop;
  return t;
}
constexpr std::array<std::uint8_t, 256> kClass = make_classes();
inline bool is(char c, std::uint8_t cls) {
  return (kClass[static_cast<unsigned char>(c)] & cls) != 0;
}
inline pugi::xml_node_struct* as_node(pv::detail::NodeLayout* n) {
  return reinterpret_cast<pugi::xml_node_struct*>(n);
}
inline char* skip_space(char* s) {
  while (is(*s, kSpace)) ++s;
  return s;
}

// The "-->" ending the comment whose content starts at `s` (just after "<!--"), or nullptr when
// there is none or the content has a NUL or a CR (pugixml would stop at the one and rewrite the
// other) or a non-ASCII byte.
char* comment_end(char* s, char* end) {
  for (char* p = s;; ++p) {
    p = static_cast<char*>(std::memchr(p, '-', static_cast<std::size_t>(end - p)));
    if (!p) return nullptr;
    if (p[1] == '-' && p[2] == '>') {
      for (const char* c = s; c < p; ++c)
        if (*c == '\r' || *c == '\0' || static_cast<unsigned char>(*c) >= 0x80) return nullptr;
      return p;
    }
  }
}

// name="value" or name='value' at `s` (a name start), with blanks allowed around '='. Writes NULs
// after the name and the value and returns the position after the closing quote (nullptr when
// outside the subset). `decl`: inside <?xml ...?>, where '>' and '?' are refused too.
[[gnu::always_inline]] inline char* attribute(char* s, char*& name, char*& value, bool decl) {
  name = s;
  while (is(*s, kName)) ++s;
  char* name_end = s;
  s = skip_space(s);
  if (*s != '=') return nullptr;
  s = skip_space(s + 1);
  const char q = *s;
  if (q != '"' && q != '\'') return nullptr;
  value = ++s;
  for (;; ++s) {
    if (is(*s, kValueStop)) {
      if (*s == q) break;
      if (*s != '"' && *s != '\'') return nullptr;  // the other quote is part of the value
    }
  }
  if (decl)
    for (const char* p = value; p < s; ++p)
      if (*p == '>' || *p == '?') return nullptr;
  *name_end = '\0';
  *s++ = '\0';
  return s;
}

}  // namespace

template <class T>
T* FastTree::Pool<T>::next_block() {
  if (used == blocks.size()) blocks.push_back(std::make_unique<T[]>(kBlock));
  T* b = blocks[used++].get();
  next = b + 1;
  left = kBlock - 1;
  return b;
}
template <class T>
void FastTree::Pool<T>::trim(std::size_t keep) {
  if (blocks.size() > keep) blocks.resize(keep);
}

FastTree::NodeL* FastTree::new_node(std::uintptr_t type, char* name, NodeL* parent) {
  NodeL* n = nodes_.take();
  *n = NodeL{};
  n->header = type;
  n->name = name;
  n->parent = as_node(parent);
  return n;
}

bool FastTree::scan(std::string_view text, std::size_t max_depth, std::size_t max_elements) {
  root_ = nullptr;
  if (!pv::detail::kDirect) return false;  // the builder would read these nodes through pugixml
  buf_.assign(text);
  size_ = text.size();
  nodes_.reset();
  attrs_.reset();
  elements_ = 0;
  document_ = NodeL{};
  document_.header = pugi::node_document;
  end_ = buf_.data() + size_;
  return run(max_depth, max_elements);
}

bool FastTree::run(std::size_t max_depth, std::size_t max_elements) {
  char* s = buf_.data();

  // The XML declaration, only at the very start.
  if (std::strncmp(s, "<?xml", 5) == 0 && is(s[5], kSpace)) {
    s = skip_space(s + 5);
    while (!(s[0] == '?' && s[1] == '>')) {
      if (!is(*s, kNameStart)) return false;
      char *n, *v;
      s = attribute(s, n, v, true);
      if (!s) return false;
      if (!(s[0] == '?' && s[1] == '>')) {
        if (!is(*s, kSpace)) return false;
        s = skip_space(s);
      }
    }
    s += 2;
  }
  // Comments and blanks, then the root element.
  for (;;) {
    s = skip_space(s);
    if (std::strncmp(s, "<!--", 4) != 0) break;
    char* c = comment_end(s + 4, end_);
    if (!c) return false;
    s = c + 3;
  }
  if (std::strncmp(s, "<xode", 5) != 0 || is(s[5], kName)) return false;
  s = elements(s, max_depth, max_elements);
  if (!s) return false;

  // Comments and blanks after the root; the comments are kept (PyBrain reads one).
  for (NodeL* prev = reinterpret_cast<NodeL*>(root_);;) {
    s = skip_space(s);
    if (s == end_) return true;
    if (std::strncmp(s, "<!--", 4) != 0) return false;
    char* c = comment_end(s + 4, end_);
    if (!c) return false;
    NodeL* n = new_node(pugi::node_comment, nullptr, &document_);
    n->value = s + 4;
    *c = '\0';
    prev->next_sibling = as_node(n);
    prev = n;
    s = c + 3;
  }
}

// The root element at `s` (its '<') and everything in it, without recursion. Returns the
// position after the root's end tag (nullptr when outside the subset).
char* FastTree::elements(char* s, std::size_t max_depth, std::size_t max_elements) {
  NodeL* parent = &document_;  // the element whose content is being read
  NodeL* prev = nullptr;       // the last child made in it
  std::size_t depth = 0;       // of `parent` (the document is at 0)
  for (;;) {
    // At a start tag's '<'.
    if (depth + 1 > max_depth || ++elements_ > max_elements) return nullptr;
    NodeL* e = new_node(pugi::node_element, s + 1, parent);
    (prev ? prev->next_sibling : parent->first_child) = as_node(e);
    s += 1;
    while (is(*s, kName)) ++s;
    bool empty = false;
    if (*s == '>') {
      *s++ = '\0';
    } else if (*s == '/') {
      if (s[1] != '>') return nullptr;
      *s = '\0';
      s += 2;
      empty = true;
    } else {
      if (!is(*s, kSpace)) return nullptr;
      *s++ = '\0';
      AttrL* prev_attr = nullptr;
      for (;;) {
        s = skip_space(s);
        if (is(*s, kNameStart)) {
          AttrL* a = attrs_.take();
          *a = AttrL{};
          s = attribute(s, a->name, a->value, false);
          if (!s) return nullptr;
          (prev_attr ? prev_attr->next_attribute : e->first_attribute) =
              reinterpret_cast<pugi::xml_attribute_struct*>(a);
          prev_attr = a;
          if (!is(*s, kSpace) && *s != '/' && *s != '>') return nullptr;
        } else if (*s == '/') {
          if (s[1] != '>') return nullptr;
          s += 2;
          empty = true;
          break;
        } else if (*s == '>') {
          ++s;
          break;
        } else {
          return nullptr;
        }
      }
    }
    if (depth == 0) {
      if (empty) return nullptr;  // a self-closed root: the reader's repairs decide
      root_ = as_node(e);
    }
    if (empty) {
      prev = e;
    } else {
      parent = e;
      prev = nullptr;
      ++depth;
    }
    // Content up to the next start tag; end tags close elements.
    for (;;) {
      s = skip_space(s);
      if (*s != '<') return nullptr;  // text, or the end of the input inside an element
      if (s[1] == '/') {
        s += 2;
        for (const char* n = parent->name; *n; ++n, ++s)
          if (*s != *n) return nullptr;
        if (is(*s, kName)) return nullptr;
        s = skip_space(s);
        if (*s != '>') return nullptr;
        ++s;
        prev = parent;
        parent = reinterpret_cast<NodeL*>(parent->parent);
        if (--depth == 0) return s;
        continue;
      }
      if (s[1] == '!') {
        if (s[2] != '-' || s[3] != '-') return nullptr;
        char* c = comment_end(s + 4, end_);
        if (!c) return nullptr;
        s = c + 3;
        continue;
      }
      if (!is(s[1], kNameStart)) return nullptr;
      break;  // the next start tag
    }
  }
}

void FastTree::trim() {
  if (buf_.capacity() > (1u << 20)) std::string().swap(buf_);
  nodes_.trim(64);
  attrs_.trim(256);
}

FastTree& thread_fast_tree() {
  thread_local FastTree t;
  return t;
}

}  // namespace genokit::xode
