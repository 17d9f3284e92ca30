#include "genokit/xode/load.hpp"

namespace genokit::xode {

std::optional<Loaded> load(std::string_view bytes, Diagnostics& diags, const LoadOptions& opt) {
  const std::size_t before = diags.error_count();
  std::optional<Document> doc = read_document(bytes, diags, opt.read);
  if (!doc || diags.error_count() != before) return std::nullopt;
  std::optional<Scene> scene = build_scene(*doc, diags, opt.build);
  if (!scene || diags.error_count() != before) return std::nullopt;
  return Loaded{std::move(*doc), std::move(*scene)};
}

}  // namespace genokit::xode
