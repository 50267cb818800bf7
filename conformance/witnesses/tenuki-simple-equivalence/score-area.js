"use strict";
// Witness for the conformance matrix (docs/conformance/README.md#tenuki-simple-equivalence), cell `score-area`:
// tenuki 0.3.1, simple/equivalence. It calls only the library's public API (no ttrules, no adapter),
// plays each game below and prints the library's answer next to the exact one (the ttrules
// reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
// (the deviation reproduces); exit 1: they agree.
// Run: NODE_PATH=conformance/npm/node_modules node conformance/witnesses/tenuki-simple-equivalence/score-area.js
const { Game } = require("tenuki");
// tenuki's README: new Game({ boardSize, komi, koRule, scoring }); playAt(y, x), pass(), score().
function newGame(size, komi, stones) {
  if (stones.length) {
    const g = new Game({ boardSize: size, komi, koRule: 'simple', scoring: 'equivalence', handicapStones: stones.length, freeHandicapPlacement: true });
    for (const v of stones) g.playAt(v.y, v.x, { render: false });
    return g;
  }
  return new Game({ boardSize: size, komi, koRule: 'simple', scoring: 'equivalence' });
}
function play(g, colour, v) {
  if (g.currentPlayer() !== colour) return `not ${colour}'s turn`;
  const ok = v === null ? g.pass({ render: false }) : g.playAt(v.y, v.x, { render: false });
  return ok ? true : "Game.playAt/pass returned false";
}
function score(g) {
  return g.score();
}

const CHECKS = [
 {
  "size": 2,
  "komi": "7.5",
  "setup": [],
  "clause": "var.score.final",
  "detail": "final_score says W+2.5, exact W+3.5 (Black 4, White 0, komi 7.5, every stone alive)",
  "kind": "score",
  "moves": [
   "B B2",
   "W B1",
   "B A1",
   "W pass",
   "B pass"
  ],
  "exact": "W+3.5"
 }
];
const L = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
// "B C3" -> {colour: "black", v: {x, y}} with y counted from the top row (v null for a pass).
function turn(text, size) {
  const [c, p] = text.split(" ");
  const colour = c === "B" ? "black" : "white";
  if (p === "pass") return { colour, v: null };
  return { colour, v: { x: L.indexOf(p[0]), y: size - Number(p.slice(1)) } };
}
function result(black, white) {
  const d = black - white;
  return d === 0 ? "0" : d > 0 ? `B+${d}` : `W+${-d}`;
}
let differs = false;
for (const k of CHECKS) {
  const g = newGame(k.size, Number(k.komi), k.setup.map((s) => turn("B " + s, k.size).v));
  for (const m of k.moves) {
    const t = turn(m, k.size);
    const r = play(g, t.colour, t.v);
    if (r !== true) {
      console.log(`the library refused ${m} of the game (${r}): the witness cannot play it`);
      process.exit(2);
    }
  }
  const setup = k.setup.length ? `handicap stones ${k.setup.join(" ")}, then ` : "";
  console.log(`game (${k.size}x${k.size}, komi ${k.komi}): ${setup}${k.moves.join(", ")}`);
  if (k.kind === "legal") {
    const t = turn(k.attempt, k.size);
    const r = play(g, t.colour, t.v);
    const said = r === true ? "accepted" : `refused (${r})`;
    console.log(`  ${k.attempt}: library ${said}; exact: ${k.exact_legal ? "legal" : "illegal: " + k.why} (r[${k.clause}])`);
    if ((r === true) !== k.exact_legal) differs = true;
  } else {
    const s = score(g);
    const got = result(s.black, s.white);
    console.log(`  score: library ${got} (Black ${s.black}, White ${s.white}); exact ${k.exact} (r[${k.clause}]): ${k.detail}`);
    if (got !== k.exact) differs = true;
  }
}
console.log(differs ? "the deviation reproduces" : "the library agrees with the exact answers");
process.exit(differs ? 0 : 1);
