#!/bin/sh
# f0 genotypes: check, show, fmt and render (run with GENOKIT=path/to/genokit, cwd = this folder).
set -e
G=${GENOKIT:-genokit}
OUT=${TMPDIR:-/tmp}/genokit-f0-tour
mkdir -p "$OUT"

echo "== check: a hand-written walker, a lazy genotype, and the f0 genotypes in a .gen file"
$G check walker.f0 2>&1
$G check messy.f0 2>&1
$G check zoo.gen 2>&1

echo; echo "== show: the model with final positions (delta joints resolved)"
$G show --format f0 zoo.gen 2>&1 | head -24

echo; echo "== fmt: canonical f0, exactly as the Framsticks SDK writes it"
$G fmt messy.f0 2>/dev/null
echo "(defaults dropped, the empty z skipped, fr clamped to its maximum)"

echo; echo "== render: an SVG picture (isometric + top/front/side views)"
$G render walker.f0 --title "Walker" -o "$OUT/walker.svg" && echo "wrote $OUT/walker.svg"
$G render zoo.gen --org Snake -o "$OUT/snake.svg" && echo "wrote $OUT/snake.svg"
