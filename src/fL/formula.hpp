// Internal: fL parameter formulas (notes encodings.md §7.2, §7.5): SDK r909's MathEvaluation, step
// by step. A formula is read into postfix (a shunting-yard pass with the SDK's rules for unary
// signs, two-character operators and variables), evaluated with the values of its variables, and
// written back in infix form (with the SDK's parenthesis rule, which can change the meaning). The
// quirks are the SDK's and are kept: "2 3 +" is 5, "2--1" does not evaluate, "$-1" is $t.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace genokit::fL::detail {

enum class Op : std::uint8_t { add, sub, mul, gt, lt, ge, le, eq, ne, and_, or_ };
inline constexpr int kOpCount = 11;
inline constexpr int kArithmeticOps = 3, kComparisonOps = 6;

struct Token {
  enum class Kind : std::uint8_t { number, variable, op } kind = Kind::number;
  Op op = Op::add;
  std::int8_t var = 0;  // variable index; -1 = $t
  double value = 0;     // a number's value
};

using Rpn = std::vector<Token>;

// The text of an operator ("+", ">=", "<>", ...), its precedence and right associativity.
std::string_view op_text(Op op);
int op_precedence(Op op);

// MathEvaluation::convertString: `expr` into postfix for `varcount` variables. On an error the SDK's
// message (without "[ERROR] MathEvaluation.convertString: ") goes to `error` and false is returned;
// `out` then holds what the SDK keeps (the postfix read so far).
// `get_int_error` (optional): what the SDK logs as "ExtValue.getInt" before `error` when a
// variable's index text is not a 32-bit integer ("$x", "$1.5", "$0x", "$ "): it then takes the
// last number or numeric index read before in `expr` as the index, "Getting integer value from
// null" when there is none, the overflow message when it is beyond 32 bits ("inf<$A"); else empty.
bool parse(std::string_view expr, int varcount, Rpn& out, std::string& error,
           std::string* get_int_error = nullptr);

// MathEvaluation::evaluateRPN with $0.. = vars[0..], $t = t. False (the expression is not complete)
// when the postfix does not reduce to one value.
bool evaluate(const Rpn& rpn, const double* vars, double t, double& out);

// MathEvaluation::RPNToInfix ("" for an empty formula; false when the postfix is malformed).
bool to_infix(const Rpn& rpn, std::string& out);

// "$0", "$t"; "(text)" (written out: GCC 12 warns falsely on "(" + s + ")").
inline std::string variable_text(int var) {
  std::string s(1, '$');
  if (var < 0)
    s += 't';
  else
    s += std::to_string(var);
  return s;
}
inline std::string parenthesised(const std::string& t) {
  std::string s;
  s.reserve(t.size() + 2);
  s += '(';
  s += t;
  s += ')';
  return s;
}

// "Evaluation error: The math expression is not complete".
inline constexpr std::string_view kIncomplete = "Evaluation error: The math expression is not complete";

}  // namespace genokit::fL::detail

namespace genokit::frams {
class SdkRandom;
}

namespace genokit::fL::detail {

// Infix text that reads back to the same postfix (genokit's writer for the operators' output: the
// SDK's to_infix drops parentheses a right operand or a negative number needs).
bool to_infix_exact(const Rpn& rpn, std::string& out);

// MathEvaluation::mutate(logical, usetime) on `rpn` with `varcount` variables: an empty formula
// becomes a number U(1); otherwise deletion of a (value, operator) pair, a value or variable
// changed, an operator changed, or (below 7 tokens) a value and an operator inserted. Returns the
// method (0..3, or -1 for an empty formula).
int mutate(Rpn& rpn, int varcount, bool logical, bool usetime, frams::SdkRandom& rng);
// MathEvaluation::mutateConditional: "$a <cmp> $b|number", joined with & to a non-empty condition.
void mutate_condition(Rpn& rpn, int varcount, frams::SdkRandom& rng);

}  // namespace genokit::fL::detail
