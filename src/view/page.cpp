// Page data helpers: thinning frames, telling the inputs apart.
#include <cmath>
#include <limits>
#include <string>

#include "genokit/view/page.hpp"
#include "genokit/view/read.hpp"

namespace genokit::view {

Stick::Stick()
    : stif(std::numeric_limits<double>::quiet_NaN()),
      rotstif(std::numeric_limits<double>::quiet_NaN()),
      stam(std::numeric_limits<double>::quiet_NaN()) {}

namespace {

std::size_t values_per_frame(const Frames& f) {
  return f.step.cols + f.time.cols + f.com.cols + f.parts.cols + f.neurons.cols + f.muscles.cols +
         f.bodies.cols;
}

void keep_rows(Series& s, const std::vector<std::size_t>& rows) {
  if (!s.cols) return;
  std::vector<float> out;
  out.reserve(rows.size() * s.cols);
  for (std::size_t r : rows)
    out.insert(out.end(), s.values.begin() + static_cast<std::ptrdiff_t>(r * s.cols),
               s.values.begin() + static_cast<std::ptrdiff_t>((r + 1) * s.cols));
  s.values = std::move(out);
}

}  // namespace

std::size_t thin_frames(Page& page, std::size_t max_values) {
  std::size_t largest = 1;
  for (Scene& sc : page.scenes) {
    Frames& f = sc.frames;
    const std::size_t per = values_per_frame(f);
    if (f.count < 3 || per == 0 || per * f.count <= max_values) continue;
    const std::size_t budget = std::max<std::size_t>(2, max_values / per);
    const std::size_t k = (f.count - 1 + budget - 2) / (budget - 1);  // keeps <= budget rows with the last
    if (k <= 1) continue;
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < f.count; r += k) rows.push_back(r);
    if (rows.back() != f.count - 1) rows.push_back(f.count - 1);
    for (Series* s : {&f.step, &f.time, &f.com, &f.parts, &f.neurons, &f.muscles, &f.bodies})
      keep_rows(*s, rows);
    sc.notes.push_back("Only every " + std::to_string(k) + "th of the " + std::to_string(f.count) +
                       " samples is shown, to keep the page small (genokit view --max-frame-mb).");
    f.count = rows.size();
    largest = std::max(largest, k);
  }
  return largest;
}

InputKind detect_input(std::string_view bytes) {
  std::size_t i = 0;
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < bytes.size() && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n'))
    ++i;
  if (i < bytes.size() && bytes[i] == '{') return InputKind::trajectory;
  if (i < bytes.size() && bytes[i] == '<') return InputKind::xode;
  return InputKind::genotypes;
}

}  // namespace genokit::view
