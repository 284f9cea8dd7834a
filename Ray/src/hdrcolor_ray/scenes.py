"""Merging the per-segment scene lists of `hdrcolor convert --json` into the movie's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SAME_SCENE_KEYS = ("Origin", "SourcePeak", "Curve", "Trims")


def offset_scene(scene: dict[str, Any], offset: int) -> dict[str, Any]:
    """A copy of `scene` with FirstFrame/LastFrame moved by `offset` frames."""
    moved = dict(scene)
    for key in ("FirstFrame", "LastFrame"):
        if key in moved:
            moved[key] = int(moved[key]) + offset
    return moved


def continues(previous: dict[str, Any], scene: dict[str, Any]) -> bool:
    """Whether `scene` starts right after `previous` and is tone mapped the same way (one scene cut in two)."""
    if int(scene.get("FirstFrame", -1)) != int(previous.get("LastFrame", -2)) + 1:
        return False
    return all(previous.get(key) == scene.get(key) for key in SAME_SCENE_KEYS)


def merge_scenes(segments: Iterable[tuple[int, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    """The movie's scenes from `(first frame of the segment, its scenes)` pairs in segment order.

    Scene frames are offset by the segment's first frame; the last scene of a segment and the first of the next are
    one scene when Origin, SourcePeak, Curve and Trims are equal; scenes are renumbered from the first one's Index.
    """
    merged: list[dict[str, Any]] = []
    base: int | None = None
    for first, scenes in segments:
        for position, scene in enumerate(scenes):
            if base is None:
                base = int(scene.get("Index", 0))
            moved = offset_scene(scene, first)
            if position == 0 and merged and continues(merged[-1], moved):
                merged[-1]["LastFrame"] = moved["LastFrame"]
                continue
            merged.append(moved)
    for number, scene in enumerate(merged):
        scene["Index"] = (base or 0) + number
    return merged
