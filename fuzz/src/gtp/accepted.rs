//! The `gtp_session` oracle's checks of a `=` response: the answer against the model, and the
//! command applied to the model.

use super::{komi_of, size_of, Model};
use ttrules_fast::Fast;
use ttrules_games::is_own_eye;
use ttrules_gtp::server::{Server, COMMANDS};
use ttrules_gtp::{handicap, parse_colour, parse_vertex, vertices, Command};
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{Colour, Engine, Move, Player, Point, Setup, Size};

/// Checks a `=` response against the model and applies the command to the model.
pub(super) fn accepted(
    model: &mut Model,
    printed: &mut Option<Model>,
    server: &Server<Fast>,
    cmd: &Command,
    body: &str,
) -> Result<(), String> {
    let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
    let expect = |want: &str| answer_is(cmd, body, want);
    match (cmd.name.as_str(), args.as_slice()) {
        (name @ ("boardsize" | "rectangular_boardsize" | "ttrules-boardsize"), _) => {
            let size = size_of(name, &args).ok_or("accepted a bad board size")?;
            model.start(Setup::empty(size), model.rules)?;
            expect("")
        }
        ("clear_board", _) => {
            model.start(Setup::empty(model.size()), model.rules)?;
            expect("")
        }
        ("komi", _) => {
            model.komi = komi_of(&args).ok_or("accepted a bad komi")?;
            expect("")
        }
        ("play", [c, v]) => {
            let (p, mv) = (accepted_colour(c)?, accepted_vertex(v, model.size())?);
            accepted_play(model, p, mv)?;
            expect("")
        }
        ("undo", _) => {
            let mut moves = model.moves.clone();
            moves
                .pop()
                .ok_or("undid a turn that the model does not have")?;
            *model = model.replayed(model.setup.clone(), model.rules, &moves)?;
            expect("")
        }
        ("genmove", [c]) => accepted_genmove(model, accepted_colour(c)?, body),
        ("printsgf", [_]) => {
            *printed = Some(model.clone());
            expect("")
        }
        ("loadsgf", [_, rest @ ..]) => {
            accepted_loadsgf(model, printed.as_ref(), server, rest.is_empty())?;
            expect(&model.engine.to_move().letter().to_ascii_lowercase())
        }
        ("kgs-rules" | "ttrules-rules", [_, ..]) => {
            let (rules, komi) = rules_by_any_name(&args.join(" "))
                .map_err(|e| format!("accepted unknown rules: {e}"))?;
            if let Some(k) = komi {
                model.komi = k;
            }
            model.start(Setup::empty(model.size()), rules)?;
            expect("")
        }
        (name @ ("fixed_handicap" | "place_free_handicap" | "set_free_handicap"), _) => {
            accepted_handicap(model, name, &args, body)?;
            expect(if name == "set_free_handicap" {
                ""
            } else {
                body
            })
        }
        _ => accepted_query(model, cmd, &args, body),
    }
}

/// Checks the answer `body` to an accepted command that changes nothing (the queries: names,
/// `is_legal`, `all_legal`, `final_score`, `list_stones`, `captures`, `color`, `showboard`,
/// `printsgf` without a file, `ttrules-rules` without arguments...) against the model; any other
/// command is an error (the server accepted what it should not know).
fn accepted_query(model: &Model, cmd: &Command, args: &[&str], body: &str) -> Result<(), String> {
    let expect = |want: &str| answer_is(cmd, body, want);
    let player = accepted_colour;
    let vertex = accepted_vertex;
    match (cmd.name.as_str(), args) {
        ("protocol_version", _) => expect("2"),
        ("name", _) => expect("ttrules"),
        ("version", _) => expect(env!("CARGO_PKG_VERSION")),
        ("known_command", [name]) => expect(&COMMANDS.contains(name).to_string()),
        ("list_commands", _) => expect(&COMMANDS.join("\n")),
        ("quit", _) => expect(""),
        ("get_komi", _) => expect(&model.komi.to_string()),
        ("is_legal", [c, v]) => {
            let (p, mv) = (player(c)?, vertex(v, model.size())?);
            expect(if model.legal(p, mv) { "1" } else { "0" })
        }
        ("all_legal", [c]) => {
            if player(c)? == model.engine.to_move() {
                expect(&vertices(&model.engine.legal_points()))
            } else {
                expect("")
            }
        }
        ("final_score", _) => {
            let o = model
                .engine
                .outcome(model.komi, &[])
                .map_err(|e| e.to_string())?;
            expect(&o.sgf_result())
        }
        ("final_status_list", [status]) => match status.to_ascii_lowercase().as_str() {
            "alive" => expect(&vertices(&model.stones(None))),
            _ => expect(""),
        },
        ("list_stones", [c]) => expect(&vertices(&model.stones(Some(player(c)?)))),
        ("captures", [c]) => {
            let held = model.engine.prisoners();
            expect(
                &match player(c)? {
                    Player::Black => held.black,
                    Player::White => held.white,
                }
                .to_string(),
            )
        }
        ("color", [v]) => match vertex(v, model.size())? {
            Move::Pass => Err("answered `color pass`".into()),
            Move::Play(p) => expect(match model.engine.colour_at(p) {
                Colour::Black => "black",
                Colour::White => "white",
                Colour::Empty => "empty",
            }),
        },
        ("showboard", _) => {
            let state = if model.engine.is_over() {
                "over"
            } else {
                "to move"
            };
            if body.contains(state) {
                Ok(())
            } else {
                Err(format!("showboard does not say {state:?}: {body:?}"))
            }
        }
        ("printsgf", []) => expect(model.sgf().trim_end()),
        ("ttrules-rules", []) => match model.rules.name() {
            Some(name) => expect(&format!("{name}\n{}", model.rules.describe())),
            None => expect(&model.rules.describe()),
        },
        (name, _) => Err(format!("accepted `{name}` with arguments {args:?}")),
    }
}

/// `Ok` when the server's answer `body` to `cmd` is `want`, else an error quoting both.
fn answer_is(cmd: &Command, body: &str, want: &str) -> Result<(), String> {
    if body == want {
        Ok(())
    } else {
        Err(format!(
            "`{}` answered {body:?}, the model {want:?}",
            cmd.name
        ))
    }
}

/// The colour argument `s` of an accepted command (an error: the server accepted a bad colour).
fn accepted_colour(s: &str) -> Result<Player, String> {
    parse_colour(s).map_err(|e| format!("accepted a bad colour: {e}"))
}

/// The vertex `s` of an accepted command or answer on a board of `size`.
fn accepted_vertex(s: &str, size: Size) -> Result<Move, String> {
    parse_vertex(s, size).map_err(|e| format!("accepted: {e}"))
}

/// Applies an accepted `play` of `mv` by `p` to the model: a legal move, or else a Black
/// handicap stone with a White pass before it (r[var.handicap]); an error when the model
/// refuses both.
fn accepted_play(model: &mut Model, p: Player, mv: Move) -> Result<(), String> {
    if !model.legal(p, mv) {
        *model = model
            .handicap_stone(p, mv)
            .ok_or(format!("accepted {p} {mv}, which the model refuses"))?;
        return Ok(());
    }
    model.engine.play(mv).map_err(|e| e.to_string())?;
    model.moves.push((p, mv));
    Ok(())
}

/// Checks the move `body` a `genmove` for `p` answered (legal, not into `p`'s own eye, a pass
/// only when every legal move fills an own eye) and plays it on the model.
fn accepted_genmove(model: &mut Model, p: Player, body: &str) -> Result<(), String> {
    let mv = accepted_vertex(body, model.size())?;
    if !model.legal(p, mv) {
        return Err(format!("genmove played {p} {mv}, which the model refuses"));
    }
    let g = model.engine.grid();
    let choices: Vec<Point> = model
        .engine
        .legal_points()
        .into_iter()
        .filter(|&q| !is_own_eye(&g, q, p))
        .collect();
    match mv {
        Move::Play(q) if !choices.contains(&q) => {
            return Err(format!("genmove filled its own eye at {q}"))
        }
        Move::Pass if !choices.is_empty() => {
            return Err(format!(
                "genmove passed with {} moves to choose",
                choices.len()
            ))
        }
        _ => {}
    }
    model.engine.play(mv).map_err(|e| e.to_string())?;
    model.moves.push((p, mv));
    Ok(())
}

/// Checks an accepted `loadsgf` against the model `printed` when the session wrote its file
/// (all its turns, or at most them when a move number was given: `all` is false) and sets the
/// model to the turns the server loaded.
fn accepted_loadsgf(
    model: &mut Model,
    printed: Option<&Model>,
    server: &Server<Fast>,
    all: bool,
) -> Result<(), String> {
    let p = printed.ok_or("loaded a file that the session did not write")?;
    let n = server.moves().len();
    if n > p.moves.len() || (all && n != p.moves.len()) {
        return Err(format!(
            "loadsgf gave {n} turns of the {} printed",
            p.moves.len()
        ));
    }
    let komi = p.komi;
    *model = p.replayed(p.setup.clone(), p.rules, &p.moves[..n])?;
    model.komi = komi;
    Ok(())
}

/// Checks an accepted handicap command `name` with `args` (an empty board before it; the
/// stones placed, listed in `args` or the answer `body`, a valid placement of the number asked
/// for, at the fixed points for `fixed_handicap`) and starts the model on the handicap setup.
fn accepted_handicap(
    model: &mut Model,
    name: &str,
    args: &[&str],
    body: &str,
) -> Result<(), String> {
    if !model.board_is_empty() {
        return Err(format!("accepted `{name}` on a board that is not empty"));
    }
    let listed = if name == "set_free_handicap" {
        args.to_vec()
    } else {
        body.split(' ').collect()
    };
    let stones = handicap::parse_vertices(listed, model.size())
        .map_err(|e| format!("`{name}`: not a placement: {e}"))?;
    if let ("fixed_handicap", [n]) = (name, args) {
        let fixed = n
            .parse()
            .ok()
            .and_then(|n| handicap::fixed_points(model.size(), n));
        if fixed.as_ref() != Some(&stones) {
            return Err(format!("fixed_handicap {n} placed {body:?}"));
        }
    }
    if let ("place_free_handicap", [n]) = (name, args) {
        if n.parse::<usize>().ok() != Some(stones.len()) {
            return Err(format!("place_free_handicap {n} placed {body:?}"));
        }
    }
    model.start(handicap::setup(model.size(), &stones), model.rules)?;
    Ok(())
}
