// Internal: diagnostics of one f4 conversion, positioned in the genotype text (offsets in the
// genes are shifted by the header), with --strict (warnings become errors) and lint switches.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/text.hpp"

namespace genokit::f4::detail {

class Report {
 public:
  Report(std::string_view text, std::size_t body, Diagnostics& d, bool strict, bool lint,
         std::vector<std::string>& sdk)
      : text_(text), body_(body), d_(d), strict_(strict), lint_(lint), sdk_(sdk) {}

  // Problems at an offset in the genes (the text after the header).
  void error(std::string code, std::string msg, std::size_t gene_offset) {
    d_.error(std::move(code), std::move(msg), where(gene_offset));
  }
  // What the SDK accepts (maybe with a log line): a warning, an error with --strict.
  void warn(std::string code, std::string msg, std::size_t gene_offset) {
    const Severity s = strict_ ? Severity::error : Severity::warning;
    strict_failed_ |= strict_;
    if (!d_.keeps_next()) return d_.count_dropped(s);
    d_.report(s, std::move(code), std::move(msg), where(gene_offset));
  }
  // genokit's own remarks (quirks the SDK says nothing about).
  void lint(std::string code, std::string msg, std::size_t gene_offset) {
    if (lint_) warn(std::move(code), std::move(msg), gene_offset);
  }
  void sdk(std::string line) { sdk_.push_back(std::move(line)); }
  bool strict_failed() const { return strict_failed_; }

  Location where(std::size_t gene_offset) {
    if (!lines_) lines_ = std::make_unique<LineIndex>(text_);
    return lines_->locate(body_ + gene_offset);
  }
  std::size_t body() const { return body_; }

 private:
  std::string_view text_;
  std::size_t body_;
  Diagnostics& d_;
  bool strict_, lint_;
  std::vector<std::string>& sdk_;
  bool strict_failed_ = false;
  std::unique_ptr<LineIndex> lines_;
};

}  // namespace genokit::f4::detail
