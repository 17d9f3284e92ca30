#include "view/json_read.hpp"

#include <cstdint>
#include <iterator>
#include <limits>

namespace genokit::view::detail {

namespace {

using Json = nlohmann::ordered_json;

// A character iterator that tells how far nlohmann's lexer has read (it reads through the iterator
// one character at a time, so positions of SAX events are known to within the token just read).
struct CountingIterator {
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  const char* p = nullptr;
  const char** seen = nullptr;
  reference operator*() const { return *p; }
  CountingIterator& operator++() {
    ++p;
    if (seen) *seen = p;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const CountingIterator& o) const { return p == o.p; }
  bool operator!=(const CountingIterator& o) const { return p != o.p; }
};

class Handler {
 public:
  Handler(std::string_view text, const std::set<std::string>& capture, JsonRead& out)
      : text_(text), capture_(capture), out_(out), seen_(text.data()) {}

  const char** seen() { return &seen_; }
  std::optional<std::pair<std::size_t, std::string>> capture_error;  // first wrong value in a captured array
  std::optional<std::pair<std::size_t, std::string>> syntax_error;

  bool null() {
    // null in a captured array: a value the writer could not give (a non-finite number)
    if (captured_ && captured_depth_ == 1) {
      captured_->push_back(std::numeric_limits<double>::quiet_NaN());
      return true;
    }
    return scalar(nullptr, "null");
  }
  bool boolean(bool v) { return scalar(v, v ? "true" : "false"); }
  bool number_integer(std::int64_t v) { return number(static_cast<double>(v), Json(v)); }
  bool number_unsigned(std::uint64_t v) { return number(static_cast<double>(v), Json(v)); }
  bool number_float(double v, const std::string&) { return number(v, Json(v)); }
  bool string(std::string& v) { return scalar(v, "a string"); }
  bool binary(Json::binary_t&) { return scalar(nullptr, "binary"); }
  bool start_object(std::size_t) { return open(Json::object(), "an object"); }
  bool start_array(std::size_t) {
    if (!captured_ && !stack_.empty() && capture_.count(next_path())) {
      // A captured array: its numbers go to `numbers`, the DOM keeps an empty array.
      captured_ = &out_.numbers[next_path()];
      captured_path_ = next_path();
      captured_depth_ = 0;
      return open(Json::array(), "an array", true);
    }
    if (captured_) return capture_wrong("an array");
    return open(Json::array(), "an array");
  }
  bool key(std::string& k) {
    key_ = k;
    // The key's opening quote: the lexer has read the key (and its closing quote).
    out_.offsets[path_ + "/" + escape(k)] = token_start();
    return true;
  }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t position, const std::string& last_token, const Json::exception& ex) {
    std::string msg = ex.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..." -> the part
    // after the position (genokit gives its own file:line:col).
    if (auto c = msg.find("column"); c != std::string::npos) {
      if (auto colon = msg.find(": ", c); colon != std::string::npos) msg = msg.substr(colon + 2);
    } else if (auto colon = msg.find("] "); colon != std::string::npos) {
      msg = msg.substr(colon + 2);
    }
    // `position` counts the characters read, the offending token last: point at its start.
    const std::size_t at = position > last_token.size() ? position - last_token.size() : 0;
    syntax_error = {std::min(at, text_.size()), msg};
    return false;
  }

 private:
  std::size_t pos() const { return static_cast<std::size_t>(seen_ - text_.data()); }
  // Offset of the token the lexer just finished: back over the one look-ahead character it may
  // have read, then to the token's first character (a string's opening quote).
  std::size_t token_start() const {
    std::size_t p = std::min(pos(), text_.size());
    if (p > 0 && is_delim(text_[p - 1])) --p;
    if (p > 0 && text_[p - 1] == '"') {
      std::size_t q = p - 1;
      while (q > 0) {
        --q;
        if (text_[q] == '"' && (q == 0 || text_[q - 1] != '\\')) break;
      }
      return q;
    }
    while (p > 0 && !is_delim(text_[p - 1])) --p;
    return p;
  }
  static bool is_delim(char c) {
    return c == ',' || c == ':' || c == '[' || c == ']' || c == '{' || c == '}' || c == ' ' || c == '\n' ||
           c == '\r' || c == '\t';
  }
  static std::string escape(const std::string& k) {
    std::string out;
    for (char c : k) {
      if (c == '~')
        out += "~0";
      else if (c == '/')
        out += "~1";
      else
        out += c;
    }
    return out;
  }
  std::string next_path() const {
    if (stack_.empty()) return "";
    const Json* top = stack_.back().node;
    if (top->is_object()) return path_ + "/" + escape(key_);
    return path_ + "/" + std::to_string(top->size());
  }
  Json* insert(Json v) {
    if (stack_.empty()) {
      out_.root = std::move(v);
      return &out_.root;
    }
    Json* top = stack_.back().node;
    if (top->is_object()) {
      Json& slot = (*top)[key_];
      slot = std::move(v);
      return &slot;
    }
    top->push_back(std::move(v));
    return &top->back();
  }
  bool number(double d, Json v) {
    if (captured_) {
      if (captured_depth_ != 1) return capture_wrong("an array");
      captured_->push_back(d);
      return true;
    }
    return scalar(std::move(v), "");
  }
  bool scalar(Json v, const char* what) {
    if (captured_) return capture_wrong(what);
    out_.offsets[next_path()] = token_start();
    insert(std::move(v));
    return true;
  }
  bool capture_wrong(const char* what) {
    if (!capture_error)
      capture_error = {token_start(), json_path_name(captured_path_) + "[" +
                                          std::to_string(captured_->size()) + "] must be a number, not " +
                                          std::string(what)};
    return false;
  }
  bool open(Json v, const char*, bool capture = false) {
    if (captured_ && !capture) {
      ++captured_depth_;
      return true;
    }
    if (capture) captured_depth_ = 1;
    const std::string p = next_path();
    out_.offsets[p] = pos() > 0 ? pos() - 1 : 0;
    Json* node = insert(std::move(v));
    stack_.push_back({node, path_});
    path_ = p;
    return true;
  }
  bool close() {
    if (captured_ && captured_depth_ > 1) {
      --captured_depth_;
      return true;
    }
    if (captured_) {
      captured_ = nullptr;
      captured_depth_ = 0;
    }
    path_ = stack_.back().parent_path;
    stack_.pop_back();
    return true;
  }

  struct Frame {
    Json* node;
    std::string parent_path;
  };
  std::string_view text_;
  const std::set<std::string>& capture_;
  JsonRead& out_;
  const char* seen_;
  std::vector<Frame> stack_;
  std::string path_, key_;
  std::vector<double>* captured_ = nullptr;
  std::string captured_path_;
  int captured_depth_ = 0;
};

}  // namespace

std::string json_path_name(const std::string& pointer) {
  std::string out;
  std::size_t i = 1;
  while (i <= pointer.size() && !pointer.empty()) {
    std::size_t j = pointer.find('/', i);
    if (j == std::string::npos) j = pointer.size();
    const std::string part = pointer.substr(i, j - i);
    if (!part.empty() && part.find_first_not_of("0123456789") == std::string::npos)
      out += "[" + part + "]";
    else
      out += (out.empty() ? "" : ".") + part;
    i = j + 1;
  }
  return out.empty() ? "the top-level object" : out;
}

std::optional<JsonRead> read_json(std::string_view text, const std::set<std::string>& capture,
                                  const std::string& file, Diagnostics& diags) {
  JsonRead out;
  Handler h(text, capture, out);
  CountingIterator first{text.data(), h.seen()}, last{text.data() + text.size(), nullptr};
  bool ok = false;
  try {
    ok = Json::sax_parse(first, last, &h);
  } catch (const Json::exception& e) {  // not expected for SAX parsing; never let it escape
    h.syntax_error = {0, e.what()};
  }
  if (ok) return out;
  LineIndex lines(text);
  auto report = [&](std::size_t offset, const std::string& code, const std::string& msg) {
    Location loc = lines.locate(offset);
    loc.file = file;
    diags.error(code, msg, loc);
  };
  if (h.capture_error)
    report(h.capture_error->first, "view.wrong-type", h.capture_error->second);
  else if (h.syntax_error)
    report(h.syntax_error->first, "view.json-syntax", "not valid JSON: " + h.syntax_error->second);
  else
    report(0, "view.json-syntax", "not valid JSON");
  return std::nullopt;
}

}  // namespace genokit::view::detail
