// tenuki (https://github.com/aprescott/tenuki): `Game` with its documented `koRule` and `scoring`
// options. OPTION is `KORULE` or `KORULE/SCORING` (default `simple/area`).
"use strict";
const { Game } = require("tenuki");

exports.open = (option) => {
  const [koRule = "simple", scoring = "area"] = (option || "").split("/").filter(Boolean);
  const opts = (size, komi) => ({ boardSize: size, komi, koRule, scoring });
  new Game(opts(19, 0)); // refuses an unknown option at once
  return {
    version: require("tenuki/package.json").version,
    rectangles: false,
    acceptsSize: (w, h) => {
      if (w !== h) return false;
      try {
        new Game(opts(w, 0));
        return true;
      } catch (e) {
        return false;
      }
    },
    newGame: (w, _h, komi) => new Game(opts(w, komi)),
    play: (g, colour, x, y) => {
      if (g.currentPlayer() !== colour) return `not ${colour}'s turn`;
      return g.playAt(y, x, { render: false }) ? true : "refused by Game.playAt";
    },
    pass: (g, colour) => {
      if (g.currentPlayer() !== colour) return `not ${colour}'s turn`;
      return g.pass({ render: false }) ? true : "refused by Game.pass";
    },
    isLegal: (g, colour, v) => {
      if (g.currentPlayer() !== colour) return false;
      if (v === null) return !g.isOver();
      return !g.isIllegalAt(v.y, v.x);
    },
    stones: (g) => {
      const out = [];
      for (let y = 0; y < g.boardSize; y++) {
        for (let x = 0; x < g.boardSize; x++) {
          const c = g.intersectionAt(y, x).value;
          if (c === "black" || c === "white") out.push({ x, y, colour: c });
        }
      }
      return out;
    },
    score: (g) => g.score(),
    // tenuki's own handicap: `handicapStones: N, freeHandicapPlacement: true`, then Black places
    // them with `playAt`. Its README: "Handicap stones (2 through 9) are supported on sizes 9x9,
    // 13x13 and 19x19."
    freeHandicap: (g, stones, komi) => {
      let h;
      try {
        h = new Game({ ...opts(g.boardSize, komi), handicapStones: stones.length, freeHandicapPlacement: true });
      } catch (e) {
        return `new Game({handicapStones: ${stones.length}}): ${e.message}`;
      }
      for (const { x, y } of stones) {
        if (!h.playAt(y, x, { render: false })) return "refused by Game.playAt";
      }
      if (h.currentPlayer() !== "white") return `after the stones ${h.currentPlayer()} is to play`;
      return { game: h };
    },
  };
};
