#!/bin/sh
# Viewer tour: one self-contained 3D page (works offline, three.js inline) for genotypes, an XODE
# scene simulated first and a trajectory; PNG frames for a video when Chromium is installed. The
# pages go to a temporary folder: open them in any browser. Run by scripts/demo.sh with GENOKIT set.
G=${GENOKIT:-genokit}
set -e
out=${TMPDIR:-/tmp}/genokit-viewer-tour
mkdir -p "$out"
echo "== genokit view ../f1/zoo.gen   (every genotype of the file, selectable in the page)"
$G view ../f1/zoo.gen -o "$out/zoo.html"
echo "== genokit view ../xode/drop.xode --steps 300   (simulated through the physics module first)"
$G view ../xode/drop.xode --steps 300 -o "$out/drop.html" 2>&1 | grep -v 'mass-recentred' || true
echo "== genokit view ../../tests/view/fixtures/tiny_trajectory.json   (a trajectory file)"
$G view ../../tests/view/fixtures/tiny_trajectory.json -o "$out/tiny.html"
if command -v chromium >/dev/null 2>&1; then
  echo "== genokit view ../xode/drop.xode --frames   (PNG frames through headless Chromium)"
  $G view ../xode/drop.xode --steps 100 --frames "$out/frames" --fps 10 --size 480x320 2>&1 | grep -v 'mass-recentred' || true
fi
echo "pages in $out: $(cd "$out" && ls *.html | tr '\n' ' ')"
