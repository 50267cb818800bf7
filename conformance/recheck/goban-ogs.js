// Re-check of the goban (online-go.com) 8.3.64 cells of the conformance matrix (issue 30), written
// apart from conformance/npm/adapters and conformance/witnesses. Uses the package's GobanEngine
// (build/src/engine/GobanEngine.d.ts): new GobanEngine({width, height, rules, komi}); a move is
// engine.place(x, y, true, true) -- checkForKo, errorOnSuperKo -- exactly the call OGS's own board
// makes on a click (build/goban.js, "Place our stone"); a pass is engine.place(-1, -1), as OGS does.
// A refused move throws a GobanMoveError. The web build needs a few browser globals, stubbed below.
// Run: NODE_PATH=/work/recheck/npm/node_modules node conformance/recheck/goban-ogs.js [npm i goban@8.3.64]
globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.addEventListener = () => {};
globalThis.removeEventListener = () => {};
globalThis.document = { body: {}, addEventListener() {}, createElement() { return { style: {} }; } };
const { GobanEngine } = require('goban');

const name = (size, v) => (v === '' ? 'pass' : 'ABCDEFGHJ'[v.charCodeAt(0) - 97] + (size - (v.charCodeAt(1) - 97)));
const CASES = [
  {
    cell: 'goban-nz suicide-single', rules: 'nz', sgf: '(;SZ[2];B[ba];W[bb];B[ab];W[bb])',
    exact: 'matrix: illegal, suicide (r[var.suicide.multi-only], ttrules new-zealand); '
      + 'under the library\'s own claim (allow_self_capture = true, ssk) and the NZ rules text: legal',
  },
  {
    cell: 'goban-ing suicide-single', rules: 'ing', sgf: '(;SZ[2];B[ba];W[bb];B[ab];W[bb])',
    exact: 'illegal, repetition (r[tt.turn.repetition]): the board after it is the board after B A1',
  },
  {
    cell: 'goban-chinese superko-positional (documented)', rules: 'chinese',
    sgf: '(;SZ[3];B[ab];W[ac];B[bc];W[bb];B[ca];W[cc];B[ac];W[cb];B[ba];W[cc];B[cb];W[];B[bb];W[];B[aa];W[cc];B[ca];W[ba];B[ac];W[bc];B[cb];W[ab];B[];W[bb];B[cb];W[aa];B[];W[ac];B[ca];W[aa];B[bb];W[ac];B[ba];W[cc];B[ab];W[];B[bc];W[];B[cc];W[];B[ac];W[aa];B[ab];W[ba];B[cb];W[cc];B[ca];W[ac];B[bc];W[];B[cc];W[];B[bb];W[ba];B[ac];W[aa];B[cb];W[ac];B[bc];W[bb];B[cc];W[ca];B[cc];W[ab];B[bc];W[cb];B[cc];W[bc];B[cc];W[cb];B[ca];W[aa];B[bc];W[bb];B[ac];W[ba];B[];W[ca];B[ab];W[aa];B[ca];W[ba];B[bb];W[aa];B[ba];W[];B[aa];W[cb];B[ab];W[ac];B[aa];W[ca];B[bb];W[cc];B[ba];W[bc];B[bb];W[aa];B[ab];W[ba];B[ab];W[bb];B[ab])',
    exact: 'illegal, repetition (positional superko, csk); documented: MAX_SUPERKO_SEARCH = 30',
  },
];

for (const c of CASES) {
  const size = Number(/SZ\[(\d+)\]/.exec(c.sgf)[1]);
  const engine = new GobanEngine({ width: size, height: size, rules: c.rules, komi: 7.5 });
  const moves = [...c.sgf.matchAll(/;([BW])\[([a-z]{0,2})\]/g)].map((m) => [m[1], m[2]]);
  const boards = [];
  let answer = null;
  moves.forEach(([colour, v], i) => {
    if (engine.colorToMove() !== (colour === 'B' ? 'black' : 'white')) throw new Error(`${c.cell}: turn mismatch at ${i + 1}`);
    const last = i === moves.length - 1;
    try {
      if (v === '') engine.place(-1, -1);
      else engine.place(v.charCodeAt(0) - 97, v.charCodeAt(1) - 97, true, true);
      boards.push(JSON.stringify(engine.board));
      if (last) {
        const earlier = boards.slice(0, -1).lastIndexOf(boards[boards.length - 1]);
        answer = 'accepted' + (earlier >= 0 ? ` (its board equals the board after turn ${earlier + 1}, ${boards.length - 1 - earlier} turns earlier)` : '');
      }
    } catch (e) {
      if (!last) throw new Error(`${c.cell}: earlier turn ${i + 1} refused: ${e.message}`);
      answer = `refused (${e.message})`;
    }
  });
  const [colour, v] = moves[moves.length - 1];
  console.log(`${c.cell}: ${colour} ${name(size, v)} -> library: ${answer}; exact: ${c.exact}`);
  console.log(`  engine: allow_self_capture=${engine.allow_self_capture} allow_superko=${engine.allow_superko} superko_algorithm=${engine.superko_algorithm}`);
}
