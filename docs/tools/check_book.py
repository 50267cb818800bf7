#!/usr/bin/env python3
"""Checks the built book (docs/book/): every internal link leads to a page of the book and, when it
has a fragment, to an element with that id there; every clause id the pages cite, as text or in
code, is defined by the spec; every clause of spec/RULES.md and spec/perft.md has its anchor;
and it warns about a report (a page of docs/src/reports/) that does not say when it was measured,
on what machine, and the command that regenerates it. Exits 1 with the list of what is broken.

Usage: python3 docs/tools/check_book.py [BOOK_DIR]
"""

import html
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import clauses

# The lines every report starts with.
REPORT_FIELDS = ("Measured", "Machine", "Regenerate")

# Pages mdBook makes of the whole book or for errors: their links repeat the chapters'.
SKIP = {"print.html", "toc.html", "404.html"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.hrefs, self.text = set(), [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name"):
            if a.get(key):
                self.ids.add(a[key])
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])

    def handle_data(self, data):
        self.text.append(data)


def parse(path):
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def main():
    book = Path(sys.argv[1] if len(sys.argv) > 1 else clauses.ROOT / "docs" / "book").resolve()
    if not (book / "index.html").is_file():
        sys.exit(f"check_book: {book} holds no built book (run docs/build.sh)")
    pages = {p: parse(p) for p in book.rglob("*.html") if p.name not in SKIP}
    where = clauses.definitions()
    pattern = clauses.citation_pattern(where)
    broken, links, cited = [], 0, 0
    for path, page in sorted(pages.items()):
        name = path.relative_to(book)
        for href in page.hrefs:
            url = urlsplit(href)
            if url.scheme or url.netloc or href.startswith("mailto:"):
                continue
            links += 1
            target = (path.parent / unquote(url.path)).resolve() if url.path else path
            if target.is_dir():
                target = target / "index.html"
            if book not in target.parents and target != book:
                broken.append(f"{name}: {href} leaves the book")
                continue
            if target.name in SKIP and target.is_file():
                continue
            if target not in pages:
                if not target.is_file():
                    broken.append(f"{name}: {href}: no such page")
                continue
            fragment = unquote(url.fragment)
            if fragment and fragment not in pages[target].ids:
                broken.append(f"{name}: {href}: no element with id {fragment!r} there")
        for m in pattern.finditer(html.unescape("".join(page.text))):
            cited += 1
            if m.group(1) not in where:
                broken.append(f"{name}: r[{m.group(1)}] is not a clause of the spec")
    # A warning for now, not a failure: reports written in other branches at the same time as this
    # check may state the same facts in other words.
    for report in sorted((clauses.ROOT / "docs" / "src" / "reports").glob("*.md")):
        text = report.read_text(encoding="utf-8")
        for field in REPORT_FIELDS:
            if f"- **{field}:**" not in text:
                print(f"check_book: warning: reports/{report.name} has no `- **{field}:**` line (a "
                      "report says when it was measured, on what machine, and how to regenerate "
                      "it)", file=sys.stderr)
    for i, chapter in where.items():
        page = book / (chapter[: -len(".md")] + ".html")
        if page not in pages or i not in pages[page].ids:
            broken.append(f"{chapter}: clause {i} has no anchor in the built book")
    if broken:
        print("check_book: broken:\n  " + "\n  ".join(broken), file=sys.stderr)
        sys.exit(1)
    if links < 100 or cited < 500:
        sys.exit(f"check_book: only {links} internal links and {cited} citations: is this the book?")
    print(f"check_book: {len(pages)} pages, {links} internal links, {cited} clause citations, "
          f"{len(where)} clause anchors: all resolve")


if __name__ == "__main__":
    main()
