#include "genokit/core/diagnostics.hpp"

#include <utility>

namespace genokit {

std::string_view to_string(Severity s) {
  switch (s) {
    case Severity::note: return "note";
    case Severity::warning: return "warning";
    case Severity::error: return "error";
  }
  return "error";
}

std::string format_gcc(const Diagnostic& d) {
  std::string out = d.where.file.empty() ? std::string("<input>") : d.where.file;
  if (d.where.line > 0) {
    out += ':' + std::to_string(d.where.line);
    if (d.where.column > 0) out += ':' + std::to_string(d.where.column);
  }
  out += ": ";
  out += to_string(d.severity);
  out += ": ";
  if (d.where.line == 0 && d.where.offset >= 0) out += "at byte " + std::to_string(d.where.offset) + ": ";
  out += d.message;
  if (!d.code.empty()) out += " [" + d.code + "]";
  return out;
}

void Diagnostics::report(Severity s, std::string code, std::string message, Location where) {
  if (s == Severity::error) ++errors_;
  if (s == Severity::warning) ++warnings_;
  if (items_.size() >= limit_) {
    ++dropped_;
    return;
  }
  items_.push_back(Diagnostic{s, std::move(code), std::move(message), std::move(where)});
}

void Diagnostics::append(const Diagnostics& other) {
  for (const auto& d : other.items_) report(d.severity, d.code, d.message, d.where);
  // Entries the other list dropped still count.
  errors_ += other.errors_ - count(other, Severity::error);
  warnings_ += other.warnings_ - count(other, Severity::warning);
  dropped_ += other.dropped_;
}

std::size_t Diagnostics::count(const Diagnostics& d, Severity s) {
  std::size_t n = 0;
  for (const auto& x : d.items_) n += x.severity == s;
  return n;
}

void Diagnostics::clear() {
  items_.clear();
  errors_ = warnings_ = dropped_ = 0;
}

void Diagnostics::set_file(const std::string& file) {
  for (auto& d : items_)
    if (d.where.file.empty()) d.where.file = file;
}

}  // namespace genokit
