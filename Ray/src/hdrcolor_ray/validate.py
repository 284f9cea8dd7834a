"""`hdrcolor-ray validate`: the files of the trees checked in batches on the cluster, reports merged by hdrcolor."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

import ray

from hdrcolor_ray import tasks
from hdrcolor_ray.binary import find_hdrcolor, has_subcommand_option, run_hdrcolor, run_hdrcolor_json
from hdrcolor_ray.cluster import ray_session
from hdrcolor_ray.errors import HdrcolorFailed, HdrcolorRayError

DEFAULT_BATCH_SIZE = 64
FORMATS = ("text", "json", "junit", "github", "sarif")
SEVERITIES = ("note", "warning", "error")
TASK_RETRIES = 3


@dataclass
class ValidateArguments:
    """The parsed `hdrcolor-ray validate` command line."""

    trees: list[str]
    require: list[str] = field(default_factory=list)
    config: str | None = None
    fail_on: str | None = None
    format: str = "text"
    include: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    batch_size: int = DEFAULT_BATCH_SIZE
    address: str | None = None
    num_cpus: int | None = None

    def rule_options(self) -> list[str]:
        """The options every batch's `hdrcolor validate` gets (requirements, policy, fail-on)."""
        options: list[str] = []
        for requirement in self.require:
            options += ["--require", requirement]
        if self.config:
            options += ["--config", self.config]
        if self.fail_on:
            options += ["--fail-on", self.fail_on]
        return options

    def selection_options(self) -> list[str]:
        """The options that choose the files (for `--list-files`)."""
        options: list[str] = []
        for glob in self.include:
            options += ["--include", glob]
        for glob in self.exclude:
            options += ["--exclude", glob]
        if self.config:
            options += ["--config", self.config]
        return options


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def validate_parser() -> argparse.ArgumentParser:
    """The argument parser of `hdrcolor-ray validate`."""
    parser = argparse.ArgumentParser(
        prog="hdrcolor-ray validate",
        description="hdrcolor validate on a Ray cluster: the files are checked in batches, one task each, and the "
        "reports merged by `hdrcolor validate --merge-reports`; the output is what `hdrcolor validate` prints.",
    )
    parser.add_argument("trees", nargs="+", metavar="TREE", help="files and folders to check")
    parser.add_argument("--require", action="append", default=[], metavar="P", help="a policy (repeatable)")
    parser.add_argument("--config", metavar="F", help="policy file (default: .hdrcolor.yml here, when present)")
    parser.add_argument("--fail-on", choices=SEVERITIES, help="the lowest severity that fails the run")
    parser.add_argument("--format", choices=FORMATS, default="text", help="report format (default: text)")
    parser.add_argument("--include", action="append", default=[], metavar="G", help="only walked files matching G")
    parser.add_argument("--exclude", action="append", default=[], metavar="G", help="skip walked files matching G")
    parser.add_argument("--batch-size", type=positive, default=DEFAULT_BATCH_SIZE, metavar="N", help="files per task")
    parser.add_argument("--address", metavar="ADDR", help="a running Ray cluster (default: start a local one)")
    parser.add_argument("--num-cpus", type=positive, metavar="N", help="CPUs of the local cluster")
    return parser


def parse_validate_arguments(argv: Sequence[str], cwd: str) -> ValidateArguments:
    """Parses the command line; the default policy file `.hdrcolor.yml` of `cwd` becomes an explicit --config."""
    namespace = validate_parser().parse_intermixed_args(list(argv))
    arguments = ValidateArguments(**vars(namespace))
    if arguments.config is None and os.path.isfile(os.path.join(cwd, ".hdrcolor.yml")):
        arguments.config = ".hdrcolor.yml"
    return arguments


def batches(files: Sequence[Any], size: int) -> list[list[Any]]:
    """`files` in consecutive batches of at most `size`, in order."""
    return [list(files[start : start + size]) for start in range(0, len(files), size)]


def failed_file_report(path: str, reason: str, fail_on: str | None) -> str:
    """A synthetic one-file report for a file whose task failed even after retries (status 2, like unreadable)."""
    entry = {"SourceFile": path, "Error": f"hdrcolor-ray: the task reading it failed: {reason}", "Findings": []}
    return json.dumps({"FailOn": fail_on or "error", "ExitStatus": 2, "Files": [entry]})


def run_validate(
    argv: Sequence[str],
    address: str | None = None,
    num_cpus: int | None = None,
    cwd: str | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Runs `hdrcolor-ray validate ARGV…`; prints the merged report and returns validate's exit status."""
    cwd = os.path.abspath(cwd or os.getcwd())
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    arguments = parse_validate_arguments(argv, cwd)
    binary = find_hdrcolor()
    listed = run_hdrcolor_json(
        ["validate", "--list-files", "--format", "json", *arguments.selection_options(), "--", *arguments.trees],
        cwd=cwd,
        binary=binary,
    )
    if not isinstance(listed, list):
        raise HdrcolorRayError("`hdrcolor validate --list-files` did not print a JSON array; is hdrcolor current?")
    files = list(listed)  # strings, and {"Path", "Unreadable"} objects: passed to the batches as they are
    if not files:  # nothing to spread: hdrcolor's own empty report
        result = run_hdrcolor(
            ["validate", "--format", arguments.format, *arguments.rule_options(), "--", *arguments.trees],
            cwd=cwd,
            ok_statuses=(0, 1, 2),
            binary=binary,
        )
        stdout.write(result.stdout)
        stderr.write(result.stderr)
        return result.returncode
    with ray_session(address or arguments.address, num_cpus or arguments.num_cpus):
        files_from = has_subcommand_option("--files-from", "validate", binary)
        reports = validate_on_cluster(cwd, batches(files, arguments.batch_size), arguments, files_from)
    with tempfile.TemporaryDirectory(prefix="hdrcolor-ray-reports-") as folder:
        paths = []
        for number, text in enumerate(reports):
            path = os.path.join(folder, f"batch-{number:06d}.json")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            paths.append(path)
        merge = ["validate", "--merge-reports", "--format", arguments.format]
        if arguments.fail_on:
            merge += ["--fail-on", arguments.fail_on]
        result = run_hdrcolor([*merge, *paths], cwd=cwd, ok_statuses=(0, 1, 2), binary=binary)
    if result.returncode == 2 and not result.stdout:
        raise HdrcolorFailed(["hdrcolor", *merge], 2, result.stderr)
    stdout.write(result.stdout)
    stderr.write(result.stderr)
    return result.returncode


def validate_on_cluster(
    cwd: str, groups: list[list[Any]], arguments: ValidateArguments, files_from: bool = True
) -> list[str]:
    """One task per batch; a batch whose task fails is retried file by file. Returns the reports in batch order."""
    task = ray.remote(tasks.validate_batch).options(num_cpus=1, max_retries=TASK_RETRIES, retry_exceptions=False)
    options = arguments.rule_options()
    refs = [task.remote(cwd, group, options, files_from) for group in groups]
    reports: list[str] = []
    for group, ref in zip(groups, refs, strict=True):
        try:
            reports.append(ray.get(ref))
            continue
        except ray.exceptions.RayTaskError as error:
            if isinstance(error.cause, HdrcolorFailed):
                raise error.cause from None
        except ray.exceptions.RayError:
            pass
        singles = [task.remote(cwd, [entry], options, files_from) for entry in group]
        for entry, single in zip(group, singles, strict=True):
            path = tasks.entry_path(entry)
            try:
                reports.append(ray.get(single))
            except ray.exceptions.RayTaskError as error:
                if isinstance(error.cause, HdrcolorFailed):
                    raise error.cause from None
                reports.append(failed_file_report(path, str(error.cause or error).strip(), arguments.fail_on))
            except ray.exceptions.RayError as error:
                reports.append(failed_file_report(path, type(error).__name__, arguments.fail_on))
    return reports
