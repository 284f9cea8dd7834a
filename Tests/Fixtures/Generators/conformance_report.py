#!/usr/bin/env python3
"""Writes Docs/Conformance.md: the conformance corpus (Tests/Fixtures/conformance/corpus.json) file by file, with the
facts checked and the verdicts of HDRColor beside the other readers installed here on the same file:

- hdrcolor validate (worst severity and rules) and whether `hdrcolor convert` decodes the file;
- exiftool -validate (Debian libimage-exiftool-perl): its warning and error counts;
- avifdec --info (Debian libavif-bin 0.11) for AVIF, heif-info (Debian libheif-examples 1.15) for HEIF: whether
  they open the file;
- what libavif's and libultrahdr's own tests assert about the file (the manifest's facts: decode failures, gain
  maps), quoted from the manifest.

Run after `make conformance-corpus` and a release build: python3 Tests/Fixtures/Generators/conformance_report.py.
Never part of `make test`. Python 3 standard library only.
"""
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
MANIFEST = os.path.join(ROOT, "Tests", "Fixtures", "conformance", "corpus.json")
CORPUS = os.environ.get("HDRCOLOR_CONFORMANCE_DIR", os.path.join(ROOT, ".build-conformance", "corpus"))
HDRCOLOR = os.path.join(ROOT, ".build", "release", "hdrcolor")
OUT = os.path.join(ROOT, "Docs", "Conformance.md")


def run(args, timeout=120):
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except (OSError, subprocess.TimeoutExpired) as error:
        return -1, "", str(error)


def hdrcolor_verdict(path):
    code, out, err = run([HDRCOLOR, "validate", "--format", "json", path])
    if code == 2 and not out.strip():
        return "unreadable", []
    try:
        report = json.loads(out)["Files"][0]
    except (ValueError, KeyError, IndexError):
        return "unreadable", []
    if "Error" in report:
        return "unreadable", []
    findings = report.get("Findings", [])
    order = {"note": 0, "warning": 1, "error": 2}
    worst = max((order[f["Severity"]] for f in findings), default=-1)
    verdict = {-1: "clean", 0: "clean", 1: "warning", 2: "error"}[worst]
    rules = sorted({f["Rule"] for f in findings if f["Severity"] != "note"})
    return verdict, rules


def hdrcolor_decodes(path):
    with tempfile.TemporaryDirectory() as folder:
        code, out, err = run([HDRCOLOR, "convert", path, os.path.join(folder, "out.png")])
        return code == 0


def exiftool_verdict(path):
    if not shutil.which("exiftool"):
        return "–"
    code, out, err = run(["exiftool", "-validate", "-warning", "-error", "-a", path])
    for line in out.splitlines():
        if line.startswith("Validate"):
            return line.split(":", 1)[1].strip()
    return "error" if code else "–"


def library_opens(path):
    lower = path.lower()
    if lower.endswith(".avif") and shutil.which("avifdec"):
        code, out, err = run(["avifdec", "--info", path])
        return "avifdec: " + ("opens" if code == 0 else "fails")
    if lower.endswith((".heic", ".heif")) and shutil.which("heif-info"):
        code, out, err = run(["heif-info", path])
        return "heif-info: " + ("opens" if code == 0 else "fails")
    return ""


def upstream_facts(entry):
    notes = []
    for fact in entry["facts"]:
        kind = fact["fact"]
        if kind in ("decodeFails", "corrupt"):
            notes.append(f"expects failure ({fact['citation']['path']}:{fact['citation']['line']})")
        elif kind == "gainMapMetadata":
            notes.append(f"gain map ({fact['citation']['path']}:{fact['citation']['line']})")
        elif kind == "psnr":
            e = fact["expected"]
            notes.append(f"≥ {e['minimumDB']} dB vs {os.path.basename(e['reference'])}")
    return "; ".join(dict.fromkeys(notes))


def main():
    if not os.path.exists(HDRCOLOR):
        sys.exit("build hdrcolor first: swift build -c release --product hdrcolor")
    if not os.path.isdir(CORPUS):
        sys.exit("assemble the corpus first: make conformance-corpus")
    manifest = json.load(open(MANIFEST))
    rows = []
    per_source = collections.defaultdict(lambda: collections.Counter())
    for entry in manifest["files"]:
        path = os.path.join(CORPUS, entry["path"])
        verdict, rules = hdrcolor_verdict(path)
        decodes = hdrcolor_decodes(path)
        typed = sum(1 for f in entry["facts"] if f["fact"] != "other")
        source = entry["source"]
        per_source[source]["files"] += 1
        per_source[source]["facts"] += typed
        per_source[source][verdict] += 1
        if entry.get("verdict") and entry["verdict"] != verdict:
            per_source[source]["disagreements"] += 1
        rows.append((entry["path"], source, typed, verdict, ", ".join(f"`{r}`" for r in rules),
                     entry.get("verdictReason", ""), "yes" if decodes else "no", exiftool_verdict(path),
                     library_opens(path), upstream_facts(entry)))
    lines = [
        "# Conformance corpus",
        "",
        "Other projects' test files, the facts their own tests and READMEs assert about them, and what HDRColor and",
        "the other readers installed here make of each file. The manifest with provenance (repository, path, commit,",
        "licence) and a citation per fact is `Tests/Fixtures/conformance/corpus.json`; its README says why the files",
        "themselves are not in this repository and how `make conformance-corpus` assembles them. `make test` checks",
        "every typed fact and the verdict column through the public API whenever the corpus is present",
        "(`Tests/HDRColorTests/ConformanceCorpusTests.swift`).",
        "",
        "Regenerate this page with `python3 Tests/Fixtures/Generators/conformance_report.py` after a release build.",
        "",
        "## Per producer",
        "",
        "| source | files | typed facts | clean | warning | error | unreadable |",
        "|---|---|---|---|---|---|---|",
    ]
    for source, counts in sorted(per_source.items()):
        lines.append(f"| {source} | {counts['files']} | {counts['facts']} | {counts['clean']} | {counts['warning']} | "
                     f"{counts['error']} | {counts['unreadable']} |")
    lines += [
        "",
        "## Per file",
        "",
        "`validate` is HDRColor's worst finding (notes count as clean) and the rules at warning or error, with why the",
        "file deserves them (the manifest's `verdictReason`); `decodes` is whether `hdrcolor convert` writes a PNG from",
        "it; exiftool is `exiftool -validate` (12.57); the library column is whether Debian's avifdec 0.11 or heif-info",
        "1.15 opens it; the last column is what the source project's own tests assert.",
        "",
        "| file | source | facts | validate | rules | why | decodes | exiftool | library | upstream tests |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append("| `" + row[0] + "` | " + " | ".join(str(c) for c in row[1:]) + " |")
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {OUT}: {len(rows)} files")


if __name__ == "__main__":
    main()
