#include "genokit/core/diagnostics_json.hpp"

#include "core/diagnostics_json.hpp"

namespace genokit {
namespace detail {

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
  for (const auto& x : d.items()) list.push_back(detail::to_json(x));
  return {{"errors", d.error_count()},
          {"warnings", d.warning_count()},
          {"dropped", d.dropped()},
          {"diagnostics", std::move(list)}};
}

}  // namespace detail

std::string to_json(const Diagnostic& d) {
  return detail::to_json(d).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string to_json(const Diagnostics& d) {
  return detail::to_json(d).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace genokit
