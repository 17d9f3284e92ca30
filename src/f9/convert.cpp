// The f9 -> f0 converter (notes encodings.md §3.3): walk, parts and joints, then the SDK's
// deterministic noise and colours, then the f0 model's own final check.
#include "genokit/f9/convert.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <unordered_map>

#include "f0/build.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::f9 {
namespace {

struct Point {
  std::int64_t x, y, z;
  bool operator==(const Point&) const = default;
};
struct PointHash {
  std::size_t operator()(const Point& p) const {
    std::uint64_t h = static_cast<std::uint64_t>(p.x) * 0x9E3779B97F4A7C15ull;
    h ^= static_cast<std::uint64_t>(p.y) * 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
    h ^= static_cast<std::uint64_t>(p.z) * 0x165667B19E3779F9ull + (h << 6) + (h >> 2);
    return static_cast<std::size_t>(h);
  }
};

// Reused across conversions on a thread.
struct Scratch {
  std::vector<Point> points;
  std::unordered_map<Point, int, PointHash> part_at;
  std::unordered_map<std::uint64_t, int> joint_of;
};

constexpr std::size_t kLinear = 24;  // below this many parts, plain scans beat the hash tables

std::uint64_t pair_key(int a, int b) {
  return static_cast<std::uint64_t>(static_cast<std::uint32_t>(std::min(a, b))) << 32 |
         static_cast<std::uint32_t>(std::max(a, b));
}

// The rainbow of the SDK: red, yellow, green, cyan, blue, magenta at t = 0..5.
constexpr std::array<double, 6> kRed{1, 1, 0, 0, 0, 1}, kGreen{0, 1, 1, 1, 0, 0}, kBlue{0, 0, 0, 1, 1, 1};

double rainbow(const std::array<double, 6>& table, double t) {
  const int i = static_cast<int>(t);
  const int k = std::min(i + 1, 5);
  const double f = t - i;
  return table[static_cast<std::size_t>(i)] +
         (table[static_cast<std::size_t>(k)] - table[static_cast<std::size_t>(i)]) * f;
}

// The genes after an f9 header (or no header); `foreign` when the text declares another format.
std::string_view genes_of(std::string_view text, std::size_t& body, bool& foreign) {
  const auto h = frams::parse_genotype_header(text);
  body = h.declared ? h.body_offset : 0;
  foreign = h.declared && (h.malformed || h.format != "9");
  return text.substr(body);
}

int first_invalid(std::string_view genes) {
  if (genes.empty()) return 1;
  for (std::size_t i = 0; i < genes.size(); ++i)
    if (kMoves.find(genes[i]) == std::string_view::npos) return static_cast<int>(i) + 1;
  return 0;
}

}  // namespace

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  f0::Model& m = out.model;
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "9")) {
    diags.error(
        "f9.not-f9",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not f9",
        {{}, 1, 1, 0});
    return out;
  }
  if (genotype.size() >= 0xFFFFFFF0u) {
    diags.error("f9.too-long", "The genotype is longer than 4 GB", {});
    return out;
  }
  const std::size_t body = h.declared ? h.body_offset : 0;
  m.body_offset = body;
  const std::string_view genes = genotype.substr(body);
  std::unique_ptr<LineIndex> lines;
  auto where = [&](std::size_t off) {
    if (!lines) lines = std::make_unique<LineIndex>(genotype);
    return lines->locate(off);
  };
  bool strict_failed = false;

  thread_local Scratch sc;
  auto& points = sc.points;
  points.clear();
  sc.part_at.clear();
  sc.joint_of.clear();
  auto new_part = [&](const Point& p, std::size_t at) {
    points.push_back(p);
    f0::Part& part = m.parts.emplace_back();
    part.src.offset = static_cast<std::int64_t>(at);
    const int idx = static_cast<int>(m.parts.size()) - 1;
    if (points.size() == kLinear)
      for (std::size_t k = 0; k < points.size(); ++k) sc.part_at.emplace(points[k], static_cast<int>(k));
    else if (points.size() > kLinear)
      sc.part_at.emplace(p, idx);
    return idx;
  };
  auto find_part = [&](const Point& p) {
    if (points.size() < kLinear) {
      for (std::size_t k = 0; k < points.size(); ++k)
        if (points[k] == p) return static_cast<int>(k);
      return -1;
    }
    const auto it = sc.part_at.find(p);
    return it == sc.part_at.end() ? -1 : it->second;
  };
  auto find_joint = [&](int a, int b) {
    if (m.joints.size() < kLinear) {
      for (std::size_t k = 0; k < m.joints.size(); ++k) {
        const f0::Joint& j = m.joints[k];
        if ((j.p1 == a && j.p2 == b) || (j.p1 == b && j.p2 == a)) return static_cast<int>(k);
      }
      return -1;
    }
    const auto it = sc.joint_of.find(pair_key(a, b));
    return it == sc.joint_of.end() ? -1 : it->second;
  };
  auto map = [&](std::size_t at, ElementKind k, int index) {
    if (opt.mapping)
      out.map.push_back({static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at + 1), k, index});
  };

  Point cur{0, 0, 0};
  int current = new_part(cur, body);
  std::size_t ignored = 0, first_ignored = 0;
  for (std::size_t i = 0; i < genes.size(); ++i) {
    const std::size_t letter = kMoves.find(genes[i]);
    if (letter == std::string_view::npos) {
      if (ignored++ == 0) first_ignored = i;
      continue;
    }
    const std::int64_t dir = 2 * static_cast<std::int64_t>(letter % 2) - 1;
    if (letter / 2 == 0)
      cur.x += dir;
    else if (letter / 2 == 1)
      cur.y += dir;
    else
      cur.z += dir;
    const std::size_t at = body + i;
    int target = find_part(cur);
    if (target < 0) target = new_part(cur, at);
    map(at, ElementKind::part, current);
    map(at, ElementKind::part, target);
    int joint = find_joint(current, target);
    if (joint < 0) {
      f0::Joint& j = m.joints.emplace_back();
      j.p1 = current, j.p2 = target;
      j.src.offset = static_cast<std::int64_t>(at);
      joint = static_cast<int>(m.joints.size()) - 1;
      if (m.joints.size() == kLinear) {
        for (std::size_t k = 0; k < m.joints.size(); ++k)
          sc.joint_of.emplace(pair_key(m.joints[k].p1, m.joints[k].p2), static_cast<int>(k));
      } else if (m.joints.size() > kLinear) {
        sc.joint_of.emplace(pair_key(current, target), joint);
      }
    }
    map(at, ElementKind::joint, joint);
    current = target;
  }
  if (ignored > 0) {
    const std::string c = genes[first_ignored] == '\n'   ? "a line break"
                          : genes[first_ignored] == ' '  ? "a space"
                          : genes[first_ignored] == '\t' ? "a tab"
                                                         : "'" + std::string(1, genes[first_ignored]) + "'";
    const Severity s = opt.strict ? Severity::error : Severity::warning;
    strict_failed |= opt.strict;
    diags.report(
        s, "f9.not-a-move",
        c + " is not an f9 move (L R B F D U)" +
            (ignored > 1 ? " (nor are " + std::to_string(ignored - 1) + " more characters)" : std::string()) +
            ": the SDK's converter skips it, but its genetic check (GenMan) rejects the genotype",
        where(body + first_ignored));
  }
  if (m.parts.size() < 2) {
    diags.error(
        "f9.no-moves",
        "The genotype has no move letter (L R B F D U), so it makes a single part and no body; the SDK "
        "cannot convert it",
        where(body));
    m = f0::Model();
    m.valid = false;
    out.map.clear();
    return out;
  }
  out.converted = true;
  // The SDK's deterministic noise: part k moves by a few thousandths.
  for (std::size_t k = 0; k < m.parts.size(); ++k) {
    const auto kk = static_cast<std::int64_t>(k);
    const Point& p = points[k];
    m.parts[k].pos = {static_cast<double>(p.x) + (static_cast<double>((kk + 1) % 10) - 4.5) / 1000,
                      static_cast<double>(p.y) + (static_cast<double>((3 * kk + 5) % 10) - 4.5) / 1000,
                      static_cast<double>(p.z) + (static_cast<double>((7 * kk + 2) % 10) - 4.5) / 1000};
  }
  // Colours: a rainbow along the joints; each part the mean of its joints, thicker with more joints.
  const std::size_t nj = m.joints.size();
  std::vector<f0::Vec3> sum(m.parts.size());
  std::vector<int> count(m.parts.size(), 0);
  for (std::size_t j = 0; j < nj; ++j) {
    const double x = nj < 2 ? 0 : static_cast<double>(j) / static_cast<double>(nj - 1);
    const double t = 5 * x;
    f0::Joint& jt = m.joints[j];
    jt.color = {rainbow(kRed, t), rainbow(kGreen, t), rainbow(kBlue, t)};
    for (const int p : {jt.p1, jt.p2}) {
      sum[static_cast<std::size_t>(p)].x += jt.color.x;
      sum[static_cast<std::size_t>(p)].y += jt.color.y;
      sum[static_cast<std::size_t>(p)].z += jt.color.z;
      ++count[static_cast<std::size_t>(p)];
    }
  }
  for (std::size_t k = 0; k < m.parts.size(); ++k) {
    f0::Part& p = m.parts[k];
    const double n = count[k];
    if (n > 0) p.color = {sum[k].x / n, sum[k].y / n, sum[k].z / n};
    p.vs = 0.3 + std::min(count[k], 5) / 15.0;
  }
  m.parts[static_cast<std::size_t>(current)].color = {1, 1, 1};
  Diagnostics check;
  f0::final_check(m, check, f0::ParseOptions{});
  for (const Diagnostic& d : check.items())
    if (d.severity == Severity::error) diags.error(d.code, d.message, where(body));
  if (strict_failed) m.valid = false;
  if (opt.mapping) {
    std::stable_sort(out.map.begin(), out.map.end(),
                     [](const MapEntry& a, const MapEntry& b) { return a.begin < b.begin; });
    auto fill = [&](f0::SourcePos& sp) {
      const Location l = where(static_cast<std::size_t>(sp.offset));
      sp.line = l.line, sp.column = l.column;
    };
    for (auto& p : m.parts) fill(p.src);
    for (auto& j : m.joints) fill(j.src);
  }
  return out;
}

int check_validity(std::string_view genotype) {
  std::size_t body = 0;
  bool foreign = false;
  const std::string_view genes = genes_of(genotype, body, foreign);
  return foreign ? 1 : first_invalid(genes);
}

bool check(std::string_view genotype, Diagnostics& diags) {
  std::size_t body = 0;
  bool foreign = false;
  const std::string_view genes = genes_of(genotype, body, foreign);
  if (foreign) {
    diags.error("f9.not-f9", "This is not an f9 genotype", {{}, 1, 1, 0});
    return false;
  }
  const int bad = first_invalid(genes);
  if (bad == 0) return true;
  LineIndex lines(genotype);
  if (genes.empty())
    diags.error("f9.empty", "The genotype is empty (the simplest f9 genotype is R)", lines.locate(body));
  else
    diags.error("f9.not-a-move", "Only the moves L R B F D U may appear in an f9 genotype",
                lines.locate(body + static_cast<std::size_t>(bad) - 1));
  return false;
}

}  // namespace genokit::f9
