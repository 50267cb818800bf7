#!/usr/bin/env node
// Throughput of the npm package in one run, side by side with @sabaki/go-board and tenuki doing
// the same work, and the Python package (never asserted by a test; docs/src/reports/javascript.md):
//
// - moves a second of Game.play on 19x19, replaying seeded random legal games (one call a move,
//   and playMany in batches), and the same moves on @sabaki/go-board (makeMove with ko and suicide
//   checks) and tenuki (playAt);
// - legalMoves() calls a second on positions of those games, against the libraries testing
//   every empty point (Sabaki's analyzeMove, tenuki's isIllegalAt);
// - records a second of replay (a file's bytes to its documents, one thread) and of replayFiles
//   (every core) over the shared records, against the libraries playing each record's main line
//   (taken from the SGF by a regular expression: far less work than the record reader does);
// - the cost of one call into the addon (a getter), and of a call that reads a point.
//
// Usage: node node/bench/bench.js [RECORDS_DIR] (default ../shared/records), with the addon
// built in release (npm run build, or node build.js); TTRULES_PYTHON=path/to/python with the
// Python package installed adds its figures (node/bench/py_bench.py). Prints Markdown.
'use strict'
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { execFileSync } = require('node:child_process')
const ttrules = require('..')
const Board = require('@sabaki/go-board')
const tenuki = require('tenuki')

const ROOT = path.resolve(__dirname, '..', '..')
const RECORDS = process.argv[2] || path.resolve(ROOT, '..', 'shared', 'records')
const MIN_SECONDS = Number(process.env.BENCH_SECONDS || 2)

/** This process's CPU seconds (user and system): the machine is shared, and wall-clock rates
 * would measure the other processes' load as much as this code. */
function cpu() {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

/** Runs f (which returns a count) for at least MIN_SECONDS of CPU time; count per CPU-second. */
function timed(f) {
  let count = 0
  const start = cpu()
  for (;;) {
    count += f()
    const s = cpu() - start
    if (s >= MIN_SECONDS) return count / s
  }
}

/** Seeded random legal 19x19 games (mulberry32), as lists of [x, y] (y from the bottom). */
function randomGames(n, seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const games = []
  for (let i = 0; i < n; i++) {
    const g = new ttrules.Game(19, { rules: 'repetition=simple-ko suicide=forbidden' })
    const moves = []
    for (let k = 0; k < 250; k++) {
      const legal = g.legalPoints()
      if (legal.length === 0) break
      const p = legal[Math.floor(next() * legal.length)]
      g.play(p)
      moves.push(p)
    }
    games.push(moves)
  }
  return games
}

function benchPlay(games) {
  const moves = games.reduce((n, g) => n + g.length, 0)
  const out = {}
  out.play = timed(() => {
    for (const ms of games) {
      const g = new ttrules.Game(19)
      for (const m of ms) g.play(m)
    }
    return moves
  })
  out.playGtp = timed(() => {
    const names = games.map((ms) => ms.map((m) => ttrules.gtp(m)))
    let n = 0
    for (const ms of names) {
      const g = new ttrules.Game(19)
      for (const m of ms) g.play(m)
      n += ms.length
    }
    return n
  })
  const batches = games.map((ms) => new Int16Array(ms.flat()))
  out.playManyTyped = timed(() => {
    for (const b of batches) new ttrules.Game(19).playMany(b)
    return moves
  })
  out.playManyArray = timed(() => {
    for (const ms of games) new ttrules.Game(19).playMany(ms)
    return moves
  })
  out.playReference = timed(() => {
    const ms = games[0]
    const g = new ttrules.Game(19, { engine: 'reference' })
    for (const m of ms) g.play(m)
    return ms.length
  })
  out.sabaki = timed(() => {
    for (const ms of games) {
      let b = Board.fromDimensions(19, 19)
      let sign = 1
      for (const [x, y] of ms) {
        b = b.makeMove(sign, [x, 18 - y], { preventKo: true, preventSuicide: true })
        sign = -sign
      }
    }
    return moves
  })
  out.tenuki = timed(() => {
    for (const ms of games) {
      const g = new tenuki.Game({ boardSize: 19 })
      for (const [x, y] of ms) g.playAt(18 - y, x, { render: false })
    }
    return moves
  })
  return { moves, ...out }
}

function benchLegal(games) {
  // Positions after 50, 100, 150 and 200 moves of each game.
  const positions = []
  for (const ms of games) {
    for (const at of [50, 100, 150, 200]) {
      if (ms.length < at) continue
      positions.push(ms.slice(0, at))
    }
  }
  const ours = positions.map((ms) => {
    const g = new ttrules.Game(19)
    g.playMany(ms)
    return g
  })
  const sabaki = positions.map((ms) => {
    let b = Board.fromDimensions(19, 19)
    let sign = 1
    for (const [x, y] of ms) {
      b = b.makeMove(sign, [x, 18 - y])
      sign = -sign
    }
    return [b, sign]
  })
  const ten = positions.map((ms) => {
    const g = new tenuki.Game({ boardSize: 19 })
    for (const [x, y] of ms) g.playAt(18 - y, x, { render: false })
    return g
  })
  const out = { positions: positions.length }
  out.legalMoves = timed(() => {
    for (const g of ours) g.legalMoves()
    return ours.length
  })
  out.legalPoints = timed(() => {
    for (const g of ours) g.legalPoints()
    return ours.length
  })
  out.sabaki = timed(() => {
    for (const [b, sign] of sabaki) {
      const mask = new Uint8Array(361)
      for (let y = 0; y < 19; y++) {
        for (let x = 0; x < 19; x++) {
          if (b.get([x, y]) !== 0) continue
          const a = b.analyzeMove(sign, [x, y])
          mask[y * 19 + x] = a.ko || a.suicide ? 0 : 1
        }
      }
    }
    return sabaki.length
  })
  out.tenuki = timed(() => {
    for (const g of ten) {
      const mask = new Uint8Array(361)
      for (let y = 0; y < 19; y++) for (let x = 0; x < 19; x++) mask[y * 19 + x] = g.isIllegalAt(y, x) ? 0 : 1
    }
    return ten.length
  })
  return out
}

/** A record's main line by a regular expression: [x, y from the top] or null for a pass. */
function mainLine(text) {
  const size = Number((text.match(/SZ\[(\d+)/) || [])[1] || 19)
  const moves = []
  const re = /;\s*([BW])\[([a-s]{2})?\]/g
  let m
  while ((m = re.exec(text))) {
    moves.push(m[2] && !(size <= 19 && m[2] === 'tt') ? [m[2].charCodeAt(0) - 97, m[2].charCodeAt(1) - 97] : null)
  }
  return { size, moves }
}

async function benchRecords() {
  const files = ttrules.sgfFiles(RECORDS)
  const bytes = files.map((f) => fs.readFileSync(f))
  const out = { files: files.length }
  out.replay = timed(() => {
    for (let i = 0; i < bytes.length; i++) {
      try {
        ttrules.replay(bytes[i], { name: files[i] })
      } catch (e) {
        if (!(e instanceof ttrules.RecordError)) throw e
      }
    }
    return bytes.length
  })
  // replayFiles: whole passes (a pass is one promise), at least MIN_SECONDS of wall-clock time;
  // per CPU-second of every thread, and per wall-clock second.
  {
    let count = 0
    const start = process.hrtime.bigint()
    const cpuStart = cpu()
    let s = 0
    while (s < MIN_SECONDS) {
      await ttrules.replayFiles(files)
      count += files.length
      s = Number(process.hrtime.bigint() - start) / 1e9
    }
    out.replayFiles = count / (cpu() - cpuStart)
    out.replayFilesWall = count / s
  }
  const lines = bytes.map((b) => mainLine(b.toString('latin1'))).filter((l) => l.size === 19)
  out.libraryRecords = lines.length
  out.sabaki = timed(() => {
    for (const { moves } of lines) {
      let b = Board.fromDimensions(19, 19)
      let sign = 1
      for (const v of moves) {
        if (v && b.get(v) === 0) b = b.makeMove(sign, v)
        sign = -sign
      }
    }
    return lines.length
  })
  out.tenuki = timed(() => {
    for (const { moves } of lines) {
      const g = new tenuki.Game({ boardSize: 19 })
      for (const v of moves) {
        if (v) g.playAt(v[1], v[0], { render: false })
        else g.pass({ render: false })
      }
    }
    return lines.length
  })
  out.sabakiRegexOnly = timed(() => {
    for (const b of bytes) mainLine(b.toString('latin1'))
    return bytes.length
  })
  return out
}

function benchCrossing() {
  const g = new ttrules.Game(19)
  g.play('D4')
  const n = 1_000_000
  const perCall = (f) => {
    const rate = timed(() => {
      for (let i = 0; i < n; i++) f()
      return n
    })
    return 1e9 / rate
  }
  const js = { turns: 1 }
  return {
    getterNs: perCall(() => g.turns),
    isLegalNs: perCall(() => g.isLegal('pass')),
    isLegalPointNs: perCall(() => g.isLegal([3, 3])),
    jsPropertyNs: perCall(() => js.turns),
  }
}

async function main() {
  const games = randomGames(20, 20261207)
  const movesFile = path.join(os.tmpdir(), `ttrules-bench-moves-${process.pid}.json`)
  fs.writeFileSync(movesFile, JSON.stringify(games))
  const play = benchPlay(games)
  const legal = benchLegal(games)
  const records = await benchRecords()
  const crossing = benchCrossing()
  let python = null
  if (process.env.TTRULES_PYTHON) {
    const out = execFileSync(process.env.TTRULES_PYTHON, [path.join(__dirname, 'py_bench.py'), movesFile, RECORDS], {
      encoding: 'utf8',
      env: { ...process.env, BENCH_SECONDS: String(MIN_SECONDS) },
    })
    python = JSON.parse(out)
  }
  fs.rmSync(movesFile)
  const k = (x) => (x >= 1e4 ? `${Math.round(x / 1000).toLocaleString('en')}k` : Math.round(x).toLocaleString('en'))
  console.log(`${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0].model}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}, node ${process.version}; rates per CPU-second of this process`)
  console.log(`${play.moves} moves in 20 seeded random 19x19 games; ${legal.positions} positions; ${records.files} records (${records.libraryRecords} 19x19 for the libraries)\n`)
  console.log('| work | ttrules (npm) | ttrules playMany | @sabaki/go-board | tenuki | ttrules (Python) |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  console.log(`| moves/s, play | ${k(play.play)} ([x, y]); ${k(play.playGtp)} ("D4") | ${k(play.playManyTyped)} (Int16Array); ${k(play.playManyArray)} (array) | ${k(play.sabaki)} | ${k(play.tenuki)} | ${python ? k(python.play) : '–'} |`)
  console.log(`| legal-move masks/s, 19x19 | ${k(legal.legalMoves)} (legalPoints ${k(legal.legalPoints)}) | | ${k(legal.sabaki)} | ${k(legal.tenuki)} | ${python ? k(python.legal_moves) : '–'} |`)
  console.log(`| records/s, one thread | ${k(records.replay)} (replay) | | ${k(records.sabaki)} | ${k(records.tenuki)} | ${python ? k(python.replay) : '–'} |`)
  console.log(`| records/s, all cores | ${k(records.replayFiles)} per CPU-s, ${k(records.replayFilesWall)} per wall-clock s (replayFiles) | | | | ${python ? k(python.replay_many) : '–'} |`)
  console.log(`\nreference engine: ${k(play.playReference)} moves/s; regular-expression main lines alone: ${k(records.sabakiRegexOnly)} records/s`)
  console.log(`one call: getter ${crossing.getterNs.toFixed(0)} ns, isLegal('pass') ${crossing.isLegalNs.toFixed(0)} ns, isLegal([3, 3]) ${crossing.isLegalPointNs.toFixed(0)} ns; a JS property read ${crossing.jsPropertyNs.toFixed(1)} ns`)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
