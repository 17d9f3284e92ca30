"""Framsticks neural networks, stepped exactly as the Framsticks SDK r909 steps them.

Build the network of a genotype (any encoding, or a :class:`genokit.genotype.Model`), step it, and
read every neuron's output as numpy; or step a whole population of networks on every core into
one array::

    >>> import genokit.neuro as neuro
    >>> net = neuro.Network("//0\\nn:d=*\\nn:d=\\"N:in=0,fo=1\\"\\nc:1,0\\n", randinit=0)
    >>> net.neurons.class_name
    ['*', 'N']
    >>> net.run(2).round(6)            # row 0: the state before the first step
    array([[1.      , 0.      ],
           [1.      , 0.761594],
           [1.      , 0.761594]])
    >>> pop = neuro.Population(["//0\\nn:d=*\\n", "//0\\nn:d=*\\nn:d=N\\nc:1,0\\n"], randinit=0)
    >>> pop.run(1).shape                # (steps + 1, networks, most neurons)
    (2, 2, 2)

Without a body, receptors output 0 and effectors act on nothing (the SDK's behaviour); the creature
simulator (genokit.sim) gives networks their body.
"""

from __future__ import annotations

from ._genokit import neuro as _c

Network = _c.Network
Population = _c.Population
implemented_classes = _c.implemented_classes

__all__ = ["Network", "Population", "implemented_classes"]
