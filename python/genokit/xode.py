"""XODE scenes and the ODE worlds built from them.

Load an XODE document (from a path or text; the standard XODE 1.0r22 reading, or what PyODE's or
PyBrain's importer builds), look at its bodies, geoms and joints as :class:`genokit.Table` columns,
write it back, build it in a real ODE 0.16 world and step it with the body states as numpy arrays::

    >>> import genokit.xode as xode
    >>> scene = xode.parse('''<?xml version="1.0"?>
    ... <xode version="1.0r22"><world><space>
    ...   <body name="ball"><transform><position x="0" y="2" z="0"/></transform>
    ...     <mass><mass_shape density="1"><sphere radius="0.5"/></mass_shape></mass>
    ...     <geom><sphere radius="0.5"/></geom></body>
    ... </space></world></xode>''')
    >>> scene.bodies.name, scene.bodies.position
    (['ball'], array([[0., 2., 0.]]))
    >>> world = scene.world(dt=0.01)
    >>> trajectory = world.run(100)          # 1 s of free fall
    >>> trajectory["position"].shape
    (101, 1, 3)
    >>> round(float(world.positions[0, 1]), 3)   # y = 2 - g t^2 / 2, stepped by ODE
    -2.954

Documents that do not load raise :class:`genokit.ParseError` with line and column; scenes ODE
would abort on, and simulations that stop or blow up, raise :class:`genokit.SimulationError`.
"""

from __future__ import annotations

from ._genokit import xode as _c

Scene = _c.Scene
World = _c.World
parse = _c.parse
load = _c.load
validate = _c.validate

__all__ = ["Scene", "World", "parse", "load", "validate"]
