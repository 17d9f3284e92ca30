// The FetchContent consumer of tests/package/run.cmake: genokit as a subproject, using one small
// module (genokit::core) so the test builds little of genokit.
#include <genokit/core/diagnostics.hpp>
#include <genokit/version.hpp>
#include <iostream>

int main() {
  genokit::Diagnostics diags;
  diags.error("demo.code", "a sentence", {"f.txt", 2, 3, 10});
  std::cout << genokit::format_gcc(diags.items().at(0)) << "\ngenokit " << genokit::version() << '\n';
  return 0;
}
