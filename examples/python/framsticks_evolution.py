#!/usr/bin/env python3
"""Evolve Framsticks creatures with DEAP on genokit: the options and behaviour of framspy's
FramsticksEvolution.py (docs/framspy.md, spec notes evolution.md §1.3), written for genokit.

    python3 examples/python/framsticks_evolution.py -sim "eval-allcriteria.sim;deterministic.sim" \\
        -opt velocity -popsize 50 -generations 20 -hof_savefile hof.gen -seed 1

Individuals are one-element lists holding a genotype string; the population starts as popsize
copies of the simplest genotype of -genformat (or -initialgenotype). DEAP's eaSimple breeds them:
crossover with probability -pxov (both parents replaced by a child of the two), mutation with
-pmut, tournament selection of size -tournament for one criterion and NSGA-II for several (all
maximised). A genotype that is not valid, could not be evaluated or breaks a -max_* limit gets the
fitness -1 for every criterion. The Hall of Fame is printed and, with -hof_savefile, written as a
Framsticks .gen file (one org per individual with its genotype and criteria).

genokit's additions: -seed makes a run reproducible (DEAP's choices, the genetic operators and
the evaluations' noise); each generation is evaluated in one call on every core, or on a Dask
cluster with -dask tcp://HOST:8786; -log_csv writes the per-generation statistics.
"""

import argparse
import csv
import random
import sys

import numpy as np
from deap import algorithms, base, creator, tools

from genokit import distributed
from genokit.framspy import FramsticksLib

BAD = -1.0  # the fitness of each criterion of an individual that cannot be used (framspy's convention)
LIMITS = ("numparts", "numjoints", "numneurons", "numconnections", "numgenochars")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Evolve Framsticks creatures with DEAP on genokit (framspy's "
                                            "FramsticksEvolution.py options)")
    p.add_argument("-path", help="a Framsticks folder whose data/ holds the .sim files (optional with genokit)")
    p.add_argument("-lib", help="the Framsticks library name (accepted for compatibility; genokit needs none)")
    p.add_argument("-sim", default="eval-allcriteria.sim",
                   help="';'-separated .sim files, later ones win (default: eval-allcriteria.sim)")
    p.add_argument("-genformat", default="1", help="format of the simplest initial genotype (default 1)")
    p.add_argument("-initialgenotype", help="the initial genotype (overrides -genformat)")
    p.add_argument("-opt", required=True,
                   help="criteria to maximise, comma-separated: velocity, vertpos, distance, vertvel, lifespan, "
                        "numparts, numjoints, numneurons, numconnections, fit, ...")
    p.add_argument("-popsize", type=int, default=50)
    p.add_argument("-generations", type=int, default=5)
    p.add_argument("-tournament", type=int, default=5)
    p.add_argument("-pmut", type=float, default=0.9)
    p.add_argument("-pxov", type=float, default=0.2)
    p.add_argument("-hof_size", type=int, default=10)
    p.add_argument("-hof_savefile", help="write the Hall of Fame to this Framsticks file (.gen)")
    for name in LIMITS:
        p.add_argument("-max_" + name, type=int, default=None,
                       help="largest allowed (default: no limit)" + (
                           "; counts the whole genotype text" if name == "numgenochars" else ""))
    p.add_argument("-seed", type=int, default=None, help="genokit: seed of the whole run (default: random)")
    p.add_argument("-dask", metavar="SCHEDULER", help="genokit: evaluate on this Dask scheduler (tcp://HOST:8786)")
    p.add_argument("-log_csv", help="genokit: write gen,nevals,avg,stddev,min,max per generation to this CSV")
    return p.parse_args(argv)


def frams_value(value) -> str:
    """A field value of a Framsticks file: multi-line text between ~ (a ~ inside escaped as \\~)."""
    s = repr(value) if isinstance(value, float) else str(value)
    return "~\n" + s.replace("~", "\\~") + "~" if "\n" in s or "~" in s else s


def save_hof(path, hof, criteria):
    with open(path, "w", encoding="utf-8") as f:
        for ind in hof:
            f.write("org:\n")
            f.write("genotype:" + frams_value(ind[0]) + "\n")
            for c, v in zip(criteria, ind.fitness.values):
                f.write(f"{c}:{frams_value(float(v))}\n")
            f.write("\n")
    print("Saved '%s' (%d)" % (path, len(hof)))


class Evolution:
    def __init__(self, args):
        self.args = args
        self.criteria = [c.strip() for c in args.opt.split(",") if c.strip()]
        seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
        random.seed(seed)  # DEAP draws from Python's random module
        self.lib = FramsticksLib(args.path, args.lib, args.sim, seed=seed)
        self.client = None
        if args.dask:
            from dask.distributed import Client

            self.client = Client(args.dask)
        self.limits = {name: getattr(args, "max_" + name) for name in LIMITS}

    def fitness(self, genotype, result):
        """The criteria of one evaluation result, or BAD for each when it cannot be used."""
        try:
            values = result["evaluations"][""]
            fitness = [values[c] for c in self.criteria]
        except (KeyError, TypeError) as e:
            print('Problem "%s" so could not evaluate genotype "%s", hence assigned it low fitness: %s'
                  % (repr(e), genotype, [BAD] * len(self.criteria)))
            return [BAD] * len(self.criteria)
        measured = dict(values, numgenochars=len(genotype))
        for name, limit in self.limits.items():
            if limit is not None and measured[name] > limit:
                return [BAD] * len(self.criteria)
        return fitness

    def evaluate_individual(self, individual):
        return self.evaluate_all([individual])[0]

    def evaluate_all(self, individuals):
        genotypes = [ind[0] for ind in individuals]
        if self.client is not None:
            results = distributed.evaluate(genotypes, self.lib.settings, self.client, seed=self.lib.seed)
        else:
            results = self.lib.evaluate(genotypes)  # one call: every core
        return [self.fitness(g, r) for g, r in zip(genotypes, results)]

    def map(self, function, iterable):
        """DEAP's toolbox.map: a generation's evaluations in one batch, anything else one by one."""
        items = list(iterable)
        if function is self.toolbox.evaluate:
            return self.evaluate_all(items)
        return list(map(function, items))

    def mate(self, ind1, ind2):
        g1, g2 = ind1[0], ind2[0]
        ind1[0] = self.lib.crossOver(g1, g2)
        ind2[0] = self.lib.crossOver(g1, g2)
        return ind1, ind2

    def mutate(self, individual):
        individual[0] = self.lib.mutate([individual[0]])[0]
        return (individual,)

    def run(self):
        args = self.args
        creator.create("FitnessMax", base.Fitness, weights=[1.0] * len(self.criteria))
        creator.create("Individual", list, fitness=creator.FitnessMax)
        start = args.initialgenotype or self.lib.getSimplest(args.genformat)
        tb = self.toolbox = base.Toolbox()
        tb.register("individual", lambda: creator.Individual([start]))
        tb.register("population", tools.initRepeat, list, tb.individual)
        tb.register("evaluate", self.evaluate_individual)
        tb.register("map", self.map)
        tb.register("mate", self.mate)
        tb.register("mutate", self.mutate)
        if len(self.criteria) == 1:
            tb.register("select", tools.selTournament, tournsize=args.tournament)
        else:
            tb.register("select", tools.selNSGA2)

        population = tb.population(n=args.popsize)
        hof = tools.HallOfFame(args.hof_size)
        stats = tools.Statistics(lambda ind: ind.fitness.values)
        stats.register("avg", np.mean)
        stats.register("stddev", np.std)
        stats.register("min", np.min)
        stats.register("max", np.max)
        population, log = algorithms.eaSimple(population, tb, cxpb=args.pxov, mutpb=args.pmut,
                                              ngen=args.generations, stats=stats, halloffame=hof, verbose=True)
        print("Best individuals:")
        for ind in hof:
            print(ind.fitness, "\t<--\t", ind[0])
        if args.hof_savefile:
            save_hof(args.hof_savefile, hof, self.criteria)
        if args.log_csv:
            with open(args.log_csv, "w", newline="") as f:
                w = csv.writer(f)
                w.writerow(["gen", "nevals", "avg", "stddev", "min", "max"])
                for row in log:
                    w.writerow([row["gen"], row["nevals"]] + [repr(float(row[k])) for k in ("avg", "stddev", "min", "max")])
        return hof


def main(argv=None):
    args = parse_args(argv)
    if args.popsize < 1 or args.tournament < 1 or args.generations < 0 or not 0 <= args.pmut <= 1 \
            or not 0 <= args.pxov <= 1:
        sys.exit("error: -popsize and -tournament must be at least 1, -generations not negative, -pmut and -pxov "
                 "between 0 and 1")
    Evolution(args).run()


if __name__ == "__main__":
    main()
