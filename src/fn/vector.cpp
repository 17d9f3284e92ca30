// fn genotypes read as the SDK r909 reads them (notes encodings.md §5.2): ExtValue::deserialize of
// the text (numbers, strings, null/true/false/invalid, vectors, dictionaries, with the SDK's
// messages), then GenoConv_fn0::stringToVector's checks and each element's getDouble. An explicit
// stack instead of the SDK's recursion.
#include <cctype>
#include <memory>
#include <tuple>

#include "frams/sdk_number.hpp"
#include "frams/single_line.hpp"
#include "genokit/core/text.hpp"
#include "genokit/fn/convert.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fn {
namespace {

enum class Kind : std::uint8_t { integer, real, string, null, invalid, vector, dict };

struct Val {
  Kind kind = Kind::null;
  double num = 0;
  std::string str;
  int first = -1, last = -1, next = -1;  // children (vector elements; dict key, value, key, ...)
};

constexpr std::size_t kMessageMax = 4096;  // longest text quoted in a diagnostic

bool space(char c) {
  return is_blank(c, Blanks::space);
}

class Reader {
 public:
  Reader(std::string_view genes, std::size_t body, std::string_view text, Diagnostics& d,
         std::vector<std::string>* sdk, bool strict)
      : s_(genes), body_(body), text_(text), d_(d), sdk_(sdk), strict_(strict) {
    vals_.clear();
  }

  // The genotype's vector; false when the text is not one.
  bool read(std::vector<double>& out) {
    std::size_t p = 0;
    while (p < s_.size() && space(s_[p])) ++p;
    const int top = parse(p);
    if (top < 0) {
      log("[ERROR] GenoConv_fn0.stringToVector: Unable to deserialize - expecting a vector of real values, "
          "got '" +
          std::string(s_) + "'");
      return false;
    }
    while (p < s_.size() && space(s_[p])) ++p;
    if (p < s_.size()) {
      log("[ERROR] GenoConv_fn0.stringToVector: Extra characters after deserialized '" + std::string(s_) +
          "'");
      error("fn.extra-text", "Text after the vector's closing ']': an fn genotype is one vector", p);
      return false;
    }
    const Val& v = vals_[static_cast<std::size_t>(top)];
    if (v.kind != Kind::vector) {
      log("[ERROR] GenoConv_fn0.stringToVector: Expecting a vector of real values, got '" + std::string(s_) +
          "'");
      error("fn.not-a-vector", "An fn genotype is a vector of numbers in brackets, e.g. [1, 2.5]", 0);
      return false;
    }
    out.clear();
    for (int c = v.first; c >= 0; c = vals_[static_cast<std::size_t>(c)].next) out.push_back(as_double(c));
    return true;
  }
  bool strict_failed() const { return strict_failed_; }

 private:
  // One value from p (p moves past it); its index, or -1 after reporting why not. Containers are
  // read with an explicit stack.
  int parse(std::size_t& p) {
    struct Frame {
      int node;
      std::size_t entry;  // where the current element (or dictionary entry) started
      int stage;          // dict: 0 expecting key, 1 got key, 2 got value; vector: 0 first, 2 got element
    };
    std::vector<Frame> stack;
    int result = -1;
    bool have = false;  // `result` holds a finished value for the top frame
    std::size_t start = p;
    while (true) {
      if (!have) {
        // A value starts at p.
        const int v = scalar(p, start);
        if (v == -2) return -1;  // error reported
        if (v >= 0) {
          result = v, have = true;
        } else {  // a container opened at p
          const bool vec = s_[p] == '[';
          Val& c = add(vec ? Kind::vector : Kind::dict);
          (void)c;
          stack.push_back({static_cast<int>(vals_.size()) - 1, p, 0});
          ++p;
          skip(p);
          if (p >= s_.size()) return missing_close(vec, p);
          if (s_[p] == (vec ? ']' : '}')) {
            ++p;
            result = stack.back().node, have = true;
            stack.pop_back();
          } else {
            stack.back().entry = p;
            start = p;
            continue;
          }
        }
      }
      if (stack.empty()) return result;
      // A finished value for the top container.
      Frame& f = stack.back();
      const bool vec = vals_[static_cast<std::size_t>(f.node)].kind == Kind::vector;
      append(f.node, result);
      have = false;
      skip(p);
      if (!vec && f.stage == 0) {  // the key: ':' must follow
        // A key that is not a string fails without a message of the SDK's ("{0:1}").
        if (vals_[static_cast<std::size_t>(result)].kind != Kind::string) {
          error("fn.bad-syntax", "A dictionary key must be a \"string\"", f.entry);
          return -1;
        }
        if (p >= s_.size() || s_[p] != ':') {
          log("[ERROR] ExtValue.deserialize: Missing ':' in Dictionary: '" + clip(p) + "'");
          error("fn.bad-syntax", "A dictionary key must be followed by ':'", p);
          return -1;
        }
        ++p;
        skip(p);
        f.stage = 1;
        start = p;
        continue;
      }
      f.stage = 0;
      const char close = vec ? ']' : '}';
      if (p >= s_.size()) return missing_close(vec, p);
      if (s_[p] == close) {
        ++p;
        result = f.node, have = true;
        stack.pop_back();  // (the loop hands it to its parent)
        continue;
      }
      if (s_[p] != ',') {
        const std::string what = vec ? "Vector" : "Dictionary";
        log("[ERROR] ExtValue.deserialize: Missing ',' in " + what + ": '" + clip(f.entry) + "'");
        error("fn.bad-syntax",
              "Missing ',' between the " + std::string(vec ? "elements" : "entries") + " of a " +
                  (vec ? "vector" : "dictionary"),
              p);
        return -1;
      }
      ++p;
      skip(p);
      if (p >= s_.size()) return missing_close(vec, p);
      if (s_[p] == close) {
        log(std::string("[ERROR] ExtValue.deserialize: No element after ',' in ") +
            (vec ? "Vector" : "Dictionary"));
        error("fn.bad-syntax", "Nothing after the last ','", p);
        return -1;
      }
      f.entry = p;
      start = p;
    }
  }

  // A scalar at p: its index; -1 when a container starts at p; -2 after an error.
  int scalar(std::size_t& p, std::size_t start) {
    std::size_t end = 0;
    const std::string_view rest = s_.substr(p);
    if (const auto n = frams::sdk::parse_number_prefix(rest, frams::sdk::Want::any, end)) {
      Val& v = add(n.kind == frams::sdk::Number::Kind::integer ? Kind::integer : Kind::real);
      v.num = n.as_double();
      p += end;
      return static_cast<int>(vals_.size()) - 1;
    }
    if (p < s_.size() && s_[p] == '"') {
      const std::size_t q = frams::sdk::closing_quote(s_, p + 1);
      if (q >= s_.size()) {
        // (the SDK quotes the text from where its search ended: the end, so always '')
        log("[ERROR] ExtValue.deserialize: Missing '\"' in string: ''");
        error("fn.bad-syntax", "A string without its closing '\"'", p);
        return -2;
      }
      Val& v = add(Kind::string);
      frams::sdk::unquote(s_.substr(p + 1, q - p - 1), v.str);
      p = q + 1;
      return static_cast<int>(vals_.size()) - 1;
    }
    if (p < s_.size() && (s_[p] == '[' || s_[p] == '{')) return -1;
    for (const auto& [word, kind, num] :
         {std::tuple{"null", Kind::null, 0.0}, std::tuple{"true", Kind::integer, 1.0},
          std::tuple{"false", Kind::integer, 0.0}, std::tuple{"invalid", Kind::invalid, 0.0}}) {
      const std::string_view w(word);
      if (rest.substr(0, w.size()) == w) {
        Val& v = add(kind);
        v.num = num;
        p += w.size();
        return static_cast<int>(vals_.size()) - 1;
      }
    }
    std::size_t w = p;
    if (w < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[w])) || s_[w] == '_'))
      while (w < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[w])) || s_[w] == '_')) ++w;
    // "Class<serialized object>" (letters and '_' only: "S1" is class S, object 1): the SDK knows
    // no such class here, so null
    if (w > p) {
      const std::string cls(s_.substr(p, w - p));
      std::size_t q = w;
      skip(q);
      const int inner = parse(q);
      log("[WARN] ExtValue.deserialize: object of class \"" + cls + "\" could not be deserialized");
      if (inner < 0) return -2;
      warn("fn.unknown-class",
           "'" + cls + "' names no class genokit or the SDK can read here: the SDK takes null");
      p = q;
      add(Kind::null);
      return static_cast<int>(vals_.size()) - 1;
    }
    log("[ERROR] ExtValue.deserialize: Bad syntax: '" + clip(p) + "'");
    error("fn.bad-syntax",
          p >= s_.size() ? std::string("A value is missing here")
                         : "Not a value: numbers, \"strings\", [vectors] and {dictionaries} are",
          p);
    (void)start;
    return -2;
  }

  int missing_close(bool vec, std::size_t p) {
    log(std::string("[ERROR] ExtValue.deserialize: Missing '") + (vec ? "]' in Vector" : "}' in Dictionary"));
    error("fn.bad-syntax",
          std::string("The ") + (vec ? "vector has no closing ']'" : "dictionary has no closing '}'"), p);
    return -1;
  }

  // An element as a number (ExtValue::getDouble), with the SDK's messages.
  double as_double(int i) {
    const Val& v = vals_[static_cast<std::size_t>(i)];
    switch (v.kind) {
      case Kind::integer:
      case Kind::real:
        return v.num;
      case Kind::string: {
        if (const auto d = frams::sdk::parse_double(v.str)) return *d;
        log("[ERROR] ExtValue.parseDouble: " + frams::sdk::could_not_parse(v.str));
        warn("fn.not-a-number", "\"" + v.str.substr(0, 200) + "\" is not a number: the SDK uses 0");
        return 0;
      }
      case Kind::null:
      case Kind::invalid: {
        const char* name = v.kind == Kind::null ? "null" : "invalid";
        log(std::string("[ERROR] ExtValue.getInt: Getting floating point value from ") + name);
        warn("fn.not-a-number", std::string(name) + " is not a number: the SDK uses 0");
        return 0;
      }
      default: {
        std::string text;
        print(i, text);
        log("[ERROR] ExtValue.getDouble: Getting floating point value from object reference (" + text + ")");
        warn("fn.not-a-number",
             "A nested " + std::string(v.kind == Kind::vector ? "vector" : "dictionary") +
                 " is not a number: the SDK makes a meaningless number of its address (genokit uses 0)");
        return 0;
      }
    }
  }

  // The SDK's text of a value inside an object reference message ("[1,2.5,s,null]", "{a:1}").
  void print(int root, std::string& out) const {
    struct Item {
      int node;
      bool open;
    };
    std::vector<Item> todo{{root, true}};
    while (!todo.empty() && out.size() < kMessageMax) {
      const Item it = todo.back();
      todo.pop_back();
      if (it.node < 0) {  // a separator
        out += static_cast<char>(-1 - it.node);
        continue;
      }
      const Val& v = vals_[static_cast<std::size_t>(it.node)];
      if (!it.open) {
        out += v.kind == Kind::vector ? ']' : '}';
        continue;
      }
      switch (v.kind) {
        case Kind::integer:
          out += std::to_string(static_cast<long long>(v.num));
          break;
        case Kind::real:
          out += frams::sdk::format_double(v.num);
          break;
        case Kind::string:
          out += v.str;
          break;
        case Kind::null:
          out += "null";
          break;
        case Kind::invalid:
          out += "invalid";
          break;
        default: {
          const bool vec = v.kind == Kind::vector;
          out += vec ? '[' : '{';
          todo.push_back({it.node, false});
          // children pushed in reverse, with separators as markers
          std::vector<int> kids;
          for (int c = v.first; c >= 0; c = vals_[static_cast<std::size_t>(c)].next) kids.push_back(c);
          for (std::size_t k = kids.size(); k-- > 0;) {
            todo.push_back({kids[k], true});
            if (k > 0) todo.push_back({-1 - static_cast<int>(vec || k % 2 == 0 ? ',' : ':'), true});
          }
          break;
        }
      }
    }
  }

  Val& add(Kind k) {
    Val& v = vals_.emplace_back();
    v.kind = k;
    return v;
  }
  void append(int parent, int child) {
    Val& p = vals_[static_cast<std::size_t>(parent)];
    if (p.last < 0)
      p.first = child;
    else
      vals_[static_cast<std::size_t>(p.last)].next = child;
    vals_[static_cast<std::size_t>(parent)].last = child;
  }
  void skip(std::size_t& p) const {
    while (p < s_.size() && space(s_[p])) ++p;
  }
  std::string clip(std::size_t from) const { return std::string(s_.substr(std::min(from, s_.size()))); }
  void log(std::string m) {
    if (sdk_) sdk_->push_back(std::move(m));
  }
  Location where(std::size_t gene_offset) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(text_);
    return lines_->locate(body_ + gene_offset);
  }
  void error(const char* code, std::string msg, std::size_t at) {
    if (!reported_) d_.error(code, std::move(msg), where(at));
    reported_ = true;
  }
  void warn(const char* code, std::string msg) {
    strict_failed_ |= strict_;
    d_.report(strict_ ? Severity::error : Severity::warning, code, std::move(msg), where(0));
  }

  std::string_view s_;
  std::size_t body_;
  std::string_view text_;
  Diagnostics& d_;
  std::vector<std::string>* sdk_;
  bool strict_;
  bool strict_failed_ = false;
  bool reported_ = false;
  // The values read (reused across genotypes on a thread; a nested read uses the same list).
  static std::vector<Val>& scratch() {
    thread_local std::vector<Val> v;
    return v;
  }
  std::vector<Val>& vals_ = scratch();
  std::unique_ptr<LineIndex> lines_;
};

}  // namespace

bool read_vector(std::string_view genotype, std::vector<double>& out, Diagnostics& diags,
                 std::vector<std::string>* sdk, bool strict) {
  out.clear();
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "n")) {
    diags.error(
        "fn.not-fn",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not fn",
        {{}, 1, 1, 0});
    return false;
  }
  const std::size_t body = h.declared ? h.body_offset : 0;
  Reader r(genotype.substr(body), body, genotype, diags, sdk, strict);
  return r.read(out);
}

}  // namespace genokit::fn
