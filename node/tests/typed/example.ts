// A typed example of the package's API: `tsc --noEmit` checks it against the generated
// index.d.ts (tests/types.test.js), and the test runs it compiled, so it is code that works.
import {
  Game,
  Rules,
  IllegalMove,
  RecordError,
  replay,
  replayFiles,
  vectors,
  point,
  gtp,
  type Point,
  type ReplayDocument,
  type Score,
  type Verdict,
  type Vector,
} from '../../index'

export async function example(sgf: string, folder: string): Promise<string[]> {
  const out: string[] = []
  const g: Game = new Game(9, { rules: new Rules('chinese'), komi: 7.5 })
  g.play('E5')
  const p: Point = point('C3')
  g.play(p)
  const v: Verdict = g.verdict('E5')
  if (!v.legal) out.push(`${v.reason} ${v.clause}`)
  try {
    g.play('E5')
  } catch (e) {
    if (e instanceof IllegalMove) out.push(`${e.reason} ${e.clause} ${e.point?.join(',')}`)
  }
  const mask: Uint8Array = g.legalMoves()
  const board: Int8Array = g.board()
  out.push(`${mask.length} ${board.length} ${g.toMove} ${g.turns} ${gtp([3, 3])}`)
  g.playMany(['pass', null])
  const s: Score = g.score()
  out.push(`${g.over} ${s.black} ${s.white} ${s.result} ${g.winner()}`)
  const h: Game = g.clone()
  h.undo()
  out.push(h.moves.map((m) => (m === null ? 'pass' : gtp(m))).join(' '))
  const r: Rules = new Rules('japanese', { repetition: 'positional' })
  out.push(`${r.name} ${r.counting} ${r.defaultKomi} ${Rules.names().length}`)
  const docs: ReplayDocument[] = replay(sgf, { rules: 'japanese', komi: 6.5 })
  out.push(`${docs[0].result} ${docs[0].re_agrees} ${docs[0].turns.length}`)
  try {
    replay('not a record')
  } catch (e) {
    if (e instanceof RecordError) out.push(`${e.kind} ${e.games.length}`)
  }
  const all = await replayFiles([folder], { threads: 2 })
  out.push(`${all.length} ${all.filter((d) => d.outcome !== 'refused').length}`)
  // vectors() takes most of a minute in a debug build: its type is what is checked here.
  const getVectors: () => Vector[] = vectors
  out.push(`${typeof getVectors === 'function'}`)
  return out
}
