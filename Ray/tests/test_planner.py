"""The segment planner: cuts at closed GOPs only, near equal lengths, no empty or duplicate segments."""

import pytest

from hdrcolor_ray.planner import (
    PlanError,
    Segment,
    choose_cuts,
    closed_gop_starts,
    plan_segments,
    segments_from_cuts,
)


def inspection(frames: int, sync: list[tuple[int, str, bool | None]]) -> dict:
    samples = []
    for frame, kind, closed in sync:
        sample = {"Sample": frame, "Frame": frame, "DecodeTime": 0.0, "PresentationTime": 0.0, "Offset": 0, "Size": 1}
        if kind:
            sample["RandomAccess"] = kind
        if closed is not None:
            sample["StartsClosedGOP"] = closed
        samples.append(sample)
    return {
        "SourceFile": "m.mp4",
        "Tracks": [{"TrackID": 1, "SampleCount": frames, "ListsSyncSamples": True, "SyncSamples": samples}],
    }


def idr_every(frames: int, gop: int) -> dict:
    return inspection(frames, [(frame, "IDR", True) for frame in range(0, frames, gop)])


def test_four_equal_segments_at_idr_frames():
    plan = plan_segments(idr_every(96, 24), 4)
    assert [(s.first, s.end) for s in plan.segments] == [(0, 24), (24, 48), (48, 72), (72, 96)]
    assert plan.notes == ()
    assert plan.segments[1].frame_range == "24..<48"


def test_cuts_at_the_nearest_closed_gop():
    plan = plan_segments(idr_every(100, 10), 3)  # targets 33.3 and 66.7
    assert [s.first for s in plan.segments] == [0, 30, 70]
    assert sum(s.frames for s in plan.segments) == 100


def test_never_cuts_at_cra_or_open_gop():
    data = inspection(96, [(0, "IDR", True), (24, "CRA", False), (48, "IDR", True), (72, "CRA", False)])
    plan = plan_segments(data, 4)
    assert [(s.first, s.end) for s in plan.segments] == [(0, 48), (48, 96)]
    assert plan.notes and "2 segment(s) instead of 4" in plan.notes[0]


def test_sync_samples_without_closed_gop_flag_give_one_segment():
    data = inspection(96, [(0, "other", None), (48, "other", None)])
    plan = plan_segments(data, 4)
    assert plan.segments == (Segment(0, 0, 96),)
    assert "do not say" in plan.notes[0]


def test_more_segments_than_gops_drops_duplicates():
    plan = plan_segments(idr_every(96, 24), 16)
    assert [(s.first, s.end) for s in plan.segments] == [(0, 24), (24, 48), (48, 72), (72, 96)]
    assert "4 segment(s) instead of 16" in plan.notes[0]


def test_one_segment_requested():
    plan = plan_segments(idr_every(96, 24), 1)
    assert plan.segments == (Segment(0, 0, 96),)
    assert plan.notes == ()


def test_segments_are_contiguous_and_indexed():
    segments = segments_from_cuts(50, [40, 10, 10, 0, 50, 60])
    assert segments == (Segment(0, 0, 10), Segment(1, 10, 40), Segment(2, 40, 50))


def test_choose_cuts_ignores_frame_zero_and_the_end():
    assert choose_cuts(96, [0, 96], 4) == []
    assert choose_cuts(96, [0, 24, 48, 72], 2) == [48]


def test_presentation_frame_not_decode_index_is_used():
    data = inspection(96, [(0, "IDR", True), (48, "IDR", True)])
    data["Tracks"][0]["SyncSamples"][1]["Sample"] = 45  # decode order differs with B-frames
    assert closed_gop_starts(data["Tracks"][0]) == [0, 48]
    assert [s.first for s in plan_segments(data, 2).segments] == [0, 48]


def test_errors():
    with pytest.raises(PlanError):
        plan_segments({"Tracks": []}, 2)
    with pytest.raises(PlanError):
        plan_segments(idr_every(96, 24), 0)
    with pytest.raises(PlanError):
        plan_segments(inspection(0, []), 2)
