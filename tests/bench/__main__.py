"""Run every benchmark and print one comparable line per figure."""

from __future__ import annotations

import argparse
import sys

from tests.bench import startup


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (the median is kept)")
    args = parser.parse_args()
    for line in startup.run(args.runs):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
