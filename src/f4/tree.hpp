// Internal: the f4 code tree (notes encodings.md §2.3): the genes parsed into nodes, each with a
// name, its offset in the genes, up to two children and small payloads; the matching scan; the
// text regeneration used by repair and the operators (§2.6). No recursion anywhere: a 1 MB
// genotype of nested '<' is parsed, scanned and printed in linear time and constant stack.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace genokit::f4::detail {

inline constexpr int kNone = -1;

struct Node {
  // "X", "<", "#", "[", ":", a modifier letter, a neuron class name ("N", "Sin", "|", possibly ""),
  // any other single character. Points into static storage (no allocation per node).
  std::string_view name;
  std::uint32_t pos = 0;  // 0-based offset of its first character in the genes
  std::uint32_t len = 1;  // characters of the genes it was read from (for the map)
  std::int32_t parent = kNone, child = kNone, child2 = kNone;
  std::int32_t reps = 0;  // '#': repetition count
  // '[': kind 0 relative input (offset), 1 sensor input (link_class), -1 invalid (link_class =
  // the class text read so far, for the message)
  std::int8_t link = 0;
  std::int32_t offset = 0;
  double weight = 0;
  std::string_view link_class;
  char sign = 0, kind = 0;  // ':': '+'/'-' and '!', '=', '/'
  bool class_form = false;  // named by "N:<name>" (printed with the "N:" in front)
};

// The parsed genes. nodes[0] is the root (no name); its one child is the start of the program.
struct Tree {
  std::vector<Node> nodes;
  // 0 = parsed completely; otherwise the SDK's 1-based error position (the tree then holds what
  // was built before the error, as the SDK's converter uses it).
  std::uint32_t error = 0;
  // What the parse error was (for the message): '#' count, ':' code, '@'/'|' placement, or the
  // text ran out.
  enum class Why : std::uint8_t { none, ran_out, repetition, parameter, control, too_big } why = Why::none;
  std::uint32_t error_at = 0;  // 0-based offset of the code that failed

  int add(std::string_view name, int parent, std::uint32_t pos, std::uint32_t len = 1);
  int top() const { return nodes.empty() ? kNone : nodes[0].child; }
  int child_count(int n) const { return (nodes[n].child != kNone) + (nodes[n].child2 != kNone); }
};

// The single-character name `c` (static storage).
std::string_view char_name(char c);

// The longest name of a neuron class of the SDK r909 library that starts `text` (possibly empty).
std::string_view class_prefix(std::string_view text);

// Parses the genes (the text after the header; cut at a NUL byte as the SDK's C strings are).
// Reuses `t`'s storage. Unterminated groups make the SDK read the rest of the text once more per
// group (exponentially often); genokit stops with Why::too_big past max_nodes(genes.size()).
void parse(std::string_view genes, Tree& t);
// A tree never needs more than 2n+1 nodes unless text is read again; some re-reading is allowed.
constexpr std::size_t max_nodes(std::size_t n) {
  return 2 * n + 65536;
}

// The genes printed back from a tree (§2.6 text regeneration).
std::string regenerate(const Tree& t);

// ---- editing (the operators and repair) -------------------------------------------------------
// Nodes under the root in depth-first order (first child before second), '>' included.
std::vector<int> dfs_order(const Tree& t);
// Puts `replacement` (or nothing, kNone) where `old` hangs under its parent.
void replace_child(Tree& t, int old, int replacement);
// A new node `name` in n's place, with n as its first child; its index.
int insert_above(Tree& t, int n, std::string_view name);
// A copy of src's subtree at `root` appended to dst (parent unset); its index.
int copy_subtree(Tree& dst, const Tree& src, int root);

}  // namespace genokit::f4::detail
