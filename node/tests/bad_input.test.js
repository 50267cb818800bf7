// Bad input raises the right Error subclass, naming the argument, and never crashes the process:
// wrong types, off-board points, garbage SGF, huge boards, misspelt options.
'use strict'
const test = require('node:test')
const assert = require('node:assert/strict')
const { ttrules } = require('./util')
const { Game, Rules } = ttrules

function throwsClass(f, cls, pattern) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof cls, `${e.name}: ${e.message} is not a ${cls.name}`)
    assert.ok(e instanceof ttrules.TtrulesError)
    if (pattern) assert.match(e.message, pattern)
    return true
  })
}

test('wrong types are TtrulesTypeError naming the argument', () => {
  throwsClass(() => new Game('9'), ttrules.TtrulesTypeError, /width must be a number/)
  throwsClass(() => new Game(9, 9, { rules: 7 }), ttrules.TtrulesTypeError, /rules must be/)
  throwsClass(() => new Game(9, 9, { rules: new Game(9) }), ttrules.TtrulesTypeError, /rules must be/)
  throwsClass(() => new Game(9, 9, { komi: {} }), ttrules.TtrulesTypeError, /komi must be/)
  throwsClass(() => new Game(9, 9, { engine: 1 }), ttrules.TtrulesTypeError, /engine must be/)
  throwsClass(() => new Game(9, 9, { handicap: '2' }), ttrules.TtrulesTypeError, /handicap/)
  throwsClass(() => new Game(9, 9, { setup: 5 }), ttrules.TtrulesTypeError, /setup must be/)
  throwsClass(() => new Game(9, 9, [1]), ttrules.TtrulesTypeError, /options must be an object/)
  throwsClass(() => ttrules.replay(42), ttrules.TtrulesTypeError, /source must be/)
  throwsClass(() => ttrules.replay('(;GM[1])', { strict: 'yes' }), ttrules.TtrulesTypeError, /strict must be a boolean/)
  throwsClass(() => ttrules.replayFiles(3), ttrules.TtrulesTypeError, /paths must be/)
  throwsClass(() => new Rules(3), ttrules.TtrulesTypeError, /name must be a string/)
  throwsClass(() => new Game(9).playMany(5), ttrules.TtrulesTypeError, /moves must be/)
})

test('misspelt options are errors, not silent defaults', () => {
  throwsClass(() => new Game(9, { komi: 6.5, ruels: 'japanese' }), ttrules.TtrulesTypeError, /unknown option "ruels"/)
  throwsClass(() => ttrules.replay('(;GM[1])', { komi: 1, gmae: 2 }), ttrules.TtrulesTypeError, /unknown option "gmae"/)
})

test('values out of range name their clause', () => {
  throwsClass(() => new Game(0), ttrules.SizeError, /r\[tt\.board\.size\]/)
  throwsClass(() => new Game(26), ttrules.SizeError)
  throwsClass(() => new Game(1e9), ttrules.SizeError)
  throwsClass(() => new Game(2 ** 70), ttrules.SizeError)
  throwsClass(() => new Game(9.5), ttrules.SizeError)
  throwsClass(() => new Game(NaN), ttrules.SizeError)
  throwsClass(() => new Game(9, 9, { komi: 6.3 }), ttrules.KomiError)
  throwsClass(() => new Game(9, 9, { komi: 'lots' }), ttrules.KomiError)
  throwsClass(() => new Game(9, 9, { handicap: -1 }), ttrules.SetupError)
  throwsClass(() => new Game(9, 9, { toMove: 'X' }), ttrules.SetupError)
  throwsClass(() => new Game(3, 3, { setup: ['XXX'] }), ttrules.SetupError)
  throwsClass(() => new Game(2, 2, { setup: new Int8Array([0, 0, 0, 2]) }), ttrules.SetupError)
  throwsClass(() => new Game(2, 2, { setup: new Int8Array([0]) }), ttrules.SetupError)
  throwsClass(() => new Game(9, 9, { engine: 'quantum' }), ttrules.TtrulesValueError)
  throwsClass(() => new Rules('no-such-rules'), ttrules.RulesError)
  throwsClass(() => new Rules('chinese', { repetition: 'sometimes' }), ttrules.RulesError)
  throwsClass(() => new Rules('chinese', { repetition: 1 }), ttrules.RulesError)
  throwsClass(() => ttrules.replay('(;GM[1])', { game: 0 }), ttrules.TtrulesValueError)
})

test('points that are no points are PointError; points off this board are illegal turns', () => {
  const g = new Game(9)
  throwsClass(() => g.play('Z99'), ttrules.PointError)
  throwsClass(() => g.play([1]), ttrules.PointError)
  throwsClass(() => g.play([1, 2, 3]), ttrules.PointError)
  throwsClass(() => g.play([-1, 0]), ttrules.PointError)
  throwsClass(() => g.play([1.5, 0]), ttrules.PointError)
  throwsClass(() => g.play(['a', 'b']), ttrules.PointError)
  throwsClass(() => g.play({ x: 1, y: 2 }), ttrules.PointError)
  throwsClass(() => g.play(undefined), ttrules.PointError)
  throwsClass(() => g.play([1000, 1000]), ttrules.PointError, /off every board/)
  throwsClass(() => g.score(['Z1']), ttrules.PointError)
  throwsClass(() => g.score([[20, 20]]), ttrules.PointError)
  throwsClass(() => ttrules.gtp([30, 1]), ttrules.PointError)
  throwsClass(() => ttrules.sgf([3, 3], 30, 19), ttrules.SizeError)
  assert.throws(() => g.play([20, 3]), (e) => e instanceof ttrules.IllegalMove && e.reason === 'off-grid')
  assert.equal(g.turns, 0)
})

test('garbage SGF is a RecordError with its kind; nothing is lost', () => {
  for (const text of ['', 'hello', '(;GM[3]SZ[19])', '(;SZ[99];B[aa])', '\u0000\u0001\u0002']) {
    throwsClass(() => ttrules.replay(text), ttrules.RecordError)
    try {
      ttrules.replay(text)
    } catch (e) {
      assert.equal(typeof e.kind, 'string')
      assert.ok(e.kind.length > 0)
      assert.ok(Array.isArray(e.games))
    }
  }
  // A truncated record is read with a warning (r[rec.recover]), refused with strict.
  assert.equal(ttrules.replay('(;')[0].warnings.length, 1)
  throwsClass(() => ttrules.replay('(;', { strict: true }), ttrules.RecordError)
  // A file of two games, the second refused: the first game's document is in the error.
  try {
    ttrules.replay('(;GM[1]SZ[9];B[ee])(;GM[1]SZ[99];B[aa])')
    assert.fail('no RecordError')
  } catch (e) {
    assert.ok(e instanceof ttrules.RecordError)
    assert.equal(e.tree, 2)
    assert.equal(e.games.length, 1)
    assert.equal(e.games[0].turns[0].move, 'E5')
  }
  // Random bytes never crash the process.
  const bytes = Buffer.alloc(4096)
  let seed = 7
  for (let i = 0; i < bytes.length; i++) bytes[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16
  for (let k = 0; k < 20; k++) {
    const chunk = Buffer.concat([Buffer.from('(;GM[1]SZ[19]'), bytes.subarray(k * 200, k * 200 + 200)])
    try {
      ttrules.replay(chunk)
    } catch (e) {
      assert.ok(e instanceof ttrules.RecordError, `${e.name}: ${e.message}`)
    }
  }
})

test('replayFiles: a missing file is a refused document, not a crash', async () => {
  const docs = await ttrules.replayFiles(['/nonexistent/x.sgf'])
  assert.equal(docs.length, 1)
  assert.equal(docs[0].outcome, 'refused')
  await assert.rejects(ttrules.replayFiles('/nonexistent-folder-of-records/'), ttrules.TtrulesValueError).catch(() => {})
})
