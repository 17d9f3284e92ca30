#include "cli/xode_options.hpp"

#include "xode/reader.hpp"

namespace genokit::cli::xodecli {

bool SharedFlag::is_set() const {
  for (auto* o : options)
    if (o && o->count() > 0) return true;
  return false;
}

std::string SharedFlag::value(const std::string& fallback) const {
  for (auto* o : options)
    if (o && o->count() > 0) return o->as<std::string>();
  return fallback;
}

Flags& flags() {
  static Flags f;
  return f;
}

std::string extra(const Options& opt, const std::string& key, const std::string& fallback) {
  for (const auto& kv : opt.extra) {
    auto eq = kv.find('=');
    if (eq != std::string::npos && kv.substr(0, eq) == key) return kv.substr(eq + 1);
    if (eq == std::string::npos && kv == key) return "1";
  }
  return fallback;
}

namespace {
// The compat names (the oracle's too: xode/none, stock).
std::optional<xode::Compat> compat_from(const std::string& name) {
  if (name == "standard" || name == "xode" || name == "none") return xode::Compat::standard;
  if (name == "pyode" || name == "stock") return xode::Compat::pyode;
  if (name == "pybrain") return xode::Compat::pybrain;
  return std::nullopt;
}
}  // namespace

bool load_options(const Input& in, const Options& opt, xode::LoadOptions& lo, Diagnostics& diags) {
  lo.read.file = in.name;
  std::string compat = extra(opt, "compat", flags().compat.value("standard"));
  auto c = compat_from(compat);
  if (!c) {
    diags.error("cli.bad-option", "unknown --compat '" + compat + "' (use standard, pyode or pybrain)",
                {in.name});
    return false;
  }
  lo.build.compat = *c;
  lo.read.lenient = flags().lenient.is_set() || flags().repair.is_set() || extra(opt, "lenient", "") == "1" ||
                    extra(opt, "repair", "") == "1";
  lo.build.trimesh_index_base = extra(opt, "indexbase", "1") == "0" ? 0 : 1;
  return true;
}

XodeFile read_file(const Input& in, const xode::LoadOptions& lo, Diagnostics& diags) {
  XodeFile f;
  const std::size_t before = diags.error_count();
  f.read_ok = xode::read_into(f.doc, in.bytes, diags, lo.read);
  if (f.read_ok && diags.error_count() == before) f.scene = xode::build_scene(f.doc, diags, lo.build);
  return f;
}

}  // namespace genokit::cli::xodecli
