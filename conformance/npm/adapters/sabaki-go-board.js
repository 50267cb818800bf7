// @sabaki/go-board (https://github.com/SabakiHQ/go-board): `Board.makeMove` with its documented
// options. OPTION `no-suicide` (default: preventOverwrite, preventSuicide and preventKo, as Sabaki
// plays), `suicide` (preventOverwrite and preventKo only) or `no-ko` (preventOverwrite and
// preventSuicide only). The library has no turn order, no
// passes and no end: a pass is `makeMove(sign, [-1, -1])`, which the README calls "equivalent to
// clone()".
"use strict";
const Board = require("@sabaki/go-board");

exports.open = (option) => {
  const mode = option || "no-suicide";
  if (!["no-suicide", "suicide", "no-ko"].includes(mode)) throw new Error(`unknown option ${mode}`);
  const flags = { preventOverwrite: true, preventSuicide: mode !== "suicide", preventKo: mode !== "no-ko" };
  const sign = (colour) => (colour === "black" ? 1 : -1);
  const tryMove = (g, colour, vertex) => {
    try {
      return { board: g.board.makeMove(sign(colour), vertex, flags) };
    } catch (e) {
      return { why: e.message };
    }
  };
  return {
    version: require("@sabaki/go-board/package.json").version,
    rectangles: true,
    acceptsSize: (w, h) => w >= 1 && h >= 1 && w <= 25 && h <= 25,
    newGame: (w, h) => ({ board: Board.fromDimensions(w, h) }),
    play: (g, colour, x, y) => {
      const r = tryMove(g, colour, [x, y]);
      if (r.why !== undefined) return r.why;
      g.board = r.board;
      return true;
    },
    pass: (g, colour) => {
      g.board = g.board.makeMove(sign(colour), [-1, -1], flags);
      return true;
    },
    isLegal: (g, colour, v) => (v === null ? true : tryMove(g, colour, [v.x, v.y]).why === undefined),
    stones: (g) => {
      const out = [];
      for (let y = 0; y < g.board.height; y++) {
        for (let x = 0; x < g.board.width; x++) {
          const s = g.board.get([x, y]);
          if (s !== 0) out.push({ x, y, colour: s > 0 ? "black" : "white" });
        }
      }
      return out;
    },
    captures: (g, colour) => g.board.getCaptures(sign(colour)),
    // `Board.set(vertex, sign)`, the library's way to put a stone without a move.
    freeHandicap: (g, stones) => {
      for (const { x, y } of stones) g.board.set([x, y], 1);
      return true;
    },
  };
};
