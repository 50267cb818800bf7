"""The clause ids of the spec and the chapter of the book that defines each.

Shared by the generator (gen_spec.py), the preprocessor that links citations (link_clauses.py) and
the checker of the built book (check_book.py). A clause is defined by a line that is exactly
`r[ID]` (as in tests/vectors.rs); `spec/RULES.md` is split into one chapter per Part, and
`spec/perft.md` is a chapter of its own.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "spec" / "RULES.md"
PERFT = ROOT / "spec" / "perft.md"

DEFINITION = re.compile(r"^r\[([a-z0-9][a-z0-9._-]*)\]$")
PART = re.compile(r"^# Part ([IVXLC]+): ")
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}

# Where the generated chapters go, relative to docs/src/.
OUT_DIR = "spec"


def roman(numeral):
    """`VII` -> 7."""
    total = 0
    for i, c in enumerate(numeral):
        v = ROMAN[c]
        total += -v if i + 1 < len(numeral) and ROMAN[numeral[i + 1]] > v else v
    return total


def split_rules(text):
    """The preamble of RULES.md and its Parts: [(file name, title, lines)], the preamble first."""
    chapters = [("index.md", "The rules", [])]
    for line in text.splitlines():
        m = PART.match(line)
        if m:
            chapters.append((f"part-{roman(m.group(1))}.md", line[2:], []))
        chapters[-1][2].append(line)
    return chapters


def chapters():
    """Every generated chapter: [(file name, title, lines)], in book order."""
    out = split_rules(RULES.read_text(encoding="utf-8"))
    out.append(("perft.md", "Perft", PERFT.read_text(encoding="utf-8").splitlines()))
    return out


def definitions():
    """Clause id -> the chapter's path relative to docs/src/ (`spec/part-1.md`)."""
    where = {}
    for name, _, lines in chapters():
        for line in lines:
            m = DEFINITION.match(line)
            if m:
                if m.group(1) in where:
                    raise SystemExit(f"clause r[{m.group(1)}] is defined twice")
                where[m.group(1)] = f"{OUT_DIR}/{name}"
    return where


def citation_pattern(ids):
    """A citation: `r[FAMILY.…]` for a family of a defined clause (so that code such as `r[0]` or
    `r[i.x]` is not one), not preceded by a character that makes it part of something else (`>`
    ends the anchor the generator writes, `[` a link text already made)."""
    families = sorted({i.split(".")[0] for i in ids})
    return re.compile(
        r"(?<![\w>\[\\])r\[((?:" + "|".join(map(re.escape, families)) + r")(?:\.[a-z0-9_-]+)+)\]"
    )
