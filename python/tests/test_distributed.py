"""genokit.distributed.evaluate on a Dask LocalCluster of two worker processes: the same results as
local evaluation, in input order, and a batch whose worker is killed is evaluated again."""

import os
import signal
import threading
import time

import pytest

from genokit import distributed, operators
from genokit.framspy import FramsticksLib

dd = pytest.importorskip("dask.distributed")

QUICK = "sim_params:\nevalcount:2\nrandinit:0.01\nEnergy0:400\n"


def population(n, seed=1):
    """n distinct valid genotypes grown from one stick, plus some invalid ones among them."""
    out, g = [], ["X"]
    for i in range(n):
        g = [m.genotype for m in operators.mutate(g, seed=seed + i)]
        out.append(g[0])
    out[3] = "X[1:0]"  # not a valid genotype: evaluations None
    out[7] = "((("
    return out


@pytest.fixture(scope="module")
def client():
    cluster = dd.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = dd.Client(cluster)
    yield c
    c.close()
    cluster.close()


def without_time(results):
    out = []
    for r in results:
        ev = r["evaluations"]
        if ev is not None:
            ev = {k: {c: v for c, v in crit.items() if c != "time"} for k, crit in ev.items()}
        out.append({**r, "evaluations": ev})
    return out


def test_same_results_as_local_evaluation_in_input_order(client, tmp_path):
    (tmp_path / "quick.sim").write_text(QUICK)
    chain = f"eval-allcriteria.sim;{tmp_path / 'quick.sim'}"
    pop = population(40)
    local = FramsticksLib(None, None, chain, seed=7).evaluate(pop)
    remote = distributed.evaluate(pop, chain, client, seed=7, batch_size=3)
    assert without_time(remote) == without_time(local)
    assert [r["num"] for r in remote] == list(range(1, 41))
    assert remote[3]["evaluations"] is None and remote[7]["evaluations"] is None
    assert distributed.evaluate([], chain, client) == []


def test_a_killed_workers_batch_is_evaluated_again(client, tmp_path):
    (tmp_path / "slow.sim").write_text(QUICK.replace("Energy0:400", "Energy0:4000"))
    chain = f"deterministic.sim;{tmp_path / 'slow.sim'}"
    pop = population(24, seed=3)
    local = FramsticksLib(None, None, chain, seed=2).evaluate(pop)
    pids = client.run(os.getpid)
    out, killed = {}, {}

    def run():
        out["r"] = distributed.evaluate(pop, chain, client, seed=2, batch_size=2)

    th = threading.Thread(target=run)
    th.start()
    deadline = time.time() + 30
    while time.time() < deadline and not killed:
        for addr, tasks in client.processing().items():
            if tasks and addr in pids:
                killed[addr] = tasks
                os.kill(pids[addr], signal.SIGKILL)  # a worker process this test's cluster started
                break
        time.sleep(0.01)
    th.join(120)
    assert killed, "no worker was busy: nothing was killed"
    assert without_time(out["r"]) == without_time(local)
    client.wait_for_workers(2, timeout=60)  # the nanny restarted it


def test_dask_map_for_deap(client):
    lib = FramsticksLib(None, None, "deterministic.sim", seed=1)
    pmap = distributed.dask_map(client)
    pop = population(10)
    got = pmap(lib.getPJNC, pop)
    assert got == [lib.getPJNC(g) for g in pop]


def test_the_default_client_is_used_when_none_is_given(client):
    pop = population(10)
    with client.as_current():
        via_default = distributed.evaluate(pop, "deterministic.sim", seed=4)
    assert without_time(via_default) == without_time(FramsticksLib(None, None, "deterministic.sim", seed=4).evaluate(pop))
    with pytest.raises(TypeError):
        distributed.evaluate("XX", "deterministic.sim", client)
    with pytest.raises(ValueError):
        distributed.evaluate(pop, "deterministic.sim", client, batch_size=0)
