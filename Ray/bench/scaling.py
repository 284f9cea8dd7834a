#!/usr/bin/env python3
"""Scaling benchmark: one `hdrcolor` process against hdrcolor-ray on a local cluster of 1, 2, … CPUs.

Makes a 1080p 10-bit PQ HEVC clip with ffmpeg (closed GOPs every second), converts it to HLG with `hdrcolor convert`
and with `hdrcolor-ray convert` (segments = CPUs), validates a tree (default: the repository's Tests/Fixtures) with
`hdrcolor validate` and `hdrcolor-ray validate`, and prints a Markdown table: seconds, speed-up against one process,
and the driver's planning, conversion and join times. The control row converts the same segments with as many plain
`hdrcolor convert --threads 1` processes at once, without Ray: the scaling the machine itself allows.

    HDRCOLOR=.build/release/hdrcolor python Ray/bench/scaling.py [--seconds 6] [--cpus 1 2 4] [--tree DIR]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hdrcolor_ray.binary import find_hdrcolor
from hdrcolor_ray.convert import run_convert
from hdrcolor_ray.planner import plan_segments
from hdrcolor_ray.validate import run_validate

REPOSITORY = Path(__file__).resolve().parents[2]
CONVERT_OPTIONS = ["--to", "bt2100-hlg"]


def make_clip(path: Path, seconds: float) -> None:
    """1920x1080 10-bit PQ HEVC at 24 fps, a closed GOP (IDR) every 24 frames, with AAC audio."""
    params = (
        "log-level=error:keyint=24:min-keyint=24:no-open-gop=1:scenecut=0:bframes=3:colorprim=bt2020:"
        "transfer=smpte2084:colormatrix=bt2020nc:hdr10=1:max-cll=1000,400:"
        "master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
    )
    subprocess.run(
        [
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", f"testsrc2=size=1920x1080:rate=24:duration={seconds}",
            "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
            "-c:v", "libx265", "-preset", "fast", "-pix_fmt", "yuv420p10le", "-x265-params", params,
            "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-tag:v", "hvc1",
            "-c:a", "aac", str(path),
        ],
        check=True,
    )  # fmt: skip


def timed(function, *arguments, **keywords) -> tuple[float, object]:
    started = time.monotonic()
    result = function(*arguments, **keywords)
    return time.monotonic() - started, result


def one_process(binary: str, arguments: list[str], cwd: Path, repeats: int) -> float:
    """The best of `repeats` runs of `hdrcolor ARGUMENTS…`, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        seconds, result = timed(subprocess.run, [binary, *arguments], cwd=cwd, capture_output=True, check=False)
        if result.returncode not in (0, 1, 2):
            sys.exit(f"hdrcolor {arguments[0]} failed: {result.stderr.decode()}")
        best = min(best, seconds)
    return best


def parallel_control(binary: str, work: Path, cpus: int, repeats: int) -> float:
    """The control without Ray: the clip's `cpus` segments (as the planner cuts them) converted by as many plain
    `hdrcolor convert --threads 1` processes at once; the best wall time of `repeats`, in seconds."""
    inspection = subprocess.run(
        [binary, "inspect", "--sync-samples", "--json", "clip.mp4"], cwd=work, capture_output=True, check=True
    )
    segments = plan_segments(json.loads(inspection.stdout), cpus).segments
    best = float("inf")
    for _ in range(repeats):
        started = time.monotonic()
        processes = [
            subprocess.Popen(
                [
                    *(binary, "convert", "clip.mp4", f"part-{s.index}.mp4", *CONVERT_OPTIONS, "--threads", "1"),
                    *("--frames", s.frame_range, "--no-copy-streams", "--overwrite"),
                ],
                cwd=work,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for s in segments
        ]
        if any(process.wait() != 0 for process in processes):
            sys.exit("a control conversion failed")
        best = min(best, time.monotonic() - started)
    return best


def cluster_convert(work: Path, cpus: int, repeats: int) -> tuple[float, dict[str, float]]:
    """The best of `repeats` hdrcolor-ray conversions on a local cluster of `cpus` CPUs (segments = CPUs, one thread
    each): the total seconds (Ray's start included) and the driver's phases of that run."""
    best: tuple[float, dict[str, float]] = (float("inf"), {})
    for _ in range(repeats):
        out = io.StringIO()
        arguments = ["clip.mp4", f"ray-{cpus}.mp4", "--segments", str(cpus), *CONVERT_OPTIONS, "--json", "--force"]
        seconds, _ = timed(run_convert, arguments, num_cpus=cpus, cwd=str(work), stdout=out)
        phases = json.loads(out.getvalue())["TimeSeconds"]
        if phases.get("Convert", seconds) < best[1].get("Convert", float("inf")):
            best = (seconds, phases)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=6.0, help="clip length (default 6)")
    parser.add_argument("--cpus", type=int, nargs="+", help="cluster sizes (default: 1, 2, … up to the cores)")
    parser.add_argument("--tree", type=Path, default=REPOSITORY / "Tests" / "Fixtures", help="folder to validate")
    parser.add_argument("--repeats", type=int, default=2, help="runs of each, the best kept (default 2)")
    options = parser.parse_args()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    binary = find_hdrcolor()
    cores = os.cpu_count() or 1
    sizes = options.cpus or sorted({1, 2, *range(4, cores + 1, 4), cores} & set(range(1, cores + 1)))
    repeats = max(1, options.repeats)
    tree = str(options.tree.resolve())
    print(
        f"{options.seconds:g} s 1080p PQ HEVC clip → HLG (x265 default preset); tree {options.tree} validated; "
        f"{cores} cores; best of {repeats}.\n"
    )
    print(
        "| Job | Run | Seconds | Plan s | Convert s | Join s | Scaling (convert phase vs 1 CPU) | "
        "Plan + join, % of one process |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="hdrcolor-bench-") as folder:
        work = Path(folder)
        make_clip(work / "clip.mp4", options.seconds)
        convert = ["convert", "clip.mp4", "one.mp4", *CONVERT_OPTIONS, "--overwrite"]
        base = one_process(binary, convert, work, repeats)
        single = one_process(binary, [*convert, "--threads", "1"], work, repeats)
        print(f"| convert | hdrcolor, every core | {base:.2f} | | | | | |")
        print(f"| convert | hdrcolor --threads 1 | {single:.2f} | | | | | |")
        first: float | None = None
        for cpus in sizes:
            seconds, phases = cluster_convert(work, cpus, repeats)
            conversion = phases.get("Convert", 0.0)
            first = first or conversion
            overhead = (phases.get("Plan", 0.0) + phases.get("Join", 0.0)) / base * 100
            print(
                f"| convert | hdrcolor-ray, {cpus} CPU(s) | {seconds:.2f} | {phases.get('Plan', 0):.2f} | "
                f"{conversion:.2f} | {phases.get('Join', 0):.2f} | {first / conversion * 100 / cpus:.0f} % of linear "
                f"({first / conversion:.2f}x) | {overhead:.1f} % |"
            )
            if cpus == 1:
                continue
            control = parallel_control(binary, work, cpus, repeats)
            alone = parallel_control(binary, work, 1, repeats)
            print(
                f"| convert | control: {cpus} plain processes at once, no Ray | {control:.2f} | | {control:.2f} | | "
                f"{alone / control * 100 / cpus:.0f} % of linear ({alone / control:.2f}x against 1 process) | |"
            )
        validate = one_process(binary, ["validate", "--format", "json", tree], work, repeats)
        print(f"| validate | hdrcolor --jobs {cores} | {validate:.2f} | | | | | |")
        for cpus in sizes:
            seconds = min(
                timed(run_validate, ["--format", "json", tree], num_cpus=cpus, cwd=str(work), stdout=io.StringIO())[0]
                for _ in range(repeats)
            )
            print(f"| validate | hdrcolor-ray, {cpus} CPU(s) | {seconds:.2f} | | | | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
