#!/usr/bin/env python3
"""Re-assemble the conformance corpus described by Tests/Fixtures/conformance/corpus.json.

The corpus files are other projects' test files. They are not committed here: this script copies each one out of a
local bare git snapshot of its upstream repository (``<mirror-root>/<Owner>+<name>/repo``) with
``git show <commit>:<upstreamPath>``, writes it to ``<target>/<path>``, and verifies its byte count and SHA-256
against the manifest. It never builds or runs anything from those repositories.

Usage:
    assemble_conformance.py [TARGET] [--manifest corpus.json] [--mirror-root /work/.mirror] [--check]

TARGET defaults to <repository root>/.build-conformance/corpus (git-ignored). With --check the script only verifies
an already assembled TARGET (no git needed). A copy of the manifest is written to TARGET/corpus.json.
Exit status: 0 when every file is present and matches, 1 otherwise. Python 3 standard library only.
"""

import argparse
import collections
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
DEFAULT_MANIFEST = os.path.join(HERE, "..", "conformance", "corpus.json")
DEFAULT_TARGET = os.path.join(REPO_ROOT, ".build-conformance", "corpus")
DEFAULT_MIRROR_ROOT = "/work/.mirror"


def snapshot_dir(mirror_root, repository):
    """The bare snapshot of 'Owner/name': <mirror-root>/Owner+name/repo (or the folder itself if it is the git dir)."""
    base = os.path.join(mirror_root, repository.replace("/", "+"))
    repo = os.path.join(base, "repo")
    return repo if os.path.isdir(repo) else base


def git(snapshot, *args):
    return subprocess.run(["git", "-C", snapshot, *args], capture_output=True)


def has_commit(snapshot, commit):
    return git(snapshot, "cat-file", "-e", f"{commit}^{{commit}}").returncode == 0


def digest(data):
    return hashlib.sha256(data).hexdigest()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("target", nargs="?", default=DEFAULT_TARGET, help="output directory (default: %(default)s)")
    ap.add_argument("--manifest", default=DEFAULT_MANIFEST, help="corpus.json (default: %(default)s)")
    ap.add_argument("--mirror-root", default=DEFAULT_MIRROR_ROOT,
                    help="folder holding <Owner>+<name>/repo snapshots (default: %(default)s)")
    ap.add_argument("--check", action="store_true", help="only verify an already assembled target")
    args = ap.parse_args(argv)

    with open(args.manifest, encoding="utf-8") as f:
        manifest = json.load(f)
    if manifest.get("schema") != 1:
        print(f"error: unsupported manifest schema {manifest.get('schema')!r}", file=sys.stderr)
        return 1
    sources = {s["id"]: s for s in manifest["sources"]}

    problems = []
    warnings = []
    ref = {}  # source id -> revision actually used
    if not args.check:
        for sid, s in sources.items():
            snap = snapshot_dir(args.mirror_root, s["repository"])
            if not os.path.isdir(snap):
                ref[sid] = None
                continue
            if has_commit(snap, s["commit"]):
                ref[sid] = s["commit"]
            else:
                warnings.append(f"{sid}: commit {s['commit'][:12]} not in {snap}; falling back to HEAD")
                ref[sid] = "HEAD"

    count = collections.Counter()
    size = collections.Counter()
    ok = 0
    for entry in manifest["files"]:
        sid = entry["source"]
        dest = os.path.join(args.target, entry["path"])
        if args.check:
            if not os.path.isfile(dest):
                problems.append(f"missing {entry['path']}")
                continue
            with open(dest, "rb") as f:
                data = f.read()
        else:
            s = sources[sid]
            if ref.get(sid) is None:
                problems.append(f"missing snapshot for {s['repository']} (needed by {entry['path']})")
                continue
            snap = snapshot_dir(args.mirror_root, s["repository"])
            r = git(snap, "show", f"{ref[sid]}:{entry['upstreamPath']}")
            if r.returncode != 0:
                problems.append(f"missing upstream file {s['repository']}:{entry['upstreamPath']} "
                                f"({r.stderr.decode(errors='replace').strip()})")
                continue
            data = r.stdout
        if len(data) != entry["byteCount"]:
            problems.append(f"size mismatch {entry['path']}: {len(data)} bytes, manifest says {entry['byteCount']}")
            continue
        if digest(data) != entry["sha256"]:
            problems.append(f"sha256 mismatch {entry['path']}")
            continue
        if not args.check:
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(data)
        ok += 1
        count[sid] += 1
        size[sid] += len(data)

    if not args.check and not problems:
        os.makedirs(args.target, exist_ok=True)
        shutil.copyfile(args.manifest, os.path.join(args.target, "corpus.json"))

    facts = collections.Counter(f["fact"] for e in manifest["files"] for f in e["facts"])
    print(f"conformance corpus: {ok}/{len(manifest['files'])} files verified in {args.target}")
    for sid in sources:
        if count[sid]:
            print(f"  {sid:18} {count[sid]:3} files {size[sid] / 1e6:8.2f} MB")
    print(f"  total              {sum(count.values()):3} files {sum(size.values()) / 1e6:8.2f} MB")
    print("  facts: " + ", ".join(f"{k} {v}" for k, v in sorted(facts.items())))
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    for p in problems:
        print(f"error: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
