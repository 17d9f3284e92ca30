#!/usr/bin/python3
"""genokit view in a real browser: Debian's Chromium, headless, driven by Debian's python3-selenium
and chromium-driver (no browser download). For a walker (a trajectory), a 50-part creature and an
XODE scene, the test writes the page with `genokit view` and checks, in the browser:

  * no console error and no network request (the page's own file is the only load);
  * the number of meshes and instances the scene should have;
  * positions after advancing time (through the page's test hook, window.genokitView, which reads
    them back from the drawn instance matrices) equal the trajectory's values;
  * muscle colours follow their signals, the neuron plot shows the neuron outputs, the camera
    follows the centre of mass;
  * a screenshot is not blank;
and logs the time to the first frame (not asserted). It also checks the page size of a 10-stick
walker over 10,000 steps (< 3 MB) and renders PNG frames with `genokit view --frames`.

Run: /usr/bin/python3 tests/viewer/browser_test.py --genokit build/src/cli/genokit --work /tmp/x
Exit 77 (skipped) when Chromium, chromium-driver, selenium or the viewer script is missing, unless
GENOKIT_REQUIRE_BROWSER=1 (scripts/test.sh sets it after installing them): then that fails."""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pngcheck import picture_stats  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-unsafe-swiftshader", "--window-size=1200,800"]
MAX_WALKER_PAGE = 3 * 1024 * 1024

failures = []


def log(msg):
    print(msg, flush=True)


def check(ok, what):
    if ok:
        log(f"  ok: {what}")
    else:
        log(f"  FAILED: {what}")
        failures.append(what)
    return ok


def skip(reason):
    if os.environ.get("GENOKIT_REQUIRE_BROWSER", "") not in ("", "0"):
        log(f"browser_test.py: FAILED: {reason} (GENOKIT_REQUIRE_BROWSER is set)")
        sys.exit(1)
    log("browser_test.py: Skipped")
    log(f"{reason}; test skipped")
    sys.exit(77)


def close(a, b, rel=2e-6):
    return abs(a - b) <= rel * max(1.0, abs(b))


def f32(x):
    import struct
    return struct.unpack("<f", struct.pack("<f", x))[0]


# ---- inputs ----------------------------------------------------------------------------------

def walker_trajectory(steps=10000, dt=0.01):
    """A walking chain of 11 parts and 10 sticks (contract of CONTRACTS.md), one sample a step:
    smooth motion as a simulator gives, with neurons and bend/twist muscles."""
    P, S = 11, 10
    sticks = [{"joint": j, "p1": j, "p2": j + 1, "color": [0.9, 0.9 - 0.05 * j, 0.3 + 0.05 * j]} for j in range(S)]
    neurons = [{"index": i, "class": "|" if i % 2 else "@", "part": -1, "joint": 2 * i + 1, "label": "|" if i % 2 else "@"}
               for i in range(4)]
    neurons.append({"index": 4, "class": "Sin", "part": -1, "joint": -1, "label": "Sin:f0=0.5"})
    muscles = [{"neuron": i, "joint": 2 * i + 1, "kind": "bend" if i % 2 else "twist"} for i in range(4)]
    N = steps + 1
    step, tm, com, parts, orient, neu, mus = [], [], [], [], [], [], []
    for k in range(N):
        t = k * dt
        step.append(k)
        tm.append(t)
        xs = []
        for p in range(P):
            x = 3 + 0.08 * t + 0.45 * p + 0.03 * math.sin(2.1 * t + 0.7 * p)
            y = 10 + 0.05 * math.sin(1.3 * t + 0.4 * p)
            z = 0.1 + 0.06 * max(0.0, math.sin(2.1 * t + 0.7 * p))
            xs.append((x, y, z))
            parts += [x, y, z]
            orient += [1, 0, 0, 0]
        com += [sum(v[i] for v in xs) / P for i in range(3)]
        sig = [math.sin(2.1 * t + 0.9 * i) for i in range(4)]
        neu += sig + [math.sin(math.pi * t)]
        mus += sig
    return {
        "format": "genokit-trajectory", "version": 1,
        "source": {"file": "walker.f1", "name": "Synthetic walker", "encoding": "f1", "genotype": "X" * 10},
        "settings": {"odestep": dt},
        "world": {"size": 20, "type": 0, "water_level": -1, "boundaries": 0},
        "body": {"radius": 0.1, "parts": [{"index": i, "fr": 0.4 + 0.1 * i, "dn": 1, "color": [1, 1, 1]} for i in range(P)],
                 "sticks": sticks, "neurons": neurons, "muscles": muscles},
        "dt": dt, "sample_every": 1,
        "samples": {"count": N, "step": step, "time": tm, "com": com, "parts": parts, "orientations": orient,
                    "neurons": neu, "muscles": mus},
        "status": "ok", "message": "",
        "criteria": {"velocity": 0.08, "distance": 0.08 * steps * dt},
    }


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def view(genokit, src, out, *extra):
    t0 = time.time()
    r = run([genokit, "view", str(src), "-o", str(out), *extra])
    if r.returncode != 0:
        if "view.no-viewer" in r.stdout:
            skip("genokit was built without the viewer script (no npm at build time)")
        raise SystemExit(f"genokit view {src} failed ({r.returncode}):\n{r.stdout}")
    log(f"  genokit view {Path(src).name}: {out.stat().st_size / 1024:.0f} KiB in {time.time() - t0:.2f} s")
    return out


# ---- the browser -----------------------------------------------------------------------------

class Browser:
    def __init__(self, work):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for f in FLAGS:
            opts.add_argument(f)
        self.profile = tempfile.mkdtemp(prefix="profile-", dir=work)
        opts.add_argument("--user-data-dir=" + self.profile)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        self.d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
        self.d.set_script_timeout(60)

    def open(self, page):
        """Loads the page; returns (load seconds, requests other than the page, console errors)."""
        self.d.get("about:blank")
        time.sleep(0.2)
        self.d.get_log("performance")
        self.d.get_log("browser")
        url = page.resolve().as_uri()
        t0 = time.time()
        self.d.get(url)
        state = None
        for _ in range(600):
            state = self.d.execute_script(
                "const h = window.genokitView; return h ? (h.ready ? 'ready' : h.error ? 'error: ' + h.error : '') : ''")
            if state:
                break
            time.sleep(0.05)
        load = time.time() - t0
        if state != "ready":
            raise SystemExit(f"{page.name}: the page did not become ready ({state!r})")
        return load

    def requests(self, page):
        url = page.resolve().as_uri()
        seen_page, extra = False, []
        for entry in self.d.get_log("performance"):
            m = json.loads(entry["message"])["message"]
            if m.get("method") != "Network.requestWillBeSent":
                continue
            u = m["params"]["request"]["url"]
            if u == url and not seen_page:
                seen_page = True
                continue
            if seen_page:
                extra.append(u)
        return seen_page, extra

    def console_problems(self):
        return [e for e in self.d.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]

    def js(self, script, *args):
        return self.d.execute_script("const h = window.genokitView; " + script, *args)

    def screenshot(self, path):
        self.d.save_screenshot(str(path))
        return picture_stats(path.read_bytes())

    def quit(self):
        self.d.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def common_checks(b, page, name, work):
    seen, extra = b.requests(page)
    check(seen, f"{name}: the page loaded from its file")
    check(not extra, f"{name}: no other request (saw {extra[:3]})")
    errs = b.console_problems()
    check(not errs, f"{name}: no console error ({[e['message'][:120] for e in errs[:2]]})")
    first = b.js("return h.firstFrameMs")
    log(f"  time to first frame ({name}): {first:.0f} ms after navigation started")
    shot = b.screenshot(work / f"{name}.png")
    check(shot["colours"] > 20 and shot["other"] > 0.05,
          f"{name}: the screenshot is not blank ({shot['colours']} colours, {shot['other']:.0%} off the main colour)")


def check_parts_at(b, traj, frame, name):
    P = len(traj["body"]["parts"])
    drawn = b.js("return h.partPositions()")
    want = traj["samples"]["parts"][3 * P * frame:3 * P * (frame + 1)]
    ok = len(drawn) == P and all(close(drawn[i][k], f32(want[3 * i + k])) for i in range(P) for k in range(3))
    check(ok, f"{name}: the {P} drawn parts at frame {frame} are the trajectory's positions")


def test_walker(b, genokit, work):
    log("walker (trajectory, 10 sticks, 10,000 steps)")
    traj = walker_trajectory()
    src = work / "walker.json"
    src.write_text(json.dumps(traj))
    page = view(genokit, src, work / "walker.html")
    size = page.stat().st_size
    check(size < MAX_WALKER_PAGE, f"walker page {size / 1e6:.2f} MB < 3 MB")
    b.open(page)
    common_checks(b, page, "walker", work)
    N = traj["samples"]["count"]
    counts = b.js("return h.counts()")
    inst = counts["instanced"]
    check(b.js("return h.frameCount()") == N, f"walker: {N} frames")
    check(inst == {"parts": 11, "sticks": 10, "stick-caps": 20, "muscles": 4},
          f"walker: instances of parts, sticks, caps, muscles ({inst})")
    # ground + 4 instanced meshes (the grid and the track are lines), the caps hidden by the parts
    check(counts["meshes"] == 5 and counts["visible"] == 4, f"walker: 5 meshes, 4 visible ({counts})")
    check_parts_at(b, traj, 0, "walker")
    # Advancing time by 12.345 s of simulated time lands on the last sample at or before it.
    f = b.js("return h.advance(12.345)")
    check(f == 1234, f"walker: advancing 12.345 s shows frame 1234 ({f})")
    check_parts_at(b, traj, f, "walker")
    cam0 = b.js("return h.camera()")
    f2 = b.js("return h.advance(30)")
    cam1 = b.js("return h.camera()")
    com = traj["samples"]["com"]
    # The camera target moved with the centre of mass (Z-up data drawn Y-up: x stays x).
    moved = cam1["target"][0] - cam0["target"][0]
    check(close(moved, com[3 * f2] - com[3 * f], 1e-4), f"walker: the camera follows the centre of mass ({moved:.4f})")
    # Real playback: play at 4x for 0.6 s, then the drawn frame matches the trajectory.
    b.js("h.setFrame(100); h.setSpeed(4); h.play()")
    time.sleep(0.6)
    b.js("h.pause()")
    f3 = b.js("return h.frame()")
    check(f3 > 100, f"walker: playing advanced the frame (100 -> {f3})")
    check_parts_at(b, traj, f3, "walker")
    # Muscle colours follow the signal: find frames with a strong signal of each sign for muscle 0.
    mus = traj["samples"]["muscles"]
    pos = next(k for k in range(N) if mus[4 * k] > 0.9)
    neg = next(k for k in range(N) if mus[4 * k] < -0.9)
    b.js(f"h.setFrame({pos})")
    c_pos = b.js("return h.muscleColors()")[0]
    b.js(f"h.setFrame({neg})")
    c_neg = b.js("return h.muscleColors()")[0]
    check(c_pos[0] > c_pos[2] + 0.3 and c_neg[2] > c_neg[0] + 0.3,
          f"walker: muscle 0 red at signal {mus[4 * pos]:.2f}, blue at {mus[4 * neg]:.2f} ({c_pos}, {c_neg})")
    plotted = b.js("return h.plotted()")
    neu = traj["samples"]["neurons"]
    want = [f32(neu[5 * neg + n]) for n in plotted["neurons"]]
    check(plotted["neurons"] == [0, 1, 2] and all(close(a, w) for a, w in zip(plotted["values"], want)),
          f"walker: the plot shows neurons 0-2 at the current frame ({plotted})")
    # Scrubbing to the end and stepping back.
    last = b.js("return h.setFrame(1e9)")
    check(last == N - 1, f"walker: the last frame is {N - 1} ({last})")
    check_parts_at(b, traj, last, "walker")
    return traj, src


def test_simulated_walker(b, genokit, work, source):
    """The real thing once `genokit simulate CREATURE -o traj.json` (issue #20) exists: a walker
    simulated for 10,000 steps, viewed, and its drawn parts checked against the file."""
    log("simulated walker (genokit simulate examples/f0/walker.f0 --steps 10000)")
    src = source / "examples" / "f0" / "walker.f0"
    traj_file = work / "walker-sim.json"
    r = run([genokit, "simulate", str(src), "--steps", "10000", "-o", str(traj_file)])
    traj = None
    if r.returncode == 0 and traj_file.exists():
        try:
            traj = json.loads(traj_file.read_text())
        except ValueError:
            traj = None
    if not traj or traj.get("format") != "genokit-trajectory":
        log("  genokit simulate does not simulate creatures yet (issue #20): this part is not run")
        return
    page = view(genokit, traj_file, work / "walker-sim.html")
    size = page.stat().st_size
    sticks = len(traj["body"]["sticks"])
    log(f"  simulated walker: {sticks} sticks, {traj['samples']['count']} samples, page {size / 1e6:.2f} MB")
    check(size < MAX_WALKER_PAGE * max(1.0, sticks / 10), f"simulated walker page {size / 1e6:.2f} MB < 3 MB (per 10 sticks)")
    b.open(page)
    common_checks(b, page, "walker-sim", work)
    inst = b.js("return h.counts()")["instanced"]
    check(inst["parts"] == len(traj["body"]["parts"]) and inst["sticks"] == sticks
          and inst["muscles"] == len(traj["body"]["muscles"]), f"walker-sim: instances ({inst})")
    f = b.js("return h.advance(h.endTime() / 2)")
    check_parts_at(b, traj, f, "walker-sim")


def test_creature50(b, genokit, work):
    log("50-part creature (f1 genotype, through the genotype door)")
    geno = "".join("X[|]" if i % 7 == 3 else "X" for i in range(49))
    src = work / "creature50.f1"
    src.write_text(geno + "\n")
    page = view(genokit, src, work / "creature50.html")
    b.open(page)
    common_checks(b, page, "creature50", work)
    muscles = geno.count("[|]")
    inst = b.js("return h.counts()")["instanced"]
    check(inst == {"parts": 50, "sticks": 49, "stick-caps": 98, "muscles": muscles},
          f"creature50: 50 parts, 49 sticks, {muscles} muscles ({inst})")
    # The drawn body is where `genokit show --json` places it.
    shown = json.loads(run([genokit, "show", str(src), "--json"]).stdout)
    parts = shown["parts"] if "parts" in shown else shown["genotypes"][0]["parts"]
    drawn = b.js("return h.partPositions()")
    ok = len(parts) == 50 and all(close(drawn[i][k], f32(parts[i][key]))
                                  for i in range(50) for k, key in enumerate("xyz"))
    check(ok, "creature50: the drawn parts are at the positions genokit show gives")


def test_xode(b, genokit, work, source):
    log("XODE scene (simulated 300 steps through the physics module)")
    src = source / "examples" / "xode" / "drop.xode"
    page = view(genokit, src, work / "drop.html", "--steps", "300", "--dt", "0.01")
    b.open(page)
    common_checks(b, page, "drop", work)
    counts = b.js("return h.counts()")
    check(counts["bodies"] == 2 and counts["bodyMeshes"] == 2 and counts["statics"] == 1 and counts["meshes"] == 3,
          f"drop: 2 bodies with one geom each and the floor plane ({counts})")
    # The reference: genokit simulate's own trajectory of the same scene.
    csv = work / "drop.csv"
    r = run([genokit, "simulate", str(src), "--steps", "300", "--dt", "0.01", "--out", str(csv)])
    check(r.returncode == 0, "drop: genokit simulate wrote the reference trajectory")
    rows = [line.split(",") for line in csv.read_text().splitlines()[1:]]
    f = b.js("return h.advance(1.234)")
    check(f == 123, f"drop: advancing 1.234 s shows frame 123 ({f})")
    poses = b.js("return h.bodyPoses()")
    ref = [r for r in rows if r[0] == str(f)]
    ok = len(ref) == 2
    for i, row in enumerate(ref):
        pos = [float(v) for v in row[3:6]]
        q = [float(v) for v in row[6:10]]
        sign = 1 if sum(a * b for a, b in zip(q, poses[i][3:7])) >= 0 else -1  # q and -q: one rotation
        ok = ok and all(close(poses[i][k], f32(pos[k])) for k in range(3))
        ok = ok and all(abs(poses[i][3 + k] - sign * q[k]) < 1e-6 for k in range(4))
    check(ok, f"drop: the drawn body poses at frame {f} are genokit simulate's")


def test_large(b, genokit, work):
    log("4,000 parts (readability; timings logged, not asserted)")
    P, N = 4000, 120
    parts, com = [], []
    for k in range(N):
        for p in range(P):
            parts += [2 + (p % 80) * 0.2, 2 + (p // 80) * 0.3 + 0.01 * k, 0.2 + 0.1 * math.sin(0.1 * k + p)]
        com += [10, 9.5 + 0.01 * k, 0.2]
    traj = {"format": "genokit-trajectory", "version": 1, "source": {"name": "grid"},
            "world": {"size": 20, "type": 0, "water_level": 0.15},
            "body": {"parts": [{"index": i} for i in range(P)],
                     "sticks": [{"joint": i, "p1": i, "p2": i + 1} for i in range(P - 1) if (i + 1) % 80],
                     "neurons": [], "muscles": []},
            "dt": 0.05, "sample_every": 1,
            "samples": {"count": N, "step": list(range(N)), "time": [0.05 * k for k in range(N)], "com": com,
                        "parts": parts, "neurons": [], "muscles": []}}
    src = work / "large.json"
    src.write_text(json.dumps(traj))
    page = view(genokit, src, work / "large.html")
    load = b.open(page)
    common_checks(b, page, "large", work)
    # Reading a pixel back waits for the drawing (software WebGL here: SwiftShader on the CPU).
    t = b.js("const gl = h.app.view.renderer.getContext(), px = new Uint8Array(4), t0 = performance.now(); "
             "for (let i = 0; i < 5; i++) { h.setFrame(i * 20); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px); } "
             "return (performance.now() - t0) / 5")
    pose = b.js("const c = h.app.view.creature, t0 = performance.now(); "
                "for (let i = 0; i < 20; i++) c.update(h.app.fr.parts, i, null); return (performance.now() - t0) / 20")
    log(f"  large: page ready {load:.2f} s after navigation; a frame: {pose:.2f} ms to pose 4,000 parts and "
        f"{len(traj['body']['sticks'])} sticks, {t:.0f} ms with drawing in software WebGL (SwiftShader, no GPU)")
    inst = b.js("return h.counts()")["instanced"]
    check(inst["parts"] == P, f"large: {P} parts drawn")
    b.js("h.setFrame(95)")
    check_parts_at(b, traj, 95, "large")


def test_frames(genokit, work, walker):
    log("PNG frames through headless Chromium (genokit view --frames)")
    out = work / "frames"
    shutil.rmtree(out, ignore_errors=True)
    t0 = time.time()
    r = run([genokit, "view", str(walker), "--frames", str(out), "--seconds", "1", "--fps", "5", "--size", "320x240"])
    if not check(r.returncode == 0, f"frames: genokit view --frames ran ({r.stdout.strip()[-300:]})"):
        return
    files = sorted(out.glob("frame_*.png"))
    log(f"  {len(files)} frames in {time.time() - t0:.2f} s")
    check(len(files) == 6, f"frames: 6 pictures for 1 s at 5 per second ({len(files)})")
    stats = picture_stats(files[-1].read_bytes(), step=2)
    check(stats["width"] == 320 and stats["height"] == 240 and stats["colours"] > 20,
          f"frames: 320x240 and not blank ({stats})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--genokit", required=True)
    ap.add_argument("--source", default=str(Path(__file__).resolve().parents[2]))
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    for prog in (CHROMIUM, CHROMEDRIVER):
        if not os.access(prog, os.X_OK):
            skip(f"{prog} not found (Debian packages chromium and chromium-driver; scripts/install-deps.sh)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        skip("python3-selenium not found (Debian package; scripts/install-deps.sh)")
    work = Path(a.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    source = Path(a.source)
    t0 = time.time()
    b = Browser(work)
    try:
        log(f"(browser started in {time.time() - t0:.1f} s)")
        for name, fn in (("walker", lambda: test_walker(b, a.genokit, work)),
                         ("simulated walker", lambda: test_simulated_walker(b, a.genokit, work, source)),
                         ("creature50", lambda: test_creature50(b, a.genokit, work)),
                         ("xode", lambda: test_xode(b, a.genokit, work, source)),
                         ("large", lambda: test_large(b, a.genokit, work))):
            t1 = time.time()
            result = fn()
            if name == "walker":
                walker = result[1]
            log(f"({name}: {time.time() - t1:.1f} s)")
    finally:
        b.quit()
    test_frames(a.genokit, work, walker)
    log(f"browser test: {time.time() - t0:.1f} s")
    if failures:
        log(f"{len(failures)} checks FAILED:")
        for f in failures:
            log(f"  {f}")
        return 1
    log("all browser checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
