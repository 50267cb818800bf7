// The README's example for JavaScript users runs as written (with a minimal `test` and `expect`
// standing in for Vitest's or Jest's, and `require` for `import`).
'use strict'
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { ROOT } = require('./util')

test("the README's Vitest/Jest example passes", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## For JavaScript users'))
  const block = section.match(/```js\n([\s\S]*?)```/)
  assert.ok(block, 'no js block in the README section For JavaScript users')
  const code = block[1].replace(/^import \{([^}]*)\} from 'ttrules'$/m, "const {$1} = require('ttrules')")
  assert.ok(code.includes("require('ttrules')"))
  const ran = []
  const expect = (got) => ({
    toEqual: (want) => assert.deepEqual(got, want),
    toBe: (want) => assert.equal(got, want),
    toThrow: (cls) => assert.throws(got, cls),
  })
  const fakeTest = (name, body) => {
    body()
    ran.push(name)
  }
  const req = (name) => (name === 'ttrules' ? require('..') : require(name))
  new Function('test', 'expect', 'require', code)(fakeTest, expect, req)
  assert.ok(ran.length > 0, 'the example has no test')
})
