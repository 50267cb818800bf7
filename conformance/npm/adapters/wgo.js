// WGo.js 3 (https://github.com/wgojs/wgo.js): `Game` with one of its rule presets or with the
// documented `repeating` values. OPTION: `JAPANESE_RULES` (default), `CHINESE_RULES`,
// `ING_RULES`, or `repeating=KO|ALL|NONE[,suicide]`. The library has no end of the game.
"use strict";
const wgo = require("wgo");

exports.open = (option) => {
  const opt = option || "JAPANESE_RULES";
  let rules;
  if (/^[A-Z]+_RULES$/.test(opt)) {
    rules = wgo[opt];
    if (!rules) throw new Error(`wgo has no ${opt}`);
  } else {
    const m = /^repeating=(KO|ALL|NONE)(,suicide)?$/.exec(opt);
    if (!m) throw new Error(`unknown option ${opt}`);
    rules = { repeating: m[1], allowRewrite: false, allowSuicide: Boolean(m[2]), komi: 0 };
  }
  const colourOf = (colour) => (colour === "black" ? wgo.Color.BLACK : wgo.Color.WHITE);
  return {
    version: require("wgo/package.json").version,
    rectangles: false,
    acceptsSize: (w, h) => w === h && w >= 1 && w <= 25,
    newGame: (w, _h, komi) => new wgo.Game(w, { ...rules, komi }),
    play: (g, colour, x, y) => {
      if (g.turn !== colourOf(colour)) return `not ${colour}'s turn`;
      return g.play(x, y) ? true : "refused by Game.play";
    },
    pass: (g, colour) => {
      if (g.turn !== colourOf(colour)) return `not ${colour}'s turn`;
      g.pass(colourOf(colour));
      return true;
    },
    isLegal: (g, colour, v) => {
      if (g.turn !== colourOf(colour)) return false;
      return v === null ? true : g.isValid(v.x, v.y);
    },
    stones: (g) => {
      const out = [];
      for (let y = 0; y < g.size; y++) {
        for (let x = 0; x < g.size; x++) {
          const s = g.getStone(x, y);
          if (s === wgo.Color.BLACK) out.push({ x, y, colour: "black" });
          if (s === wgo.Color.WHITE) out.push({ x, y, colour: "white" });
        }
      }
      return out;
    },
    captures: (g, colour) => g.capCount[colour],
    // `Position.set` on the game's first position and `Game.turn`, as WGo's player sets up AB.
    freeHandicap: (g, stones) => {
      for (const { x, y } of stones) g.position.set(x, y, wgo.Color.BLACK);
      g.turn = wgo.Color.WHITE;
      return true;
    },
  };
};
