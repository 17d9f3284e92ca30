// Reading `.sim` files into Settings: the frams reader parses, the settings table converts, and
// what genokit does not simulate is reported once for the whole chain (the value that won).
#include <cmath>
#include <string>
#include <vector>

#include "genokit/core/text.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"
#include "genokit/sim/settings.hpp"
#include "sim/settings_table.hpp"

namespace genokit::sim {
namespace {

using detail::SettingRow;

struct Loader {
  Settings settings;
  std::vector<Location> origin;  // per row: where the winning value was read (line 0: default)
  Diagnostics& diags;

  const SettingsLoadOptions& opt;

  Loader(const SettingsLoadOptions& o, Diagnostics& d)
      : settings(o.base), origin(detail::setting_rows().size()), diags(d), opt(o) {}

  void assign(const SettingRow& row, const frams::Value& v) {
    if (row.slot.f) settings.*row.slot.f = v.kind == frams::Value::Kind::integer ? double(v.i) : v.d;
    if (row.slot.d) settings.*row.slot.d = v.kind == frams::Value::Kind::floating ? int(v.d) : int(v.i);
    if (row.slot.s) settings.*row.slot.s = v.s;
  }

  void read_object(const frams::Document& doc, const frams::Object& obj) {
    for (const frams::Field& field : obj.fields) {
      Location where = doc.locate_value(field, 0);
      const SettingRow* row = detail::find_setting(obj.class_name, field.key);
      if (!row) {
        if (opt.other && obj.class_name == "sim_params" && opt.other(field.key, field.value, where)) continue;
        if (!detail::is_ignored_setting(obj.class_name, field.key))
          diags.warning("sim.unknown-setting",
                        "unknown setting '" + std::string(field.key) + "' in " + std::string(obj.class_name) +
                            " is ignored",
                        where);
        continue;
      }
      assign(*row, frams::convert_value(field.value, row->info.prop, obj.class_name, diags, where));
      origin[static_cast<std::size_t>(row - detail::setting_rows().data())] = where;
    }
  }

  void read(const frams::Document& doc) {
    bool population_seen = false;
    for (const frams::Object& obj : doc.objects) {
      if (obj.class_name == "sim_params") {
        read_object(doc, obj);
      } else if (obj.class_name == "Population") {
        // The first population is the creatures'; the others (food) have no bodies to simulate.
        if (!population_seen) read_object(doc, obj);
        population_seen = true;
      } else if (obj.class_name != "GenePool" && obj.class_name != "GenotypeGroup") {
        Location where;
        where.file = doc.source(obj.source).name;
        where.line = obj.line;
        where.column = 1;
        diags.warning(
            "sim.unknown-object",
            "object '" + std::string(obj.class_name) + "' is not a simulation setting and is ignored", where);
      }
    }
  }

  // Values read from files that genokit does not simulate.
  void report_unsimulated() {
    auto rows = detail::setting_rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const SettingRow& r = rows[i];
      if (r.info.use != SettingUse::unsupported || origin[i].line == 0) continue;
      std::string value;
      if (r.slot.s) {
        const std::string& v = settings.*r.slot.s;
        if (trim(v) == r.slot.simulated_text) continue;
        value = "'" + (v.size() > 40 ? v.substr(0, 40) + "..." : v) + "'";
      } else {
        double v = r.slot.f ? settings.*r.slot.f : double(settings.*r.slot.d);
        if (v == r.slot.simulated) continue;
        value =
            frams::format_value(r.slot.f ? frams::Value{frams::Value::Kind::floating, 0, v, {}}
                                         : frams::Value{frams::Value::Kind::integer, std::int64_t(v), 0, {}});
      }
      diags.warning(
          "sim.unsimulated-setting",
          std::string(r.info.prop.id) + " " + value + " is not simulated: " + std::string(r.info.prop.help),
          origin[i]);
    }
  }
};

std::vector<std::string> split_chain(std::string_view chain) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= chain.size()) {
    std::size_t end = chain.find(';', start);
    if (end == std::string_view::npos) end = chain.size();
    std::string_view part = trim(chain.substr(start, end - start));
    if (!part.empty()) out.emplace_back(part);
    start = end + 1;
  }
  return out;
}

}  // namespace

std::optional<Settings> load_settings(std::string_view chain, Diagnostics& diags,
                                      const SettingsLoadOptions& opt) {
  Loader loader(opt, diags);
  std::vector<std::string> files = split_chain(chain);
  if (files.empty()) {
    diags.error("sim.no-settings-file", "no settings file given (expected \"a.sim\" or \"a.sim;b.sim\")");
    return std::nullopt;
  }
  for (const std::string& file : files) {
    std::size_t errors = diags.error_count();
    frams::Document doc = frams::load_file(file, diags);
    if (diags.error_count() != errors) return std::nullopt;
    loader.read(doc);
  }
  loader.report_unsimulated();
  return std::move(loader.settings);
}

std::optional<Settings> parse_settings(std::string_view text, std::string file_name, Diagnostics& diags,
                                       const SettingsLoadOptions& opt) {
  Loader loader(opt, diags);
  std::size_t errors = diags.error_count();
  frams::Document doc = frams::parse(text, std::move(file_name), diags);
  if (diags.error_count() != errors) return std::nullopt;
  loader.read(doc);
  loader.report_unsimulated();
  return std::move(loader.settings);
}

bool check_settings(const Settings& s, Diagnostics& diags) {
  std::size_t errors = diags.error_count();
  auto bad = [&](std::string_view id, std::string why) {
    diags.error("sim.bad-setting", std::string(id) + " " + why);
  };
  for (const SettingRow& r : detail::setting_rows()) {
    if (!r.slot.f) continue;
    if (!std::isfinite(s.*r.slot.f)) bad(r.info.prop.id, "must be a finite number");
  }
  if (!(s.odestep > 0)) bad("odestep", "must be positive");
  if (!(s.odeworlderp >= 0 && s.odeworlderp <= 1)) bad("odeworlderp", "must be in [0, 1]");
  if (!(s.odeworldcfm >= 0)) bad("odeworldcfm", "must not be negative");
  if (!(s.odecolsofterp >= 0 && s.odecolsofterp <= 1)) bad("odecolsofterp", "must be in [0, 1]");
  if (!(s.odecolsoftcfm >= 0)) bad("odecolsoftcfm", "must not be negative");
  if (!(s.odecolmumin >= 0 && s.odecolmumax >= 0)) bad("odecolmumin/odecolmumax", "must not be negative");
  if (!(s.odeairdrag >= 0 && s.odeairdrag <= 1 && s.oderotdrag >= 0 && s.oderotdrag <= 1))
    bad("odeairdrag/oderotdrag", "must be in [0, 1]");
  if (s.gk_iterations < 1) bad("gk_iterations", "must be at least 1");
  if (!(s.gk_stickradius > 0)) bad("gk_stickradius", "must be positive");
  if (!(s.gk_maxvelocity > 0)) bad("gk_maxvelocity", "must be positive");
  if (!(s.minjoint <= s.maxjoint)) bad("minjoint", "must not exceed maxjoint");
  return diags.error_count() == errors;
}

}  // namespace genokit::sim
