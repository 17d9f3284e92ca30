"""A tour of the genokit Python package on the example files (run by tour.sh with .venv/bin/python)."""

import pathlib

import genokit
import genokit.frams as frams
import genokit.genome as gn
import genokit.genotype as gt
import genokit.neuro as neuro
import genokit.xode as xode

print("genokit", genokit.__version__)

print("\n== Framsticks files: objects as mappings, JSON both ways")
doc = frams.load("../framsticks/creatures.gen")
print([o.get("name") for o in doc.select("org")])
print(frams.from_dicts(doc.to_dicts()).text(canonical=True).splitlines()[:3])

print("\n== genotypes of every encoding -> numpy models")
walker = gt.load("../f0/walker.f0")  # a bare .f0 file is f0
print(walker, "\npart positions:\n", walker.parts.position.round(3))
for entry in gt.read_file("../f1/zoo.gen")[:3]:
    m = gt.parse(entry["text"], errors="keep")
    print(f"{entry['name']!r}: f{m.format}, valid={m.valid}, {len(m.parts)} parts, {len(m.neurons)} neurons")

print("\n== many genotypes on every core, without the GIL")
texts = [e["text"] for e in gt.read_file("../f1/zoo.gen")] * 500
batch = gt.parse_many(texts)
print(batch, "parts per model (first 5):", batch.counts[:5, 0].tolist())

print("\n== an error is an exception with a position")
try:
    gt.parse("//0\np:\nj:0, 3\n", name="broken.f0")
except genokit.ParseError as e:
    print(f"{type(e).__name__}: {e.code} at line {e.line}, column {e.column}")

print("\n== a network stepped as the SDK steps it")
net = neuro.Network(pathlib.Path("../neuro/oscillator.f0").read_text(), randinit=0, bare="f0")
print(net.neurons.class_name, "\n", net.run(4).round(4))

print("\n== Creatures genomes")
g = gn.assemble(pathlib.Path("../creatures/toy.txt").read_text())
child = gn.cross(g, gn.mutate(g, seed=7, scheme="c3", parent_chance=250), seed=3)
print(g, "->", child, "; differences:", len(gn.diff(g, child)))

print("\n== XODE in ODE: a trajectory as numpy")
scene = xode.load("../xode/drop.xode")
t = scene.world(dt=0.01).run(150, every=50)
print(scene.bodies.name, "heights at t =", t["time"].tolist(), ":\n", t["position"][:, :, 1].round(3))
