"""Planning a movie's segments from `hdrcolor inspect --sync-samples --json`: pure functions, no Ray, no I/O.

A segment may start only where a closed GOP starts (an IDR picture): no picture before the cut refers to one after
it and none after refers to one before, so each segment decodes and encodes on its own. A CRA (open GOP) sync sample
is never a cut: its leading pictures refer to the previous GOP.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Segment:
    """Frames `first..<end` of the source, in presentation order."""

    index: int
    first: int
    end: int

    @property
    def frames(self) -> int:
        """How many frames the segment has."""
        return self.end - self.first

    @property
    def frame_range(self) -> str:
        """The `--frames` argument of `hdrcolor convert` for this segment."""
        return f"{self.first}..<{self.end}"


@dataclass(frozen=True)
class Plan:
    """The segments of a movie, and why there are fewer than asked for when there are."""

    frames: int
    requested: int
    segments: tuple[Segment, ...]
    cut_candidates: tuple[int, ...]
    notes: tuple[str, ...] = field(default=())


class PlanError(ValueError):
    """The inspection JSON cannot be planned from (no video track, no frames)."""


def video_track(inspection: dict[str, Any]) -> dict[str, Any]:
    """The first track of the inspection (hdrcolor lists the video track first)."""
    tracks = inspection.get("Tracks") or []
    if not tracks:
        raise PlanError(f"{inspection.get('SourceFile', 'the movie')} has no track with sync samples")
    return tracks[0]


def closed_gop_starts(track: dict[str, Any]) -> list[int]:
    """The presentation frames where a closed GOP starts (sync samples with StartsClosedGOP true), sorted, unique."""
    frames = {
        int(sample["Frame"]) for sample in track.get("SyncSamples") or [] if sample.get("StartsClosedGOP") is True
    }
    return sorted(frames)


def nearest(candidates: list[int], target: float) -> int:
    """The candidate nearest `target`; the earlier one on a tie. `candidates` is sorted and not empty."""
    return min(candidates, key=lambda frame: (abs(frame - target), frame))


def choose_cuts(frame_count: int, candidates: list[int], count: int) -> list[int]:
    """Cut frames (the first frame of segments 1…) at the candidates nearest k·frames/count, for k in 1..<count.

    Candidates at frame 0 or at/after the end are never cuts; a candidate chosen twice is one cut.
    """
    usable = [frame for frame in candidates if 0 < frame < frame_count]
    if count <= 1 or not usable:
        return []
    return sorted({nearest(usable, k * frame_count / count) for k in range(1, count)})


def segments_from_cuts(frame_count: int, cuts: list[int]) -> tuple[Segment, ...]:
    """Contiguous segments from frame 0 to `frame_count`, starting a new one at each cut (empty ones dropped)."""
    bounds = [0, *sorted({cut for cut in cuts if 0 < cut < frame_count}), frame_count]
    return tuple(Segment(index, first, end) for index, (first, end) in enumerate(itertools.pairwise(bounds)))


def plan_segments(inspection: dict[str, Any], count: int) -> Plan:
    """Up to `count` segments of the movie described by `inspection`, cut at closed GOPs near equal lengths."""
    if count < 1:
        raise PlanError("the number of segments must be at least 1")
    track = video_track(inspection)
    frame_count = int(track.get("SampleCount") or 0)
    if frame_count <= 0:
        raise PlanError(f"{inspection.get('SourceFile', 'the movie')} has no frames")
    candidates = closed_gop_starts(track)
    segments = segments_from_cuts(frame_count, choose_cuts(frame_count, candidates, count))
    notes: list[str] = []
    if len(segments) < count:
        usable = len([frame for frame in candidates if 0 < frame < frame_count])
        if usable == 0:
            reason = "it has no closed GOP (IDR) after frame 0 to cut at"
            if any("StartsClosedGOP" not in sample for sample in track.get("SyncSamples") or []):
                reason = "its sync samples do not say whether they start a closed GOP"
        else:
            reason = f"it has {usable} closed GOP start(s) after frame 0 to cut at"
        notes.append(f"{len(segments)} segment(s) instead of {count}: {reason} (CRA/open GOPs are never cut at)")
    return Plan(frame_count, count, segments, tuple(candidates), tuple(notes))
