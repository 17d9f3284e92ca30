#include "genokit/core/diagnostics.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace genokit {

std::string_view to_string(Severity s) {
  switch (s) {
    case Severity::note:
      return "note";
    case Severity::warning:
      return "warning";
    case Severity::error:
      return "error";
  }
  return "error";
}

namespace {
void append_number(std::uint64_t v, std::string& out) {
  char buf[24];
  char* p = buf + sizeof buf;
  do {
    *--p = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  out.append(p, static_cast<std::size_t>(buf + sizeof buf - p));
}
}  // namespace

void append_gcc(const Diagnostic& d, std::string& out) {
  out += d.where.file.empty() ? std::string_view("<input>") : std::string_view(d.where.file);
  if (d.where.line > 0) {
    out += ':';
    append_number(d.where.line, out);
    if (d.where.column > 0) {
      out += ':';
      append_number(d.where.column, out);
    }
  }
  out += ": ";
  out += to_string(d.severity);
  out += ": ";
  if (d.where.line == 0 && d.where.offset >= 0) {
    out += "at byte ";
    append_number(static_cast<std::uint64_t>(d.where.offset), out);
    out += ": ";
  }
  out += d.message;
  if (!d.code.empty()) {
    out += " [";
    out += d.code;
    out += ']';
  }
}

std::string format_gcc(const Diagnostic& d) {
  std::string out;
  append_gcc(d, out);
  return out;
}

void Diagnostics::report(Severity s, std::string code, std::string message, Location where) {
  if (!keeps_next()) {
    count_dropped(s);
    return;
  }
  if (s == Severity::error) ++errors_;
  if (s == Severity::warning) ++warnings_;
  if (items_.capacity() == 0) items_.reserve(8);  // (a list that gets one usually gets a few)
  items_.push_back(Diagnostic{s, std::move(code), std::move(message), std::move(where)});
}

void Diagnostics::append(const Diagnostics& other) {
  for (const auto& d : other.items_) report(d.severity, d.code, d.message, d.where);
  // Entries the other list dropped still count.
  errors_ += other.errors_ - count(other, Severity::error);
  warnings_ += other.warnings_ - count(other, Severity::warning);
  dropped_ += other.dropped_;
}

void Diagnostics::append(Diagnostics&& other) {
  if (items_.empty() && dropped_ == 0 && errors_ == 0 && warnings_ == 0 && other.limit_ <= limit_) {
    const std::size_t limit = limit_;
    *this = std::move(other);  // nothing here yet: take the other list whole
    limit_ = limit;
    other.clear();
    return;
  }
  const std::size_t room = items_.size() < limit_ ? limit_ - items_.size() : 0;
  const std::size_t take = std::min(room, other.items_.size());
  items_.insert(items_.end(), std::make_move_iterator(other.items_.begin()),
                std::make_move_iterator(other.items_.begin() + static_cast<std::ptrdiff_t>(take)));
  errors_ += other.errors_;
  warnings_ += other.warnings_;
  dropped_ += other.dropped_ + (other.items_.size() - take);
  other.clear();
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

void Diagnostics::update(const std::function<void(Diagnostic&)>& fn) {
  for (auto& d : items_) fn(d);
}

void Diagnostics::set_file(const std::string& file) {
  for (auto& d : items_)
    if (d.where.file.empty()) d.where.file = file;
}

}  // namespace genokit
