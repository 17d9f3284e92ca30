// fL formulas (formula.hpp).
#include "fL/formula.hpp"
#include <cstdint>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "frams/sdk_number.hpp"

namespace genokit::fL::detail {
namespace {

struct OpInfo {
  std::string_view text;
  int precedence;
  bool right;
};
constexpr OpInfo kOps[kOpCount] = {{"+", 2, false}, {"-", 2, false},  {"*", 3, false},  {">", 1, false},
                                   {"<", 1, false}, {">=", 1, false}, {"<=", 1, false}, {"=", 1, true},
                                   {"<>", 1, true}, {"&", 0, false},  {"|", 0, false}};

// The operator spelled by `s` (1 or 2 characters), or -1.
int find_op(std::string_view s) {
  for (int i = 0; i < kOpCount; ++i)
    if (kOps[i].text == s) return i;
  return -1;
}

bool c_space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
bool c_digit(char c) {
  return c >= '0' && c <= '9';
}

// ExtValue::parseNumber on a NUL-terminated text: the end of the number, or nullptr. `integer`:
// the SDK's TInt request (no '.', 'e', 'E'; an integral value within 32 bits); `d` gets the value.
const char* parse_number_prefix(const char* in, bool integer, double& d) {
  if (!in || !*in) return nullptr;
  while (c_space(*in)) ++in;
  const bool minus = in[0] == '-', plus = in[0] == '+';
  if ((in[0] == '0' && (in[1] == 'x' || in[1] == 'X')) ||
      ((minus || plus) && in[1] == '0' && (in[2] == 'x' || in[2] == 'X'))) {
    in += (minus || plus) ? 3 : 2;
    if (c_space(*in)) return nullptr;
    errno = 0;
    char* after;
    const unsigned long v = std::strtoul(in, &after, 16);
    if (after > in && errno == 0 && v <= 0xffffffffUL) {
      if (integer) {  // (paInt)v, negated in 32 bits
        const std::uint32_t u = static_cast<std::uint32_t>(v);
        d = static_cast<std::int32_t>(minus ? 0u - u : u);
      } else {
        d = minus ? -static_cast<double>(v) : static_cast<double>(v);
      }
      return after;
    }
    return nullptr;
  }
  errno = 0;
  char* after;
  const double v = std::strtod(in, &after);
  if (after > in && errno == 0) {
    if (integer) {
      const std::size_t n = static_cast<std::size_t>(after - in);
      if (!std::memchr(in, '.', n) && !std::memchr(in, 'e', n) && !std::memchr(in, 'E', n) &&
          v == std::floor(v) && v >= INT_MIN && v <= INT_MAX) {
        d = v;
        return after;
      }
      return nullptr;
    }
    d = v;
    return after;
  }
  return nullptr;
}

}  // namespace

std::string_view op_text(Op op) {
  return kOps[static_cast<int>(op)].text;
}
int op_precedence(Op op) {
  return kOps[static_cast<int>(op)].precedence;
}

bool parse(std::string_view expr_view, int varcount, Rpn& out, std::string& error,
           std::string* get_int_error) {
  if (get_int_error) get_int_error->clear();
  out.clear();
  thread_local std::string expr;  // (NUL-terminated for the number reader; reused)
  expr.assign(expr_view);
  const std::size_t size = expr.size();
  // The operator stack: operators (>= 0) and open parentheses (-1).
  thread_local std::vector<int> stack;
  stack.clear();
  bool unary = true;
  // The SDK reads every number and numeric variable index into one value, which a failed read
  // leaves as it was; a failed index read then takes that value as an integer: null before the
  // first read ("$A", "$t<$A"), a clamped double after "inf<$A", nothing to say after "1<$A".
  std::optional<double> last_read;
  std::size_t it = 0;
  while (it < size) {
    const char c = expr[it];
    bool number = false;
    if (c == '$' || (unary && (c == '+' || c == '-') && it + 1 < size && expr[it + 1] == '$')) {
      const double mult = c == '-' ? -1 : 1;
      it += c == '$' ? 1 : 2;
      if (it >= size) {
        error = "Evaluation error: Invalid variable ''";  // (no index read: no null message)
        return false;
      }
      double idx = -1;
      const char* p = expr.c_str() + it;
      const char* end = expr[it] == 't' ? p + 1 : parse_number_prefix(p, true, idx);
      // (an index below -1 would read outside the SDK's variable table: invalid here)
      if (!end || idx >= varcount || idx < -1) {
        error = "Evaluation error: Invalid variable '" + expr.substr(it) + "'";
        if (get_int_error && !end) {
          if (!last_read)
            *get_int_error = "Getting integer value from null";
          else if (const auto i = frams::sdk::to_int(*last_read);
                   i.overflow != frams::sdk::IntValue::Overflow::none)
            *get_int_error = frams::sdk::overflow_message(i);
        }
        return false;
      }
      Token v;
      v.kind = Token::Kind::variable;
      v.var = static_cast<std::int8_t>(idx);
      if (mult == -1) {
        Token m;
        m.value = -1;
        out.push_back(m);
        out.push_back(v);
        Token mul;
        mul.kind = Token::Kind::op;
        mul.op = Op::mul;
        out.push_back(mul);
      } else {
        out.push_back(v);
      }
      if (expr[it] != 't') last_read = idx;
      it += static_cast<std::size_t>(end - p);
      unary = false;
    } else {
      int op = -1;
      std::size_t oplen = 2;
      if (it + 1 < size) op = find_op(std::string_view(expr).substr(it, 2));
      if (op < 0) oplen = 1, op = find_op(std::string_view(expr).substr(it, 1));
      if (op >= 0) {
        if (unary && (c == '+' || c == '-') && it + 1 < size && c_digit(expr[it + 1])) {
          number = true;
        } else {
          const OpInfo& n = kOps[op];
          while (!stack.empty() && stack.back() >= 0) {
            const OpInfo& top = kOps[stack.back()];
            if ((!n.right && n.precedence <= top.precedence) || (n.right && n.precedence < top.precedence)) {
              Token t;
              t.kind = Token::Kind::op;
              t.op = static_cast<Op>(stack.back());
              out.push_back(t);
              stack.pop_back();
            } else {
              break;
            }
          }
          unary = false;
          stack.push_back(op);
          it += oplen;
        }
      } else if (c == '(' || c == ')') {
        if (c == '(') {
          unary = true;
          stack.push_back(-1);
        } else {
          while (true) {
            if (stack.empty()) {
              error = "Evaluation error: Parenthesis mismatch";
              return false;
            }
            const int top = stack.back();
            stack.pop_back();
            if (top < 0) break;
            Token t;
            t.kind = Token::Kind::op;
            t.op = static_cast<Op>(top);
            out.push_back(t);
          }
          unary = false;
        }
        ++it;
      } else if (c_space(c)) {
        ++it;
      } else {
        number = true;
      }
    }
    if (number) {
      double v = 0;
      const char* p = expr.c_str() + it;
      const char* end = parse_number_prefix(p, false, v);
      if (!end) {
        error = std::string("Evaluation error: Invalid letter '") + expr[it] + "'";
        return false;
      }
      Token t;
      t.value = v;
      out.push_back(t);
      last_read = v;
      it += static_cast<std::size_t>(end - p);
      unary = false;
    }
  }
  while (!stack.empty()) {
    const int top = stack.back();
    if (top < 0) {
      error = "Evaluation error: Parenthesis mismatch";
      return false;
    }
    Token t;
    t.kind = Token::Kind::op;
    t.op = static_cast<Op>(top);
    out.push_back(t);
    stack.pop_back();
  }
  return true;
}

bool evaluate(const Rpn& rpn, const double* vars, double t, double& out) {
  thread_local std::vector<double> stack;
  stack.clear();
  for (const Token& k : rpn) {
    if (k.kind == Token::Kind::number) {
      stack.push_back(k.value);
    } else if (k.kind == Token::Kind::variable) {
      stack.push_back(k.var < 0 ? t : vars[k.var]);
    } else {
      if (stack.size() < 2) return false;
      const double r = stack.back();
      stack.pop_back();
      const double l = stack.back();
      double v = 0;
      switch (k.op) {
        case Op::add:
          v = l + r;
          break;
        case Op::sub:
          v = l - r;
          break;
        case Op::mul:
          v = l * r;
          break;
        case Op::gt:
          v = l > r;
          break;
        case Op::lt:
          v = l < r;
          break;
        case Op::ge:
          v = l >= r;
          break;
        case Op::le:
          v = l <= r;
          break;
        case Op::eq:
          v = l == r;
          break;
        case Op::ne:
          v = l != r;
          break;
        case Op::and_:
          v = l && r;
          break;
        case Op::or_:
          v = l || r;
          break;
      }
      stack.back() = v;
    }
  }
  if (stack.size() != 1) return false;
  out = stack.back();
  return true;
}

bool to_infix(const Rpn& rpn, std::string& out) {
  out.clear();
  if (rpn.empty()) return true;
  std::vector<std::pair<std::string, int>> chunks;  // text, precedence (-1: an atom)
  for (const Token& k : rpn) {
    if (k.kind == Token::Kind::number) {
      chunks.push_back({frams::sdk::format_double(k.value), -1});
    } else if (k.kind == Token::Kind::variable) {
      chunks.push_back({variable_text(k.var), -1});
    } else {
      if (chunks.size() < 2) return false;
      const int prec = op_precedence(k.op);
      int chunk_prec = prec;
      auto right = std::move(chunks.back());
      chunks.pop_back();
      if (right.second != -1 && right.second < prec)
        right.first = parenthesised(right.first);
      else if (right.second >= prec)
        chunk_prec = right.second;
      auto& left = chunks.back();
      if (left.second != -1 && left.second < prec) left.first = parenthesised(left.first);
      left.first += op_text(k.op);
      left.first += right.first;
      left.second = chunk_prec;
    }
  }
  if (chunks.size() != 1) return false;
  out = std::move(chunks.back().first);
  return true;
}

}  // namespace genokit::fL::detail
