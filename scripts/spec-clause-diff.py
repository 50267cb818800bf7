#!/usr/bin/env python3
"""The clause ids of spec/RULES.md that differ between two revisions, for spec/CHANGELOG.md.

Prints, from OLD to NEW (git revisions; NEW defaults to the working tree): the ids added (with the
commit that first defined each), the ids gone, the ids whose text changed, and the ids whose line
is marked *Retired* in NEW but not in OLD. A clause's text is the lines after its `r[ID]` line up
to the next clause or heading, compared after joining lines (so a change of line wrapping alone is
reported as `reflowed`, not as a change of text).

Usage: scripts/spec-clause-diff.py OLD [NEW]     e.g. scripts/spec-clause-diff.py 9ec5bb0
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFINITION = re.compile(r"^r\[([a-z0-9][a-z0-9._-]*)\]$")


def clauses(text):
    out, cur = {}, None
    for line in text.splitlines():
        m = DEFINITION.match(line)
        if m:
            cur = m.group(1)
            out[cur] = []
        elif line.startswith("#"):
            cur = None
        elif cur is not None:
            out[cur].append(line)
    return {k: "\n".join(v).strip() for k, v in out.items()}


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def at(rev):
    if rev is None:
        return clauses((ROOT / "spec" / "RULES.md").read_text(encoding="utf-8"))
    return clauses(git("show", f"{rev}:spec/RULES.md"))


def words(text):
    return " ".join(text.split())


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    old, new = at(sys.argv[1]), at(sys.argv[2] if len(sys.argv) == 3 else None)
    first = {}
    for rev in git("log", "--reverse", "--format=%h", "--", "spec/RULES.md").split():
        for k in at(rev):
            first.setdefault(k, rev)
    added = [k for k in new if k not in old]
    print(f"added ({len(added)}):")
    for k in added:
        print(f"  {k}  (first in {first.get(k, 'the working tree')})")
    print(f"gone ({len([k for k in old if k not in new])}): " + " ".join(k for k in old if k not in new))
    for k in old:
        if k in new and old[k] != new[k]:
            kind = "reflowed" if words(old[k]) == words(new[k]) else "text changed"
            print(f"{kind}: {k}")
    retired = [k for k in new if new[k].startswith("*Retired*") and not old.get(k, "").startswith("*Retired*")]
    print(f"retired ({len(retired)}): " + " ".join(retired))


if __name__ == "__main__":
    main()
