// goban (online-go.com's engine, https://github.com/online-go/goban): `GobanEngine` with one of
// its rulesets (OPTION: chinese, aga, japanese, korean, ing, nz; default chinese), moves placed
// as OGS places a player's move (`place(x, y, true, true)`: check ko, error on superko). The
// package is built for browsers: the few globals its import touches are stubbed; no rule code is.
"use strict";

globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.addEventListener = () => {};
globalThis.removeEventListener = () => {};
const element = () => ({
  style: {},
  appendChild() {},
  addEventListener() {},
  setAttribute() {},
  getContext() {
    return null;
  },
  classList: { add() {}, remove() {} },
});
globalThis.document = {
  body: element(),
  createElement: element,
  createElementNS: element,
  addEventListener() {},
  removeEventListener() {},
};
globalThis.navigator = { userAgent: "node" };
globalThis.localStorage = { getItem: () => null, setItem() {} };
const { GobanEngine } = require("goban");

const RULES = ["chinese", "aga", "japanese", "korean", "ing", "nz"];

exports.open = (option) => {
  const rules = option || "chinese";
  if (!RULES.includes(rules)) throw new Error(`unknown ruleset ${rules}`);
  const colourOf = (c) => (c === "black" ? 1 : 2);
  const tryPlace = (g, colour, x, y, commit) => {
    if (g.colorToMove() !== colour) return `not ${colour}'s turn`;
    // A trial runs on a copy: GobanEngine has no side-effect-free legality query.
    const e = commit ? g : copy(g);
    try {
      e.place(x, y, true, true);
      return true;
    } catch (err) {
      return err.message_id || err.message;
    }
  };
  // Each game's config (a handicap setup is part of it) and the moves played, for the copies.
  const moves = new WeakMap();
  const configs = new WeakMap();
  const copy = (g) => {
    const e = new GobanEngine(configs.get(g));
    for (const [x, y] of moves.get(g)) e.place(x, y, true, true);
    return e;
  };
  const engine = (config) => {
    const e = new GobanEngine(config);
    moves.set(e, []);
    configs.set(e, config);
    return e;
  };
  const make = (w, h, komi) => engine({ width: w, height: h, rules, komi });
  return {
    version: require("goban/package.json").version,
    rectangles: true,
    acceptsSize: (w, h) => w >= 1 && h >= 1 && w <= 25 && h <= 25,
    newGame: make,
    play: (g, colour, x, y) => {
      const r = tryPlace(g, colour, x, y, true);
      if (r === true) moves.get(g).push([x, y]);
      return r;
    },
    pass: (g, colour) => {
      const r = tryPlace(g, colour, -1, -1, true);
      if (r === true) moves.get(g).push([-1, -1]);
      return r;
    },
    isLegal: (g, colour, v) => tryPlace(g, colour, v === null ? -1 : v.x, v === null ? -1 : v.y, false) === true,
    stones: (g) => {
      const out = [];
      for (let y = 0; y < g.height; y++) {
        for (let x = 0; x < g.width; x++) {
          const s = g.board[y][x];
          if (s) out.push({ x, y, colour: s === colourOf("black") ? "black" : "white" });
        }
      }
      return out;
    },
    // As OGS plays a handicap game: `handicap: N` with `free_handicap_placement`, and Black's
    // first N moves place the stones (`handicapMovesLeft`), then White moves.
    freeHandicap: (g, stones) => {
      const e = engine({ ...configs.get(g), handicap: stones.length, free_handicap_placement: true });
      for (const { x, y } of stones) {
        const r = tryPlace(e, "black", x, y, true);
        if (r !== true) return r;
        moves.get(e).push([x, y]);
      }
      return e.colorToMove() === "white" ? { game: e } : `${e.colorToMove()} is to play after the stones`;
    },
    score: (g) => {
      const s = g.computeScore(false);
      return { black: s.black.total, white: s.white.total };
    },
  };
};
