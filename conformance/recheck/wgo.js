// Re-check of the WGo.js 3.0.0-alpha.10 cells of the conformance matrix (issue 30), written apart
// from conformance/npm/adapters and conformance/witnesses. Uses only WGo's public Game API as its
// typings document it (node_modules/wgo/dist/Game/Game.d.ts): new Game(size, rules), addStone for
// handicap stones ("Use for setting position, for example in handicap game"), the turn setter,
// play(x, y) (false when refused), pass(), isValid(x, y), getStone(x, y).
// Run: NODE_PATH=/work/recheck/npm/node_modules node conformance/recheck/wgo.js   [npm i wgo@3.0.0-alpha.10]
// Coordinates: SGF letters, x = column, y = row from the top (a mirror image would not change any
// verdict). The games are the findings' SGF (docs/conformance/findings/ID/CELL-1.sgf), copied.
const { Game, Color, Repeating, CHINESE_RULES, ING_RULES, NO_RULES, JAPANESE_RULES } = require('wgo');

const CASES = [
  {
    cell: 'wgo-all simple-ko', rules: { ...JAPANESE_RULES, repeating: Repeating.ALL },
    sgf: '(;SZ[3];B[cc];W[ba];B[bb];W[bc];B[ca];W[ac];B[aa];W[cb];B[cc])',
    exact: 'illegal, repetition (r[tt.turn.repetition]; expect.py and ttrules replay agree)',
  },
  {
    cell: 'wgo-all superko-positional', rules: { ...JAPANESE_RULES, repeating: Repeating.ALL },
    sgf: '(;SZ[2];B[ab];W[bb];B[aa];W[ba];B[ab];W[aa];B[ab])',
    exact: 'illegal (repetition)',
  },
  {
    cell: 'wgo-chinese suicide-single', rules: CHINESE_RULES,
    sgf: '(;SZ[7];B[fg];W[dd];B[be];W[fd];B[];W[ce];B[ef];W[gc];B[cb];W[ee];B[gd];W[ga];B[cf];W[ae];B[eb];W[cg];B[ge];W[fb];B[gg];W[ff];B[de];W[fc];B[ad];W[aa];B[dg];W[bb];B[af];W[dc];B[bd];W[bg];B[];W[ac];B[fa];W[ed];B[ec];W[ag];B[bc];W[cc];B[bf];W[cg];B[ag];W[ba];B[db];W[cd];B[];W[gf];B[da];W[fe];B[gd];W[df];B[gb];W[ge];B[bg];W[ca];B[de];W[ea];B[ab];W[db];B[eb];W[ec];B[];W[ga];B[];W[ac];B[];W[df];B[ab];W[eg];B[gg];W[ac];B[];W[cg];B[ab];W[fg];B[dg];W[ac];B[];W[cg];B[ab])',
    exact: 'legal (a capture)',
  },
  {
    cell: 'wgo-chinese suicide-multi', rules: CHINESE_RULES,
    sgf: '(;SZ[2];B[bb];W[ba];B[ab];W[aa];B[bb];W[ab];B[bb])',
    exact: 'legal (captures W A1 A2 B2; not the colouring before W A1)',
  },
  {
    cell: 'wgo-chinese handicap', rules: CHINESE_RULES,
    sgf: '(;SZ[7]AB[ce][ee][cc][ec]PL[W];W[da];B[ea];W[ga];B[ad];W[ab];B[eb];W[fe];B[fa];W[af];B[ae];W[ag];B[bg];W[fd];B[fg];W[gc];B[cb];W[dc];B[db];W[ff];B[de];W[ba];B[dd];W[gd];B[bc];W[ca];B[gg];W[bb];B[cf];W[ef];B[bd];W[fc];B[ac];W[bf];B[gf];W[ed];B[aa];W[cg];B[ab];W[dg];B[eg];W[ge];B[fb];W[ca];B[gb];W[fg];B[da];W[gg];B[ba];W[df];B[be];W[];B[bg];W[bf];B[ag];W[af];B[bg];W[ag])',
    exact: 'legal (a capture)',
  },
  {
    cell: 'wgo-no suicide-single', rules: NO_RULES,
    sgf: '(;SZ[2];B[ba];W[bb];B[ab];W[bb])',
    exact: 'illegal (repetition: the single-stone suicide leaves the colouring after B A1)',
  },
  {
    cell: 'wgo-ing suicide-multi', rules: ING_RULES,
    sgf: '(;SZ[2];B[bb];W[ba];B[ab];W[aa];B[bb];W[ab];B[bb])',
    exact: 'legal (a capture)',
  },
  {
    cell: 'wgo-ing handicap', rules: ING_RULES,
    sgf: '(;SZ[7]AB[ce][ec]PL[W];W[bd];B[ed];W[gb];B[gg];W[ac];B[ba];W[gc];B[dg];W[ef];B[ge];W[gf];B[fe];W[cd];B[be];W[gd];B[aa];W[eb];B[bc];W[eg];B[dc];W[dd];B[ea];W[cc];B[fg];W[ag];B[ca];W[fa];B[bb];W[ab];B[ga])',
    exact: 'legal (a single-stone suicide, allowed by allowSuicide: true, no earlier colouring)',
  },
];

const coords = (v) => [v.charCodeAt(0) - 97, v.charCodeAt(1) - 97];
const gtp = (size, v) => (v === '' ? 'pass' : 'ABCDEFGHJ'[v.charCodeAt(0) - 97] + (size - (v.charCodeAt(1) - 97)));

for (const c of CASES) {
  const size = Number(/SZ\[(\d+)\]/.exec(c.sgf)[1]);
  const game = new Game(size, c.rules);
  const ab = /AB((?:\[[a-z]{2}\])+)/.exec(c.sgf);
  if (ab) {
    for (const p of ab[1].match(/[a-z]{2}/g)) game.addStone(...coords(p), Color.BLACK);
    game.turn = Color.WHITE;
  }
  const moves = [...c.sgf.matchAll(/;([BW])\[([a-z]{0,2})\]/g)].map((m) => [m[1], m[2]]);
  let answer = null;
  moves.forEach(([colour, v], i) => {
    const last = i === moves.length - 1;
    const want = colour === 'B' ? Color.BLACK : Color.WHITE;
    if (game.turn !== want) throw new Error(`${c.cell}: turn mismatch at move ${i + 1}`);
    if (v === '') { game.pass(); return; }
    const valid = game.isValid(...coords(v));
    const played = game.play(...coords(v));
    if (last) {
      answer = `isValid ${valid}, play ${played === false ? 'false (refused)' : 'a position (accepted)'}`;
    } else if (played === false) {
      throw new Error(`${c.cell}: earlier move ${colour} ${gtp(size, v)} refused: the game cannot be replayed`);
    }
  });
  const [colour, v] = moves[moves.length - 1];
  console.log(`${c.cell}: last turn ${colour} ${gtp(size, v)} -> library: ${answer}; exact: ${c.exact}`);
}
