"""Merging the scenes of the segments into the movie's."""

from hdrcolor_ray.scenes import merge_scenes


def scene(index, first, last, peak=1000.0, origin="HDR10+ MaxSCL", curve="bt2390", trims=()):
    return {
        "Index": index,
        "FirstFrame": first,
        "LastFrame": last,
        "SourcePeak": peak,
        "Origin": origin,
        "Curve": curve,
        "Trims": list(trims),
    }


def test_offsets_and_renumbers():
    merged = merge_scenes([(0, [scene(0, 0, 9), scene(1, 10, 23)]), (24, [scene(0, 0, 23, peak=400.0)])])
    assert [(s["Index"], s["FirstFrame"], s["LastFrame"]) for s in merged] == [(0, 0, 9), (1, 10, 23), (2, 24, 47)]


def test_joins_a_scene_cut_by_a_segment_boundary():
    merged = merge_scenes([(0, [scene(0, 0, 23)]), (24, [scene(0, 0, 11), scene(1, 12, 23, peak=500.0)])])
    assert [(s["Index"], s["FirstFrame"], s["LastFrame"]) for s in merged] == [(0, 0, 35), (1, 36, 47)]


def test_does_not_join_different_scenes():
    for change in ({"origin": "static"}, {"curve": "other"}, {"trims": ["L2 100"]}, {"peak": 999.0}):
        merged = merge_scenes([(0, [scene(0, 0, 23)]), (24, [scene(0, 0, 23, **change)])])
        assert len(merged) == 2


def test_keeps_the_index_base_and_empty_segments():
    merged = merge_scenes([(0, [scene(1, 0, 23)]), (24, []), (48, [scene(1, 0, 47, peak=2.0)])])
    assert [(s["Index"], s["FirstFrame"]) for s in merged] == [(1, 0), (2, 48)]
    assert merge_scenes([]) == []


def test_does_not_modify_the_input():
    first = [scene(0, 0, 23)]
    merge_scenes([(0, first), (24, [scene(0, 0, 23)])])
    assert first[0]["LastFrame"] == 23
