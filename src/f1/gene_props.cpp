#include "gene_props.hpp"

namespace genokit::f1::detail {

std::span<const Modifier> modifiers() {
  return kModifiers;
}
std::span<const Decay> decays() {
  return kDecays;
}

}  // namespace genokit::f1::detail
