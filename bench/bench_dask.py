"""handrank.dask on a LocalCluster of worker processes: throughput per worker, and the projection.

    python bench/bench_dask.py [--workers 2] [--hands 20000000] [--trials 40000000]

Times, for 1 to ``--workers`` single-threaded worker processes: 7-card batches over a dask
array in chunks of 4 million rows (hands a second), Monte Carlo equity split into tasks
(trials a second), and the same work on this process alone for comparison. The 100-core line multiplies the
per-worker rate of the largest cluster by 100: what a cluster of that size would reach if
it scaled as this one did (it ignores the network, which these tasks barely use).
"""

from __future__ import annotations

import argparse
import time

import dask.array as da
import distributed
import numpy as np

import handrank as hr
import handrank.dask as hd


def timed(call: object) -> float:
    start = time.perf_counter()
    call()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="largest cluster, in single-threaded worker processes")
    parser.add_argument("--hands", type=int, default=20_000_000, help="7-card hands in the batch")
    parser.add_argument("--trials", type=int, default=40_000_000, help="Monte Carlo trials, AhKh vs 2 random hands")
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    base = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
    hands = np.tile(base, (max(args.hands // len(base), 1), 1))
    players = ["AhKh", "random", "random"]
    one_batch = timed(lambda: hr.evaluate_many(hands, threads=1))
    one_mc = timed(lambda: hr.equity(players, trials=args.trials, seed=1, threads=1))
    print(f"{'where':28} {'7-card hands/s':>16} {'MC trials/s':>14}")
    print(f"{'this process, one thread':28} {len(hands) / one_batch:16,.0f} {args.trials / one_mc:14,.0f}")
    per_worker = (0.0, 0.0)
    for workers in range(1, args.workers + 1):
        with (
            distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            array = client.persist(da.from_array(hands, chunks=(4_000_000, 7)))
            distributed.wait(array)
            batch = timed(lambda: client.compute(hd.evaluate_many(array).sum()).result())
            mc = timed(lambda: hd.equity(players, trials=args.trials, seed=1, client=client, parts=8 * workers))
            rates = (len(hands) / batch, args.trials / mc)
            print(f"{f'LocalCluster, {workers} worker(s)':28} {rates[0]:16,.0f} {rates[1]:14,.0f}")
            per_worker = (rates[0] / workers, rates[1] / workers)
    print(f"{'projected, 100 workers':28} {per_worker[0] * 100:16,.0f} {per_worker[1] * 100:14,.0f}")


if __name__ == "__main__":
    main()
