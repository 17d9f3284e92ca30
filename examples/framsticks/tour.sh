#!/bin/sh
# The Framsticks object file format in genokit: reading, checking, canonical text, JSON.
set -u
G=${GENOKIT:-genokit}
echo "== genokit info: what a file holds"
"$G" info creatures.gen 2>/dev/null | grep -v -E 'format_description|^file|^size'

echo
echo "== genokit check: the SDK's loader warnings, positions, stable codes"
"$G" check creatures.gen experiment.expdef 2>&1
echo
echo "== a missing closing tilde is an error at the opening line (exit code 1)"
"$G" check broken.gen 2>&1; echo "exit code: $?"
echo
echo "== prop: definitions of an .expdef, and a .sim checked against them"
"$G" frams props experiment.expdef
"$G" frams check-values settings.sim --props experiment.expdef 2>&1
echo
echo "== a procedure type string explained"
"$G" frams type 'p f(d count,s name)' | grep meaning
echo
echo "== canonical text (SDK writer rules: long values become multi-line, ~ escaped)"
"$G" cat creatures.gen 2>/dev/null | tail -6
echo "== JSON"
"$G" frams to-json settings.sim
exit 0
