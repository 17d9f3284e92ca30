#include "cli/genotype_view.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>

#include "genokit/core/parallel.hpp"
#include "genokit/f0/table.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/neuro/describe.hpp"
#include "genotype/json.hpp"
#include "neuro/json.hpp"

namespace genokit::cli {

genotype::ReadOptions read_options(const Options& opt, std::string_view format, bool mapping) {
  genotype::ReadOptions ro;
  ro.mapping = mapping;
  ro.strict = opt.strict;
  ro.lint = opt_value(opt, "f" + std::string(format) + "-lint") != "off";
  if (format == "0") {
    const auto order = opt_value(opt, "f0-order");
    if (order == "spec") ro.f0.order = f0::PropertyOrder::spec;
    if (opt_value(opt, "f0-delta-order") == "spec") ro.f0.spec_delta_order = true;
    if (opt_value(opt, "f0-hinges") == "on") ro.f0.joints = f0::Joints::hinges;
  }
  return ro;
}

std::vector<OptKey> encoding_option_keys(std::string_view id) {
  std::vector<OptKey> keys{{"f" + std::string(id) + "-lint", {"on", "off"}}};
  if (id == "0") {
    keys.push_back({"f0-order", {"sdk", "spec"}});
    keys.push_back({"f0-delta-order", {"sdk", "spec"}});
    keys.push_back({"f0-hinges", {"off", "on"}});
  }
  return keys;
}

void show_genotype(const genotype::Genotype& g, std::string_view text,
                   const genotype::GenotypeFile::Locator& locator, std::string& out, nlohmann::json& json) {
  out += f0::to_table(g.model);
  json = genotype::detail::to_json(g, text, [&](std::size_t off) { return locator.at(off); });
  if (!g.model.valid || g.model.neurons.empty()) return;
  const neuro::Network net = neuro::Network::build(g.model, {0, 0, 0});
  out += "\nneural network\n" + neuro::describe_text(net);
  json["network"] = neuro::detail::describe_json(net);
}

Counts counts_of(const f0::Model& m) {
  return {m.valid, m.parts.size(), m.joints.size(), m.neurons.size(), m.connections.size()};
}

nlohmann::json to_json(const Counts& c) {
  return {{"valid", c.valid},
          {"parts", c.parts},
          {"joints", c.joints},
          {"neurons", c.neurons},
          {"connections", c.connections}};
}

void FileCheck::append_to(Diagnostics& diags, FormattedDiagnostics* lines) {
  if (formatted) {
    // The lines fill the list's room; the list counts every genotype's diagnostics as not kept by
    // it (FormattedDiagnostics), and keeps later items only in the room the lines left.
    lines->before = diags.items().size();
    std::size_t room = diags.limit() > diags.items().size() ? diags.limit() - diags.items().size() : 0;
    lines->lines.reserve(lines->lines.size() + results.size());
    for (Checked& c : results) {
      if (c.kept > room) {  // (the file's own diagnostics took some room after all)
        std::size_t end = 0;
        for (std::size_t i = 0; i < room; ++i) end = c.lines.find('\n', end) + 1;
        c.lines.resize(end);
        c.kept = room;
      }
      room -= c.kept;
      lines->count += c.kept;
      if (!c.lines.empty()) lines->lines.push_back(std::move(c.lines));
      diags.append(std::move(c.found));
    }
    diags.set_limit(diags.items().size() + room);
    return;
  }
  std::size_t kept = diags.items().size();
  for (const Checked& c : results) kept += c.found.items().size();
  for (Checked& c : results) {
    // Room for all at once (10,000 diagnostics: no list grown and moved a dozen times), made once
    // the list holds some: an empty list takes the first list appended whole, with its room.
    if (!diags.items().empty()) diags.reserve(kept);
    diags.append(std::move(c.found));
    c.found = Diagnostics();
  }
}

FileCheck check_file(const Input& in, const std::string& file_name, genotype::FileOptions fo, bool framsticks,
                     const std::function<bool(const genotype::FileGenotype&)>& take, const Options& opt,
                     Diagnostics& diags, bool format) {
  std::vector<genotype::ReadOptions> options;  // per encoding, made once
  for (const genotype::Encoding& e : genotype::encodings()) {
    options.push_back(read_options(opt, e.id));
    options.back().format = e.id;  // also for a bare file read as this encoding
  }
  const genotype::ReadOptions unreadable;  // read() reports why
  auto options_of = [&](const std::string& format) -> const genotype::ReadOptions& {
    for (const auto& ro : options)
      if (ro.format == format) return ro;
    return unreadable;
  };
  // The genotypes are read by every core while the file is still being read: the reading thread
  // hands over the genotypes it takes in runs, as their org: objects are read, and the other
  // threads (and, once the file is read, the reading thread too) take runs of consecutive
  // genotypes from the queue (a deque: queued jobs stay where they are). Diagnostics are
  // positioned in the file by the thread that checked them, once the file is read, and reported in
  // file order. The file's list keeps the first
  // Diagnostics::limit() diagnostics: once the genotypes done from the start of the file hold that
  // many (with the file's own diagnostics read so far, a lower bound of those reported before
  // them), later genotypes' diagnostics are only counted, and freed by the thread that made them
  // (a 10,000-genotype file can hold 100,000 lint warnings).
  // A job checks one genotype into its result (out.results, same index).
  struct Job {
    std::string_view text;
    const genotype::ReadOptions* options = nullptr;
    Checked* c = nullptr;
    // Where its org genotype's field is, to position its diagnostics as soon as they are found
    // (else once the whole file is read): the field and the file that holds it, and the org's name.
    const frams::Field* field = nullptr;
    const frams::Source* source = nullptr;
    std::string name;
    bool done = false, counted = false;  // counted: c->found holds counts only
    bool positioned = false;
  };
  constexpr std::size_t kRun = 16;  // genotypes handed over and taken at once
  FileCheck out;                    // out.file is complete once `reading` is false
  out.formatted = format;
  std::deque<Job> jobs;
  std::mutex m;
  std::condition_variable more;
  std::size_t next = 0, prefix = 0, prefix_items = 0;  // jobs [0, prefix) are done
  std::size_t waiting = 0;                             // threads waiting for jobs
  bool reading = true, abandoned = false;              // abandoned: the file could not be read to its end
  // (Each on a cache line of its own: the reading thread writes file_items as it reads, and every
  // genotype checked reads `full`.)
  alignas(64) std::atomic<std::size_t> file_items{diags.items().size()};  // the reader's so far
  alignas(64) std::atomic<bool> full{file_items >= diags.limit()};
  // Keeps only the counts of c's diagnostics (freed by the thread that made them).
  auto count_only = [](Checked& c) {
    Diagnostics counted;
    counted.set_limit(0);
    counted.append(std::move(c.found));
    c.found = std::move(counted);
  };
  // Positions j's kept diagnostics in the file (with `locator`, else from the file once it is
  // read) and, with `format`, formats them (on the threads, so that the end of the program only
  // writes them).
  auto position = [&](Job& j, const genotype::GenotypeFile::Locator* locator = nullptr) {
    if (j.counted || j.positioned) return;
    j.positioned = true;
    Checked& c = *j.c;
    if (locator)
      locator->position(j.name, c.found);
    else
      out.file.position(out.file.genotypes[c.genotype], c.found);
    if (!format || c.found.items().empty()) return;
    c.found.set_file(file_name);  // (a bare file's; an org genotype's diagnostics have their file)
    c.lines.reserve(c.found.items().size() * 128);  // (about a line's length: few reallocations)
    for (const Diagnostic& d : c.found.items()) {
      append_gcc(d, c.lines);
      c.lines += '\n';
    }
    count_only(c);
  };
  auto check = [&](Job& j) {
    // Every genotype before j is done and the list is full: j's diagnostics are only counted
    // (and their messages never built).
    Checked& c = *j.c;
    j.counted = full.load(std::memory_order_acquire);
    if (j.counted) c.found.set_limit(0);
    const auto r = genotype::read(j.text, c.found, *j.options);
    c.read = r.has_value();
    c.errors = c.found.has_errors();
    if (r) c.counts = counts_of(r->model);
    if (!j.counted && full.load(std::memory_order_acquire)) {  // the list filled up meanwhile
      count_only(c);
      j.counted = true;
    }
    c.kept = c.found.items().size();
    // An org genotype stored as it stands in the file is positioned at once: its diagnostics do
    // not wait, with all the others found while the file is read, for the file's end.
    if (!j.counted && !c.found.items().empty() && j.field) {
      genotype::FileGenotype g;
      g.text = j.text;
      g.field = j.field;
      g.source = j.source;
      if (const auto locator = genotype::GenotypeFile::Locator::while_reading(g)) position(j, &*locator);
    }
  };
  // Checks queued genotypes until the queue is empty and, when `wait`, the file is read.
  auto work = [&](bool wait) {
    // Checked by this thread while the file was read: positioned by it once the file is read (the
    // thread that made a genotype's diagnostics frees them: another thread would free them into
    // this one's malloc arena, under its lock, at every few frees).
    std::vector<Job*> unpositioned;
    std::unique_lock<std::mutex> lock(m);
    for (;;) {
      if (!unpositioned.empty() && !reading && !abandoned) {
        lock.unlock();
        for (Job* j : unpositioned) position(*j);
        unpositioned.clear();
        lock.lock();
        continue;
      }
      if (next == jobs.size()) {
        if (!wait || !reading) return;
        ++waiting;
        more.wait(lock);
        --waiting;
        continue;
      }
      const std::size_t b = next, e = std::min(jobs.size(), b + kRun);
      next = e;
      Job* run[kRun];
      for (std::size_t i = b; i < e; ++i) run[i - b] = &jobs[i];
      lock.unlock();
      for (std::size_t i = 0; i < e - b; ++i) check(*run[i]);
      lock.lock();
      const bool read = !reading && !abandoned;
      for (std::size_t i = 0; i < e - b; ++i) run[i]->done = true;
      for (; prefix < jobs.size() && jobs[prefix].done; ++prefix) prefix_items += jobs[prefix].c->kept;
      if (!full.load(std::memory_order_relaxed) &&
          prefix_items + file_items.load(std::memory_order_relaxed) >= diags.limit())
        full.store(true, std::memory_order_release);
      if (read) {
        lock.unlock();
        for (std::size_t i = 0; i < e - b; ++i) position(*run[i]);
        lock.lock();
      } else {
        unpositioned.insert(unpositioned.end(), run, run + (e - b));
      }
    }
  };
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> helpers;
  std::vector<Job> pending;  // taken by the reading thread, not yet handed over
  auto hand_over = [&] {
    if (pending.empty()) return;
    bool wake = false;
    {
      const std::lock_guard<std::mutex> lock(m);
      for (Job& j : pending) jobs.push_back(std::move(j));
      if (helpers.size() + 1 < cores) helpers.emplace_back(work, true);  // (once there is work)
      wake = waiting > 0;
    }
    pending.clear();
    if (wake) more.notify_all();
  };
  auto queue = [&](const genotype::FileGenotype& g, std::size_t index) {
    if (!take(g)) return;
    Checked& c = out.results.emplace_back();  // (only this thread adds results)
    c.genotype = index;
    pending.push_back(Job{g.text, &options_of(g.format), &c, g.field, g.source, g.name});
    if (pending.size() == kRun) hand_over();
  };
  std::size_t seen = 0;
  fo.on_genotype = [&](const genotype::FileGenotype& g) {
    if (diags.items().size() != file_items.load(std::memory_order_relaxed))
      file_items.store(diags.items().size(), std::memory_order_relaxed);
    queue(g, seen++);
  };
  try {
    out.file = framsticks ? genotype::read_framsticks(in.bytes, file_name, diags, fo)
                          : genotype::read_genotypes(in.bytes, file_name, diags, fo);
    if (!out.file.framsticks)  // a bare genotype: nothing was queued while reading
      for (std::size_t i = 0; i < out.file.genotypes.size(); ++i) queue(out.file.genotypes[i], i);
    hand_over();
  } catch (...) {  // (out of memory): the other threads stop before the error goes up
    {
      const std::lock_guard<std::mutex> lock(m);
      reading = false;
      abandoned = true;
      next = jobs.size();
    }
    more.notify_all();
    for (std::thread& t : helpers) t.join();
    throw;
  }
  file_items.store(diags.items().size(), std::memory_order_relaxed);
  {
    const std::lock_guard<std::mutex> lock(m);
    reading = false;
  }
  more.notify_all();
  work(false);
  for (std::thread& t : helpers) t.join();
  return out;
}

}  // namespace genokit::cli
