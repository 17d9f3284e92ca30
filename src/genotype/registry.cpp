// The encoding table and the door functions that dispatch to an encoding's slots.
#include "genotype/encodings.hpp"

namespace genokit::genotype {
namespace {

// A new encoding: its file (e.g. f4_encoding.cpp) and one line here, in id order. Capacity is
// reserved so ScopedEncoding (tests) never moves the entries others point to.
std::vector<Encoding>& table() {
  static std::vector<Encoding> t = [] {
    std::vector<Encoding> v;
    v.reserve(detail::kMaxEncodings);
    v.push_back(detail::f0_encoding());
    v.push_back(detail::f1_encoding());
    v.push_back(detail::f4_encoding());
    v.push_back(detail::f9_encoding());
    v.push_back(detail::fB_encoding());
    v.push_back(detail::fF_encoding());
    v.push_back(detail::fH_encoding());
    v.push_back(detail::fL_encoding());
    v.push_back(detail::fn_encoding());
    return v;
  }();
  return t;
}

}  // namespace

detail::ScopedEncoding::ScopedEncoding(Encoding e) {
  auto& t = table();
  if (t.size() < kMaxEncodings && !find_encoding(e.id)) {
    t.push_back(std::move(e));
    added_ = true;
  }
}

detail::ScopedEncoding::~ScopedEncoding() {
  if (added_) table().pop_back();
}

const Encoding* detail::find_or_report(std::string_view id, Diagnostics& diags, Location where) {
  const Encoding* e = find_encoding(id);
  if (e) return e;
  if (id.empty())
    diags.error("genotype.bad-header", "Invalid genotype format declaration", std::move(where));
  else
    diags.error(
        "genotype.unsupported-encoding",
        "genokit cannot read f" + std::string(id) + " genotypes yet (it reads " + encoding_names() + ")",
        std::move(where));
  return nullptr;
}

std::span<const Encoding> encodings() {
  return table();
}

const Encoding* find_encoding(std::string_view id) {
  for (const Encoding& e : table())
    if (e.id == id) return &e;
  return nullptr;
}

std::string encoding_names(std::string_view conjunction) {
  std::string out;
  const auto all = encodings();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) out += i + 1 == all.size() ? " " + std::string(conjunction) + " " : ", ";
    out += all[i].name;
  }
  return out;
}

}  // namespace genokit::genotype
