"""`hdrcolor-ray convert`: a movie in segments joined by `hdrcolor join`, or a folder of images in batches."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
import uuid
from collections.abc import Sequence
from itertools import groupby
from typing import Any, TextIO

import ray

from hdrcolor_ray import tasks
from hdrcolor_ray.arguments import CONVERT_USAGE, ConvertArguments, parse_convert_arguments
from hdrcolor_ray.binary import find_hdrcolor, has_subcommand_option, run_hdrcolor, run_hdrcolor_json
from hdrcolor_ray.cluster import cluster_cpus, ray_session
from hdrcolor_ray.errors import HdrcolorFailed, HdrcolorRayError
from hdrcolor_ray.planner import Plan, PlanError, Segment, plan_segments
from hdrcolor_ray.scenes import merge_scenes

TASK_RETRIES = 3
NOT_CONVERTED = (".icc", ".icm")  # validate lists ICC profiles; convert has nothing to make of them


def run_convert(
    argv: Sequence[str],
    address: str | None = None,
    num_cpus: int | None = None,
    cwd: str | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Runs `hdrcolor-ray convert ARGV…`; returns the exit status (errors raise HdrcolorRayError)."""
    cwd = os.path.abspath(cwd or os.getcwd())
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    arguments = parse_convert_arguments(argv)
    if arguments.help:
        stdout.write(CONVERT_USAGE)
        return 0
    binary = find_hdrcolor()
    source = os.path.join(cwd, arguments.source)
    if not os.path.exists(source):
        raise HdrcolorRayError(f"{arguments.source} does not exist", status=2)
    if not os.path.isdir(source) and os.path.exists(os.path.join(cwd, arguments.output)) and not arguments.force:
        raise HdrcolorRayError(f"{arguments.output} exists; give --overwrite to replace it", status=1)
    with ray_session(address or arguments.address, num_cpus or arguments.num_cpus):
        if os.path.isdir(source):
            return convert_tree(arguments, cwd, binary, stdout, stderr)
        return convert_movie(arguments, cwd, binary, stdout, stderr)


# Movies


def segment_count(arguments: ConvertArguments) -> int:
    """--segments, else the cluster's CPUs divided by the CPUs of one segment (at least 1)."""
    if arguments.segments is not None:
        return arguments.segments
    return max(1, cluster_cpus() // arguments.cpus_per_segment)


def convert_movie(arguments: ConvertArguments, cwd: str, binary: str, stdout: TextIO, stderr: TextIO) -> int:
    """Plans, converts the segments on the cluster, joins them into OUT (renamed into place); prints a summary."""
    output = arguments.output
    extension = os.path.splitext(output)[1]
    if not extension:
        raise HdrcolorRayError(f"{output} has no extension; hdrcolor picks the container from it (.mp4, .mov)", 64)
    if os.path.exists(os.path.join(cwd, output)) and not arguments.force:
        raise HdrcolorRayError(f"{output} exists; give --overwrite to replace it", status=1)
    started = time.monotonic()
    notes: list[str] = []
    plan = plan_movie(arguments, cwd, binary, notes)
    times = {"Plan": time.monotonic() - started}
    for note in notes:
        stderr.write(f"hdrcolor-ray: {note}\n")
    folder = os.path.join(os.path.dirname(output), f".{os.path.basename(output)}.hdrcolor-ray-{uuid.uuid4().hex}")
    os.makedirs(os.path.join(cwd, folder))
    try:
        if plan is None:
            summary = _convert_whole(arguments, cwd, folder, extension, times)
        else:
            summary = _convert_segments(arguments, plan, cwd, binary, folder, extension, times)
    finally:
        shutil.rmtree(os.path.join(cwd, folder), ignore_errors=True)
    times["Total"] = time.monotonic() - started
    summary["TimeSeconds"] = {key: round(value, 3) for key, value in times.items()}
    summary["Notes"] = notes
    if arguments.json:
        stdout.write(json.dumps(summary, indent=2) + "\n")
    else:
        stdout.write(text_summary(summary) + "\n")
    return 0


def plan_movie(arguments: ConvertArguments, cwd: str, binary: str, notes: list[str]) -> Plan | None:
    """The segments of the movie, or None to convert it whole in one task (explained in `notes`)."""
    if arguments.frame_selection():
        notes.append(f"{', '.join(arguments.frame_selection())} given: converting in one task, not in segments")
        return None
    count = segment_count(arguments)
    inspection = run_hdrcolor(
        ["inspect", "--sync-samples", "--json", arguments.source], cwd=cwd, ok_statuses=range(256), binary=binary
    )
    if inspection.returncode != 0:
        reason = inspection.stderr.strip() or f"hdrcolor inspect exited with {inspection.returncode}"
        if arguments.segments is not None and arguments.segments > 1:
            raise HdrcolorRayError(
                f"cannot cut {arguments.source} into segments: {reason}; "
                "drop --segments to convert it whole in one task",
                status=2,
            )
        notes.append(f"converting {arguments.source} whole in one task, not in segments: {reason}")
        return None
    try:
        plan = plan_segments(json.loads(inspection.stdout), count)
    except (PlanError, json.JSONDecodeError) as error:
        raise HdrcolorRayError(f"cannot plan {arguments.source}: {error}", status=2) from error
    notes.extend(plan.notes)
    if len(plan.segments) > 1 and not has_subcommand_option("USAGE: hdrcolor join", "join", binary):
        raise HdrcolorRayError("this hdrcolor has no `join` subcommand; update it or convert with --segments 1")
    return plan


def _convert_whole(
    arguments: ConvertArguments, cwd: str, folder: str, extension: str, times: dict[str, float]
) -> dict[str, Any]:
    started = time.monotonic()
    partial = os.path.join(folder, f"whole-{uuid.uuid4().hex}{extension}")
    task = ray.remote(tasks.convert_whole).options(
        num_cpus=arguments.cpus_per_segment, max_retries=TASK_RETRIES, retry_exceptions=False
    )
    try:
        options = arguments.options if arguments.copy_streams else [*arguments.options, "--no-copy-streams"]
        result = ray.get(task.remote(cwd, arguments.source, partial, options))
    except ray.exceptions.RayTaskError as error:
        raise (error.cause if isinstance(error.cause, HdrcolorRayError) else HdrcolorRayError(str(error))) from None
    times["Convert"] = time.monotonic() - started
    os.replace(os.path.join(cwd, partial), os.path.join(cwd, arguments.output))
    report = result["report"]
    return {
        "SourceFile": arguments.source,
        "OutputFile": arguments.output,
        "Frames": report.get("Frames"),
        "Segments": [{"Index": 0, "FirstFrame": 0, "Frames": report.get("Frames"), "Node": result["node"]}],
        "Scenes": report.get("Scenes") or [],
        "ContentLightLevel": None,
        "Report": report,
    }


def _convert_segments(
    arguments: ConvertArguments,
    plan: Plan,
    cwd: str,
    binary: str,
    folder: str,
    extension: str,
    times: dict[str, float],
) -> dict[str, Any]:
    started = time.monotonic()
    threads = arguments.cpus_per_segment if has_subcommand_option("--threads", "convert", binary) else None
    results = run_segments(arguments, plan.segments, cwd, folder, extension, threads)
    times["Convert"] = time.monotonic() - started
    started = time.monotonic()
    joined = os.path.join(folder, f"{os.path.splitext(os.path.basename(arguments.output))[0]}.tmp-{uuid.uuid4().hex}")
    joined += extension
    segment_files = [result["file"] for result in results]
    copy = [] if arguments.copy_streams else ["--no-copy-streams"]
    if has_subcommand_option("--first-frames", "join", binary):  # lets join check order and coverage
        copy += ["--first-frames", ",".join(str(segment.first) for segment in plan.segments)]
    join = run_hdrcolor_json(
        ["join", arguments.source, joined, *segment_files, "--json", *copy], cwd=cwd, binary=binary
    )
    os.replace(os.path.join(cwd, joined), os.path.join(cwd, arguments.output))
    times["Join"] = time.monotonic() - started
    segments = []
    for segment, result in zip(plan.segments, results, strict=True):
        segments.append(
            {
                "Index": segment.index,
                "FirstFrame": segment.first,
                "LastFrame": segment.end - 1,
                "Frames": segment.frames,
                "ConvertedFrames": result["report"].get("Frames"),
                "Seconds": round(result["seconds"], 3),
                "Node": result["node"],
            }
        )
    scenes = merge_scenes(
        (segment.first, result["report"].get("Scenes") or [])
        for segment, result in zip(plan.segments, results, strict=True)
    )
    return {
        "SourceFile": arguments.source,
        "OutputFile": arguments.output,
        "Frames": join.get("Frames", plan.frames),
        "RequestedSegments": plan.requested,
        "Segments": segments,
        "Scenes": scenes,
        "ContentLightLevel": join.get("ContentLightLevel"),
    }


def run_segments(
    arguments: ConvertArguments,
    segments: Sequence[Segment],
    cwd: str,
    folder: str,
    extension: str,
    threads: int | None,
) -> list[dict[str, Any]]:
    """Converts every segment in its own task; the first real failure cancels the rest and is raised."""
    task = ray.remote(tasks.convert_segment).options(
        num_cpus=arguments.cpus_per_segment, max_retries=TASK_RETRIES, retry_exceptions=False
    )
    refs = {
        task.remote(
            cwd,
            arguments.source,
            folder,
            segment.index,
            segment.first,
            segment.end,
            extension,
            arguments.options,
            threads,
        ): segment
        for segment in segments
    }
    results: dict[int, dict[str, Any]] = {}
    pending = list(refs)
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                segment = refs[ref]
                try:
                    results[segment.index] = ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    cause = error.cause
                    if isinstance(cause, HdrcolorRayError):
                        raise cause from None
                    raise HdrcolorRayError(f"segment {segment.index} ({segment.frame_range}) failed: {error}") from None
                except ray.exceptions.RayError as error:
                    raise HdrcolorRayError(
                        f"segment {segment.index} ({segment.frame_range}) failed after {TASK_RETRIES} retries: "
                        f"{type(error).__name__}: {error}"
                    ) from None
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        if pending:  # let the cancelled workers (and their hdrcolor children) go before the folder is removed
            ray.wait(pending, num_returns=len(pending), timeout=30)
        raise
    return [results[segment.index] for segment in segments]


def text_summary(summary: dict[str, Any]) -> str:
    """The short text the command prints without --json."""
    times = summary.get("TimeSeconds", {})
    phases = ", ".join(f"{key.lower()} {value:.1f} s" for key, value in times.items())
    if "Files" in summary:
        failed = [file for file in summary["Files"] if file.get("ExitStatus", 0) != 0]
        lines = [f"converted {len(summary['Files']) - len(failed)} of {len(summary['Files'])} files ({phases})"]
        lines += [f"error: {file.get('SourceFile')}: {file.get('Error', 'failed')}" for file in failed]
        return "\n".join(lines)
    line = (
        f"converted {summary['SourceFile']} → {summary['OutputFile']}: {summary.get('Frames')} frames in "
        f"{len(summary['Segments'])} segment(s) ({phases})"
    )
    light = summary.get("ContentLightLevel")
    if light:
        line += f"; MaxCLL {light.get('MaxCLL')}, MaxFALL {light.get('MaxFALL')}"
    return line


# Folders of images


def image_batches(files: Sequence[str], root: str, size: int) -> list[tuple[str, list[str]]]:
    """(relative folder, files) batches of at most `size` files, one folder per batch, in listing order."""
    keyed = [(os.path.dirname(os.path.relpath(path, root)), path) for path in files]
    result: list[tuple[str, list[str]]] = []
    for folder, items in groupby(keyed, key=lambda item: item[0]):
        paths = [path for _, path in items]
        result += [(folder, paths[start : start + size]) for start in range(0, len(paths), size)]
    return result


def convert_tree(arguments: ConvertArguments, cwd: str, binary: str, stdout: TextIO, stderr: TextIO) -> int:
    """Converts the files of the folder IN into the folder OUT, keeping relative folders; errors are results."""
    started = time.monotonic()
    selection: list[str] = []
    for glob in arguments.include:
        selection += ["--include", glob]
    for glob in arguments.exclude:
        selection += ["--exclude", glob]
    listed = run_hdrcolor_json(
        ["validate", "--list-files", "--format", "json", *selection, "--", arguments.source], cwd=cwd, binary=binary
    )
    files = [path for path in listed if isinstance(path, str) and not path.lower().endswith(NOT_CONVERTED)]
    unreadable = [entry for entry in listed if isinstance(entry, dict)]
    groups = image_batches(files, arguments.source, arguments.batch_size)
    times = {"Plan": time.monotonic() - started}
    started = time.monotonic()
    task = ray.remote(tasks.convert_files).options(num_cpus=1, max_retries=TASK_RETRIES, retry_exceptions=False)
    refs = [
        task.remote(cwd, paths, os.path.join(arguments.output, folder), arguments.options, arguments.force)
        for folder, paths in groups
    ]
    reports: list[dict[str, Any]] = [
        {"SourceFile": entry.get("Path"), "ExitStatus": 2, "Error": entry.get("Unreadable")} for entry in unreadable
    ]
    for (_, paths), ref in zip(groups, refs, strict=True):
        try:
            reports += ray.get(ref)
        except (ray.exceptions.RayError, HdrcolorFailed) as error:
            reason = f"hdrcolor-ray: the task converting it failed: {type(error).__name__}: {error}"
            reports += [{"SourceFile": path, "ExitStatus": 2, "Error": reason} for path in paths]
    times["Convert"] = time.monotonic() - started
    status = max((int(report.get("ExitStatus", 1)) for report in reports), default=0)
    summary = {"Files": reports, "TimeSeconds": {key: round(value, 3) for key, value in times.items()}}
    if arguments.json:
        stdout.write(json.dumps(reports, indent=2) + "\n")
    else:
        stdout.write(text_summary(summary) + "\n")
    return status
