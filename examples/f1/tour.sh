#!/bin/sh
# f1 genotypes: exact conversion to the f0 model (Framsticks SDK r909 rules), the f1 text map and
# the warnings the SDK never gives. Run from this folder with GENOKIT set to the genokit program.
set -e
G=${GENOKIT:-genokit}
echo "== check: a creature, a .gen file and a genotype with SDK-silent quirks"
$G check crawler.f1 zoo.gen
$G check quirks.f1 || true
echo "== --strict turns those warnings into errors (exit 1)"
$G check --strict quirks.f1 2>/dev/null || echo "exit $?"
echo "== info"
$G info snake.f1 | grep -E 'parts|joints|neurons|valid'
echo "== which f1 letters built which element (show --json, f1_map)"
$G show --json snake.f1 | python3 -c 'import json,sys; m=json.load(sys.stdin)["f1_map"]; print(" ".join("%s->%s%d" % (e["text"], e["kind"][0], e["index"]) for e in m[:12]))' 2>/dev/null || true
echo "== convert to f0 (bit-exact with the SDK's f0_out)"
$G convert snake.f1 | head -8
$G convert zoo.gen -o /tmp/genokit_zoo_f0.gen && grep -c '^p:' /tmp/genokit_zoo_f0.gen
$G convert crawler.f1 --to svg -o /tmp/genokit_crawler.svg && echo "wrote /tmp/genokit_crawler.svg"
