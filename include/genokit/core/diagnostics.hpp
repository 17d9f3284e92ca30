// Diagnostics: every problem genokit finds in an input is one of these, with a stable code,
// a position and a sentence for the user. Parsers never throw for bad input; they report here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace genokit {

enum class Severity : std::uint8_t { note, warning, error };

std::string_view to_string(Severity s);

// A place in an input. line and column are 1-based (0 = unknown); column counts bytes.
// offset is the 0-based byte offset (-1 = unknown); binary formats use only the offset.
struct Location {
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::int64_t offset = -1;
};

struct Diagnostic {
  Severity severity = Severity::error;
  std::string code;     // stable identifier, "<module>.<kebab-case>", e.g. frams.unterminated-multiline
  std::string message;  // one sentence for a user, no trailing period needed
  Location where;
};

// "file:line:col: error: message [code]" (GCC style); "file: error: at byte N: message [code]" for
// offset-only locations.
std::string format_gcc(const Diagnostic& d);
// The same appended to `out` (no temporary strings: for printing many diagnostics).
void append_gcc(const Diagnostic& d, std::string& out);

// An ordered list of diagnostics. Keeps at most `limit()` entries (so 100 MB of garbage cannot
// produce gigabytes of messages) but counts all of them.
class Diagnostics {
 public:
  void report(Severity s, std::string code, std::string message, Location where = {});
  void error(std::string code, std::string message, Location where = {}) {
    report(Severity::error, std::move(code), std::move(message), std::move(where));
  }
  void warning(std::string code, std::string message, Location where = {}) {
    report(Severity::warning, std::move(code), std::move(message), std::move(where));
  }
  void note(std::string code, std::string message, Location where = {}) {
    report(Severity::note, std::move(code), std::move(message), std::move(where));
  }
  // Whether the next diagnostic is kept rather than only counted (see limit()): a caller whose
  // messages are costly to build builds them only then, and otherwise calls count_dropped().
  bool keeps_next() const { return items_.size() < limit_; }
  void count_dropped(Severity s) {
    if (s == Severity::error) ++errors_;
    if (s == Severity::warning) ++warnings_;
    ++dropped_;
  }
  void append(const Diagnostics& other);
  void append(Diagnostics&& other);

  const std::vector<Diagnostic>& items() const { return items_; }
  std::size_t error_count() const { return errors_; }
  std::size_t warning_count() const { return warnings_; }
  std::size_t dropped() const { return dropped_; }
  bool has_errors() const { return errors_ != 0; }
  bool empty() const { return items_.empty() && dropped_ == 0; }
  void clear();

  std::size_t limit() const { return limit_; }
  void set_limit(std::size_t n) { limit_ = n; }
  // Room for `n` kept diagnostics (at most limit()), for a caller about to add many.
  void reserve(std::size_t n) { items_.reserve(n < limit_ ? n : limit_); }

  // Sets `file` on every diagnostic that has none.
  void set_file(const std::string& file);
  // Calls fn on every kept diagnostic, in order, to change its position or message in place (e.g.
  // to position it in the file that holds the text it was found in). fn must keep the severity.
  void update(const std::function<void(Diagnostic&)>& fn);

 private:
  static std::size_t count(const Diagnostics& d, Severity s);
  std::vector<Diagnostic> items_;
  std::size_t errors_ = 0, warnings_ = 0, dropped_ = 0;
  std::size_t limit_ = 10000;
};

}  // namespace genokit
