"""genokit.xode: XODE scenes and ODE worlds from Python: a physical law (free fall), the trajectories
`genokit simulate` writes for the corpus models, the corpus's invalid documents, blow-ups."""

import csv
import io
import json
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import genokit
import genokit.xode as xode

G = 9.81


def ball(y=2.0, extra=""):
    return (f'<?xml version="1.0"?><xode version="1.0r22"><world><space>'
            f'<body name="ball"><transform><position x="0" y="{y}" z="0"/></transform>{extra}'
            f'<mass><mass_shape density="1"><sphere radius="0.5"/></mass_shape></mass>'
            f'<geom><sphere radius="0.5"/></geom></body></space></world></xode>')


def canonical(q):
    """The oracle's sign convention for a quaternion (first non-zero component positive)."""
    q = np.array(q, dtype=float)
    lead = next((v for v in q if v != 0.0), 0.0)
    return -q if lead < 0 else q


def test_free_fall_follows_odes_semi_implicit_euler():
    dt, steps = 0.01, 100
    world = xode.parse(ball()).world(dt=dt)
    t = world.run(steps)
    n = np.arange(steps + 1)
    assert np.array_equal(t["time"], n * dt)
    # v_n = -g dt n, y_n = y0 - g dt^2 n (n + 1) / 2 (velocity first, then position)
    np.testing.assert_allclose(t["linear_velocity"][:, 0, 1], -G * dt * n, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(t["position"][:, 0, 1], 2 - G * dt * dt * n * (n + 1) / 2, rtol=1e-12, atol=1e-12)
    assert np.all(t["position"][:, 0, [0, 2]] == 0) and np.all(t["quaternion"][:, 0] == [1, 0, 0, 0])
    assert world.steps_done == steps and world.time == pytest.approx(1.0) and world.finite
    assert np.array_equal(world.positions, t["position"][-1])
    # gravity is an option; 'keep' is the scene's (none)
    still = xode.parse(ball()).world(gravity="keep")
    still.step(10)
    assert still.positions.tolist() == [[0, 2, 0]]
    sideways = xode.parse(ball()).world(gravity=(1.0, 0.0, 0.0), dt=0.1)
    sideways.step(2)
    np.testing.assert_allclose(sideways.positions, [[0.1 * 0.1 * 3, 2, 0]], rtol=1e-12)


def test_trajectories_are_what_genokit_simulate_writes(shared_dir, cli, tmp_path):
    base = shared_dir / "corpus" / "xode" / "pybrain"
    for name, steps, every in (("johnnie.xode", 40, 1), ("octacrawl.xode", 30, 7), ("acrobot.xode", 25, 5)):
        path = base / name
        out = tmp_path / "t.csv"
        r = cli("simulate", path, "--compat", "pybrain", "--contact", "pybrain", "--steps", steps, "--every", every,
                "-o", out)
        assert r.returncode == 0, r.stderr
        rows = list(csv.DictReader(io.StringIO(out.read_text())))
        scene = xode.load(path, compat="pybrain")
        world = scene.world(contact="pybrain")
        t = world.run(steps, every=every)
        n = len(scene.bodies)
        assert len(rows) == len(t["time"]) * n
        for k, row in enumerate(rows):
            r_i, b = divmod(k, n)
            assert int(row["step"]) == round(t["time"][r_i] / 0.01)
            assert [float(row[c]) for c in "xyz"] == t["position"][r_i, b].tolist(), (name, k)
            q = [float(row[c]) for c in ("qw", "qx", "qy", "qz")]
            assert q == canonical(t["quaternion"][r_i, b]).tolist(), (name, k)
        # the final report of the program: contacts
        report = json.loads(cli("simulate", path, "--compat", "pybrain", "--contact", "pybrain", "--steps", steps,
                                "--json").stdout)
        assert report["simulation"]["contacts_total"] == world.contacts_total


def test_every_pybrain_model_loads_builds_and_writes_back(shared_dir, cli):
    for path in sorted((shared_dir / "corpus" / "xode" / "pybrain").glob("*.xode")):
        scene = xode.load(path, compat="pybrain")
        assert scene.to_dict() == json.loads(cli("show", "--json", "--compat", "pybrain", path).stdout), path
        assert len(scene.bodies) == len(scene.bodies.position) and scene.bodies.rotation.shape[1:] == (3, 3)
        text = scene.text()
        again = xode.parse(text, compat="pybrain")
        assert again.text() == text and again.to_dict() == scene.to_dict(), path
        world = scene.world(contact="pybrain")
        world.step(5)
        assert world.finite and world.positions.shape == (len(scene.bodies), 3)


def test_columns():
    scene = xode.parse(ball(extra='<linearVel x="1" y="0" z="0"/>'), name="ball.xode")
    assert scene.file_name == "ball.xode" and scene.compat == "standard"
    assert scene.bodies.linear_velocity.tolist() == [[1, 0, 0]]
    assert scene.bodies.mass[0] == pytest.approx(4 / 3 * np.pi * 0.5 ** 3)
    assert scene.geoms.shape == ["sphere"] and scene.geoms.body.tolist() == [0]
    assert scene.geoms.params[0].tolist() == [0.5] and len(scene.joints) == 0


def test_invalid_documents_raise_with_positions(shared_dir):
    bad = sorted((shared_dir / "corpus" / "xode" / "pyode-tests").glob("TestInvalid*.xode"))
    assert len(bad) >= 15
    for path in bad:
        # as PyODE's importer rejects each of them (its own test suite's documents)
        with pytest.raises(genokit.ParseError) as e:
            xode.load(path, compat="pyode")
        assert e.value.code.startswith("xode.pyode.") and e.value.line > 0, path
        # standard XODE rejects all but the forward reference to a body declared later, which it resolves
        diags = xode.validate(path.read_bytes(), name=str(path))
        assert any(d.severity == "error" for d in diags) != path.name.endswith("testMisplacedReference.xode"), path
    with pytest.raises(genokit.ParseError) as e:
        xode.parse("<xode><world>", name="cut.xode")
    assert e.value.file == "cut.xode" and e.value.code.startswith("xode.")
    with pytest.raises(genokit.ParseError) as e:
        xode.parse(ball().replace('radius="0.5"/></geom>', 'radius="-1"/></geom>'))
    assert e.value.code == "xode.non-positive" and e.value.column > 1
    assert xode.validate(ball()) == []
    with pytest.raises(genokit.FileError):
        xode.load(shared_dir / "no-such.xode")


def test_scenes_ode_would_abort_on_and_blow_ups_raise_simulation_errors():
    # PyODE's reading lets a negative box through; genokit stops it before ODE would abort
    doc = ball().replace('<sphere radius="0.5"/></geom>', '<box sizex="-1" sizey="1" sizez="1"/></geom>')
    scene = xode.parse(doc, compat="pyode")
    with pytest.raises(genokit.SimulationError) as e:
        scene.world()
    assert e.value.code == "physics.bad-geom-size"
    # a simulation that blows up: velocity then position overflow in the second step
    world = xode.parse(ball()).world(gravity=(0.0, -1e308, 0.0), dt=1.0)
    with pytest.raises(genokit.SimulationError) as e:
        world.step(10)
    assert e.value.code == "physics.diverged" and world.steps_done == 2 and not world.finite
    kept = xode.parse(ball()).world(gravity=(0.0, -1e308, 0.0), dt=1.0)
    kept.step(3, errors="keep")
    assert kept.steps_done == 3 and not kept.finite


def test_bad_options():
    scene = xode.parse(ball())
    for kwargs, error in (({"dt": 0}, ValueError), ({"dt": -1.0}, ValueError), ({"gravity": (0, 1)}, ValueError),
                          ({"gravity": "down"}, ValueError), ({"gravity": 5}, TypeError),
                          ({"contact": "soft"}, ValueError), ({"quickstep_iterations": 0}, ValueError),
                          ({"mu": -1.0}, ValueError), ({"max_contacts": 0}, ValueError)):
        with pytest.raises(error):
            scene.world(**kwargs)
    with pytest.raises(ValueError, match="compat must be one of"):
        xode.parse(ball(), compat="ode")
    with pytest.raises(TypeError):
        xode.parse(3.5)
    world = scene.world()
    with pytest.raises(ValueError):
        world.step(-1)
    with pytest.raises(ValueError):
        world.run(5, every=0)


def test_worlds_step_in_threads_without_the_gil_and_stay_deterministic(shared_dir):
    path = shared_dir / "corpus" / "xode" / "pybrain" / "octacrawl.xode"
    scene = xode.load(path, compat="pybrain")
    expected = scene.world(contact="pybrain").run(60)["position"]
    results = [None] * 4

    def work(i):
        results[i] = scene.world(contact="pybrain").run(60)["position"]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(r, expected) for r in results)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from('<>/="xode version 1.0r22 world space body geom sphere radius -0.5e\n'),
               max_size=150))
def test_random_text_never_crashes(text):
    diags = xode.validate(text)
    try:
        scene = xode.parse(text, lenient=True)
    except genokit.ParseError:
        return
    assert scene.text()
    try:
        scene.world().step(2, errors="keep")
    except genokit.SimulationError:
        pass
    assert isinstance(diags, list)
