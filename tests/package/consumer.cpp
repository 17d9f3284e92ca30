// A program outside genokit, built against it by tests/package/run.cmake (installed package through
// find_package and pkg-config, and the source tree through FetchContent): the umbrella header, an
// f0 parse, an f1 conversion and the version.
#include <genokit/genokit.hpp>

#include <iostream>

int main() {
  genokit::Diagnostics diags;
  const genokit::f0::Model body = genokit::f0::parse("//0\np:\np:1\nj:0, 1\n", diags);
  std::cout << "f0: " << body.parts.size() << " parts, " << body.joints.size() << " joint, "
            << (body.valid ? "valid" : "invalid") << '\n';
  const genokit::f1::Conversion c = genokit::f1::convert("XX", diags);
  std::cout << "f1 XX: " << c.model.parts.size() << " parts, " << c.model.joints.size() << " joints\n";
  std::cout << "genokit " << genokit::version() << " (" << GENOKIT_VERSION_MAJOR << '.'
            << GENOKIT_VERSION_MINOR << '.' << GENOKIT_VERSION_PATCH << ")\n";
  return diags.has_errors() ? 1 : 0;
}
