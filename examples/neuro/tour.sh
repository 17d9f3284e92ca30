#!/bin/sh
# Tour of `genokit neuro`: Framsticks neural networks stepped exactly as the Framsticks SDK does.
set -e
G=${GENOKIT:-genokit}
echo "== classes with an implementation (first 6)"
$G neuro classes | head -6
echo
echo "== the network of a .gen org, as a list (groups, parameters after clamping, weighted inputs)"
$G neuro show walker.gen --genotype "Two-legged pulse"
echo
echo "== 5 steps, reference table format (randinit 0 = exact zeros)"
$G neuro run oscillator.f0 --steps 5 --randinit 0 | grep -v '^# n[0-9]'
echo
echo "== a custom C++ class (Thr) and a Fuzzy neuron, as CSV; build messages go to stderr"
$G neuro run thresholds.f0 --steps 4 --randinit 0 --csv 2>&1
echo
echo "== noise and a seed, JSON (first lines)"
$G neuro run oscillator.f0 --steps 3 --nnoise 0.05 --seed 42 --json | grep -A4 '"settings"'
echo
$G neuro plot oscillator.f0 --steps 120 --randinit 0 -o "${TMPDIR:-/tmp}/oscillator.svg"
echo "== wrote ${TMPDIR:-/tmp}/oscillator.svg (one labelled line per neuron and channel)"
