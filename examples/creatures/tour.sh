#!/bin/sh
# A short tour of genokit's Creatures genome support, on a tiny self-made C2 genome (toy.txt).
set -e
G=${GENOKIT:-genokit}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

echo "== assemble the text form into a .gen file, then check it"
$G genome assemble toy.txt -o "$T/toy.gen"
$G check "$T/toy.gen" | sed "s|$T/||"

echo "== dump it back: byte-identical round trip"
$G genome dump "$T/toy.gen" -o "$T/toy2.txt"
$G genome assemble "$T/toy2.txt" -o "$T/toy2.gen"
cmp "$T/toy.gen" "$T/toy2.gen" && echo "round trip: identical"

echo "== one line per gene (first 4)"
$G genome dump --format summary "$T/toy.gen" | head -n 4 | cut -c1-110

echo "== genes active in an adult female, up to that stage (last 3)"
$G genome express "$T/toy.gen" --sex female --stage adult --up-to | tail -n 3

echo "== mutate (C3 scheme; a high parent mutation chance so the tiny genome changes), then cross"
$G genome mutate "$T/toy.gen" -o "$T/dad.gen" --seed 7 --scheme c3 --parent-chance 250 --stats 2>&1
$G genome cross "$T/toy.gen" "$T/dad.gen" -o "$T/child.gen" --seed 3 --mum-moniker mum1 --dad-moniker dad1 --stats 2>&1
$G check "$T/child.gen" | sed "s|$T/||"

echo "== what differs between the parents"
$G genome diff "$T/toy.gen" "$T/dad.gen" | tail -n 5

echo "== a hand edit with a typo: line:column error"
sed 's/colour=blue/colour=bleu/' toy.txt > "$T/typo.txt"
$G genome assemble "$T/typo.txt" -o "$T/typo.gen" 2>&1 | sed "s|$T/||" || true

echo "== a truncated genome: byte offsets"
head -c 300 "$T/toy.gen" > "$T/cut.gen"
$G check "$T/cut.gen" 2>&1 | sed "s|$T/||" || true
