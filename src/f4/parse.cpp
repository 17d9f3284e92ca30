// The f4 parser (notes encodings.md §2.3): genes -> code tree, exactly as SDK r909 builds it,
// including the partial tree it keeps after an error. The SDK parses recursively and re-scans the
// text for every group (exponential on unterminated groups); here the matching scan is one
// right-to-left pass and the chains are parsed from an explicit stack.
#include <algorithm>
#include <array>
#include <cstring>

#include "f4/tree.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f4::detail {
namespace {

constexpr std::array<char, 512> kCharNames = [] {
  std::array<char, 512> a{};
  for (int c = 0; c < 256; ++c) a[static_cast<std::size_t>(c) * 2] = static_cast<char>(c);
  return a;
}();

// The SDK's matching scan, precomputed: for each start offset and stop character, where the scan
// from that offset stops (the stop character's offset) or kNotFound. Groups "(...)", "<...>" and
// "#...>" met on the way are skipped (their own scans), except as the text's last character.
class Scans {
 public:
  static constexpr std::int32_t kNotFound = -1;
  enum Stop { paren, angle, bracket, colon, kStops };

  void build(std::string_view s) {
    n_ = static_cast<std::int32_t>(s.size());
    for (auto& f : f_) f.assign(static_cast<std::size_t>(n_) + 1, kNotFound);
    static constexpr char kStopChar[kStops] = {')', '>', ']', ':'};
    for (std::int32_t i = n_ - 1; i >= 0; --i) {
      const char c = s[static_cast<std::size_t>(i)];
      std::int32_t next = i + 1;  // where a scan passing over offset i continues
      if (i < n_ - 1 && (c == '(' || c == '<' || c == '#'))
        next = i + 2 + distance(i + 1, c == '(' ? paren : angle);
      for (int k = 0; k < kStops; ++k) {
        std::int32_t& f = f_[k][static_cast<std::size_t>(i)];
        if (c == kStopChar[k])
          f = i;
        else
          f = next < n_ ? f_[k][static_cast<std::size_t>(next)] : kNotFound;
      }
    }
  }
  // The SDK scan's result from `start`: the distance to the stop character, or 1 when the text
  // ends first.
  std::int32_t distance(std::int32_t start, Stop k) const {
    if (start >= n_) return 1;
    const std::int32_t f = f_[k][static_cast<std::size_t>(start)];
    return f == kNotFound ? 1 : f - start;
  }

 private:
  std::int32_t n_ = 0;
  std::array<std::vector<std::int32_t>, kStops> f_;
};

// One chain to parse: from `pos`, hanging under `parent`. `pos` past the end means the caller
// ran out of text: for a '<' or '#' continuation that makes a lone '>' (lone = true), otherwise
// a parse error.
struct Chain {
  std::uint32_t pos;
  std::int32_t parent;
  bool lone;
};

struct Scratch {
  Scans scans;
  std::vector<Chain> todo;
};

}  // namespace

std::string_view char_name(char c) {
  return {&kCharNames[static_cast<unsigned char>(c) * 2u], 1};
}

std::string_view class_prefix(std::string_view text) {
  // The SDK classes by their first character, longest name first.
  static const auto by_first = [] {
    std::array<std::vector<std::string_view>, 256> t;
    for (const f0::NeuronClass& c : f0::neuron_classes())
      if (c.sdk && !c.name.empty()) t[static_cast<unsigned char>(c.name[0])].push_back(c.name);
    for (auto& v : t)
      std::sort(v.begin(), v.end(),
                [](std::string_view a, std::string_view b) { return a.size() > b.size(); });
    return t;
  }();
  if (text.empty()) return {};
  for (const std::string_view name : by_first[static_cast<unsigned char>(text[0])])
    if (text.substr(0, name.size()) == name) return name;
  return {};
}

int Tree::add(std::string_view name, int parent, std::uint32_t pos, std::uint32_t len) {
  const int i = static_cast<int>(nodes.size());
  Node& n = nodes.emplace_back();
  n.name = name, n.pos = pos, n.len = len, n.parent = parent;
  if (parent != kNone) {
    Node& p = nodes[static_cast<std::size_t>(parent)];
    if (p.child == kNone)
      p.child = i;
    else if (p.child2 == kNone)
      p.child2 = i;
  }
  return i;
}

void parse(std::string_view genes, Tree& t) {
  if (const void* nul = std::memchr(genes.data(), 0, genes.size()))
    genes = genes.substr(0, static_cast<std::size_t>(static_cast<const char*>(nul) - genes.data()));
  thread_local Scratch sc;
  t.nodes.clear();
  t.error = 0, t.why = Tree::Why::none, t.error_at = 0;
  t.nodes.reserve(std::min<std::size_t>(genes.size() + 2, max_nodes(genes.size())));
  t.add({}, kNone, 0, 0);  // root
  const auto n = static_cast<std::uint32_t>(genes.size());
  Scans& scans = sc.scans;
  scans.build(genes);
  auto fail = [&](std::uint32_t position1, Tree::Why why, std::uint32_t at) {
    t.error = position1, t.why = why, t.error_at = at;
  };
  const std::size_t cap = max_nodes(genes.size());
  std::vector<Chain>& todo = sc.todo;
  todo.clear();
  todo.push_back({0, 0, false});
  while (!todo.empty() && !t.error) {
    const Chain ch = todo.back();
    todo.pop_back();
    if (ch.pos >= n) {
      if (ch.lone)
        t.add(char_name('>'), ch.parent, n - 1);
      else
        fail(1, Tree::Why::ran_out, ch.parent > 0 ? t.nodes[static_cast<std::size_t>(ch.parent)].pos : 0);
      continue;
    }
    std::int32_t par = ch.parent;
    std::uint32_t p = ch.pos;
    bool ended = false;  // the chain ended with '>' or a group
    while (p < n && !ended && !t.error) {
      if (t.nodes.size() > cap) {
        fail(1, Tree::Why::too_big, p);
        break;
      }
      const char c = genes[p];
      switch (c) {
        case '<': {
          const auto j =
              static_cast<std::uint32_t>(scans.distance(static_cast<std::int32_t>(p) + 1, Scans::angle));
          const int node = t.add(char_name('<'), par, p);
          const std::uint32_t second = p + j + 2;
          todo.push_back({second < n ? second : n, node, true});
          todo.push_back({p + 1, node, false});
          ended = true;
          break;
        }
        case '>':
          t.add(char_name('>'), par, p);
          ended = true;
          break;
        case '#': {
          const int node = t.add(char_name('#'), par, p);
          std::size_t end = 0;
          const auto count =
              frams::sdk::parse_number_prefix(genes.substr(p + 1), frams::sdk::Want::integer, end);
          if (!count) {
            fail(1, Tree::Why::repetition, p);
            break;
          }
          t.nodes[static_cast<std::size_t>(node)].reps = count.i;
          t.nodes[static_cast<std::size_t>(node)].len = static_cast<std::uint32_t>(1 + end);
          const auto j =
              static_cast<std::uint32_t>(scans.distance(static_cast<std::int32_t>(p) + 1, Scans::angle));
          const std::uint32_t second = p + j + 2;
          todo.push_back({second < n ? second : n, node, true});
          todo.push_back({p + 1 + static_cast<std::uint32_t>(end), node, false});
          ended = true;
          break;
        }
        case ' ':
        case '\n':
        case '\r':
        case '\t':
          ++p;
          break;
        case '@':
        case '|':
          if (t.nodes[static_cast<std::size_t>(par)].name != "N") {
            fail(p + 1, Tree::Why::control, p);
            break;
          }
          par = t.add(char_name(c), par, p);
          ++p;
          break;
        case 'N': {
          if (p + 1 >= n || genes[p + 1] != ':' || (p + 4 < n && genes[p + 4] == ':')) {
            par = t.add(char_name('N'), par, p);
            ++p;
            break;
          }
          const std::string_view name = class_prefix(genes.substr(p + 2));
          par = t.add(name, par, p, static_cast<std::uint32_t>(2 + name.size()));
          t.nodes[static_cast<std::size_t>(par)].class_form = true;
          p += 2 + static_cast<std::uint32_t>(name.size());
          break;
        }
        case ':': {
          const bool ok = p + 3 < n && (genes[p + 1] == '+' || genes[p + 1] == '-') &&
                          (genes[p + 2] == '!' || genes[p + 2] == '=' || genes[p + 2] == '/') &&
                          genes[p + 3] == ':';
          if (!ok) {
            fail(p + 2, Tree::Why::parameter, p);
            break;
          }
          par = t.add(char_name(':'), par, p, 4);
          Node& nd = t.nodes[static_cast<std::size_t>(par)];
          nd.sign = genes[p + 1], nd.kind = genes[p + 2];
          p += 1 +
               static_cast<std::uint32_t>(scans.distance(static_cast<std::int32_t>(p) + 1, Scans::colon)) + 1;
          break;
        }
        case '[': {
          par = t.add(char_name('['), par, p);
          Node& nd = t.nodes[static_cast<std::size_t>(par)];
          const std::string_view rest = genes.substr(p + 1);
          std::size_t e1 = 0, e2 = 0;
          nd.link = -1;
          if (const auto rel = frams::sdk::parse_number_prefix(rest, frams::sdk::Want::integer, e1);
              rel && e1 < rest.size() && rest[e1] == ':') {
            const auto w = frams::sdk::parse_number_prefix(rest.substr(e1 + 1), frams::sdk::Want::real, e2);
            if (w && e1 + 1 + e2 < rest.size() && rest[e1 + 1 + e2] == ']')
              nd.link = 0, nd.offset = rel.i, nd.weight = w.d;
          } else {
            nd.link_class = class_prefix(rest);
            const std::size_t cl = nd.link_class.size();
            if (cl > 0 && cl < rest.size() && rest[cl] == ':') {
              const auto w = frams::sdk::parse_number_prefix(rest.substr(cl + 1), frams::sdk::Want::real, e2);
              if (w && cl + 1 + e2 < rest.size() && rest[cl + 1 + e2] == ']') nd.link = 1, nd.weight = w.d;
            }
          }
          const auto j =
              static_cast<std::uint32_t>(scans.distance(static_cast<std::int32_t>(p) + 1, Scans::bracket));
          nd.len = j + 2;
          p += 1 + j + 1;
          break;
        }
        default:
          par = t.add(char_name(c), par, p);
          ++p;
          break;
      }
    }
    // A chain that runs to the end of the text ends with a '>' (at the last offset).
    if (!ended && !t.error && t.nodes[static_cast<std::size_t>(par)].name != ">")
      t.add(char_name('>'), par, n - 1);
  }
}

}  // namespace genokit::f4::detail
