"""Command-line handling: the driver's options, hdrcolor's passed through, refusals, the policy file default."""

import pytest

from hdrcolor_ray.arguments import parse_convert_arguments
from hdrcolor_ray.cli import main
from hdrcolor_ray.errors import HdrcolorRayError
from hdrcolor_ray.validate import batches, failed_file_report, parse_validate_arguments


def test_convert_splits_driver_and_hdrcolor_options():
    args = parse_convert_arguments(
        [
            "--to",
            "bt2100-hlg",
            "in.mp4",
            "--segments",
            "4",
            "out.mp4",
            "--lossless",
            "--crf=18",
            "--json",
            "--overwrite",
        ]
    )
    assert (args.source, args.output) == ("in.mp4", "out.mp4")
    assert args.options == ["--to", "bt2100-hlg", "--lossless", "--crf=18"]
    assert args.segments == 4 and args.json and args.force
    assert args.cpus_per_segment == 1


def test_convert_driver_options():
    args = parse_convert_arguments(
        ["a", "b", "--address=ray://h:10001", "--num-cpus", "3", "--cpus-per-segment", "2", "--include", "*.png"]
    )
    assert args.address == "ray://h:10001" and args.num_cpus == 3 and args.cpus_per_segment == 2
    assert args.include == ["*.png"]


def test_overwrite_is_force_and_streams_are_the_drivers():
    assert parse_convert_arguments(["a", "b", "--overwrite"]).force
    args = parse_convert_arguments(["a", "b", "--no-copy-streams"])
    assert not args.copy_streams and args.options == []


def test_double_dash_ends_options():
    args = parse_convert_arguments(["--to", "hlg", "--", "-odd.mp4", "out.mp4"])
    assert (args.source, args.output) == ("-odd.mp4", "out.mp4")


@pytest.mark.parametrize("option", ["--frames", "--start", "--duration"])
def test_segments_refuse_a_frame_selection(option):
    with pytest.raises(HdrcolorRayError, match=f"{option} cannot be used with --segments"):
        parse_convert_arguments(["a.mp4", "b.mp4", "--segments", "2", option, "1"])


def test_frame_selection_without_segments_is_passed():
    args = parse_convert_arguments(["a.mp4", "b.mp4", "--frames", "0-9"])
    assert args.frame_selection() == ["--frames"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["a"], "give IN and OUT"),
        (["a", "b", "c"], "give IN and OUT"),
        (["a", "b", "--segments", "0"], "at least 1"),
        (["a", "b", "--segments", "x"], "whole number"),
        (["a", "b", "--segments"], "needs a value"),
        (["a", "b", "--to"], "needs a value"),
        (["a", "b", "--threads", "2"], "--cpus-per-segment"),
        (["a", "b", "-j", "2"], "not used"),
    ],
)
def test_convert_usage_errors(argv, message):
    with pytest.raises(HdrcolorRayError, match=message) as caught:
        parse_convert_arguments(argv)
    assert caught.value.status == 64


def test_validate_arguments_and_default_policy(tmp_path):
    args = parse_validate_arguments(
        ["t1", "--require", "hdr10", "t2", "--format", "sarif", "--fail-on", "warning", "--include", "*.png"],
        str(tmp_path),
    )
    assert args.trees == ["t1", "t2"] and args.format == "sarif" and args.config is None
    assert args.rule_options() == ["--require", "hdr10", "--fail-on", "warning"]
    assert args.selection_options() == ["--include", "*.png"]
    (tmp_path / ".hdrcolor.yml").write_text("fail-on: warning\n")
    args = parse_validate_arguments(["t"], str(tmp_path))
    assert args.config == ".hdrcolor.yml"
    assert args.rule_options() == ["--config", ".hdrcolor.yml"]
    assert parse_validate_arguments(["t", "--config", "p.yml"], str(tmp_path)).config == "p.yml"


def test_validate_rejects_bad_values(tmp_path):
    for argv in (["t", "--format", "xml"], ["t", "--batch-size", "0"], []):
        with pytest.raises(SystemExit):
            parse_validate_arguments(argv, str(tmp_path))


def test_batches_keep_order():
    assert batches(["a", "b", "c", "d", "e"], 2) == [["a", "b"], ["c", "d"], ["e"]]


def test_failed_file_report_shape():
    import json

    report = json.loads(failed_file_report("x.png", "boom", None))
    assert report == {
        "FailOn": "error",
        "ExitStatus": 2,
        "Files": [{"SourceFile": "x.png", "Error": "hdrcolor-ray: the task reading it failed: boom", "Findings": []}],
    }


def test_cli_usage_and_unknown_command(capsys):
    assert main(["--help"]) == 0
    assert "hdrcolor-ray validate" in capsys.readouterr().out
    assert main(["frobnicate"]) == 64
    assert "unknown command" in capsys.readouterr().err
    assert main(["convert", "--help"]) == 0


def test_cli_reports_a_missing_binary(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("HDRCOLOR", str(tmp_path / "nope"))
    assert main(["validate", "x"]) == 2
    assert "is not an executable file" in capsys.readouterr().err
