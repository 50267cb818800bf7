"use strict";
// Witness for the conformance matrix (docs/conformance/README.md#wgo-chinese), cell `suicide-single`:
// WGo.js 3.0.0-alpha.10, CHINESE_RULES. It calls only the library's public API (no ttrules, no adapter),
// plays each game below and prints the library's answer next to the exact one (the ttrules
// reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
// (the deviation reproduces); exit 1: they agree.
// Run: NODE_PATH=conformance/npm/node_modules node conformance/witnesses/wgo-chinese/suicide-single.js
const wgo = require("wgo");
// WGo.js 3: new Game(size, rules) with CHINESE_RULES; Game.play(x, y) returns false for a refused move.
function newGame(size, komi, stones) {
  const g = new wgo.Game(size, { ...wgo.CHINESE_RULES, komi });
  for (const v of stones) g.position.set(v.x, v.y, wgo.Color.BLACK);
  if (stones.length) g.turn = wgo.Color.WHITE;
  return g;
}
function play(g, colour, v) {
  const c = colour === "black" ? wgo.Color.BLACK : wgo.Color.WHITE;
  if (g.turn !== c) return `not ${colour}'s turn`;
  if (v === null) {
    g.pass();
    return true;
  }
  return g.play(v.x, v.y) ? true : "Game.play returned false";
}
function score() {
  throw new Error("WGo.js gives no score");
}

const CHECKS = [
 {
  "size": 7,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.move",
  "detail": "is_legal B A6 answered 0; the turn is legal",
  "kind": "legal",
  "moves": [
   "B F1",
   "W D4",
   "B B3",
   "W F4",
   "B pass",
   "W C3",
   "B E2",
   "W G5",
   "B C6",
   "W E3",
   "B G4",
   "W G7",
   "B C2",
   "W A3",
   "B E6",
   "W C1",
   "B G3",
   "W F6",
   "B G1",
   "W F2",
   "B D3",
   "W F5",
   "B A4",
   "W A7",
   "B D1",
   "W B6",
   "B A2",
   "W D5",
   "B B4",
   "W B1",
   "B pass",
   "W A5",
   "B F7",
   "W E4",
   "B E5",
   "W A1",
   "B B5",
   "W C5",
   "B B2",
   "W C1",
   "B A1",
   "W B7",
   "B D6",
   "W C4",
   "B pass",
   "W G2",
   "B D7",
   "W F3",
   "B G4",
   "W D2",
   "B G6",
   "W G3",
   "B B1",
   "W C7",
   "B D3",
   "W E7",
   "B A6",
   "W D6",
   "B E6",
   "W E5",
   "B pass",
   "W G7",
   "B pass",
   "W A5",
   "B pass",
   "W D2",
   "B A6",
   "W E1",
   "B G1",
   "W A5",
   "B pass",
   "W C1",
   "B A6",
   "W F1",
   "B D1",
   "W A5",
   "B pass",
   "W C1"
  ],
  "attempt": "B A6",
  "exact_legal": true,
  "why": "legal"
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
