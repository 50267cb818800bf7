#!/usr/bin/env python3
"""mdBook preprocessor: every clause citation `r[tt.turn.repetition]` in the book's text becomes a
link to its anchor in the spec chapters, and a citation of an id that no clause defines fails the
build (naming the page). Code (fenced blocks and inline code spans) is left as it is.

mdBook runs it as `python3 tools/link_clauses.py` from docs/ (see book.toml): first with
`supports RENDERER`, then with `[context, book]` as JSON on stdin, answering the book.
"""

import json
import os
import re
import sys

import clauses

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
BACKTICKS = re.compile(r"`+")


def link_text(text, chapter, where, pattern, unknown):
    """Links the citations of `text`, which holds no code."""
    base = os.path.dirname(chapter)

    def link(m):
        i = m.group(1)
        if i not in where:
            unknown.append(f"{chapter}: r[{i}]")
            return m.group(0)
        target = os.path.relpath(where[i], base) if base else where[i]
        return f"[r\\[{i}\\]]({target}#{i})"

    return pattern.sub(link, text)


def check_code(code, chapter, where, pattern, unknown):
    for m in pattern.finditer(code):
        if m.group(1) not in where:
            unknown.append(f"{chapter}: r[{m.group(1)}] (in code)")


def link_prose(text, chapter, where, pattern, unknown):
    """Text outside fenced blocks: code spans are kept, the rest is linked."""
    out, pos = [], 0
    while True:
        m = BACKTICKS.search(text, pos)
        if not m:
            break
        close = re.compile(r"(?<!`)" + re.escape(m.group(0)) + r"(?!`)").search(text, m.end())
        if not close:
            break
        out.append(link_text(text[pos : m.start()], chapter, where, pattern, unknown))
        check_code(text[m.start() : close.end()], chapter, where, pattern, unknown)
        out.append(text[m.start() : close.end()])
        pos = close.end()
    out.append(link_text(text[pos:], chapter, where, pattern, unknown))
    return "".join(out)


def link_chapter(content, chapter, where, pattern, unknown):
    out, prose, fence = [], [], None
    for line in content.splitlines(keepends=True):
        m = FENCE.match(line)
        if fence is None and m:
            out.append(link_prose("".join(prose), chapter, where, pattern, unknown))
            prose, fence = [], m.group(1)
            out.append(line)
        elif fence is not None:
            check_code(line, chapter, where, pattern, unknown)
            out.append(line)
            if line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
                fence = None
        else:
            prose.append(line)
    out.append(link_prose("".join(prose), chapter, where, pattern, unknown))
    return "".join(out)


def walk(items, visit):
    for item in items:
        if isinstance(item, dict) and "Chapter" in item:
            visit(item["Chapter"])
            walk(item["Chapter"].get("sub_items", []), visit)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "supports":
        sys.exit(0)
    _context, book = json.load(sys.stdin)
    where = clauses.definitions()
    pattern = clauses.citation_pattern(where)
    unknown = []

    def visit(ch):
        if ch.get("path"):
            ch["content"] = link_chapter(ch["content"], ch["path"], where, pattern, unknown)

    # mdBook 0.4 calls the list `sections`, 0.5 `items`.
    walk(book.get("sections", book.get("items", [])), visit)
    if unknown:
        sys.exit("link_clauses: citations of clauses that no clause defines:\n  " + "\n  ".join(unknown))
    json.dump(book, sys.stdout)


if __name__ == "__main__":
    main()
