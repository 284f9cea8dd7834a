#!/usr/bin/env python3
"""Runs every gen_*.py generator beside this file, in name order; each writes its fixtures under Tests/Fixtures.

Usage: python3 Tests/Fixtures/Generators/generate.py   (or `make fixtures`, which installs requirements.txt first)
Exits non-zero if any generator fails.
"""
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    generators = sorted(HERE.glob("gen_*.py"))
    if not generators:
        print("no gen_*.py generators found", file=sys.stderr)
        return 1
    failures = []
    for generator in generators:
        print(f"== {generator.name}", flush=True)
        if subprocess.run([sys.executable, str(generator)], cwd=HERE).returncode != 0:
            failures.append(generator.name)
    if failures:
        print("failed: " + ", ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
