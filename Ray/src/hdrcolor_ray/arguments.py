"""The `hdrcolor-ray convert` command line: the driver's own options, and the rest passed to `hdrcolor convert`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hdrcolor_ray.errors import HdrcolorRayError

# `hdrcolor convert` options that take no value; every other option passed through takes one (or is written --x=v).
HDRCOLOR_CONVERT_FLAGS = frozenset(
    {"--json", "--verbose", "--lossless", "--overwrite", "--no-copy-streams", "--gain-map", "--multichannel-gain-map"}
    | {"--gpu"}
)
DRIVER_VALUE_OPTIONS = frozenset(
    {"--address", "--num-cpus", "--segments", "--cpus-per-segment", "--batch-size", "--include", "--exclude"}
)
DRIVER_FLAGS = frozenset({"--json", "--force", "--overwrite", "--no-copy-streams", "--help", "-h"})
FRAME_SELECTION = ("--frames", "--start", "--duration")
DRIVER_OWNED = ("--threads", "--jobs", "-j")

CONVERT_USAGE = """\
usage: hdrcolor-ray convert IN OUT [hdrcolor convert options…] [--segments N] [--cpus-per-segment C]
                            [--batch-size N] [--include G]… [--exclude G]… [--json] [--overwrite]
                            [--address ADDR] [--num-cpus N]

IN a movie (MP4/MOV): converted in segments cut at closed GOPs, one Ray task each, joined by `hdrcolor join`.
IN a folder: its image files converted in batches into the folder OUT, keeping relative folders.
Every other option goes to `hdrcolor convert` (e.g. --to bt2100-hlg, --tone-map bt2390, --lossless, --crf 18).

  --segments N          segments of a movie (default: the cluster's CPUs ÷ --cpus-per-segment)
  --cpus-per-segment C  CPUs (and hdrcolor --threads) per segment task (default 1)
  --batch-size N        image files per task (default 16)
  --include/--exclude G which files of a folder (globs, as hdrcolor validate)
  --no-copy-streams     leave out the movie's audio and other streams (hdrcolor join copies them once)
  --json                print a JSON summary
  --overwrite, --force  replace OUT (or the files in OUT) when it exists
  --address ADDR        join a running Ray cluster (default: start a local one)
  --num-cpus N          CPUs of the local cluster
"""


@dataclass
class ConvertArguments:
    """The parsed `hdrcolor-ray convert` command line."""

    source: str
    output: str
    options: list[str] = field(default_factory=list)
    segments: int | None = None
    cpus_per_segment: int = 1
    batch_size: int = 16
    include: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    json: bool = False
    force: bool = False
    copy_streams: bool = True
    address: str | None = None
    num_cpus: int | None = None
    help: bool = False

    def option_names(self) -> set[str]:
        """The names of the options passed through to hdrcolor convert."""
        return {token.split("=", 1)[0] for token in self.options if token.startswith("-")}

    def frame_selection(self) -> list[str]:
        """Which of --frames/--start/--duration were given."""
        return [name for name in FRAME_SELECTION if name in self.option_names()]


def _positive(name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise HdrcolorRayError(f"{name} takes a whole number, not {text!r}", status=64) from None
    if value < 1:
        raise HdrcolorRayError(f"{name} must be at least 1", status=64)
    return value


def parse_convert_arguments(argv: Sequence[str]) -> ConvertArguments:
    """Splits ARGV into IN, OUT, the driver's options and hdrcolor convert's (kept in order)."""
    tokens = list(argv)
    positionals: list[str] = []
    passed: list[str] = []
    values: dict[str, list[str]] = {}
    flags: set[str] = set()
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if token == "--":
            positionals += tokens[index:]
            break
        if not token.startswith("-") or token == "-":
            positionals.append(token)
            continue
        name, has_value, inline = token.partition("=")
        if name in DRIVER_VALUE_OPTIONS:
            if not has_value:
                if index >= len(tokens):
                    raise HdrcolorRayError(f"{name} needs a value", status=64)
                inline = tokens[index]
                index += 1
            values.setdefault(name, []).append(inline)
        elif name in DRIVER_FLAGS:
            if has_value:
                raise HdrcolorRayError(f"{name} takes no value", status=64)
            flags.add(name)
        elif name in DRIVER_OWNED:
            raise HdrcolorRayError(_owned_message(name), status=64)
        elif has_value or name in HDRCOLOR_CONVERT_FLAGS:
            passed.append(token)
        else:
            if index >= len(tokens):
                raise HdrcolorRayError(f"{name} needs a value (it is passed to hdrcolor convert)", status=64)
            passed += [token, tokens[index]]
            index += 1
    if flags & {"--help", "-h"}:
        return ConvertArguments(source="", output="", help=True)
    if len(positionals) != 2:
        raise HdrcolorRayError(f"give IN and OUT (got {len(positionals)} paths: {' '.join(positionals)})", status=64)

    def last(name: str) -> str | None:
        return values[name][-1] if name in values else None

    arguments = ConvertArguments(
        source=positionals[0],
        output=positionals[1],
        options=passed,
        json="--json" in flags,
        force=bool(flags & {"--force", "--overwrite"}),
        copy_streams="--no-copy-streams" not in flags,
        address=last("--address"),
        include=values.get("--include", []),
        exclude=values.get("--exclude", []),
    )
    for name, attribute in (
        ("--segments", "segments"),
        ("--num-cpus", "num_cpus"),
        ("--cpus-per-segment", "cpus_per_segment"),
        ("--batch-size", "batch_size"),
    ):
        text = last(name)
        if text is not None:
            setattr(arguments, attribute, _positive(name, text))
    if arguments.segments is not None and arguments.frame_selection():
        chosen = ", ".join(arguments.frame_selection())
        raise HdrcolorRayError(
            f"{chosen} cannot be used with --segments: segments always cover the whole movie; "
            "drop --segments to convert a part in one task",
            status=64,
        )
    return arguments


def _owned_message(name: str) -> str:
    if name == "--threads":
        return "--threads is set by hdrcolor-ray from --cpus-per-segment; give that instead"
    return f"{name} is not used by hdrcolor-ray: Ray spreads the work (see --segments, --batch-size, --num-cpus)"
