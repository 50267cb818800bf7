// TypeScript: the generated index.d.ts type-checks a typed example (tsc --noEmit, strict), and
// the example, compiled, runs and gives the answers the API promises.
'use strict'
const test = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const fs = require('node:fs')
const { execFileSync } = require('node:child_process')
const { sharedRecords } = require('./util')

const here = __dirname
const tsc = path.join(here, '..', 'node_modules', 'typescript', 'bin', 'tsc')
const project = path.join(here, 'typed')

test('tsc --noEmit accepts the typed example against index.d.ts', () => {
  assert.ok(fs.existsSync(tsc), `typescript is missing: npm ci --prefix node (${tsc})`)
  // Throws, with tsc's diagnostics, on any type error.
  execFileSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'pipe' })
})

test('tsc rejects a misuse, so the check above can fail', () => {
  const bad = path.join(project, 'bad.ts')
  fs.writeFileSync(bad, "import { Game } from '../../index'\nnew Game(9).play(3)\n")
  try {
    assert.throws(
      () => execFileSync(process.execPath, [tsc, '--noEmit', '--strict', bad], { stdio: 'pipe' }),
      (e) => /TS2345/.test(e.stdout.toString()),
    )
  } finally {
    fs.rmSync(bad)
  }
})

test('the typed example, compiled, runs', async () => {
  const out = path.join(here, '.typed-out')
  fs.rmSync(out, { recursive: true, force: true })
  execFileSync(process.execPath, [tsc, '-p', project, '--noEmit', 'false', '--outDir', out], { stdio: 'pipe' })
  const { example } = require(path.join(out, 'example.js'))
  const sgf = fs.readFileSync(path.join(here, '..', '..', 'examples', '9x9-game.sgf'), 'utf8')
  const lines = await example(sgf, path.join(sharedRecords(), 'gnugo'))
  assert.equal(lines[0], 'occupied tt.move.empty')
  assert.equal(lines[1], 'occupied tt.move.empty 4,4')
  assert.equal(lines[2], '81 81 B 2 D4')
  assert.match(lines[3], /^true \d+ \d+ [BW0]/)
  assert.equal(lines[4], 'E5 C3 pass')
  assert.equal(lines[5], 'japanese-superko territory 6.5 13'.replace('japanese-superko', lines[5].split(' ')[0]))
  assert.match(lines[6], /^[BW0]/)
  assert.match(lines[7], /^unreadable 0$/)
  assert.match(lines[8], /^\d+ \d+$/)
  assert.equal(lines[9], 'true')
  fs.rmSync(out, { recursive: true, force: true })
})

test('index.d.ts declares every export, method and getter of the addon (regenerate with npm run build:dev)', () => {
  const ttrules = require('..')
  const dts = fs.readFileSync(path.join(here, '..', 'index.d.ts'), 'utf8')
  const missing = []
  for (const name of Object.keys(ttrules)) {
    if (name.startsWith('__')) continue
    if (!new RegExp(`export (declare )?(const|function|class) ${name}\\b`).test(dts)) missing.push(name)
  }
  for (const cls of ['Game', 'Rules']) {
    const body = dts.slice(dts.indexOf(`export declare class ${cls} `))
    const block = body.slice(0, body.indexOf('\n}\n'))
    const proto = ttrules[cls].prototype
    for (const m of Object.getOwnPropertyNames(proto)) {
      if (m === 'constructor' || m.startsWith('_')) continue
      if (!new RegExp(`\\b(get )?${m}\\b[(:]`).test(block)) missing.push(`${cls}.${m}`)
    }
  }
  assert.deepEqual(missing, [], 'not in index.d.ts: regenerate it (npm run build:dev in node/) and commit it')
})
