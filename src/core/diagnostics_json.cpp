#include "genokit/core/diagnostics_json.hpp"

namespace genokit {

nlohmann::json to_json(const Diagnostic& d) {
  nlohmann::json j;
  j["severity"] = std::string(to_string(d.severity));
  j["code"] = d.code;
  j["message"] = d.message;
  if (!d.where.file.empty()) j["file"] = d.where.file;
  if (d.where.line > 0) j["line"] = d.where.line;
  if (d.where.column > 0) j["column"] = d.where.column;
  if (d.where.offset >= 0) j["offset"] = d.where.offset;
  return j;
}

nlohmann::json to_json(const Diagnostics& d) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& x : d.items()) list.push_back(to_json(x));
  return {{"errors", d.error_count()},
          {"warnings", d.warning_count()},
          {"dropped", d.dropped()},
          {"diagnostics", std::move(list)}};
}

}  // namespace genokit
