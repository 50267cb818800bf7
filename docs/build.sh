#!/usr/bin/env bash
# Builds the book into docs/book/ and checks it: the spec's chapters generated from spec/RULES.md,
# spec/perft.md and spec/CHANGELOG.md, and the page from each clause to its evidence (never
# committed), `mdbook build` (whose preprocessor links every clause
# citation and fails on an unknown one), then every internal link and anchor of the built pages.
# Needs python3 and mdBook 0.4.52. The browser test is separate:
# `node docs/tools/browser/anchors.mjs` (after `npm ci --prefix docs/tools/browser`).
set -euo pipefail
cd "$(dirname "$0")"
python3 tools/gen_spec.py
python3 tools/gen_evidence.py
mdbook build
python3 tools/check_book.py book
