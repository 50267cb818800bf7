// Re-check of the tenuki 0.3.1 cells of the conformance matrix (issue 30), written apart from
// conformance/npm/adapters and conformance/witnesses. Uses tenuki as its README shows it ("Usage
// outside of a browser": new Game({...}) with the options koRule, scoring, komi; playAt(y, x) from the
// top-left, pass(), isOver(), score(), intersectionAt(y, x).value, currentPlayer()).
// Run: NODE_PATH=/work/recheck/npm/node_modules node conformance/recheck/tenuki.js   [npm i tenuki@0.3.1]
const { Game } = require('tenuki');

const at = (v) => [v.charCodeAt(1) - 97, v.charCodeAt(0) - 97]; // SGF "xy" -> (y, x)
const name = (size, v) => (v === '' ? 'pass' : 'ABCDEFGHJ'[v.charCodeAt(0) - 97] + (size - (v.charCodeAt(1) - 97)));

function replay(size, opts, sgfMoves) {
  const game = new Game({ boardSize: size, komi: 7.5, ...opts });
  const moves = [...sgfMoves.matchAll(/;([BW])\[([a-z]{0,2})\]/g)].map((m) => [m[1], m[2]]);
  const log = [];
  moves.forEach(([colour, v], i) => {
    const who = game.currentPlayer();
    if (who !== (colour === 'B' ? 'black' : 'white')) throw new Error(`turn mismatch at ${i + 1}`);
    if (v === '') { game.pass(); log.push(`${colour} pass -> isOver ${game.isOver()}`); return; }
    const ok = game.playAt(...at(v));
    log.push(`${colour} ${name(size, v)} -> playAt ${ok}`);
  });
  return { game, log };
}

const KO = {
  'tenuki-simple-area': { koRule: 'simple', scoring: 'area' },
  'tenuki-positional-superko-area': { koRule: 'positional-superko', scoring: 'area' },
  'tenuki-simple-equivalence': { koRule: 'simple', scoring: 'equivalence' },
};

// end: the game (2x2) B pass, W pass, then B A1; exact: illegal, game-over (r[tt.end]).
for (const [cell, opts] of Object.entries(KO)) {
  const { game, log } = replay(2, opts, ';B[];W[];B[ab]');
  console.log(`${cell} end: ${log.join('; ')}; board A1 = ${game.intersectionAt(1, 0).value}, isOver after = ${game.isOver()}; exact: B A1 illegal (game-over)`);
}

// score-area (equivalence): 2x2 B B2, W B1, B A1, W pass, B pass; exact W+3.5 (area: Black 2 stones
// + 2 points = 4, White 0 + komi 7.5; the README: equivalence "makes the score from counting by area
// equivalent to the score from counting by territory").
for (const cell of ['tenuki-simple-equivalence', 'tenuki-simple-area']) {
  const { game, log } = replay(2, KO[cell], ';B[ba];W[bb];B[ab];W[];B[]');
  const s = game.score();
  const d = s.black - s.white;
  console.log(`${cell} score-area: ${log.join('; ')}; score() = ${JSON.stringify(s)} -> ${d > 0 ? 'B+' + d : 'W+' + -d}; exact W+3.5`);
}
