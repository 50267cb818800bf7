// Differential: the package's documents are the command line's. Every record of the shared
// records (../shared/records, read in place at test time) replayed by `replayFiles` and by
// `replay` on the file's bytes equals what `ttrules replay --jsonl` prints for it, field for field.
// Missing records or a missing command line fail the test (they are never skipped).
'use strict'
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const { spawnSync } = require('node:child_process')
const { ttrules, cli, sharedRecords } = require('./util')

function cliDocs(dir, extra = []) {
  // The exit status says whether every game was over and legal (docs/src/guide/replay.md): not
  // an error here; the documents are compared.
  const r = spawnSync(cli(), ['replay', '--jsonl', ...extra, dir], {
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (r.error || r.signal || r.stdout.length === 0) {
    throw new Error(`${cli()} replay --jsonl ${dir} failed: ${r.error || r.signal || r.stderr}`)
  }
  return r.stdout
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l))
}

const key = (d) => `${d.file}\u0000${d.tree}`

test('replayFiles gives the documents of replay --jsonl for every shared record', async () => {
  const dir = sharedRecords()
  const want = cliDocs(dir)
  const got = await ttrules.replayFiles(dir)
  assert.ok(want.length > 2000, `${want.length} documents from the command line`)
  assert.equal(got.length, want.length)
  const byKey = new Map(want.map((d) => [key(d), d]))
  const outcomes = {}
  for (const d of got) {
    assert.deepEqual(d, byKey.get(key(d)), key(d))
    outcomes[d.outcome] = (outcomes[d.outcome] || 0) + 1
  }
  // The records reach every outcome but `stopped` (a zero would mean they no longer test one).
  for (const o of ['over', 'complete', 'illegal', 'refused']) {
    assert.ok(outcomes[o] > 0, `no ${o} game: ${JSON.stringify(outcomes)}`)
  }
})

test('replay of each shared record\'s bytes equals replay --jsonl, refusals as RecordError', () => {
  const dir = sharedRecords()
  const want = cliDocs(dir)
  const byFile = new Map()
  for (const d of want) {
    if (!byFile.has(d.file)) byFile.set(d.file, [])
    byFile.get(d.file).push(d)
  }
  const files = ttrules.sgfFiles(dir)
  assert.equal(files.length, byFile.size)
  let games = 0
  let refused = 0
  for (const file of files) {
    const docs = byFile.get(file)
    const bytes = fs.readFileSync(file)
    const refusal = docs.find((d) => d.outcome === 'refused')
    if (refusal) {
      assert.throws(
        () => ttrules.replay(bytes, { name: file }),
        (e) => e instanceof ttrules.RecordError && e.kind === refusal.error.kind && e.file === file,
        file,
      )
      refused++
      continue
    }
    const got = ttrules.replay(bytes, { name: file })
    assert.deepEqual(got, docs, file)
    games += got.length
  }
  assert.ok(games > 2000 && refused > 0, `${games} games, ${refused} refused files`)
})

test('overrides reach the documents as the flags do (rules, komi, engine)', async () => {
  const dir = sharedRecords()
  const sample = ttrules.sgfFiles(dir).filter((_, i) => i % 97 === 0)
  assert.ok(sample.length > 20)
  for (const file of sample) {
    const want = cliDocs(file, ['--rules', 'chinese', '--komi', '5.5', '--engine', 'reference'])
    let got
    try {
      got = ttrules.replay(fs.readFileSync(file), { name: file, rules: 'chinese', komi: 5.5, engine: 'reference' })
    } catch (e) {
      assert.ok(e instanceof ttrules.RecordError)
      assert.equal(want.find((d) => d.outcome === 'refused').error.kind, e.kind, file)
      continue
    }
    assert.deepEqual(got, want, file)
    const files = await ttrules.replayFiles(file, { rules: new ttrules.Rules('chinese'), komi: '5.5', engine: 'reference', threads: 1 })
    assert.deepEqual(files, want, file)
  }
})
