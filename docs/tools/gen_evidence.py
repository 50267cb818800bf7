#!/usr/bin/env python3
"""Writes docs/src/spec/evidence.md, the book's page from each clause to its evidence: for every
clause id of spec/RULES.md and spec/perft.md, the vectors of spec/vectors/ that cite it (their
`clauses` lists) and the tests that cite it (`r[ID]` in a test), each linked to its line in the
repository; a clause that nothing cites says so. Build output (not committed, like the spec's
chapters); docs/build.sh runs this after gen_spec.py.

What counts as a test: a file under a `tests/` folder (the crates' integration tests and their
data: records, snapshots, READMEs; python/tests/), which is also where the coverage test of
spec/vectors/tests/vectors.rs looks; a `.rs` file whose name ends in `tests.rs`; and in any other
`.rs` file the lines from its first `#[cfg(test)]` on (the unit tests at its end).
A vector that names a clause in its `clauses` list cites it; so does a test that writes
`r[ID]`, in a comment or a string. Citations in the engines' code (which implements a clause,
and is not evidence for it) are not counted here.

Usage: python3 docs/tools/gen_evidence.py
"""

import re
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

import clauses

ROOT = clauses.ROOT
OUT = ROOT / "docs" / "src" / clauses.OUT_DIR / "evidence.md"
# Where the source lines are linked to: the repository of the workspace (Cargo.toml).
REPO = re.search(
    r'^repository = "([^"]+)"', (ROOT / "Cargo.toml").read_text(encoding="utf-8"), re.M
).group(1)
BLOB = f"{REPO}/blob/main"
# Folders never walked: build output, dependencies, fuzz corpora, the book.
SKIP = {"target", ".git", "node_modules", ".venv", "corpus", "artifacts", "book", "__pycache__"}
# Test data that may cite a clause (records' comments, snapshots, notes).
DATA = {".sgf", ".snap", ".md", ".toml", ".tst", ".json", ".txt", ".gtp"}
# How many lines of one test file a cell lists before it only counts them.
LINES_SHOWN = 6


def walk(d):
    for p in sorted(d.iterdir()):
        if p.name in SKIP or p.name.startswith("."):
            continue
        if p.is_dir():
            yield from walk(p)
        elif p.is_file():
            yield p


def vectors(known):
    """Clause id -> [(file, vector name, line)] from every TOML file of spec/vectors/."""
    out = defaultdict(list)
    unknown = []
    for path in sorted((ROOT / "spec" / "vectors").rglob("*.toml")):
        if path.name == "Cargo.toml":
            continue
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT).as_posix()
        lines = text.splitlines()
        for v in tomllib.loads(text).get("vector", []):
            name = v.get("name", "?")
            line = next(
                (i + 1 for i, l in enumerate(lines) if re.match(rf'^name\s*=\s*"{re.escape(name)}"', l)),
                1,
            )
            for c in v.get("clauses", []):
                if c in known:
                    out[c].append((rel, name, line))
                else:
                    unknown.append(f"{rel}: {name} cites unknown clause {c}")
    return out, unknown


def is_test_file(rel):
    parts = rel.split("/")
    return "tests" in parts[:-1] or parts[-1].endswith("tests.rs")


def tests(known):
    """Clause id -> {file: [line, …]} of the tests that cite it (see the module's doc)."""
    pattern = clauses.citation_pattern(known)
    out = defaultdict(lambda: defaultdict(list))
    for path in walk(ROOT):
        rel = path.relative_to(ROOT).as_posix()
        if path.suffix not in (".rs", ".py") and not (is_test_file(rel) and path.suffix in DATA):
            continue
        if rel.startswith(("docs/", "conformance/")):
            continue
        whole = is_test_file(rel)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        in_tests = whole
        for n, line in enumerate(text.splitlines(), 1):
            if not in_tests and line.strip().startswith("#[cfg(test)]"):
                in_tests = True
            if not in_tests:
                continue
            for m in pattern.finditer(line):
                if m.group(1) in known and n not in out[m.group(1)][rel]:
                    out[m.group(1)][rel].append(n)
    return out


def vector_cell(vs):
    if not vs:
        return "**none**"
    by_file = defaultdict(list)
    for rel, name, line in vs:
        by_file[rel].append(f"[`{name}`]({BLOB}/{rel}#L{line})")
    return "; ".join(f"{Path(rel).name}: " + ", ".join(names) for rel, names in by_file.items())


def test_cell(files):
    if not files:
        return "**none**"
    cells = []
    for rel, lines in sorted(files.items()):
        shown = ", ".join(f"[L{n}]({BLOB}/{rel}#L{n})" for n in lines[:LINES_SHOWN])
        more = f" and {len(lines) - LINES_SHOWN} more" if len(lines) > LINES_SHOWN else ""
        cells.append(f"`{rel}` ({shown}{more})")
    return "; ".join(cells)


def main():
    where = clauses.definitions()
    known = set(where)
    vec, unknown = vectors(known)
    tst = tests(known)
    if unknown:
        sys.exit("gen_evidence: " + "; ".join(unknown))
    # The clauses in the order of the text, grouped by chapter.
    chapters = []
    for name, title, lines in clauses.chapters():
        ids = [m.group(1) for l in lines if (m := clauses.DEFINITION.match(l))]
        if ids:
            chapters.append((name, title, ids))
    bare = [i for i in where if not vec.get(i) and not tst.get(i)]
    retired = {
        i for _, _, lines in clauses.chapters() for k, l in enumerate(lines)
        if (m := clauses.DEFINITION.match(l)) and k + 1 < len(lines)
        and lines[k + 1].startswith("*Retired*") for i in [m.group(1)]
    }
    out = [
        "<!-- Generated by docs/tools/gen_evidence.py from spec/RULES.md, spec/perft.md, "
        "spec/vectors/ and the tests: edit those, not this file. -->",
        "",
        "# From each clause to its evidence",
        "",
        "For every clause of the rules text, the vectors of `spec/vectors/` that exercise it (each "
        "vector's `clauses` list) and the tests that cite it by id, each linked to its line in the "
        "repository. A test is a file under a `tests/` folder (with its data: records, snapshots), a "
        "`*tests.rs` file, or the unit tests at the end of a source file (from its `#[cfg(test)]`); "
        "the engines' own citations "
        "are the implementation, not evidence, and are not listed. Generated by "
        "`docs/tools/gen_evidence.py` when the book is built, from the sources of that commit.",
        "",
        f"{len(where)} clauses: {sum(1 for i in where if vec.get(i))} cited by a vector, "
        f"{sum(1 for i in where if tst.get(i))} by a test, "
        f"**{len(bare)} by neither**"
        + (f" ({', '.join(f'r[{i}]' + (' (retired)' if i in retired else '') for i in bare)})"
           if bare else "")
        + ". Parts I and II must have a vector for every clause, the later parts a vector or a "
        "test (spec/RULES.md, \"How to read and cite this text\"); the tests `every_clause_has_a_vector` and "
        "`every_other_clause_has_a_vector_or_a_test_that_cites_it` of "
        "`spec/vectors/tests/vectors.rs` enforce it, so a clause without evidence here is one that "
        "rule allows (a retired clause, a note) or a gap to fill.",
        "",
    ]
    for name, title, ids in chapters:
        out += [f"## {title}", "", "| clause | vectors | tests |", "| --- | --- | --- |"]
        for i in ids:
            label = f"r[{i}]" + (" *(retired)*" if i in retired else "")
            out.append(f"| {label} | {vector_cell(vec.get(i, []))} | {test_cell(tst.get(i, {}))} |")
        out.append("")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(out), encoding="utf-8")
    print(
        f"gen_evidence: {len(where)} clauses, {sum(len(v) for v in vec.values())} vector citations, "
        f"{sum(len(l) for f in tst.values() for l in f.values())} test citations, {len(bare)} "
        f"clauses with neither, in docs/src/{clauses.OUT_DIR}/evidence.md"
    )


if __name__ == "__main__":
    main()
