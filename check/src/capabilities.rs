//! Phase 1, capabilities: which commands the engine has, which board sizes it takes, which rule
//! options it claims, and where its board can be read.

use super::*;

/// Phase 1: what the engine has.
pub(super) fn capabilities(c: &mut Checker) -> Result<(), String> {
    identify(c)?;
    select_rules(c);
    probe_sizes(c)?;
    c.report.capabilities.rectangles = c.remote.has("rectangular_boardsize");
    c.report.capabilities.board_source = find_board_source(c);
    note_skips(c);
    if c.remote.is_dead().is_some() {
        return Err(c.remote.is_dead().unwrap_or_default().to_string());
    }
    Ok(())
}

/// An error that stops the check: what failed, and the fault.
fn fatal(what: &str, e: Fault) -> String {
    format!("{what}: {e}")
}

/// The engine's protocol version, name, version and command list; fails when it cannot list
/// its commands or lacks one every check needs.
fn identify(c: &mut Checker) -> Result<(), String> {
    let first = c.remote.send("protocol_version");
    let caps = &mut c.report.capabilities;
    match first {
        Ok(Reply::Success(v)) => caps.protocol_version = Some(v.trim().to_string()),
        Ok(Reply::Failure(_)) => {}
        Err(e) => return Err(fatal("the engine does not answer protocol_version", e)),
    }
    if let Ok(Reply::Success(n)) = c.remote.send("name") {
        c.report.capabilities.name = Some(n.trim().to_string());
    }
    if let Ok(Reply::Success(v)) = c.remote.send("version") {
        c.report.capabilities.version = Some(v.trim().to_string());
    }
    match c.remote.send("list_commands") {
        Ok(Reply::Success(list)) => {
            c.remote.known = list.split_whitespace().map(str::to_string).collect();
        }
        Ok(Reply::Failure(e)) => {
            return Err(format!("the engine refuses list_commands: {e}"));
        }
        Err(e) => return Err(fatal("the engine does not answer list_commands", e)),
    }
    for cmd in [
        "play",
        "is_legal",
        "list_stones",
        "showboard",
        "captures",
        "final_score",
        "final_status_list",
        "loadsgf",
        "set_free_handicap",
        "undo",
        "clear_board",
        "boardsize",
        "komi",
    ] {
        let has = c.remote.has(cmd);
        c.report.capabilities.commands.insert(cmd.into(), has);
    }
    for must in ["play", "boardsize", "clear_board"] {
        if !c.remote.has(must) {
            return Err(format!(
                "the engine does not list `{must}`, which every check needs"
            ));
        }
    }
    Ok(())
}

/// The rule options the engine lists, and the rules command chosen for the run (if any) and
/// whether the engine takes it.
fn select_rules(c: &mut Checker) {
    for opt in [
        "kgs-rules",
        "ttrules-rules",
        "kata-set-rules",
        "rectangular_boardsize",
    ] {
        if c.remote.known.contains(opt) && opt != "rectangular_boardsize" {
            c.report.capabilities.rules_options.push(opt.to_string());
        }
    }
    let name = c.cfg.rules_name.clone();
    let selection = ttrules_gtp::rules_command(|cmd| c.remote.has(cmd), c.cfg.rules, &name);
    c.report.capabilities.rules_selection = match selection {
        Some(cmd) => match c.remote.ask(&cmd) {
            Ok(Ok(_)) => {
                c.run_rules_cmd = Some(cmd.clone());
                format!("`{cmd}`")
            }
            Ok(Err(e)) => {
                format!("`{cmd}` refused ({e}); comparing the engine's own rules with {name}")
            }
            Err(e) => format!("`{cmd}` failed ({e}); comparing the engine's own rules with {name}"),
        },
        None => format!(
            "no rules command for {name}; comparing the engine as configured on its command line"
        ),
    };
}

/// The square board sizes (1 to 25) the engine takes; the refused ones are kept as reasons.
fn probe_sizes(c: &mut Checker) -> Result<(), String> {
    for n in 1..=25u32 {
        match c.remote.ask(&format!("boardsize {n}")) {
            Ok(Ok(_)) => c.report.capabilities.square_sizes.push(n),
            Ok(Err(_)) => {
                c.sizes_ok.insert(
                    Size::square(n).expect("1..=25"),
                    Err(format!("the engine refuses boardsize {n}")),
                );
            }
            Err(Fault::Lost(_)) => {}
            Err(e) => return Err(fatal("boardsize", e)),
        }
    }
    Ok(())
}

/// Where the engine's board is read from (`list_stones`, else a readable `showboard` diagram),
/// set on the remote; returns it in words for the report.
fn find_board_source(c: &mut Checker) -> String {
    let probe_size = c
        .report
        .capabilities
        .square_sizes
        .iter()
        .copied()
        .find(|&n| n >= 3)
        .and_then(|n| Size::square(n).ok());
    if c.remote.has("list_stones") {
        c.remote.board_source = Some(BoardSource::ListStones);
        "list_stones".into()
    } else if !c.remote.has("showboard") {
        "nowhere: the engine has neither list_stones nor showboard".into()
    } else if let Some(size) = probe_size {
        // Does showboard's response hold a readable diagram? Try with one stone on the board.
        let mut ok = false;
        let ctx = c.empty_ctx(size, Komi::ZERO);
        if let Ok(Ok(())) = c.remote.setup(&ctx.start) {
            let p = Point::new(1, 1);
            if let Ok(true) = c.remote.play(Player::Black, Move::Play(p)) {
                c.remote.board_source = Some(BoardSource::Showboard);
                let mut want = Grid::empty(size);
                want.set(p, Colour::Black);
                ok = matches!(c.remote.board(size), Ok(Ok(g)) if g == want);
            }
        }
        if ok {
            "showboard (parsed diagram)".into()
        } else {
            c.remote.board_source = None;
            "nowhere: showboard's response holds no readable diagram".into()
        }
    } else {
        "nowhere: no board size of 3 or more".into()
    }
}

/// The checks skipped for want of a command, with the reason shown in the report.
fn note_skips(c: &mut Checker) {
    let caps = &mut c.report.capabilities;
    if c.remote.board_source.is_none() {
        caps.skips.insert("board".into(), caps.board_source.clone());
    }
    for (cmd, what) in [
        ("is_legal", "is_legal"),
        ("captures", "captures"),
        ("final_score", "final_score"),
    ] {
        if !c.remote.has(cmd) {
            caps.skips
                .insert(what.into(), format!("the engine has no {cmd}"));
        }
    }
    if !c.remote.has("undo") {
        caps.skips.insert(
            "undo".into(),
            "the engine has no undo: after an accepted illegal move the position is rebuilt with clear_board".into(),
        );
    }
}
