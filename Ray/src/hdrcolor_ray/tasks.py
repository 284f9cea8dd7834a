"""What runs inside Ray tasks: `hdrcolor` as a subprocess on the task's node, in the driver's working folder."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from typing import Any

from hdrcolor_ray.binary import find_hdrcolor
from hdrcolor_ray.errors import HdrcolorFailed, SegmentError

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask Linux to SIGKILL this child when the Ray worker that started it dies (a killed task leaves no writer)."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux: the child may outlive a killed worker
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def run_in_task(arguments: Sequence[str], cwd: str) -> subprocess.CompletedProcess[str]:
    """Runs `hdrcolor ARGUMENTS…` (found on this node) in `cwd`; the child dies with the worker."""
    argv = [find_hdrcolor(), *arguments]
    preexec = _die_with_parent if sys.platform.startswith("linux") else None
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False, preexec_fn=preexec)


def failure_text(result: subprocess.CompletedProcess[str]) -> str:
    """What hdrcolor said about a failure: its stderr, and the "Error" of its JSON report (--json puts it there)."""
    parts = [result.stderr.strip()]
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        report = None
    reports = report if isinstance(report, list) else [report]
    parts += [str(item["Error"]) for item in reports if isinstance(item, dict) and item.get("Error")]
    if result.returncode < 0:
        parts.append(f"killed by signal {-result.returncode}")
    return "\n".join(part for part in parts if part)


class BatchCrashed(RuntimeError):
    """hdrcolor died (a signal) or printed no report for a batch: the driver splits the batch file by file."""


def validate_batch(cwd: str, entries: Sequence[Any], options: Sequence[str], files_from: bool = True) -> str:
    """`hdrcolor validate --format json --jobs 1 OPTIONS --files-from BATCH.json` → the JSON report's text.

    `entries` is a slice of `--list-files --format json` kept as is (strings, and objects for unreadable entries), so
    every finding is the one a one-machine run makes. Without --files-from (an older hdrcolor) the paths are given
    as arguments. Exit statuses 0, 1 and 2 with a report are outcomes, not failures. A status without a report (a
    wrong policy file) raises HdrcolorFailed; a crash raises BatchCrashed.
    """
    with tempfile.TemporaryDirectory(prefix="hdrcolor-ray-batch-") as folder:
        if files_from:
            listing = os.path.join(folder, "batch.json")
            with open(listing, "w", encoding="utf-8") as file:
                json.dump(list(entries), file)
            selection = ["--files-from", listing]
        else:
            selection = ["--", *[entry_path(entry) for entry in entries]]
        result = run_in_task(["validate", "--format", "json", "--jobs", "1", *options, *selection], cwd)
    if result.returncode < 0:
        raise BatchCrashed(f"hdrcolor validate was killed by signal {-result.returncode}: {result.stderr.strip()}")
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        if result.returncode == 0:
            raise BatchCrashed(f"hdrcolor validate printed no JSON: {result.stderr.strip()}") from None
        raise HdrcolorFailed(["hdrcolor", "validate"], result.returncode, result.stderr) from None
    if not isinstance(report, dict) or "Files" not in report:
        raise BatchCrashed("hdrcolor validate printed JSON that is not a report")
    return result.stdout


def entry_path(entry: Any) -> str:
    """The path of a `--list-files` entry: a string, or an object {"Path": p, "Unreadable": reason}."""
    return str(entry["Path"]) if isinstance(entry, dict) else str(entry)


def convert_segment(
    cwd: str,
    source: str,
    folder: str,
    index: int,
    first: int,
    end: int,
    extension: str,
    options: Sequence[str],
    threads: int | None,
) -> dict[str, Any]:
    """Converts frames `first..<end` of `source` to `folder/seg-INDEX.EXT`; returns hdrcolor's JSON report.

    Each attempt writes a uniquely named file and renames it when hdrcolor succeeds, so a retried attempt never
    meets a killed attempt's partial file. A non-zero exit raises SegmentError (not retried: it is the data).
    """
    started = time.monotonic()
    attempt = os.path.join(folder, f"seg-{index:04d}-{uuid.uuid4().hex}{extension}")
    final = os.path.join(folder, f"seg-{index:04d}{extension}")
    arguments = ["convert", source, attempt, "--frames", f"{first}..<{end}", "--no-copy-streams", "--json"]
    if threads:
        arguments += ["--threads", str(threads)]
    result = run_in_task([*arguments, *options], cwd)
    if result.returncode != 0:
        _remove(os.path.join(cwd, attempt))
        raise SegmentError(index, first, end, result.returncode, failure_text(result))
    os.replace(os.path.join(cwd, attempt), os.path.join(cwd, final))
    return {
        "index": index,
        "file": final,
        "report": json.loads(result.stdout),
        "seconds": time.monotonic() - started,
        "node": _node(),
    }


def convert_whole(cwd: str, source: str, output: str, options: Sequence[str]) -> dict[str, Any]:
    """Converts all of `source` (or the frames the options select) to `output` with one `hdrcolor convert`."""
    started = time.monotonic()
    result = run_in_task(["convert", source, output, "--json", *options], cwd)
    if result.returncode != 0:
        _remove(os.path.join(cwd, output))
        raise HdrcolorFailed(["hdrcolor", "convert"], result.returncode, failure_text(result))
    return {"report": json.loads(result.stdout), "seconds": time.monotonic() - started, "node": _node()}


def convert_files(
    cwd: str, files: Sequence[str], destination: str, options: Sequence[str], force: bool
) -> list[dict[str, Any]]:
    """Converts image files into the folder `destination`; one result per file (errors are results).

    hdrcolor writes into a hidden staging folder inside `destination`; each output is then renamed into place, so
    a reader never sees a partial file. When the batch as a whole fails without a report (e.g. one output it cannot
    name), the files are converted one by one.
    """
    os.makedirs(os.path.join(cwd, destination), exist_ok=True)
    staging = os.path.join(destination, f".hdrcolor-ray-{uuid.uuid4().hex}")
    os.makedirs(os.path.join(cwd, staging))
    try:
        reports = _convert_into(cwd, list(files), staging, options)
        if reports is None:
            reports = []
            for file in files:
                single = _convert_into(cwd, [file], staging, options)
                reports += single if single is not None else [_file_error(file, "hdrcolor convert printed no report")]
        return [_place(cwd, report, staging, destination, force) for report in reports]
    finally:
        _remove_tree(os.path.join(cwd, staging))


def _convert_into(cwd: str, files: list[str], staging: str, options: Sequence[str]) -> list[dict[str, Any]] | None:
    result = run_in_task(["convert", "--json", *options, "--", *files, staging + "/"], cwd)
    try:
        decoded = json.loads(result.stdout)
    except json.JSONDecodeError:
        if len(files) == 1:
            return [_file_error(files[0], result.stderr.strip() or f"hdrcolor exited with {result.returncode}")]
        return None
    reports = decoded if isinstance(decoded, list) else [decoded]
    return reports


def _place(cwd: str, report: dict[str, Any], staging: str, destination: str, force: bool) -> dict[str, Any]:
    written = report.get("OutputFile")
    if report.get("ExitStatus", 1) != 0 or not written:
        return report
    target = os.path.join(destination, os.path.basename(written))
    staged = os.path.join(cwd, staging, os.path.basename(written))
    if not os.path.exists(staged):
        return report
    if os.path.exists(os.path.join(cwd, target)) and not force:
        return {
            **report,
            "OutputFile": target,
            "ExitStatus": 1,
            "Error": f"{target} exists; give --overwrite to replace it",
        }
    os.replace(staged, os.path.join(cwd, target))
    return {**report, "OutputFile": target}


def _file_error(file: str, message: str) -> dict[str, Any]:
    return {"SourceFile": file, "ExitStatus": 2, "Error": message}


def _node() -> str:
    import ray

    return ray.get_runtime_context().get_node_id()[:12]


def _remove(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.remove(path)


def _remove_tree(path: str) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)
