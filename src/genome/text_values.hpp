// Values of the genome text form: numbers, symbolic names, flag sets and data fields.
#pragma once

#include <optional>
#include <string>

#include "genokit/genome/layouts.hpp"
#include "genome/text_lexer.hpp"

namespace genokit::genome::detail {

// "red, green, blue": the names of a table, for error messages.
std::string known_names(const SymbolTable& syms);

// A number 0..max in token `t` (an error naming `what` otherwise).
std::optional<unsigned> number(Cursor& c, const Token& t, unsigned max, const char* what);
// A name from `syms` (when given) or a number 0..max.
std::optional<unsigned> symbol_or_number(Cursor& c, const Token& t, const SymbolTable* syms, unsigned max,
                                         const char* what);
// Flag names joined by `+` (`bitN` for unnamed bits), or a number 0..255.
std::optional<unsigned> flag_bits(Cursor& c, const Token& t, const SymbolTable& syms, const char* what);

// Reads the value of data field `f` (the cursor is on its first token) into `data`, which has the
// layout's size; on an error `data` is left as it was.
void read_field(Cursor& c, const FieldDef& f, std::string& data);

}  // namespace genokit::genome::detail
