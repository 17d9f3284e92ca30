// PNG frames of a page, rendered by headless Chromium (Debian's `chromium`), for a video:
//   genokit view walker.json --frames frames/ && ffmpeg -framerate 30 -i frames/frame_%06d.png -pix_fmt
//   yuv420p walker.mp4
// genokit starts the browser itself and drives it over the DevTools protocol on a pipe
// (--remote-debugging-pipe): no port is opened and nothing is downloaded.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"

namespace genokit::view {

struct FramesOptions {
  // Created when missing; frame_000001.png, frame_000002.png, ... (frame_NNNNNN.png files already
  // there are removed first, so that a video of the folder shows this run only).
  std::string directory;
  std::string browser;  // "" = $GENOKIT_CHROMIUM, else chromium, chromium-browser or google-chrome on PATH
  int width = 1280, height = 720;
  double fps = 30;                        // pictures per second of video
  double speed = 1;                       // simulated seconds per second of video
  double seconds = -1;                    // only the first `seconds` of simulated time (< 0: all)
  bool panel = false;                     // keep the side panel and the controls in the pictures
  double timeout = 60;                    // seconds to wait for the browser at any one step
  std::vector<std::string> browser_args;  // more command-line switches for the browser
};

// The browser program `opt.browser` names or the first one found; "" when none is.
std::string find_browser(const std::string& hint = {});

// Opens the page (the text of an HTML file genokit view wrote) in headless Chromium and saves one PNG
// per video frame. Returns the number of frames, or std::nullopt with view.browser-* diagnostics.
std::optional<std::size_t> render_frames(std::string_view html, Diagnostics& diags, const FramesOptions& opt);

}  // namespace genokit::view
