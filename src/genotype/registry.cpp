// The encoding table and the door functions that dispatch to an encoding's slots.
#include <algorithm>

#include "genotype/encodings.hpp"

namespace genokit::genotype {
namespace {

// A new encoding: its file (e.g. f4_encoding.cpp) and one line here, in id order.
const std::vector<Encoding>& table() {
  // (one encoding per line: parallel additions merge without conflicts)
  static const std::vector<Encoding> t = {
      detail::f0_encoding(),  //
      detail::f1_encoding(),  //
      detail::fB_encoding(),  //
      detail::fH_encoding(),  //
      detail::fL_encoding(),  //
  };
  return t;
}

// The encoding of a genotype text for the operators; reports why there is none.
const Encoding* encoding_of(std::string_view genotype, Diagnostics& diags) {
  return detail::find_or_report(format_of(genotype), diags, {{}, 1, 1, 0});
}

void no_operator(const Encoding& e, std::string_view what, Diagnostics& diags) {
  diags.error("genotype.unsupported-operator",
              "genokit has no " + std::string(what) + " for " + e.name + " genotypes yet");
}

}  // namespace

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

std::optional<std::string> simplest(std::string_view format, Diagnostics& diags) {
  const Encoding* e = detail::find_or_report(format, diags, {});
  if (!e) return std::nullopt;
  if (!e->simplest) {
    no_operator(*e, "simplest genotype", diags);
    return std::nullopt;
  }
  return e->simplest();
}

std::optional<Mutant> mutate(std::string_view genotype, Diagnostics& diags, const OperatorOptions& opt) {
  const Encoding* e = encoding_of(genotype, diags);
  if (!e) return std::nullopt;
  if (!e->mutate) {
    no_operator(*e, "mutation", diags);
    return std::nullopt;
  }
  return e->mutate(genotype, diags, opt);
}

std::optional<Offspring> crossover(std::string_view a, std::string_view b, Diagnostics& diags,
                                   const OperatorOptions& opt) {
  const Encoding* e = encoding_of(a, diags);
  if (!e) return std::nullopt;
  if (format_of(b) != e->id) {
    diags.error("genotype.mixed-encodings",
                "cannot cross a " + e->name + " genotype with an f" + format_of(b) + " genotype");
    return std::nullopt;
  }
  if (!e->crossover) {
    no_operator(*e, "crossover", diags);
    return std::nullopt;
  }
  return e->crossover(a, b, diags, opt);
}

bool is_valid_strict(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt) {
  const std::string id = format_of(genotype, opt);
  if (const Encoding* e = find_encoding(id); e && e->check_strict) return e->check_strict(genotype, diags);
  const auto g = read(genotype, diags, opt);
  return g && g->model.valid;
}

}  // namespace genokit::genotype
