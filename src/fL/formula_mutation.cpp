// Mutating fL formulas (formula.hpp): MathEvaluation::mutate and mutateConditional of SDK r909, draw
// for draw, on postfix token lists; and the exact infix writer used for the operators' output.
#include <algorithm>

#include "fL/formula.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/frams/sdk_random.hpp"

namespace genokit::fL::detail {
namespace {

Token number(double v) {
  Token t;
  t.value = v;
  return t;
}
Token variable(int v) {
  Token t;
  t.kind = Token::Kind::variable;
  t.var = static_cast<std::int8_t>(v);
  return t;
}
Token op(int k) {
  Token t;
  t.kind = Token::Kind::op;
  t.op = static_cast<Op>(k);
  return t;
}

// getRandomOperator: 0 any, 1 arithmetic (+ - *), 2 logical (comparisons, & |).
Token random_op(int type, frams::SdkRandom& rng) {
  int first = type == 2 ? kArithmeticOps : 0;
  const int count = type == 0 ? kOpCount : type == 2 ? kOpCount - kArithmeticOps : kArithmeticOps;
  first += static_cast<int>(rng.below(static_cast<std::uint32_t>(count)));
  return op(first);
}

// mutateValueOrVariable: a variable (with R(2) = 0 and variables to choose from; $t too when
// `usetime`) or a number U(1).
Token value_or_variable(int varcount, bool usetime, frams::SdkRandom& rng) {
  if (rng.below(2) == 0 && varcount > 0) {
    const int v = static_cast<int>(rng.below(static_cast<std::uint32_t>(varcount + (usetime ? 1 : 0))));
    return variable(v == varcount ? -1 : v);
  }
  return number(rng.uniform(1));
}

bool is_value(const Token& t) {
  return t.kind != Token::Kind::op;
}

}  // namespace

bool to_infix_exact(const Rpn& rpn, std::string& out) {
  out.clear();
  if (rpn.empty()) return true;
  struct Chunk {
    std::string text;
    int prec;       // -1 atom
    bool negative;  // starts with '-' (a negative number, or a chunk starting with one)
  };
  std::vector<Chunk> chunks;
  for (const Token& k : rpn) {
    if (k.kind == Token::Kind::number) {
      std::string s = frams::sdk::format_double(k.value);
      const bool neg = !s.empty() && s[0] == '-';
      chunks.push_back({std::move(s), -1, neg});
    } else if (k.kind == Token::Kind::variable) {
      chunks.push_back({variable_text(k.var), -1, false});
    } else {
      if (chunks.size() < 2) return false;
      const int prec = op_precedence(k.op);
      const bool right_assoc = k.op == Op::eq || k.op == Op::ne;
      Chunk r = std::move(chunks.back());
      chunks.pop_back();
      Chunk& l = chunks.back();
      // A right operand is wrapped when it binds looser, or as tight with a left-associative
      // operator, or when it starts with a minus sign (which would read as a second operator).
      if ((r.prec != -1 && (r.prec < prec || (r.prec == prec && !right_assoc))) || r.negative)
        r.text = parenthesised(r.text), r.prec = -1, r.negative = false;
      if (l.prec != -1 && (l.prec < prec || (l.prec == prec && right_assoc)))
        l.text = parenthesised(l.text), l.negative = false;
      l.text += op_text(k.op);
      l.text += r.text;
      l.prec = prec;
    }
  }
  if (chunks.size() != 1) return false;
  out = std::move(chunks.back().text);
  return true;
}

int mutate(Rpn& rpn, int varcount, bool logical, bool usetime, frams::SdkRandom& rng) {
  if (rpn.empty()) {
    rpn.push_back(number(rng.uniform(1)));
    return -1;
  }
  constexpr std::size_t kMaxSize = 7;
  const int method = static_cast<int>(rng.below(rpn.size() < kMaxSize ? 4 : 3));
  switch (method) {
    case 3: {  // insertion: a value and an operator after any token but the last
      const Token v = value_or_variable(varcount, usetime, rng);
      const std::size_t at = 1 + rng.below(static_cast<std::uint32_t>(rpn.size() - 1));
      const Token o = random_op(at == rpn.size() - 1 ? (logical ? 2 : 1) : (logical ? 0 : 1), rng);
      rpn.insert(rpn.begin() + static_cast<std::ptrdiff_t>(at), {v, o});
      break;
    }
    case 1: {  // a value or variable changed
      std::vector<std::size_t> values;
      for (std::size_t i = 0; i < rpn.size(); ++i)
        if (is_value(rpn[i])) values.push_back(i);
      Token& t = rpn[values[rng.below(static_cast<std::uint32_t>(values.size()))]];
      if (rng.below(2) == 0 && varcount > 0) {
        const int v = static_cast<int>(rng.below(static_cast<std::uint32_t>(varcount + (usetime ? 1 : 0))));
        t = variable(v == varcount ? -1 : v);
      } else {
        t = number(rng.uniform(1));
      }
      break;
    }
    case 2: {  // an operator changed (the last one stays logical in a condition)
      std::vector<std::size_t> ops;
      for (std::size_t i = 0; i < rpn.size(); ++i)
        if (!is_value(rpn[i])) ops.push_back(i);
      if (!ops.empty()) {
        const std::size_t k = rng.below(static_cast<std::uint32_t>(ops.size()));
        rpn[ops[k]] = random_op(k == ops.size() - 1 ? (logical ? 2 : 1) : (logical ? 0 : 1), rng);
      }
      break;
    }
    default: {  // deletion of a value followed by an operator
      std::vector<std::size_t> pairs;
      for (std::size_t i = 0; i + 1 < rpn.size(); ++i)
        if (is_value(rpn[i]) && !is_value(rpn[i + 1])) pairs.push_back(i);
      if (!pairs.empty()) {
        const std::size_t at = pairs[rng.below(static_cast<std::uint32_t>(pairs.size()))];
        rpn.erase(rpn.begin() + static_cast<std::ptrdiff_t>(at),
                  rpn.begin() + static_cast<std::ptrdiff_t>(at + 2));
      }
      break;
    }
  }
  return method;
}

void mutate_condition(Rpn& rpn, int varcount, frams::SdkRandom& rng) {
  if (varcount <= 0) return;
  const bool had = !rpn.empty();
  const int a = static_cast<int>(rng.below(static_cast<std::uint32_t>(varcount)));
  rpn.push_back(variable(a));
  if (rng.below(2) == 0 && varcount > 1) {
    int b = static_cast<int>(rng.below(static_cast<std::uint32_t>(varcount - 1)));
    if (b >= a) ++b;
    rpn.push_back(variable(b));
  } else {
    rpn.push_back(number(rng.uniform(1)));
  }
  rpn.push_back(op(kArithmeticOps + static_cast<int>(rng.below(kComparisonOps))));
  if (had) rpn.push_back(op(static_cast<int>(Op::and_)));
}

}  // namespace genokit::fL::detail
