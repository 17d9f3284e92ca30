// PNG frames of a page through headless Chromium (chromium.hpp): the page is opened from a
// temporary file, each frame is set through the page's test hook (window.genokitView) and
// captured with Page.captureScreenshot.
#include "genokit/view/frames.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "genokit/core/file_io.hpp"
#include "view/blob.hpp"
#include "view/chromium.hpp"

namespace genokit::view {

namespace fs = std::filesystem;

namespace {

bool executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

std::string on_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return executable(name) ? name : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    fs::path candidate =
        fs::path(dirs.substr(start, end - start).empty() ? "." : dirs.substr(start, end - start)) / name;
    if (executable(candidate)) return candidate.string();
    start = end + 1;
  }
  return "";
}

// A fresh private folder for the browser profile and the page.
std::optional<fs::path> temp_folder(std::string& error) {
  std::string pattern = (fs::temp_directory_path() / "genokit-view-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    error = "cannot make a temporary folder";
    return std::nullopt;
  }
  return fs::path(pattern);
}

struct Session {
  detail::Chromium& browser;
  std::string id;
  double timeout;
  std::string error;
  std::optional<nlohmann::json> call(const std::string& method,
                                     const nlohmann::json& params = nlohmann::json::object()) {
    return browser.call(method, params, id, timeout, error);
  }
  // The value of a JavaScript expression (promises awaited), or std::nullopt with `error`.
  std::optional<nlohmann::json> eval(const std::string& expr) {
    auto r =
        call("Runtime.evaluate", {{"expression", expr}, {"returnByValue", true}, {"awaitPromise", true}});
    if (!r) return std::nullopt;
    if (r->contains("exceptionDetails")) {
      const auto& ex = (*r)["exceptionDetails"];
      error = "the page failed: " + (ex.contains("exception")
                                         ? ex["exception"].value("description", std::string("exception"))
                                         : ex.value("text", std::string("exception")));
      return std::nullopt;
    }
    return (*r)["result"].contains("value") ? (*r)["result"]["value"] : nlohmann::json();
  }
};

}  // namespace

std::string find_browser(const std::string& hint) {
  if (!hint.empty()) return on_path(hint);
  if (const char* env = std::getenv("GENOKIT_CHROMIUM"); env && *env) return on_path(env);
  for (const char* name : {"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"})
    if (std::string p = on_path(name); !p.empty()) return p;
  return "";
}

std::optional<std::size_t> render_frames(std::string_view html, Diagnostics& diags,
                                         const FramesOptions& opt) {
  const Location nowhere{opt.directory, 0, 0, -1};
  const std::string program = find_browser(opt.browser);
  if (program.empty()) {
    diags.error("view.browser-missing",
                opt.browser.empty()
                    ? "no Chromium found (install Debian's chromium package, or give --browser PATH)"
                    : "the browser '" + opt.browser + "' was not found or is not executable",
                nowhere);
    return std::nullopt;
  }
  std::error_code ec;
  fs::create_directories(opt.directory, ec);
  if (!fs::is_directory(opt.directory)) {
    diags.error("view.frames-folder", "cannot make the folder " + opt.directory, nowhere);
    return std::nullopt;
  }
  // Frames of an earlier run in the folder would end up in the video: they go (only files named as
  // this function names them).
  for (const auto& entry : fs::directory_iterator(opt.directory, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() == 16 && name.rfind("frame_", 0) == 0 && name.substr(12) == ".png" &&
        name.substr(6, 6).find_first_not_of("0123456789") == std::string::npos)
      fs::remove(entry.path(), ec);
  }
  std::string error;
  auto tmp = temp_folder(error);
  if (!tmp) {
    diags.error("view.browser-failed", error, nowhere);
    return std::nullopt;
  }
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code e;
      fs::remove_all(dir, e);
    }
  } cleanup{*tmp};
  const fs::path page = *tmp / "page.html";
  if (!write_file_atomic(page.string(), html, diags)) return std::nullopt;

  detail::Chromium browser;
  auto fail = [&](const std::string& what) -> std::optional<std::size_t> {
    std::string tail = browser.log_tail();
    diags.error("view.browser-failed", what + (tail.empty() ? "" : "\n" + tail), nowhere);
    return std::nullopt;
  };
  if (!browser.start(program, (*tmp / "profile").string(), opt.width, opt.height, opt.browser_args, error))
    return fail(error);
  Session s{browser, "", opt.timeout, ""};
  auto target = s.call("Target.createTarget", {{"url", "about:blank"}});
  if (!target) return fail(s.error);
  auto attached = s.call("Target.attachToTarget", {{"targetId", (*target)["targetId"]}, {"flatten", true}});
  if (!attached) return fail(s.error);
  s.id = (*attached)["sessionId"].get<std::string>();
  if (!s.call("Page.enable") ||
      !s.call("Emulation.setDeviceMetricsOverride",
              {{"width", opt.width}, {"height", opt.height}, {"deviceScaleFactor", 1}, {"mobile", false}}) ||
      !s.call("Page.navigate", {{"url", "file://" + fs::absolute(page).string()}}))
    return fail(s.error);
  // Ready when the page says so (frames decoded, first frame drawn).
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<long long>(opt.timeout * 1000));
  for (;;) {
    auto state = s.eval(
        "(() => { const h = window.genokitView; return !h ? '' : h.ready ? 'ready' : h.error ? 'error: ' + "
        "h.error : ''; })()");
    if (!state) return fail(s.error);
    if (*state == "ready") break;
    if (state->is_string() && state->get<std::string>().rfind("error", 0) == 0)
      return fail("the page could not show the data: " + state->get<std::string>());
    if (std::chrono::steady_clock::now() > deadline)
      return fail("the page was not ready within the time limit");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (!opt.panel && !s.eval("genokitView.showControls(false)")) return fail(s.error);
  auto span = s.eval("[genokitView.startTime(), genokitView.endTime()]");
  if (!span || !span->is_array() || span->size() != 2)
    return fail(s.error.empty() ? "no time span" : s.error);
  const double t0 = (*span)[0].get<double>(), t1 = (*span)[1].get<double>();
  double length = std::max(0.0, t1 - t0);
  if (opt.seconds >= 0) length = std::min(length, opt.seconds);
  const auto count = static_cast<std::size_t>(std::floor(length / opt.speed * opt.fps + 1e-9)) + 1;
  for (std::size_t k = 0; k < count; ++k) {
    const double t = t0 + static_cast<double>(k) * opt.speed / opt.fps;
    char expr[96];
    std::snprintf(expr, sizeof expr, "genokitView.setTime(%.17g)", t);
    if (!s.eval(expr)) return fail(s.error);
    auto shot = s.call("Page.captureScreenshot", {{"format", "png"}});
    if (!shot) return fail(s.error);
    auto png = detail::base64_decode((*shot)["data"].get<std::string>());
    if (!png) return fail("the browser sent a picture genokit cannot decode");
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06zu.png", k + 1);
    if (!write_file_atomic((fs::path(opt.directory) / name).string(), *png, diags)) return std::nullopt;
  }
  browser.stop();
  return count;
}

}  // namespace genokit::view
