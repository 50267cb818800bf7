// Side by side with @sabaki/go-board (the conformance matrix's npm library, pinned in
// node/package-lock.json), as a library author would test their board against the reference:
// seeded random games on small boards, ttrules under simple ko with suicide forbidden (the rules
// Sabaki's `makeMove(sign, vertex, { preventKo: true, preventSuicide: true })` implements), every
// position, capture count, ko and suicide verdict compared. The events reached are counted and a
// zero fails.
//
// With suicide allowed the two differ, and this test is how that was found: after a lone stone's
// suicide (which leaves the position as it was), a second lone suicide recreates the position
// before the opponent's last turn, which simple ko forbids (r[var.ko.simple]); Sabaki's ko mark
// only follows the capture of one stone, and allows it.
//
// Two conventions differ and are translated: Sabaki's vertices count y from the top, ours from the
// bottom; and Sabaki keeps its ko mark across a pass, while under simple ko (r[var.ko.simple]) a
// pass lifts it, so after a pass the Sabaki board is rebuilt from its sign map (which clears it).
'use strict'
const test = require('node:test')
const assert = require('node:assert/strict')
const Board = require('@sabaki/go-board')
const { ttrules, rng } = require('./util')

const RULES = 'repetition=simple-ko suicide=forbidden'
const SABAKI = { preventKo: true, preventSuicide: true }
const REFUSAL = { ko: /Ko prevented/, suicide: /Suicide prevented/ }
const SEED = 20261207
const GAMES = 200

/** Our point [x, y] (y from the bottom) as a Sabaki vertex (y from the top). */
const vertex = (p, h) => [p[0], h - 1 - p[1]]

function sameBoard(g, board) {
  const b = g.board()
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) {
      if (b[y * g.width + x] !== board.get(vertex([x, y], g.height))) return false
    }
  }
  return true
}

function playOne(r, seen) {
  const w = 4 + r.int(5)
  const h = 4 + r.int(5)
  const g = new ttrules.Game(w, h, { rules: RULES })
  let board = Board.fromDimensions(w, h)
  seen.games++
  for (let turn = 0; turn < 3 * w * h && !g.over; turn++) {
    const sign = g.toMove === 'B' ? 1 : -1
    const roll = r.random()
    if (roll < 0.04) {
      g.pass()
      board = new Board(board.signMap.map((row) => row.slice()))
      seen.passes++
      continue
    }
    if (roll < 0.2) {
      // An empty point ttrules refuses, when there is one: Sabaki must refuse it too, for the
      // same reason (ko or suicide).
      const b = g.board()
      const mask = g.legalMoves()
      const refused = []
      for (let i = 0; i < b.length; i++) if (b[i] === 0 && mask[i] === 0) refused.push([i % w, Math.floor(i / w)])
      if (refused.length > 0) {
        const p = r.pick(refused)
        const v = g.verdict(p)
        assert.ok(v.reason in REFUSAL, `only ko and suicide refuse an empty point under ${RULES}: ${JSON.stringify(v)}`)
        assert.throws(() => board.makeMove(sign, vertex(p, h), SABAKI), REFUSAL[v.reason], `${g.toString()} ${JSON.stringify(p)}`)
        seen[v.reason === 'ko' ? 'koAgreed' : 'suicideAgreed']++
        continue
      }
    }
    const points = g.legalPoints()
    if (points.length === 0) {
      g.pass()
      seen.passes++
      continue
    }
    const p = r.pick(points)
    const before = board
    board = board.makeMove(sign, vertex(p, h), SABAKI)
    const { captured, suicided } = g.play(p)
    assert.equal(before.getCaptures(sign) + captured, board.getCaptures(sign), 'captures')
    assert.equal(suicided, 0, 'no suicide under these rules')
    assert.ok(sameBoard(g, board), `positions differ after ${g.moves.length} turns on ${w}x${h}`)
    if (captured > 0) seen.captures++
    seen.moves++
  }
  if (g.over) seen.ended++
}

test('ttrules and @sabaki/go-board agree move by move over seeded random games', () => {
  const r = rng(SEED)
  const seen = { games: 0, moves: 0, captures: 0, koAgreed: 0, suicideAgreed: 0, passes: 0, ended: 0 }
  for (let i = 0; i < GAMES; i++) playOne(r, seen)
  for (const [k, n] of Object.entries(seen)) assert.ok(n > 0, `${k} never reached: ${JSON.stringify(seen)}`)
  console.log(`sabaki side by side: ${JSON.stringify(seen)}`)
})
