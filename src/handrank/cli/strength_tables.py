"""``handrank strength-tables``: each class of each street's equity against a random hand."""

from __future__ import annotations

import argparse
from typing import Any

from ._common import Progress, integer


def add_parser(sub: Any) -> None:
    st = sub.add_parser(
        "strength-tables", help="each class of each street's equity against a random hand, and its histogram"
    )
    st.add_argument("directory", help="where the tables go (an interrupted build there resumes)")
    st.add_argument(
        "--streets",
        nargs="+",
        choices=("river", "turn", "flop", "preflop"),
        default=["river", "turn", "flop", "preflop"],
        help="the streets to build (each earlier street is built from the river's table)",
    )
    st.add_argument("--bins", type=integer, default=50, help="histogram bins of river equity")
    st.add_argument("--workers", type=integer, default=None, help="local worker processes (default: every core)")
    st.add_argument("--scheduler", help="a Dask scheduler's address: run the chunks on its workers")
    st.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .. import iso

    client = None
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError('--scheduler needs distributed: pip install "handrank[dask]"') from None
        client = Client(args.scheduler)  # type: ignore[no-untyped-call]
    bars: dict[str, Progress] = {}

    def progress(street: str, done: int, total: int) -> None:
        if street not in bars:
            for bar in bars.values():
                bar.close()
            bars[street] = Progress(total, f"{street}: chunks")
        bars[street](done)

    try:
        out = iso.build_tables(
            args.directory, args.streets, bins=args.bins, workers=args.workers, client=client, progress=progress
        )
    finally:
        for bar in bars.values():
            bar.close()
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    for street in iso.STREETS:  # in the order of the streets, whatever the order given
        if street in args.streets:
            print(f"{street}: {out / f'{street}.npy'}")
    return 0
