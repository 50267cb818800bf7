// Helpers shared by the tests of the npm package (node --test node/tests/).
'use strict'
const path = require('node:path')
const fs = require('node:fs')

const ttrules = require('..')

const SYMBOL = { 0: '.', 1: 'X', '-1': 'O' }

/** The diagram rows of `g`, top row first, as the JSON documents write `grid`. */
function rows(g) {
  const b = g.board()
  const out = []
  for (let y = g.height - 1; y >= 0; y--) {
    let row = ''
    for (let x = 0; x < g.width; x++) row += SYMBOL[b[y * g.width + x]]
    out.push(row)
  }
  return out
}

/** GTP names of points. */
function gtpList(points) {
  return points.map((p) => ttrules.gtp(p))
}

/** The repository's root. */
const ROOT = path.resolve(__dirname, '..', '..')

/** The command line the differential tests compare with: $TTRULES_BIN, else target/debug/ttrules.
 * Missing, the tests fail (a test needing a missing program fails loudly). */
function cli() {
  const bin = process.env.TTRULES_BIN || path.join(ROOT, 'target', 'debug', 'ttrules')
  if (!fs.existsSync(bin)) {
    throw new Error(`the command line ${bin} is missing: build it (cargo build --bin ttrules) or set TTRULES_BIN`)
  }
  return bin
}

/** The shared records (../shared/records beside the repository); missing, the tests fail. */
function sharedRecords() {
  const dir = process.env.TTRULES_SHARED_RECORDS || path.resolve(ROOT, '..', 'shared', 'records')
  if (!fs.existsSync(dir)) {
    throw new Error(`the shared records ${dir} are missing (docs/src/guide/shared-records.md)`)
  }
  return dir
}

/** A seeded generator (mulberry32): the same games on every run. */
function rng(seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    random: next,
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  }
}

module.exports = { ttrules, rows, gtpList, ROOT, cli, sharedRecords, rng }
