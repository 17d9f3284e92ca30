#include "genokit/f0/render.hpp"
namespace genokit::f0 {
std::string render_svg(const Model& m, const RenderOptions& opt) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n";
}
}  // namespace genokit::f0
