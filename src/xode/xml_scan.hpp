// Small lexical scans over XML text that pugixml has already accepted as well-formed (or that we
// are about to repair): attribute positions, the end of an element, the root start tag.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace genokit::xode {

// Byte offsets of each attribute name in the start tag beginning at `lt` (the '<').
std::vector<std::size_t> scan_attribute_offsets(std::string_view text, std::size_t lt);

// Offset just past the start tag at `lt` ('>' included); sets `self_closing`. npos on failure.
std::size_t scan_start_tag_end(std::string_view text, std::size_t lt, bool& self_closing);

// Offset just past the end of the element whose start tag begins at `lt`. npos on failure.
std::size_t scan_element_end(std::string_view text, std::size_t lt);

// Offset of the '<' of the first element (skipping the declaration, comments, PIs, doctype), or
// npos.
std::size_t scan_root_start(std::string_view text);

}  // namespace genokit::xode
