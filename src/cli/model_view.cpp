#include "cli/model_view.hpp"

#include "genokit/f0/json.hpp"
#include "genokit/f0/table.hpp"
#include "genokit/neuro/describe.hpp"

namespace genokit::cli {

void locate_elements(const std::function<Location(std::size_t)>& locate, f0::Model& m) {
  auto fix = [&](f0::SourcePos& s) {
    if (s.offset < 0) return;
    const Location l = locate(static_cast<std::size_t>(s.offset));
    s.line = l.line;
    s.column = l.column;
  };
  for (auto& p : m.parts) fix(p.src);
  for (auto& j : m.joints) fix(j.src);
  for (auto& n : m.neurons) fix(n.src);
  for (auto& c : m.connections) fix(c.src);
}

void describe_model(const f0::Model& m, std::string& text, nlohmann::json& json) {
  text += f0::to_table(m);
  json = f0::to_json(m);
  if (!m.valid || m.neurons.empty()) return;
  const neuro::Network net = neuro::Network::build(m, {0, 0, 0});
  text += "\nneural network\n" + neuro::describe_text(net);
  json["network"] = neuro::describe_json(net);
}

}  // namespace genokit::cli
