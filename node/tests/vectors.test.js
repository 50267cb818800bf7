// `vectors()`: every corner case of spec/vectors/, played through the JavaScript API on both
// engines, gives the verdicts and end state the export states (the vectors cite every clause
// family, so this reaches suicide, ko, superko, passes and scoring).
'use strict'
const test = require('node:test')
const assert = require('node:assert/strict')
const { ttrules, rows, gtpList } = require('./util')

const vectors = ttrules.vectors()

function gameOf(v, engine) {
  const params = Object.keys(new ttrules.Rules().parameters())
    .map((k) => `${k}=${v.rules[k]}`)
    .join(' ')
  return new ttrules.Game(v.size.width, v.size.height, {
    rules: new ttrules.Rules(params),
    komi: v.komi,
    setup: v.setup.grid,
    toMove: v.setup.to_move,
    handicap: v.setup.handicap,
    engine,
  })
}

for (const engine of ['fast', 'reference']) {
  test(`every vector through the JavaScript API, ${engine} engine`, () => {
    assert.ok(vectors.length >= 100, `${vectors.length} vectors`)
    const seen = {}
    const count = (k) => (seen[k] = (seen[k] || 0) + 1)
    for (const v of vectors) {
      const g = gameOf(v, engine)
      assert.equal(g.engine, engine)
      for (const a of v.attempts) {
        const want = a.expected
        assert.equal(g.toMove, a.color, v.name)
        const verdict = g.verdict(a.move)
        assert.equal(g.isLegal(a.move), want.legal, v.name)
        try {
          const got = g.play(a.move)
          assert.ok(want.legal, `${v.name}: ${a.move} played but expected illegal`)
          assert.deepEqual([got.captured, got.suicided], [want.captured, want.suicided], v.name)
          assert.equal(verdict.legal, true, v.name)
          count(got.suicided ? 'suicided' : got.captured ? 'captured' : 'legal')
        } catch (e) {
          if (!(e instanceof ttrules.IllegalMove)) throw e
          assert.ok(!want.legal, `${v.name}: ${a.move} illegal (${e.message}) but expected legal`)
          assert.deepEqual([e.reason, e.clause], [want.reason, want.clause], v.name)
          assert.deepEqual([verdict.reason, verdict.clause], [want.reason, want.clause], v.name)
          count(e.reason)
        }
        assert.deepEqual(rows(g), a.after.grid, v.name)
        assert.equal(g.toMove, a.after.to_move, v.name)
        assert.deepEqual([g.passes, g.over], [a.after.passes, a.after.over], v.name)
      }
      const end = v.end
      assert.deepEqual([g.over, g.void, g.turns], [end.over, end.void, end.turns], v.name)
      assert.deepEqual(g.prisoners, [end.prisoners.black, end.prisoners.white], v.name)
      assert.deepEqual([g.firstPasser, g.handicap], [end.first_passer, end.handicap], v.name)
      assert.deepEqual(gtpList(g.legalPoints()), end.legal_moves, v.name)
      const mask = g.legalMoves()
      assert.equal(mask.filter((c) => c === 1).length, end.legal_moves.length, v.name)
      const alive = g.passAlive()
      assert.deepEqual(
        { black: gtpList(alive.black), white: gtpList(alive.white) },
        end.pass_alive,
        v.name,
      )
      if (end.score_error === null) {
        const s = g.score(v.dead)
        assert.deepEqual([s.black, s.white], [end.score.black, end.score.white], v.name)
        assert.equal(s.result, end.result, v.name)
        count('scored')
      } else {
        assert.throws(() => g.score(v.dead), ttrules.PointError, v.name)
        count('score-error')
      }
    }
    // Every kind of verdict is reached (a vector set that lost one would show here).
    for (const kind of ['legal', 'captured', 'suicided', 'occupied', 'suicide', 'ko', 'repetition', 'game-over', 'scored']) {
      assert.ok(seen[kind] > 0, `${kind} never reached: ${JSON.stringify(seen)}`)
    }
  })
}
