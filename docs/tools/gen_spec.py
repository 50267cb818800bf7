#!/usr/bin/env python3
"""Writes the spec chapters of the book from spec/RULES.md (one chapter per Part), spec/perft.md
and spec/CHANGELOG.md (`changelog.md`) into docs/src/spec/, each clause id as an anchor:
`r[tt.turn.repetition]` becomes `<a class="clause" id="tt.turn.repetition" href="#tt.turn.repetition">r[tt.turn.repetition]</a>`,
so `spec/part-1.html#tt.turn.repetition` lands on the clause. The chapters are build output (not
committed); docs/build.sh runs this before `mdbook build`. Fails when SUMMARY.md and the chapters
disagree, so a new Part cannot be left out of the book.

Usage: python3 docs/tools/gen_spec.py
"""

import re
import sys

import clauses

SRC = clauses.ROOT / "docs" / "src"
# The pages of docs/src/spec/ written by another script, by file name.
OTHER_GENERATORS = {"evidence.md": "gen_evidence.py"}
HEADER = (
    "<!-- Generated from spec/{source} by docs/tools/gen_spec.py: edit the source, not this "
    "file. -->\n\n"
)


def render(lines):
    out = []
    for line in lines:
        m = clauses.DEFINITION.match(line)
        if m:
            i = m.group(1)
            line = f'<a class="clause" id="{i}" href="#{i}">r[{i}]</a>'
        # Links between the two source files keep working between their chapters.
        line = re.sub(r"\]\(RULES\.md(#[^)]*)?\)", lambda m: f"](index.md{m.group(1) or ''})", line)
        line = line.replace("](CHANGELOG.md)", "](changelog.md)")
        out.append(line)
    return "\n".join(out) + "\n"


def main():
    clauses.definitions()  # fails on an id defined twice
    out_dir = SRC / clauses.OUT_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    written = set()
    for name, _, lines in clauses.chapters():
        source = "perft.md" if name == "perft.md" else "RULES.md"
        (out_dir / name).write_text(HEADER.format(source=source) + render(lines), encoding="utf-8")
        written.add(f"{clauses.OUT_DIR}/{name}")
    changelog = (clauses.ROOT / "spec" / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    (out_dir / "changelog.md").write_text(
        HEADER.format(source="CHANGELOG.md") + render(changelog), encoding="utf-8"
    )
    written.add(f"{clauses.OUT_DIR}/changelog.md")
    # Pages of docs/src/spec/ that other generators write (docs/build.sh runs them next).
    written |= {f"{clauses.OUT_DIR}/{name}" for name in OTHER_GENERATORS}
    for stale in out_dir.glob("*.md"):
        if f"{clauses.OUT_DIR}/{stale.name}" not in written:
            stale.unlink()
    summary = (SRC / "SUMMARY.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"\]\((" + clauses.OUT_DIR + r"/[^)#]+\.md)\)", summary))
    problems = [f"{p} is generated but not listed in docs/src/SUMMARY.md" for p in sorted(written - listed)]
    problems += [f"{p} is listed in docs/src/SUMMARY.md but not generated" for p in sorted(listed - written)]
    if problems:
        sys.exit("gen_spec: " + "; ".join(problems))
    print(f"gen_spec: {len(written)} chapters, {len(clauses.definitions())} clause anchors in docs/src/{clauses.OUT_DIR}/")


if __name__ == "__main__":
    main()
