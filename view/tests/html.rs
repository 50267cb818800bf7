//! The viewer's page from real replays: its structure (one file, nothing fetched, the data
//! embedded and equal to the model), the data the script plays (each turn's stone and emptied
//! points give the engine's colouring), a refused repetition and the turn it repeats, and the size
//! of a 400-turn 19x19 game.

use serde_json::Value;
use std::time::Instant;
use ttrules_fast::Fast;
use ttrules_record::replay::{replay_file, Options, Replayed};
use ttrules_spec::{Colour, Engine, Grid, Move, Point, Rules, Size};
use ttrules_view::{clause::BOOK_URL, fixed_size, game, html, Game, Page};

fn replayed(sgf: &str, name: &str) -> Replayed {
    replay_file(sgf.as_bytes(), name, None, &Options::default())
        .into_iter()
        .next()
        .expect("one game")
        .expect("replayed")
}

fn page_of(r: &Replayed) -> Page {
    Page {
        title: "a <test> page".into(),
        subtitle: "</script><script>alert(1)</script>".into(),
        games: vec![game(r, &[])],
    }
}

/// The colourings the page's script reaches: each turn's stone placed, then its emptied points
/// emptied (viewer.js `prepare`, the same steps).
fn script_colourings(g: &Game) -> Vec<Vec<u8>> {
    let (w, h) = (usize::from(g.width), usize::from(g.height));
    let mut b = vec![0u8; w * h];
    for (r, row) in g.setup.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            b[(h - 1 - r) * w + x] = match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
        }
    }
    let at = |s: &[u8]| usize::from(s[1] - b'a') * w + usize::from(s[0] - b'a');
    let mut out = vec![b.clone()];
    for t in &g.turns {
        if t.ok {
            if !t.m.is_empty() {
                b[at(t.m.as_bytes())] = if t.p == 'B' { 1 } else { 2 };
            }
            for c in t.c.as_bytes().chunks(2) {
                b[at(c)] = 0;
            }
        }
        out.push(b.clone());
    }
    out
}

fn cells(g: &Grid) -> Vec<u8> {
    g.cells()
        .iter()
        .map(|c| match c {
            Colour::Empty => 0,
            Colour::Black => 1,
            Colour::White => 2,
        })
        .collect()
}

/// The JSON of `script#data` in `page`.
fn embedded(page: &str) -> Value {
    let open = "<script type=\"application/json\" id=\"data\">";
    let start = page.find(open).expect("the data element") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("the data is JSON")
}

#[test]
fn a_refused_superko_shows_the_turn_it_repeats_and_its_clause() {
    let sgf = include_str!("../../examples/superko-2x2.sgf");
    let r = replayed(sgf, "superko-2x2.sgf");
    let g = game(&r, &[]);
    let last = g.turns.last().expect("turns");
    assert!(!last.ok, "the record ends with a refused turn");
    assert_eq!(
        last.r,
        Some(3),
        "B1 would recreate the colouring after turn 3"
    );
    let v = &g.verdicts[last.v];
    assert_eq!(v.clause, "tt.turn.repetition");
    assert_eq!(
        v.url,
        format!("{BOOK_URL}spec/part-1.html#tt.turn.repetition")
    );
    assert!(v.text.contains("after turn 3"), "{}", v.text);
    // Illegal: no count at the end; the start's verdict first.
    assert!(g.end.is_empty());
    assert_eq!(g.verdicts[0].clause, "tt.start", "the empty board");
}

#[test]
fn the_page_is_one_file_that_fetches_nothing() {
    let r = replayed(include_str!("../../examples/9x9-game.sgf"), "9x9-game.sgf");
    let page = page_of(&r);
    let text = html(&page);
    assert!(text.starts_with("<!DOCTYPE html>"));
    // One style and two scripts, all inline: no src, no stylesheet link, no import.
    assert_eq!(text.matches("<style>").count(), 1);
    assert_eq!(
        text.matches("<script").count(),
        2,
        "the data and the script"
    );
    for banned in [
        "<script src",
        " src=",
        "<link",
        "@import",
        "url(",
        "fetch(",
        "XMLHttpRequest",
    ] {
        assert!(!text.contains(banned), "the page holds {banned:?}");
    }
    // Every address is a clause of the book, or the SVG namespace (a name, never fetched).
    let mut addresses = 0;
    for (i, _) in text.match_indices("http") {
        let rest = &text[i..];
        let ok = rest.starts_with(&format!("{BOOK_URL}spec/part-"))
            || rest.starts_with("http://www.w3.org/2000/svg");
        assert!(
            ok,
            "an address that is no clause: {}",
            &rest[..rest.len().min(80)]
        );
        addresses += 1;
    }
    assert!(
        addresses > 3,
        "{addresses} addresses: the clause links are there"
    );
    // The subtitle cannot end the data's script element; the data is the model, exactly.
    assert_eq!(text.matches("</script>").count(), 2);
    assert!(text.contains("<title>a &lt;test&gt; page</title>"));
    let data = embedded(&text);
    let mut model = serde_json::to_value(&page).expect("serialises");
    model["prisoners"] = data["prisoners"].clone();
    assert_eq!(data, model);
    assert_eq!(data["prisoners"]["clause"], "var.prisoners");
    // The game is over: its count is the first panel after the last turn, with marks on every
    // point and the score taken apart under the game's rules.
    let count = &page.games[0].end[0];
    assert!(
        count.title.starts_with("The count under"),
        "{}",
        count.title
    );
    assert_eq!(count.marks.len(), 81);
    assert_eq!(count.table[0][0], "ruleset");
    assert_eq!(count.table.len(), 2);
}

#[test]
fn each_turn_of_the_data_gives_the_engines_colouring() {
    for (name, sgf) in [
        ("9x9-game.sgf", include_str!("../../examples/9x9-game.sgf")),
        ("ko-3x3.sgf", include_str!("../../examples/ko-3x3.sgf")),
        (
            "handicap-aga.sgf",
            include_str!("../../examples/handicap-aga.sgf"),
        ),
        (
            "jihuozi-7x7.sgf",
            include_str!("../../examples/jihuozi-7x7.sgf"),
        ),
        (
            "superko-2x2.sgf",
            include_str!("../../examples/superko-2x2.sgf"),
        ),
    ] {
        let r = replayed(sgf, name);
        let g = game(&r, &[]);
        let seen = script_colourings(&g);
        let mut e = Fast::from_setup(&r.game.setup, r.game.rules).expect("setup");
        assert_eq!(seen[0], cells(&e.grid()), "{name}: the start");
        let mut checked = 0;
        for (k, m) in r.game.moves.iter().take(g.turns.len()).enumerate() {
            let _ = e.play(m.mv);
            assert_eq!(
                seen[k + 1],
                cells(&e.grid()),
                "{name}: after turn {}",
                k + 1
            );
            checked += 1;
        }
        assert!(checked > 0, "{name}: no turn checked");
    }
}

/// A seeded game of `turns` legal turns on 19x19 (random points, passes now and then), as SGF.
fn long_game(turns: usize, seed: u64) -> String {
    let size = Size::square(19).expect("19x19");
    let mut e = Fast::new(size, Rules::TROMP_TAYLOR);
    let mut state = seed;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]KM[7.5]");
    for _ in 0..turns {
        let points = e.legal_points();
        let mv = if points.is_empty() || next() % 50 == 0 {
            Move::Pass
        } else {
            Move::Play(points[next() % points.len()])
        };
        let player = if e.to_move() == ttrules_spec::Player::Black {
            'B'
        } else {
            'W'
        };
        let at = match mv {
            Move::Pass => String::new(),
            Move::Play(Point { x, y }) => {
                format!("{}{}", char::from(b'a' + x), char::from(b'a' + (18 - y)))
            }
        };
        sgf.push_str(&format!(";{player}[{at}]"));
        e.play(mv).expect("a legal turn");
        if e.is_over() {
            break;
        }
    }
    sgf.push(')');
    sgf
}

#[test]
fn a_400_turn_game_is_small_and_quick() {
    let sgf = long_game(400, 7);
    let r = replayed(&sgf, "long.sgf");
    let start = Instant::now();
    let g = game(&r, &[]);
    let built = start.elapsed();
    assert_eq!(g.turns.len(), r.game.moves.len());
    assert!(g.turns.len() >= 300, "{} turns", g.turns.len());
    let captures = g.turns.iter().filter(|t| !t.c.is_empty()).count();
    assert!(captures > 0, "a long random game captures");
    let page = html(&Page {
        title: "long".into(),
        subtitle: String::new(),
        games: vec![g],
    });
    let fixed = fixed_size();
    let data = page.len() - fixed;
    eprintln!(
        "fixed part {fixed} bytes; a {}-turn 19x19 game adds {data} bytes; built in {built:?}",
        r.game.moves.len()
    );
    assert!(fixed < 24_000, "the fixed part is {fixed} bytes");
    assert!(data < 60_000, "a 400-turn game adds {data} bytes");
}

/// The 400-turn game the browser test steps through (`tests/fixtures/viewer-400.sgf`) is
/// [`long_game`]`(400, 7)`; `TTRULES_VIEWER_FIXTURE=write cargo test -p ttrules-view --test html
/// long_fixture` writes it again.
#[test]
fn the_long_fixture_is_the_seeded_game() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/viewer-400.sgf");
    let game = long_game(400, 7) + "\n";
    if std::env::var("TTRULES_VIEWER_FIXTURE").as_deref() == Ok("write") {
        std::fs::write(&path, &game).expect("the fixture is written");
    }
    let on_disk = std::fs::read_to_string(&path).expect("the fixture is there");
    assert_eq!(on_disk, game, "{} is not long_game(400, 7)", path.display());
    let r = replayed(&on_disk, "viewer-400.sgf");
    assert_eq!(
        r.game.moves.len(),
        400,
        "every turn legal, none after the end"
    );
}

#[test]
fn a_turn_is_written_compactly() {
    let legal = ttrules_view::Turn {
        p: 'B',
        m: "dd".into(),
        c: "cdde".into(),
        v: 3,
        ok: true,
        ..Default::default()
    };
    assert_eq!(
        serde_json::to_string(&legal).unwrap(),
        r#"["Bdd","cdde",3]"#
    );
    let refused = ttrules_view::Turn {
        p: 'W',
        m: String::new(),
        v: 5,
        ok: false,
        r: Some(3),
        n: vec!["a note".into()],
        flag: true,
        ..Default::default()
    };
    assert_eq!(
        serde_json::to_string(&refused).unwrap(),
        r#"["!W","",5,{"r":3,"n":["a note"],"flag":true}]"#
    );
}

#[test]
fn a_rectangular_board_with_a_capture() {
    // 5 wide, 3 high: White's stone in the top left corner captured by B2's neighbours.
    let r = replayed("(;GM[1]FF[4]SZ[5:3];B[ba];W[aa];B[ab])", "rect.sgf");
    let g = game(&r, &[]);
    assert_eq!((g.width, g.height), (5, 3));
    assert_eq!(g.setup.len(), 3);
    assert_eq!(g.setup[0].len(), 5);
    // aa in SGF is A3 (the top left): the data writes it "ac" (row from the bottom).
    assert_eq!(g.turns[2].c, "ac");
    assert!(g.verdicts[g.turns[2].v].text.contains("captures 1 stone"));
    let seen = script_colourings(&g);
    let e = {
        let mut e = Fast::from_setup(&r.game.setup, r.game.rules).expect("setup");
        for m in &r.game.moves {
            e.play(m.mv).expect("legal");
        }
        e
    };
    assert_eq!(seen[3], cells(&e.grid()));
}

#[test]
fn a_ko_recapture_the_ruleset_allows_names_the_turn_it_repeats() {
    // The ko of examples/ko-3x3.sgf: White captures at B3 (turn 8), both pass, Black resumes
    // (r[rec.resume]) and recaptures at A3, recreating the colouring after turn 7. Simple ko
    // allows it (White's last turn was a pass); positional superko refuses it.
    let sgf = "(;GM[1]FF[4]SZ[3]KM[0];B[bb];W[ba];B[ca];W[ab];B[aa];W[cc];B[cb];W[ba];B[];W[];B[aa]RESUME[])";
    let simple = "repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none \
                  end=two-passes first_pass=nothing ties=draw handicap=n";
    let mut opts = Options::default();
    opts.overrides.rules =
        Some(ttrules_record::rules::rules_by_any_name(simple).expect("a parameter list"));
    let r = replay_file(sgf.as_bytes(), "ko.sgf", None, &opts)
        .into_iter()
        .next()
        .expect("one game")
        .expect("replayed");
    let g = game(&r, &[]);
    let last = g.turns.last().expect("turns");
    assert_eq!(g.turns.len(), 11);
    assert!(last.ok, "legal under simple ko");
    assert_eq!(last.r, Some(7));
    assert!(last.n[0].contains("repetition=simple-ko"), "{:?}", last.n);
    // No other legal turn repeats a colouring (passes are not moves).
    assert_eq!(g.turns.iter().filter(|t| t.r.is_some()).count(), 1);
    // Under tromp-taylor the same turn is refused, naming the same earlier turn.
    let r = replayed(sgf, "ko.sgf");
    let g = game(&r, &[]);
    let last = g.turns.last().expect("turns");
    assert!(!last.ok);
    assert_eq!(last.r, Some(7));
    assert_eq!(g.verdicts[last.v].clause, "tt.turn.repetition");
}
