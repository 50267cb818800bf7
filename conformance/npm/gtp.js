#!/usr/bin/env node
// A GTP shim around one npm Go library, for `ttrules check-engine` (the conformance matrix).
//
//   node conformance/npm/gtp.js LIBRARY [OPTION]
//
// The shim only speaks the protocol and converts coordinates: every verdict (is a move legal,
// what it captures, what the board is, the score) is the library's own. The library's backend
// is `adapters/LIBRARY.js`; it says which GTP commands it can answer. What the library documents
// about its rules (the claim it is held to, in its own words) is in `conformance/implementations.json`.
"use strict";

const path = require("path");
const readline = require("readline");

const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

function usage(msg) {
  process.stderr.write(`gtp.js: ${msg}\nusage: node gtp.js LIBRARY [OPTION]\n`);
  process.exit(2);
}

const [libName, option] = process.argv.slice(2);
if (!libName || !/^[a-z-]+$/.test(libName)) usage("name a library, e.g. tenuki");
let backend;
try {
  backend = require(path.join(__dirname, "adapters", `${libName}.js`));
} catch (e) {
  usage(`no adapter for ${libName}: ${e.message}`);
}
let lib;
try {
  lib = backend.open(option);
} catch (e) {
  usage(`${libName}: ${e.message}`);
}

let width = 19;
let height = 19;
let komi = 0;
let game = null;
// The handicap stones set on this game: a backend without `setKomi` makes a new game for `komi`,
// and the stones are set again on it.
let handicap = [];

function newGame() {
  game = lib.newGame(width, height, komi);
  handicap = [];
}

// `freeHandicap` answers true, `{ game }` (a new game object with the stones), or the reason.
function setHandicap(stones) {
  const r = lib.freeHandicap(game, stones, komi);
  if (r !== null && typeof r === "object") game = r.game;
  else if (r !== true) throw new Error(`invalid handicap: ${r}`);
  handicap = stones;
}

// GTP vertex -> {x, y} with x from the left and y from the top, both from 0; null for a pass.
function parseVertex(text) {
  const t = text.toUpperCase();
  if (t === "PASS") return null;
  const m = /^([A-HJ-Z])([0-9]{1,2})$/.exec(t);
  if (!m) throw new Error(`invalid vertex ${text}`);
  const x = LETTERS.indexOf(m[1]);
  const row = Number(m[2]);
  if (x >= width || row < 1 || row > height) throw new Error(`vertex ${text} is off the board`);
  return { x, y: height - row };
}

function vertexText({ x, y }) {
  return `${LETTERS[x]}${height - y}`;
}

function parseColour(text) {
  const t = (text || "").toLowerCase();
  if (t === "b" || t === "black") return "black";
  if (t === "w" || t === "white") return "white";
  throw new Error(`invalid color ${text}`);
}

const handlers = {
  protocol_version: () => "2",
  name: () => `ttrules-adapter-${libName}`,
  version: () => lib.version,
  list_commands: () => Object.keys(handlers).join("\n"),
  known_command: (args) => (args[0] in handlers ? "true" : "false"),
  quit: () => "",
  boardsize: (args) => {
    const n = Number(args[0]);
    if (!Number.isInteger(n)) throw new Error("boardsize needs an integer");
    if (!lib.acceptsSize(n, n)) throw new Error("unacceptable size");
    width = n;
    height = n;
    newGame();
    return "";
  },
  clear_board: () => {
    newGame();
    return "";
  },
  komi: (args) => {
    const k = Number(args[0]);
    if (!Number.isFinite(k)) throw new Error("komi needs a number");
    komi = k;
    if (lib.setKomi && game) lib.setKomi(game, k);
    else {
      const stones = handicap;
      newGame();
      if (stones.length) setHandicap(stones);
    }
    return "";
  },
  play: (args) => {
    const colour = parseColour(args[0]);
    if (args.length < 2) throw new Error("play needs a color and a vertex");
    const v = parseVertex(args[1]);
    const why = v === null ? lib.pass(game, colour) : lib.play(game, colour, v.x, v.y);
    if (why !== true) throw new Error(`illegal move${why ? `: ${why}` : ""}`);
    return "";
  },
  color: (args) => {
    const v = parseVertex(args[0] || "");
    if (v === null) throw new Error("color needs a vertex");
    const s = lib.stones(game).find((t) => t.x === v.x && t.y === v.y);
    return s ? s.colour : "empty";
  },
  list_stones: (args) => {
    const colour = parseColour(args[0]);
    return lib
      .stones(game)
      .filter((s) => s.colour === colour)
      .map(vertexText)
      .join(" ");
  },
};
if (lib.isLegal) {
  handlers.is_legal = (args) => {
    const colour = parseColour(args[0]);
    const v = parseVertex(args[1]);
    return lib.isLegal(game, colour, v === null ? null : v) ? "1" : "0";
  };
}
if (lib.captures) {
  handlers.captures = (args) => String(lib.captures(game, parseColour(args[0])));
}
if (lib.score) {
  handlers.final_score = () => {
    const { black, white } = lib.score(game);
    const d = black - white;
    return d === 0 ? "0" : d > 0 ? `B+${d}` : `W+${-d}`;
  };
}
if (lib.freeHandicap) {
  // GTP's set_free_handicap: Black's stones on the empty board, then White moves. The backend
  // sets them the library's own way.
  handlers.set_free_handicap = (args) => {
    const stones = args.map(parseVertex);
    if (stones.length < 2 || stones.includes(null)) throw new Error("invalid handicap");
    setHandicap(stones);
    return "";
  };
}
if (lib.rectangles) {
  handlers.rectangular_boardsize = (args) => {
    const [w, h] = args.map(Number);
    if (!Number.isInteger(w) || !Number.isInteger(h)) throw new Error("needs two integers");
    if (!lib.acceptsSize(w, h)) throw new Error("unacceptable size");
    width = w;
    height = h;
    newGame();
    return "";
  };
}

try {
  newGame();
} catch (e) {
  usage(`${libName} cannot start a 19x19 game: ${e.message}`);
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (raw) => {
  const line = raw.replace(/#.*/, "").replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "").trim();
  if (!line) return;
  const words = line.split(/\s+/);
  let id = "";
  if (/^[0-9]+$/.test(words[0])) id = words.shift();
  const [cmd, ...args] = words;
  const h = handlers[cmd];
  let out;
  if (!h) {
    out = `?${id} unknown command\n\n`;
  } else {
    try {
      out = `=${id} ${h(args)}\n\n`;
    } catch (e) {
      out = `?${id} ${String(e && e.message ? e.message : e).replace(/\n/g, " ")}\n\n`;
    }
  }
  process.stdout.write(out.replace(/^([=?][0-9]*) \n/, "$1\n"));
  if (cmd === "quit") rl.close();
});
rl.on("close", () => process.exit(0));
