// godash (https://github.com/duckpunch/godash): an immutable `Board` played with `addMove`, asked
// with `isLegalMove`. The library has no turn order, no passes and no ko rule in `addMove` (it
// offers `followupKo` to the caller): a pass leaves the board as it is.
"use strict";
const godash = require("godash");

exports.open = (option) => {
  if (option) throw new Error("godash has no options");
  const colourOf = (colour) => (colour === "black" ? godash.BLACK : godash.WHITE);
  const move = (colour, x, y) => godash.Move(godash.Coordinate(x, y), colourOf(colour));
  return {
    version: require("godash/package.json").version,
    rectangles: false,
    acceptsSize: (w, h) => w === h && w >= 1 && w <= 25,
    newGame: (w) => ({ board: godash.Board(w) }),
    play: (g, colour, x, y) => {
      try {
        g.board = godash.addMove(g.board, move(colour, x, y));
        return true;
      } catch (e) {
        return e.message;
      }
    },
    pass: () => true,
    isLegal: (g, colour, v) =>
      v === null ? true : godash.isLegalMove(g.board, move(colour, v.x, v.y)),
    // `placeStones(board, coordinates, BLACK)`, how godash's own `handicapBoard` sets them.
    freeHandicap: (g, stones) => {
      g.board = godash.placeStones(
        g.board,
        stones.map(({ x, y }) => godash.Coordinate(x, y)),
        godash.BLACK,
      );
      return true;
    },
    stones: (g) => {
      const out = [];
      g.board.toMap().forEach((row, y) =>
        row.forEach((c, x) => {
          if (c === godash.BLACK) out.push({ x, y, colour: "black" });
          if (c === godash.WHITE) out.push({ x, y, colour: "white" });
        }),
      );
      return out;
    },
  };
};
