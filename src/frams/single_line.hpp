// Internal: the SDK's Param::loadSingleLine, written once: the walk over one line of
// "name=value, value, ..." fields against a property table (f0 element lines, neuron class
// parameters, the parameter texts of f1 neurons). The caller supplies what a field does (a
// Handler) and keeps its own messages and codes; the walk decides which property each field goes
// to exactly as SDK r909 does (tests/frams/single_line_test.cpp):
//
//  - fields end at the next ','; C whitespace before a field and spaces and tabs at its end are
//    skipped;
//  - `name=value` jumps to that property; the name is not trimmed (`x =1` names "x "); a field
//    starting with '=' has no name (`=5` is an unnamed value);
//  - unnamed values continue from the last property (a warning unless it has flag 1024; past the
//    last positional property: "Value after the last property");
//  - an empty field skips a slot; after an unknown name the slot index is -1, so unnamed values are
//    lost until an empty field brings the index back to 0;
//  - a field with a '"' takes the text between that quote and the closing one (C escapes; a comma
//    inside does not end the field) as its value, whatever stands before the quote; a '=' counts
//    only before the quote.
//  - when `line` is the first line of a longer `text` (fF), a quote last on the line (or a
//    backslash last after a quote) makes the value run on past the line break (closing_quote),
//    and the walk ends with that field.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "genokit/core/text.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::frams::sdk {

// The text between the quotes of a quoted value, SDK-unescaped (sstringUnquote): \n, \r, \t, and
// a backslash before any other character keeps that character; a last lone backslash is dropped.
void unquote(std::string_view quoted_content, std::string& out);
// Where the quoted string starting after an opening quote at `from` ends: the closing quote's
// index, or `limit` (the end of the line) when none comes before it; a backslash escapes the next
// character. The SDK tests for the limit only after stepping over a character, and only for
// equality: a search that starts at the limit (a line ending just after the quote) or steps over
// it (a backslash last) runs on through `text` to the next quote or the end of `text`.
std::size_t closing_quote(std::string_view text, std::size_t from, std::size_t limit);
inline std::size_t closing_quote(std::string_view text, std::size_t from) {
  return closing_quote(text, from, text.size());
}

// A text value as the SDK's saveSingleLine writes it: as it is, or in quotes with C escapes when it
// holds a comma, blank, backslash, quote, CR, LF or tab.
void append_text(std::string& out, std::string_view s);

struct LineTable {
  std::span<const Property> props;
  std::size_t positional = 0;  // props[0, positional) is the SDK's sequence for unnamed values
};

// Handler:
//   int find(std::string_view name)                          index in the table or -1
//   void unknown_name(std::string_view name, std::size_t at)  "Unknown property 'c.name' (ignored)"
//   void missing_name(int index, std::size_t at)             "Missing property name in 'c' (assuming 'id')"
//   void after_last(std::size_t at)                          "Value after the last property of 'c'"
//   void after_unknown(std::string_view field, std::size_t at)  an unnamed value after an unknown
//       name: ignored (the SDK's message there reads outside its table: "(assuming 'Visual')")
//   void set(int index, std::string_view value, std::size_t at)  the value (unquoted) for index
// Offsets are relative to `line`: a field's first byte, or for set() the value's first non-blank.
// `first_index`: the slot of the first unnamed value (a caller that read leading fields itself
// continues from there). `text`: the whole text `line` starts (same memory), when the SDK's buffer
// holds more than the line; empty: just `line`.
template <class Handler>
void load_single_line(std::string_view line, const LineTable& table, Handler& h, std::string& scratch,
                      int first_index = 0, std::string_view text = {}) {
  constexpr auto npos = std::string_view::npos;
  const std::string_view buffer = text.empty() ? line : text;
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  const std::size_t end = line.size();
  std::size_t t = 0;
  int i = first_index;
  while (t < end) {
    while (t < end && is_blank(line[t], Blanks::space)) ++t;  // (VT, FF, CR too; not at the end)
    if (t >= end) break;
    // The field up to the next ',', with its first '"' and first '=' (fields are a few bytes: one
    // plain pass rather than three searches).
    std::size_t field_end = t, quote = npos, eq = npos;
    for (; field_end < end && line[field_end] != ','; ++field_end) {
      const char c = line[field_end];
      if (c == '"' && quote == npos) quote = field_end;
      if (c == '=' && eq == npos) eq = field_end;
    }
    std::size_t next_field = field_end;
    while (field_end > t && blank(line[field_end - 1])) --field_end;
    std::size_t quote2 = 0;
    if (quote != npos) {
      quote2 = closing_quote(buffer, quote + 1, end);
      if (quote2 > field_end) {
        field_end = quote2 < end ? line.find(',', quote2 + 1) : npos;
        if (field_end == npos) field_end = end;
        next_field = field_end;
      }
      if (eq > quote) eq = npos;  // a '=' counts only before the quote
    }
    if (eq == t) eq = npos, ++t;  // "=value": an unnamed value
    if (field_end == t) {         // an empty field skips a slot
      ++t, ++i;
      continue;
    }
    const bool named = eq != npos;
    if (named) {
      const std::string_view name = line.substr(t, eq - t);
      i = h.find(name);
      if (i < 0) h.unknown_name(name, t);
      t = eq + 1;
    } else if (i < 0) {
      h.after_unknown(line.substr(t, field_end - t), t);
    } else if (static_cast<std::size_t>(i) >= table.positional) {
      h.after_last(t);
    } else if (!table.props[static_cast<std::size_t>(i)].can_omit_name()) {
      h.missing_name(i, t);
    }
    if (i >= 0 && static_cast<std::size_t>(i) < (named ? table.props.size() : table.positional)) {
      std::size_t at = t;
      while (at < field_end && blank(line[at])) ++at;
      if (quote != npos) {
        unquote(buffer.substr(quote + 1, quote2 - quote - 1), scratch);
        h.set(i, std::string_view(scratch), at);
      } else {
        h.set(i, line.substr(t, field_end - t), at);
      }
    }
    if (i >= 0) ++i;
    t = next_field + 1;
  }
}

}  // namespace genokit::frams::sdk
