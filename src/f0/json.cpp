#include "genokit/f0/json.hpp"
namespace genokit::f0 {
nlohmann::json to_json(const Model& m) { return nlohmann::json::object(); }
nlohmann::json json_schema() { return nlohmann::json::object(); }
}
