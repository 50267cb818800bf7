"use strict";
// Witness for the conformance matrix (docs/conformance/README.md#goban-nz), cell `superko-situational`:
// goban (online-go.com) 8.3.64, nz. It calls only the library's public API (no ttrules, no adapter),
// plays each game below and prints the library's answer next to the exact one (the ttrules
// reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
// (the deviation reproduces); exit 1: they agree.
// Run: NODE_PATH=conformance/npm/node_modules node conformance/witnesses/goban-nz/superko-situational.js
globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.addEventListener = () => {};
globalThis.removeEventListener = () => {};
const element = () => ({ style: {}, appendChild() {}, addEventListener() {}, setAttribute() {},
  getContext() { return null; }, classList: { add() {}, remove() {} } });
globalThis.document = { body: element(), createElement: element, createElementNS: element,
  addEventListener() {}, removeEventListener() {} };
globalThis.navigator = { userAgent: "node" };
globalThis.localStorage = { getItem: () => null, setItem() {} };
const { GobanEngine } = require("goban");
// OGS's engine: new GobanEngine({ width, height, rules: "nz", komi }); place(x, y, checkForKo,
// errorOnSuperKo) as OGS places a move (it throws on an illegal one); computeScore(false).
function newGame(size, komi, stones) {
  const config = { width: size, height: size, rules: "nz", komi };
  if (!stones.length) return new GobanEngine(config);
  const g = new GobanEngine({ ...config, handicap: stones.length, free_handicap_placement: true });
  for (const v of stones) g.place(v.x, v.y, true, true);
  return g;
}
function play(g, colour, v) {
  if ((g.colorToMove() === "black") !== (colour === "black")) return `not ${colour}'s turn`;
  try {
    if (v === null) g.place(-1, -1, true, true);
    else g.place(v.x, v.y, true, true);
    return true;
  } catch (e) {
    return e.message_id || e.message;
  }
}
function boardKey(g) {
  return JSON.stringify(g.board);
}
function score(g) {
  const s = g.computeScore(false);
  return { black: s.black.total, white: s.white.total };
}

const CHECKS = [
 {
  "size": 3,
  "komi": "7.5",
  "setup": [],
  "clause": "var.ko.situational",
  "detail": "is_legal W C2 answered 1; the attempt is illegal: repetition (r[var.ko.situational])",
  "kind": "legal",
  "moves": [
   "B B2",
   "W C1",
   "B C2",
   "W A3",
   "B A1",
   "W A2",
   "B B1",
   "W B3",
   "B C1",
   "W C3",
   "B C2",
   "W C1",
   "B B2",
   "W A1",
   "B B1",
   "W A3",
   "B A1",
   "W C3",
   "B A2",
   "W B3",
   "B C1",
   "W C3",
   "B A3",
   "W B3",
   "B C2",
   "W A2",
   "B B1",
   "W A1",
   "B C1",
   "W B2",
   "B C2",
   "W A3",
   "B C1",
   "W B1",
   "B C2",
   "W C1",
   "B C2",
   "W C3",
   "B C1",
   "W B2",
   "B A1",
   "W A3",
   "B A2",
   "W B1",
   "B C2",
   "W A1",
   "B B3",
   "W C1",
   "B C3",
   "W C3",
   "B B3",
   "W B3",
   "B A2",
   "W C2",
   "B A2",
   "W B2",
   "B A3",
   "W B3",
   "B C1",
   "W B1",
   "B C2",
   "W C3",
   "B C2",
   "W A1",
   "B A3",
   "W A2",
   "B A3",
   "W C1",
   "B A3",
   "W C2",
   "B A3",
   "W B3",
   "B C3",
   "W A1",
   "B A2",
   "W B1",
   "B B2",
   "W C1",
   "B C2",
   "W C1",
   "B A1",
   "W B3",
   "B B3",
   "W B1",
   "B B3",
   "W A3",
   "B B2",
   "W A2",
   "B A1",
   "W C2",
   "B C3",
   "W B1",
   "B C2",
   "W A2",
   "B A3",
   "W A1",
   "B C1",
   "W A1",
   "B B1",
   "W A2",
   "B C3",
   "W B3",
   "B A3",
   "W C2",
   "B C3",
   "W C1",
   "B B1",
   "W B2",
   "B C3",
   "W C3",
   "B B1",
   "W A3",
   "B B1",
   "W B3",
   "B B2",
   "W C1",
   "B A2",
   "W C2",
   "B A1",
   "W C3",
   "B A3",
   "W C2",
   "B C1",
   "W C3",
   "B B3",
   "W C3",
   "B C2",
   "W C3",
   "B C1",
   "W A1",
   "B C2",
   "W A2",
   "B A3",
   "W B1",
   "B B3",
   "W B2",
   "B B2",
   "W C3",
   "B A2",
   "W C3",
   "B B1",
   "W C3",
   "B C3",
   "W A1",
   "B C2",
   "W A2",
   "B A3",
   "W C1",
   "B B3",
   "W C3",
   "B B1",
   "W C1",
   "B C1",
   "W C3",
   "B C3",
   "W B2",
   "B A3",
   "W B1",
   "B C2",
   "W C3",
   "B C1",
   "W C1",
   "B B3",
   "W A3",
   "B B3",
   "W C2",
   "B B3",
   "W B2",
   "B C2",
   "W A3",
   "B B1",
   "W C1",
   "B A1",
   "W C3",
   "B C1",
   "W B3",
   "B A2",
   "W C3",
   "B B3",
   "W A3",
   "B A3",
   "W B2",
   "B C3",
   "W B2",
   "B B1",
   "W A1",
   "B B3",
   "W C1",
   "B C3",
   "W A2",
   "B B1",
   "W B1",
   "B C2",
   "W A3",
   "B C3",
   "W C2",
   "B B3",
   "W B2",
   "B A2",
   "W A1",
   "B C2",
   "W C1",
   "B A3",
   "W C3",
   "B C2",
   "W A2",
   "B C2",
   "W A3",
   "B B1",
   "W B3",
   "B B1"
  ],
  "attempt": "W C2",
  "exact_legal": false,
  "why": "repetition"
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
  const keys = typeof boardKey === "function" ? [boardKey(g)] : null;
  for (const m of k.moves) {
    const t = turn(m, k.size);
    const r = play(g, t.colour, t.v);
    if (r !== true) {
      console.log(`the library refused ${m} of the game (${r}): the witness cannot play it`);
      process.exit(2);
    }
    if (keys) keys.push(boardKey(g));
  }
  const setup = k.setup.length ? `handicap stones ${k.setup.join(" ")}, then ` : "";
  console.log(`game (${k.size}x${k.size}, komi ${k.komi}): ${setup}${k.moves.join(", ")}`);
  if (k.kind === "legal") {
    const t = turn(k.attempt, k.size);
    const r = play(g, t.colour, t.v);
    const said = r === true ? "accepted" : `refused (${r})`;
    console.log(`  ${k.attempt}: library ${said}; exact: ${k.exact_legal ? "legal" : "illegal: " + k.why} (r[${k.clause}])`);
    if (r === true && keys) {
      const back = keys.lastIndexOf(boardKey(g));
      if (back >= 0) console.log(`  (the library's board after it is its board of ${keys.length - back} turns earlier)`);
    }
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
