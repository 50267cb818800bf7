// Game, Rules and the point helpers: the API as the guide shows it, batches, undo and clone, and
// no panic crossing into JavaScript.
'use strict'
const test = require('node:test')
const assert = require('node:assert/strict')
const { ttrules, rows } = require('./util')
const { Game, Rules } = ttrules

test('a short game as the guide plays it', () => {
  const g = new Game(9, { rules: 'chinese' })
  assert.equal(g.komi, 7.5)
  assert.deepEqual(g.play('E5'), { captured: 0, suicided: 0 })
  g.play([2, 2])
  assert.equal(g.isLegal('E5'), false)
  assert.deepEqual(g.verdict('E5'), { legal: false, reason: 'occupied', clause: 'tt.move.empty' })
  const e = assert.throws(() => g.play('E5'), ttrules.IllegalMove)
  assert.equal(g.turns, 2)
  g.pass()
  g.pass()
  assert.equal(g.over, true)
  const s = g.score()
  assert.deepEqual([s.black, s.white, s.komi, s.winner, s.margin, s.result], [1, 1, 7.5, 'W', 7.5, 'W+7.5'])
  assert.equal(g.winner(), 'W')
  assert.equal(g.result(), 'W+7.5')
  assert.deepEqual(g.moves, [[4, 4], [2, 2], null, null])
  assert.throws(() => g.pass(), (err) => err instanceof ttrules.IllegalMove && err.reason === 'game-over')
  void e
})

test('IllegalMove carries reason, clause, point and the clause link', () => {
  const g = new Game(5)
  g.play('C3')
  try {
    g.play([2, 2])
    assert.fail('occupied point played')
  } catch (e) {
    assert.ok(e instanceof ttrules.IllegalMove && e instanceof ttrules.TtrulesError && e instanceof Error)
    assert.equal(e.name, 'IllegalMove')
    assert.equal(e.reason, 'occupied')
    assert.equal(e.clause, 'tt.move.empty')
    assert.deepEqual(e.point, [2, 2])
    assert.match(e.clauseUrl, /#tt\.move\.empty$/)
  }
  // Off the board is an illegal turn (r[tt.board]), not a bad value.
  assert.throws(() => g.play([7, 0]), (e) => e instanceof ttrules.IllegalMove && e.reason === 'off-grid')
})

test('legalMoves and board are flat typed arrays indexed y * width + x, y from the bottom', () => {
  const g = new Game(4, 3)
  assert.deepEqual([g.width, g.height], [4, 3])
  g.play([1, 0])
  const b = g.board()
  assert.ok(b instanceof Int8Array)
  assert.equal(b.length, 12)
  assert.equal(b[0 * 4 + 1], 1)
  g.play('A3') // [0, 2]: top-left
  assert.equal(g.board()[2 * 4 + 0], -1)
  const m = g.legalMoves()
  assert.ok(m instanceof Uint8Array)
  assert.equal(m[1], 0)
  assert.equal(m.reduce((a, c) => a + c, 0), 10)
  assert.deepEqual(rows(g), ['O...', '....', '.X..'])
})

test('suicide, ko and positional superko verdicts cite their clauses', () => {
  // A lone suicide recreates the position: positional superko forbids it (r[tt.turn.repetition]).
  const lone = new Game(3, 3, { setup: ['.X.', 'X..', '...'], toMove: 'W' })
  assert.deepEqual(lone.verdict('A3'), { legal: false, reason: 'repetition', clause: 'tt.turn.repetition' })
  // A suicide of two stones is legal under Tromp-Taylor (r[tt.move.clear-self]).
  const g = new Game(3, 3, { setup: ['.OX', 'XX.', '...'], toMove: 'W' })
  assert.deepEqual(g.play('A3'), { captured: 0, suicided: 2 })
  // Forbidden under Japanese rules (r[var.suicide.forbidden]).
  const j = new Game(3, 3, { rules: 'japanese', setup: ['.X.', 'X..', '...'], toMove: 'W' })
  const v = j.verdict('A3')
  assert.deepEqual([v.legal, v.reason], [false, 'suicide'])
})

test('playMany plays a batch; an illegal turn stops it with played', () => {
  const g = new Game(9)
  assert.equal(g.playMany(['E5', [2, 2], null, 'pass']), 4)
  assert.equal(g.over, true)
  const h = new Game(9)
  const e = assert.throws(() => h.playMany(['E5', 'E5']), ttrules.IllegalMove)
  void e
  try {
    new Game(9).playMany(['E5', 'D4', 'E5'])
  } catch (err) {
    assert.equal(err.played, 2)
    assert.equal(err.reason, 'occupied')
  }
  const k = new Game(9)
  assert.equal(k.playMany(new Int16Array([4, 4, 2, 2, -1, -1])), 3)
  assert.deepEqual(k.moves, [[4, 4], [2, 2], null])
  assert.throws(() => k.playMany(new Int16Array([1])), ttrules.PointError)
})

test('undo and clone', () => {
  const g = new Game(5)
  g.play('C3')
  const c = g.clone()
  g.play('D4')
  assert.equal(c.turns, 1)
  assert.equal(g.turns, 2)
  g.undo()
  assert.deepEqual(g.moves, [[2, 2]])
  assert.deepEqual(rows(g), rows(c))
  g.undo()
  assert.throws(() => g.undo(), ttrules.TtrulesValueError)
})

test('score with dead stones, passAlive, resume', () => {
  const g = new Game(5, { setup: ['.....', '.....', '..X..', '.....', '.....'] })
  assert.deepEqual(g.score().black, 25)
  assert.equal(g.score(['C3']).black, 0)
  assert.equal(g.score('C3').black, 0)
  const a = new Game(5, { setup: ['.X.X.', 'XXXXX', '.....', '.....', '.....'] }).passAlive()
  assert.ok(a.black.length >= 7, JSON.stringify(a))
  assert.deepEqual(a.white, [])
  const r = new Game(5)
  r.pass()
  r.pass()
  r.resume()
  assert.equal(r.over, false)
})

test('Rules from names, KataGo strings and parameter lists, fields readable', () => {
  const c = new Rules('chinese', { repetition: 'positional' })
  assert.equal(c.name, 'chinese-superko')
  assert.equal(c.repetition, 'positional')
  const j = new Rules('japanese')
  assert.equal(j.counting, 'territory')
  assert.equal(j.defaultKomi, 6.5)
  const k = new Rules(j.katago)
  assert.equal(k.counting, 'territory')
  const p = new Rules('repetition=situational suicide=forbidden')
  assert.equal(p.suicide, 'forbidden')
  assert.equal(p.defaultKomi, null)
  assert.deepEqual(Object.keys(p.parameters()).slice(0, 2), ['repetition', 'suicide'])
  assert.ok(Rules.names().includes('tromp-taylor'))
  assert.ok(new Rules().equals(new Rules('tromp-taylor')))
  assert.equal(new Rules('TT').name, 'tromp-taylor')
  for (const name of Rules.names()) assert.ok(new Rules(name).describe().length > 0)
  assert.match(p.describe(), /^repetition=situational suicide=forbidden/)
})

test('points: GTP, SGF and pairs', () => {
  assert.deepEqual(ttrules.point('D4'), [3, 3])
  assert.equal(ttrules.gtp([3, 3]), 'D4')
  assert.equal(ttrules.gtp([8, 0]), 'J1')
  assert.equal(ttrules.sgf([3, 3], 19, 19), 'dp')
  assert.match(ttrules.SPEC_VERSION, /^ttrules-rules \d/)
})

test('a panic in Rust is an InternalError, and the game refuses further use', () => {
  const g = new Game(9)
  g.play('E5')
  assert.throws(() => g._panicForTest(), (e) => e instanceof ttrules.InternalError && /a panic on purpose/.test(e.message))
  assert.throws(() => g.play('D4'), ttrules.InternalError)
  assert.throws(() => g.board(), ttrules.InternalError)
  // Other games are untouched, and the process is alive.
  assert.equal(new Game(9).play('E5').captured, 0)
})

test('the reference engine answers as the fast one', () => {
  const f = new Game(7)
  const r = new Game(7, { engine: 'reference' })
  assert.equal(r.engine, 'reference')
  for (const m of ['D4', 'C3', 'E5', 'pass', 'C4']) {
    f.play(m)
    r.play(m)
  }
  assert.deepEqual(rows(f), rows(r))
  assert.deepEqual(f.legalMoves(), r.legalMoves())
})
