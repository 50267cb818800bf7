"""The per-library parts of the witnesses `scripts/conformance-witnesses` writes: how each library,
by its own documented API, starts a game, plays a turn, places handicap stones and scores."""

import json

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

HEADER = """{c} Witness for the conformance matrix (docs/conformance/README.md#{id}), cell `{family}`:
{c} {library} {version}, {option}. It calls only the library's public API (no ttrules, no adapter),
{c} plays each game below and prints the library's answer next to the exact one (the ttrules
{c} reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
{c} (the deviation reproduces); exit 1: they agree.
{c} Run: {run}
"""

JS_COMMON = """
const CHECKS = {checks};
const L = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
// "B C3" -> {{colour: "black", v: {{x, y}}}} with y counted from the top row (v null for a pass).
function turn(text, size) {{
  const [c, p] = text.split(" ");
  const colour = c === "B" ? "black" : "white";
  if (p === "pass") return {{ colour, v: null }};
  return {{ colour, v: {{ x: L.indexOf(p[0]), y: size - Number(p.slice(1)) }} }};
}}
function result(black, white) {{
  const d = black - white;
  return d === 0 ? "0" : d > 0 ? `B+${{d}}` : `W+${{-d}}`;
}}
let differs = false;
for (const k of CHECKS) {{
  const g = newGame(k.size, Number(k.komi), k.setup.map((s) => turn("B " + s, k.size).v));
  const keys = typeof boardKey === "function" ? [boardKey(g)] : null;
  for (const m of k.moves) {{
    const t = turn(m, k.size);
    const r = play(g, t.colour, t.v);
    if (r !== true) {{
      console.log(`the library refused ${{m}} of the game (${{r}}): the witness cannot play it`);
      process.exit(2);
    }}
    if (keys) keys.push(boardKey(g));
  }}
  const setup = k.setup.length ? `handicap stones ${{k.setup.join(" ")}}, then ` : "";
  console.log(`game (${{k.size}}x${{k.size}}, komi ${{k.komi}}): ${{setup}}${{k.moves.join(", ")}}`);
  if (k.kind === "legal") {{
    const t = turn(k.attempt, k.size);
    const r = play(g, t.colour, t.v);
    const said = r === true ? "accepted" : `refused (${{r}})`;
    console.log(`  ${{k.attempt}}: library ${{said}}; exact: ${{k.exact_legal ? "legal" : "illegal: " + k.why}} (r[${{k.clause}}])`);
    if (r === true && keys) {{
      const back = keys.lastIndexOf(boardKey(g));
      if (back >= 0) console.log(`  (the library's board after it is its board of ${{keys.length - back}} turns earlier)`);
    }}
    if ((r === true) !== k.exact_legal) differs = true;
  }} else {{
    const s = score(g);
    const got = result(s.black, s.white);
    console.log(`  score: library ${{got}} (Black ${{s.black}}, White ${{s.white}}); exact ${{k.exact}} (r[${{k.clause}}]): ${{k.detail}}`);
    if (got !== k.exact) differs = true;
  }}
}}
console.log(differs ? "the deviation reproduces" : "the library agrees with the exact answers");
process.exit(differs ? 0 : 1);
"""

PY_COMMON = """
CHECKS = {checks}
L = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def turn(text, size):
    \"\"\""B C3" -> ("black", (x, y)) with y counted from the top row; None for a pass.\"\"\"
    c, p = text.split(" ")
    colour = "black" if c == "B" else "white"
    return colour, None if p == "pass" else (L.index(p[0]), size - int(p[1:]))


def result(black, white):
    d = black - white
    d = int(d) if float(d).is_integer() else d
    return "0" if d == 0 else (f"B+{{d}}" if d > 0 else f"W+{{-d}}")


differs = False
for k in CHECKS:
    g = new_game(k["size"], float(k["komi"]), [turn("B " + s, k["size"])[1] for s in k["setup"]])
    for m in k["moves"]:
        r = play(g, *turn(m, k["size"]))
        if r is not True:
            print(f"the library refused {{m}} of the game ({{r}}): the witness cannot play it")
            sys.exit(2)
    setup = f"handicap stones {{' '.join(k['setup'])}}, then " if k["setup"] else ""
    print(f"game ({{k['size']}}x{{k['size']}}, komi {{k['komi']}}): {{setup}}{{', '.join(k['moves'])}}")
    if k["kind"] == "legal":
        r = play(g, *turn(k["attempt"], k["size"]))
        said = "accepted" if r is True else f"refused ({{r}})"
        exact = "legal" if k["exact_legal"] else "illegal: " + k["why"]
        print(f"  {{k['attempt']}}: library {{said}}; exact: {{exact}} (r[{{k['clause']}}])")
        differs |= (r is True) != k["exact_legal"]
    elif k["kind"] == "board":
        for pt, want in k["points"].items():
            got = colour_at(g, turn("B " + pt, k["size"])[1])
            print(f"  after {{k['moves'][-1]}}: {{pt}} is {{got}} on the library's board; exact: {{want}} (r[{{k['clause']}}])")
            differs |= got != want
    else:
        black, white = score(g)
        got = result(black, white)
        print(f"  score: library {{got}} (Black {{black}}, White {{white}}); exact {{k['exact']}} (r[{{k['clause']}}]): {{k['detail']}}")
        differs |= got != k["exact"]
print("the deviation reproduces" if differs else "the library agrees with the exact answers")
sys.exit(0 if differs else 1)
"""

GOBAN_STUBS = """globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.addEventListener = () => {};
globalThis.removeEventListener = () => {};
const element = () => ({ style: {}, appendChild() {}, addEventListener() {}, setAttribute() {},
  getContext() { return null; }, classList: { add() {}, remove() {} } });
globalThis.document = { body: element(), createElement: element, createElementNS: element,
  addEventListener() {}, removeEventListener() {} };
globalThis.navigator = { userAgent: "node" };
globalThis.localStorage = { getItem: () => null, setItem() {} };
"""


def js_lib(impl):
    name = impl["command"][2]
    option = impl["command"][3] if len(impl["command"]) > 3 else ""
    if name == "tenuki":
        ko, scoring = (option.split("/") + ["area"])[:2] if option else ("simple", "area")
        return f"""const {{ Game }} = require("tenuki");
// tenuki's README: new Game({{ boardSize, komi, koRule, scoring }}); playAt(y, x), pass(), score().
function newGame(size, komi, stones) {{
  if (stones.length) {{
    const g = new Game({{ boardSize: size, komi, koRule: {ko!r}, scoring: {scoring!r}, handicapStones: stones.length, freeHandicapPlacement: true }});
    for (const v of stones) g.playAt(v.y, v.x, {{ render: false }});
    return g;
  }}
  return new Game({{ boardSize: size, komi, koRule: {ko!r}, scoring: {scoring!r} }});
}}
function play(g, colour, v) {{
  if (g.currentPlayer() !== colour) return `not ${{colour}}'s turn`;
  const ok = v === null ? g.pass({{ render: false }}) : g.playAt(v.y, v.x, {{ render: false }});
  return ok ? true : "Game.playAt/pass returned false";
}}
function score(g) {{
  return g.score();
}}
"""
    if name == "wgo":
        opt = option or "JAPANESE_RULES"
        if opt.endswith("_RULES"):
            rules = f"wgo.{opt}"
        else:
            rep, _, sui = opt.partition(",")
            rules = json.dumps({"repeating": rep.split("=")[1], "allowRewrite": False,
                                "allowSuicide": sui == "suicide"})
        return f"""const wgo = require("wgo");
// WGo.js 3: new Game(size, rules) with {opt}; Game.play(x, y) returns false for a refused move.
function newGame(size, komi, stones) {{
  const g = new wgo.Game(size, {{ ...{rules}, komi }});
  for (const v of stones) g.position.set(v.x, v.y, wgo.Color.BLACK);
  if (stones.length) g.turn = wgo.Color.WHITE;
  return g;
}}
function play(g, colour, v) {{
  const c = colour === "black" ? wgo.Color.BLACK : wgo.Color.WHITE;
  if (g.turn !== c) return `not ${{colour}}'s turn`;
  if (v === null) {{
    g.pass();
    return true;
  }}
  return g.play(v.x, v.y) ? true : "Game.play returned false";
}}
function score() {{
  throw new Error("WGo.js gives no score");
}}
"""
    if name == "goban":
        rules = option or "chinese"
        return GOBAN_STUBS + f"""const {{ GobanEngine }} = require("goban");
// OGS's engine: new GobanEngine({{ width, height, rules: "{rules}", komi }}); place(x, y, checkForKo,
// errorOnSuperKo) as OGS places a move (it throws on an illegal one); computeScore(false).
function newGame(size, komi, stones) {{
  const config = {{ width: size, height: size, rules: "{rules}", komi }};
  if (!stones.length) return new GobanEngine(config);
  const g = new GobanEngine({{ ...config, handicap: stones.length, free_handicap_placement: true }});
  for (const v of stones) g.place(v.x, v.y, true, true);
  return g;
}}
function play(g, colour, v) {{
  if ((g.colorToMove() === "black") !== (colour === "black")) return `not ${{colour}}'s turn`;
  try {{
    if (v === null) g.place(-1, -1, true, true);
    else g.place(v.x, v.y, true, true);
    return true;
  }} catch (e) {{
    return e.message_id || e.message;
  }}
}}
function boardKey(g) {{
  return JSON.stringify(g.board);
}}
function score(g) {{
  const s = g.computeScore(false);
  return {{ black: s.black.total, white: s.white.total }};
}}
"""
    return None


def py_lib(impl):
    name = impl["command"][2]
    option = impl["command"][3] if len(impl["command"]) > 3 else ""
    if name == "dlgo":
        return f"""from dlgo import gotypes, scoring
from dlgo import {option} as goboard

# dlgo: GameState.new_game(size); a move is played when GameState.is_valid_move accepts it (as
# dlgo's agents choose among valid moves); scoring.compute_game_result (area, komi 7.5).


def new_game(size, komi, stones):
    state = goboard.GameState.new_game(size)
    if stones:
        board = goboard.Board(size, size)
        for x, y in stones:
            board.place_stone(gotypes.Player.black, gotypes.Point(row=y + 1, col=x + 1))
        state = goboard.GameState(board, gotypes.Player.white, None, None)
    return [state]


def play(g, colour, v):
    player = gotypes.Player.black if colour == "black" else gotypes.Player.white
    if g[0].next_player != player:
        return f"not {{colour}}'s turn"
    mv = goboard.Move.pass_turn() if v is None else goboard.Move.play(gotypes.Point(row=v[1] + 1, col=v[0] + 1))
    if not g[0].is_valid_move(mv):
        return "GameState.is_valid_move is False"
    g[0] = g[0].apply_move(mv)
    return True


def score(g):
    r = scoring.compute_game_result(g[0])
    return r.b, r.w + r.komi
"""
    if name == "weiqi":
        return """import weiqi

# weiqi's README: WeiqiGame(board=Board.generate_empty_board(size), player_black=...,
# player_white=...); make_move(player, Move(position, figure)); after two passes game_status holds
# the score (Board.score, komi to White).


def new_game(size, komi, stones):
    black, white = weiqi.Player(weiqi.Stone.BLACK), weiqi.Player(weiqi.Stone.WHITE)
    if not stones:
        board = weiqi.Board.generate_empty_board(size)
        return weiqi.WeiqiGame(board=board, player_black=black, player_white=white, komi=komi)
    figures = {weiqi.Position(x, y): None for x in range(size) for y in range(size)}
    for x, y in stones:
        figures[weiqi.Position(x, y)] = weiqi.Stone.BLACK
    return weiqi.WeiqiGame(board=weiqi.Board(figures), player_black=black, player_white=white,
                           turn=weiqi.Stone.WHITE, komi=komi)


def play(g, colour, v):
    figure = weiqi.Stone.BLACK if colour == "black" else weiqi.Stone.WHITE
    player = next(p for p in g.players if p.figure == figure)
    try:
        g.make_move(player, weiqi.Move(position=None if v is None else weiqi.Position(*v), figure=figure))
        return True
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def score(g):
    s = g.game_status
    return s.black_score, s.white_score
"""
    if name == "open_spiel":
        length = option.split("=")[1] if option else "10000"
        return f"""import pyspiel

# OpenSpiel: pyspiel.load_game("go", {{board_size, komi, max_game_length: {length}}}); a move is applied
# when it is among state.legal_actions() (action = row from the bottom * size + column; pass = size^2).


def new_game(size, komi, stones):
    assert not stones, "no handicap in this witness"
    game = pyspiel.load_game("go", {{"board_size": size, "komi": komi, "max_game_length": {length}}})
    return {{"n": size, "state": game.new_initial_state()}}


def play(g, colour, v):
    s, n = g["state"], g["n"]
    if s.is_terminal():
        return f"the state is terminal, returns {{s.returns()}} (a draw is [0.0, 0.0])"
    if s.current_player() != (0 if colour == "black" else 1):
        return f"not {{colour}}'s turn"
    a = n * n if v is None else (n - 1 - v[1]) * n + v[0]
    if a not in s.legal_actions():
        return "not in state.legal_actions()"
    s.apply_action(a)
    return True


def score(g):
    raise SystemExit("OpenSpiel gives no score")
"""
    if name == "pgx":
        steps = option.split("=")[1] if option else "10000"
        return f"""import jax
import jax.numpy as jnp
from pgx.go import Go

# pgx: Go(size, komi, max_terminal_steps={steps}); init(key), then step(state, action) for an
# action whose legal_action_mask entry is true (action = row from the top * size + column;
# pass = size^2). A positional-superko move stays in the mask: stepping it ends the episode.


def new_game(size, komi, stones):
    assert not stones, "no handicap in this witness"
    env = Go(size=size, komi=komi, max_terminal_steps={steps})
    return {{"n": size, "step": jax.jit(env.step), "state": jax.jit(env.init)(jax.random.PRNGKey(0))}}


def play(g, colour, v):
    s, n = g["state"], g["n"]
    if bool(s.terminated):
        return "the episode is over"
    if int(s._x.color) != (0 if colour == "black" else 1):
        return f"not {{colour}}'s turn"
    a = n * n if v is None else v[1] * n + v[0]
    if not bool(s.legal_action_mask[a]):
        return "not in legal_action_mask"
    g["state"] = g["step"](s, jnp.int32(a))
    if bool(g["state"].terminated) and v is not None:
        print(f"  (stepping it ended the episode: rewards {{g['state'].rewards.tolist()}})")
    return True


def score(g):
    raise SystemExit("no score in this witness")
"""
    if name == "baduk":
        return """import contextlib

from baduk.constants.constants import ALPHA_KEY
from baduk.game.game import Game

# baduk: Game(size); Game.move("3C") (row number, then column letter) and Game.move("pass"), as
# its own __main__ plays; a refused move raises ValidationError. The colours alternate by
# themselves.


def new_game(size, komi, stones):
    assert not stones, "no handicap in this witness"
    return Game(size)


def play(g, colour, v):
    if g.turn() != colour:
        return f"not {colour}'s turn"
    try:
        with contextlib.redirect_stdout(sys.stderr):
            g.move("pass" if v is None else f"{v[1] + 1}{ALPHA_KEY[v[0]]}")
        return True
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def colour_at(g, v):
    c = g.get_position(f"{v[1] + 1}{ALPHA_KEY[v[0]]}")
    return {"x": "black", "o": "white"}.get(c, "empty")


def score(g):
    raise SystemExit("baduk gives no score")
"""
    if name == "lets_go":
        return """from lets_go.backend import BLACK_STONE, GoBackend

# lets-go: GoBackend(size, first_move, komi); try_move(row, col) returns None for a refused move;
# pass_move(). The backend alternates the colours itself.


def new_game(size, komi, stones):
    return GoBackend(size=size, first_move=BLACK_STONE, komi=komi)


def play(g, colour, v):
    _, current, _, _ = g.game_state
    if ("black" if current == BLACK_STONE else "white") != colour:
        return f"not {colour}'s turn"
    if v is None:
        g.pass_move()
        return True
    return True if g.try_move(v[1], v[0]) is not None else "GoBackend.try_move returned None"


def score(g):
    raise SystemExit("lets-go gives no score")
"""
    return None


RS_COMMON = r"""
struct Check {{
    size: usize,
    komi: f32,
    setup: &'static [&'static str],
    moves: &'static [&'static str],
    /// The attempt and whether it is legal, with why; or None for the final score.
    attempt: Option<(&'static str, bool, &'static str)>,
    exact_score: &'static str,
    clause: &'static str,
}}

const CHECKS: &[Check] = &[{checks}];

/// "B C3" -> (black?, Some((x, y))) with y counted from the top row; None for a pass.
fn turn(text: &str, size: usize) -> (bool, Option<(usize, usize)>) {{
    let (c, p) = text.split_once(' ').unwrap();
    if p == "pass" {{
        return (c == "B", None);
    }}
    let x = "ABCDEFGHJKLMNOPQRSTUVWXYZ".find(&p[..1]).unwrap();
    (c == "B", Some((x, size - p[1..].parse::<usize>().unwrap())))
}}

fn result(d: f32) -> String {{
    if d == 0.0 {{
        "0".into()
    }} else if d > 0.0 {{
        format!("B+{{d}}")
    }} else {{
        format!("W+{{}}", -d)
    }}
}}

fn main() {{
    let mut differs = false;
    for k in CHECKS {{
        let stones: Vec<(usize, usize)> = k.setup.iter().map(|s| turn(&format!("B {{s}}"), k.size).1.unwrap()).collect();
        let mut g = new_game(k.size, k.komi, &stones);
        for m in k.moves {{
            let (black, v) = turn(m, k.size);
            if let Err(e) = play(&mut g, black, v) {{
                println!("the library refused {{m}} of the game ({{e}}): the witness cannot play it");
                std::process::exit(2);
            }}
        }}
        let setup = if k.setup.is_empty() {{ String::new() }} else {{ format!("handicap stones {{}}, then ", k.setup.join(" ")) }};
        println!("game ({{}}x{{}}, komi {{}}): {{setup}}{{}}", k.size, k.size, k.komi, k.moves.join(", "));
        match k.attempt {{
            Some((attempt, legal, why)) => {{
                let (black, v) = turn(attempt, k.size);
                let r = play(&mut g, black, v);
                let said = match &r {{ Ok(()) => "accepted".to_string(), Err(e) => format!("refused ({{e}})") }};
                let exact = if legal {{ "legal".to_string() }} else {{ format!("illegal: {{why}}") }};
                println!("  {{attempt}}: library {{said}}; exact: {{exact}} (r[{{}}])", k.clause);
                differs |= r.is_ok() != legal;
            }}
            None => {{
                let got = result(score_difference(&g));
                println!("  score: library {{got}}; exact {{}} (r[{{}}])", k.exact_score, k.clause);
                differs |= got != k.exact_score;
            }}
        }}
    }}
    println!("{{}}", if differs {{ "the deviation reproduces" }} else {{ "the library agrees with the exact answers" }});
    std::process::exit(if differs {{ 0 }} else {{ 1 }});
}}
"""


def rs_checks(checks):
    items = []
    for k in checks:
        attempt = (f"Some(({json.dumps(k['attempt'])}, {str(k['exact_legal']).lower()}, {json.dumps(k['why'])}))"
                   if k["kind"] == "legal" else "None")
        items.append(
            f"\n    Check {{\n        size: {k['size']},\n        komi: {float(k['komi'])},\n"
            f"        setup: &{json.dumps(k['setup'])},\n        moves: &{json.dumps(k['moves'])},\n"
            f"        attempt: {attempt},\n        exact_score: {json.dumps(k.get('exact', ''))},\n"
            f"        clause: {json.dumps(k['clause'])},\n    }},")
    return "".join(items) + "\n"


def rs_lib(impl):
    exe = impl["command"][0].rsplit("/", 1)[-1]
    args = impl["command"][1:]
    if exe == "gtp-goban":
        if "=" in args[0]:
            flags = dict(part.split("=") for part in args[0].split())
            ill = " | ".join(f"IllegalRules::{f}" for f in flags.get("illegal", "").split("|") if f) or "IllegalRules::empty()"
            sco = " | ".join(f"ScoreRules::{f}" for f in flags.get("score", "").split("|") if f) or "ScoreRules::empty()"
            rule = f"Rule {{ komi: 0.0, flag_illegal: {ill}, flag_score: {sco} }}"
        else:
            rule = f'Rule::from_str("{args[0]}").unwrap()'
        return f"""use goban::rules::game::Game;
#[allow(unused_imports)]
use goban::rules::{{GobanSizes, IllegalRules, Move, Rule, ScoreRules}};
#[allow(unused_imports)]
use std::str::FromStr;

// The goban crate: Game::new(GobanSizes::Custom(h, w), {rule}),
// try_play(Move::Play(row, column)), which refuses an illegal move with an error.
struct G {{
    game: Game,
    size: usize,
}}

fn new_game(size: usize, komi: f32, stones: &[(usize, usize)]) -> G {{
    let mut game = Game::new(GobanSizes::Custom(size, size), {rule});
    game.set_komi(komi);
    assert!(stones.is_empty(), "no handicap in this witness");
    G {{ game, size }}
}}

fn play(g: &mut G, _black: bool, v: Option<(usize, usize)>) -> Result<(), String> {{
    let mv = match v {{
        None => Move::Pass,
        Some((x, y)) => Move::Play((g.size - 1 - y) as u8, x as u8),
    }};
    g.game.try_play(mv).map(|_| ()).map_err(|e| format!("{{e:?}}"))
}}

fn score_difference(_g: &G) -> f32 {{
    unreachable!("no score in this witness")
}}
"""
    if exe == "gtp-spooky-go":
        if args:
            o = dict(a.split("=") for a in args)
            make = (f"Game::with_options(size as u8, size as u8, komi, {o['min']}, {o['max']}, {o['superko']})")
            doc = f"Game::with_options(w, h, komi, min {o['min']}, max {o['max']}, superko {o['superko']})"
        else:
            make = "{ let mut g = Game::new(size as u8, size as u8); g.set_komi(komi); g }"
            doc = "Game::new(w, h) (its own pass and length rules), then set_komi"
        return f"""use spooky_go::game::Game;
use spooky_go::player::Player;
use spooky_go::position::Position;
use spooky_go::r#move::Move;

// spooky_go: {doc}; make_move returns false for a move it refuses; score() is (Black, White),
// komi to White. Game<1>: one bitboard word holds boards up to 8x8.
fn new_game(size: usize, komi: f32, stones: &[(usize, usize)]) -> Game<1> {{
    let mut g: Game<1> = {make};
    if !stones.is_empty() {{
        let black: Vec<Position> = stones.iter().map(|&(x, y)| Position::new(x as u8, y as u8)).collect();
        g.set_setup_position(&black, &[], Player::White).unwrap();
    }}
    g
}}

fn play(g: &mut Game<1>, black: bool, v: Option<(usize, usize)>) -> Result<(), String> {{
    let player = if black {{ Player::Black }} else {{ Player::White }};
    let mv = v.map_or(Move::pass(), |(x, y)| Move::place(x as u8, y as u8));
    if g.turn() == player && g.make_move(&mv) {{
        Ok(())
    }} else {{
        Err("make_move returned false".into())
    }}
}}

fn score_difference(g: &Game<1>) -> f32 {{
    let (b, w) = g.score();
    b - w
}}
"""
    if exe == "gtp-go-game-board":
        return """use go_game_board::{Board, Player, Vertex};

// go_game_board: Board::with_size(w, h) (komi 6.5, no setter); is_legal, then play_legal (the
// crate's contract: the caller checks); tromp_taylor_score(), positive when Black is ahead.
fn new_game(size: usize, _komi: f32, stones: &[(usize, usize)]) -> Board {
    let mut b = Board::with_size(size, size);
    for &(x, y) in stones {
        b.play_legal(Player::Black, Vertex::from_coords(y as isize, x as isize));
    }
    b
}

fn play(b: &mut Board, black: bool, v: Option<(usize, usize)>) -> Result<(), String> {
    let p = if black { Player::Black } else { Player::White };
    let v = v.map_or(Vertex::pass(), |(x, y)| Vertex::from_coords(y as isize, x as isize));
    if !b.is_legal(p, v) {
        return Err("is_legal says no".into());
    }
    b.play_legal(p, v);
    Ok(())
}

fn score_difference(b: &Board) -> f32 {
    b.tromp_taylor_score()
}
"""
    return None


SH_CHECK = """
# {title}
out=$(printf '%s\\n' "boardsize {size}" "clear_board" "komi {komi}" {setup}{moves}"999 {last}" quit \\
  | "${{ENGINE[@]}}" 2>/dev/null)
refused=$(printf '%s\\n' "$out" | grep -E '^\\?[0-9]+ ' | grep -v '^?999 ' || true)
if [ -n "$refused" ]; then echo "the engine refused a turn of the game: $refused"; exit 2; fi
got=$(printf '%s\\n' "$out" | grep -E '^[=?]999' | head -1)
echo "game ({size}x{size}, komi {komi}): {shown}"
{compare}
"""


def sh_render(impl, family, checks):
    cmd = list(impl["command"])
    if len(cmd) > 4 and cmd[1].endswith("gtp_size_guard.py"):
        cmd = cmd[4:]  # the guard only refuses board sizes the engine would abort on
    if any("{" in w for w in cmd):
        return None
    parts = []
    for k in checks:
        setup = f'"set_free_handicap {" ".join(k["setup"])}" ' if k["setup"] else ""
        moves = "".join(f'"{i} play {m}" ' for i, m in enumerate(k["moves"], 1))
        shown = ("handicap stones " + " ".join(k["setup"]) + ", then " if k["setup"] else "") + ", ".join(k["moves"])
        if k["kind"] == "legal":
            last = f"play {k['attempt']}"
            exact = "legal" if k["exact_legal"] else "illegal: " + k["why"]
            want = "=" if k["exact_legal"] else "?"
            compare = (f'echo "  {k["attempt"]}: engine answered \'$got\'; exact: {exact} (r[{k["clause"]}])"\n'
                       f'case "$got" in {want}*) ;; *) differs=1 ;; esac')
        else:
            last = "final_score"
            compare = (f'echo "  final_score: engine answered \'$got\'; exact {k["exact"]} (r[{k["clause"]}])"\n'
                       f'[ "$got" = "=999 {k["exact"]}" ] || differs=1')
        parts.append(SH_CHECK.format(title=f"{k['kind']} check", size=k["size"], komi=k["komi"],
                                     setup=setup, moves=moves, last=last, shown=shown, compare=compare))
    run = f"bash conformance/witnesses/{impl['id']}/{family}.sh"
    head = dict(id=impl["id"], family=family, library=impl["library"], version=impl["version"],
                option=impl["option"])
    return "sh", ("#!/usr/bin/env bash\n" + HEADER.format(c="#", run=run, **head)
                  + "# GTP, as the engine documents it: each game is sent as play commands; a refused\n"
                  + "# play is answered with '?'.\nset -euo pipefail\n"
                  + f"ENGINE=({' '.join(cmd)})\ndiffers=0\n" + "".join(parts)
                  + '\nif [ "$differs" = 1 ]; then echo "the deviation reproduces"; exit 0; fi\n'
                  + 'echo "the engine agrees with the exact answers"; exit 1\n')


def render(impl, family, checks):
    """(extension, text) of the witness, or None when no template fits the library."""
    cmd = impl["command"]
    head = dict(id=impl["id"], family=family, library=impl["library"], version=impl["version"],
                option=impl["option"])
    data = json.dumps(checks, indent=1)
    if len(cmd) > 2 and cmd[1].endswith("gtp.js"):
        lib = js_lib(impl)
        if lib is None:
            return None
        run = f"NODE_PATH=conformance/npm/node_modules node conformance/witnesses/{impl['id']}/{family}.js"
        return "js", ('"use strict";\n' + HEADER.format(c="//", run=run, **head) + lib
                      + JS_COMMON.format(checks=data))
    if len(cmd) > 2 and cmd[1].endswith("gtp.py"):
        lib = py_lib(impl)
        if lib is None:
            return None
        run = f"conformance/python/.venv/bin/python conformance/witnesses/{impl['id']}/{family}.py"
        return "py", (HEADER.format(c="#", run=run, **head) + "\nimport sys\n\n" + lib
                      + PY_COMMON.format(checks=data.replace("true", "True").replace("false", "False")))
    if impl["ecosystem"] in ("debian", "source"):
        return sh_render(impl, family, checks)
    if "conformance/crates/target" in cmd[0]:
        lib = rs_lib(impl)
        if lib is None:
            return None
        run = (f"cargo run --release --manifest-path conformance/crates/Cargo.toml --example "
               f"{impl['id']}-{family}")
        return "rs", (HEADER.format(c="//", run=run, **head) + "\n" + lib
                      + RS_COMMON.format(checks=rs_checks(checks)))
    return None
