//! `replay --parquet` and `--sgf-column` end to end: the tables read back with the parquet crate
//! equal `replay --jsonl`'s documents (the `--json` document, one a line) field by field on
//! tests/records, the examples and a sample of ../shared/records; the schema is the book's; shards
//! merge into the unsharded tables; SGF texts read from Parquet and JSON-lines columns replay as
//! the files do; bad tables are clear errors that lose no other row.

mod cli_common;
use cli_common::{repo, run, stderr};

#[path = "replay_parquet/read.rs"]
mod read;

use read::{read, type_name, Table};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The records compared: the repository's and a sample of ../shared/records (the malformed
/// records and Pachi's games).
fn sample() -> Vec<String> {
    let shared = repo("../shared/records");
    assert!(
        Path::new(&shared).is_dir(),
        "{shared}: the tests read ../shared/records"
    );
    vec![
        repo("tests/records"),
        repo("examples"),
        format!("{shared}/malformed"),
        format!("{shared}/pachi"),
    ]
}

/// `replay --jsonl` of `inputs`: one document per line, in order.
fn documents(inputs: &[String], extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["replay", "--jsonl"];
    args.extend(inputs.iter().map(String::as_str));
    args.extend(extra);
    let out = run(&args);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn s(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

fn n(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// The margin the result `B+3.5`, `W+0`, `0`, `Void` gives.
fn margin(result: &str) -> Option<f64> {
    match result {
        "0" => Some(0.0),
        "Void" => None,
        r => r.get(2..).and_then(|m| m.parse().ok()),
    }
}

/// Compares row `i` of the games table with its document.
fn compare_game(t: &Cols, i: usize, d: &Value) {
    let at = format!("row {i}: {} game {}", d["file"], d["tree"]);
    let eq_s = |col: &str, want: Option<String>| assert_eq!(t.s(col)[i], want, "{at}: {col}");
    let eq_n = |col: &str, want: Option<f64>| assert_eq!(t.n(col)[i], want, "{at}: {col}");
    eq_n("game", Some(i as f64));
    eq_s("file", s(&d["file"]));
    eq_n("tree", n(&d["tree"]));
    eq_s("outcome", s(&d["outcome"]));
    eq_s(
        "spec",
        s(&d["spec"]).or(Some(ttrules_spec::SPEC_VERSION.into())),
    );
    if d["outcome"] == "refused" {
        eq_s("error_kind", s(&d["error"]["kind"]));
        eq_s("error_message", s(&d["error"]["message"]));
        for col in ["engine", "result", "rules", "re"] {
            eq_s(col, None);
        }
        assert_eq!(t.warnings[i], None, "{at}");
        return;
    }
    eq_s("error_kind", None);
    eq_n("trees", n(&d["trees"]));
    eq_s("engine", s(&d["engine"]));
    eq_n("width", n(&d["size"]["width"]));
    eq_n("height", n(&d["size"]["height"]));
    eq_s("black_player", s(&d["players"]["black"]));
    eq_s("white_player", s(&d["players"]["white"]));
    eq_s("rules", s(&d["rules"]["name"]));
    eq_s("rules_katago", s(&d["rules"]["katago"]));
    for p in [
        "repetition",
        "suicide",
        "counting",
        "tax",
        "pass_stones",
        "end",
        "first_pass",
        "ties",
        "handicap",
    ] {
        eq_s(&format!("rules_{p}"), s(&d["rules"][p]));
    }
    eq_n("komi", n(&d["komi"]));
    eq_n("handicap", n(&d["handicap"]));
    eq_n("turns", Some(d["turns"].as_array().unwrap().len() as f64));
    let ill = &d["illegal"];
    eq_n("illegal_turn", n(&ill["number"]));
    eq_n("illegal_node", n(&ill["node"]));
    eq_s("illegal_colour", s(&ill["color"]));
    eq_s("illegal_move", s(&ill["move"]));
    eq_s("illegal_reason", s(&ill["reason"]));
    eq_s("illegal_clause", s(&ill["clause"]));
    let stop = &d["stop"];
    eq_s("stop_cause", s(&stop["cause"]));
    eq_s("stop_clause", s(&stop["clause"]));
    eq_n("stop_node", n(&stop["node"]));
    eq_n("stop_move", n(&stop["move"]));
    eq_s("stop_text", s(&stop["text"]));
    assert_eq!(t.b("over")[i], d["over"].as_bool(), "{at}: over");
    eq_s("to_move", s(&d["to_move"]));
    eq_s("first_passer", s(&d["first_passer"]));
    compare_end(t, i, d, &at);
}

/// The score, the result, `RE` and the warnings of row `i`.
fn compare_end(t: &Cols, i: usize, d: &Value, at: &str) {
    let eq_s = |col: &str, want: Option<String>| assert_eq!(t.s(col)[i], want, "{at}: {col}");
    let eq_n = |col: &str, want: Option<f64>| assert_eq!(t.n(col)[i], want, "{at}: {col}");
    eq_n("score_black", n(&d["score"]["black"]));
    eq_n("score_white", n(&d["score"]["white"]));
    eq_n("captures_black", n(&d["captures"]["black"]));
    eq_n("captures_white", n(&d["captures"]["white"]));
    eq_n("prisoners_black", n(&d["prisoners"]["black"]));
    eq_n("prisoners_white", n(&d["prisoners"]["white"]));
    eq_s("dead_from", s(&d["dead_from"]));
    eq_s("dead_engine", s(&d["dead_engine"]));
    eq_n(
        "dead_stones",
        Some(d["dead"].as_array().unwrap().len() as f64),
    );
    eq_n("seki_stones", d["seki"].as_array().map(|a| a.len() as f64));
    eq_s("result", s(&d["result"]));
    eq_s("winner", s(&d["winner"]));
    eq_n("margin", margin(d["result"].as_str().unwrap()));
    eq_s("re", s(&d["re"]["text"]));
    eq_s("re_kind", s(&d["re"]["kind"]));
    eq_s("re_winner", s(&d["re"]["winner"]));
    eq_n("re_margin", n(&d["re"]["margin"]));
    assert_eq!(t.b("re_agrees")[i], d["re_agrees"].as_bool(), "{at}");
    eq_s("encoding", s(&d["encoding"]));
    let want: Vec<read::Warning> = d["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                s(&w["kind"]).unwrap(),
                w["node"].as_u64().map(|n| n as u32),
                s(&w["text"]).unwrap(),
            )
        })
        .collect();
    assert_eq!(t.warnings[i].as_ref(), Some(&want), "{at}: warnings");
}

/// A table's columns read once.
struct Cols {
    table: Table,
    cache: std::cell::RefCell<std::collections::HashMap<String, std::rc::Rc<Column>>>,
    warnings: Vec<Option<Vec<read::Warning>>>,
}

enum Column {
    S(Vec<Option<String>>),
    N(Vec<Option<f64>>),
    B(Vec<Option<bool>>),
}

impl Cols {
    fn new(table: Table) -> Cols {
        let warnings = if table.schema.column_with_name("warnings").is_some() {
            table.warnings()
        } else {
            Vec::new()
        };
        Cols {
            table,
            cache: Default::default(),
            warnings,
        }
    }

    fn get(&self, name: &str, make: impl Fn(&Table) -> Column) -> std::rc::Rc<Column> {
        self.cache
            .borrow_mut()
            .entry(name.to_string())
            .or_insert_with(|| std::rc::Rc::new(make(&self.table)))
            .clone()
    }

    fn s(&self, name: &str) -> Vec<Option<String>> {
        match &*self.get(name, |t| Column::S(t.strings(name))) {
            Column::S(v) => v.clone(),
            _ => unreachable!(),
        }
    }

    fn n(&self, name: &str) -> Vec<Option<f64>> {
        match &*self.get(name, |t| Column::N(t.numbers(name))) {
            Column::N(v) => v.clone(),
            _ => unreachable!(),
        }
    }

    fn b(&self, name: &str) -> Vec<Option<bool>> {
        match &*self.get(name, |t| Column::B(t.bools(name))) {
            Column::B(v) => v.clone(),
            _ => unreachable!(),
        }
    }
}

/// Compares the moves table with the documents' turns.
fn compare_moves(m: &Table, docs: &[Value]) {
    let (game, turn, node) = (m.numbers("game"), m.numbers("turn"), m.numbers("node"));
    let (colour, mv) = (m.strings("colour"), m.strings("move"));
    let (x, legal, implied) = (m.numbers("x"), m.bools("legal"), m.bools("implied"));
    let (reason, captures, hash) = (
        m.strings("reason"),
        m.numbers("captures"),
        m.numbers("hash"),
    );
    let mut row = 0;
    for (g, d) in docs.iter().enumerate() {
        let Some(turns) = d["turns"].as_array() else {
            continue;
        };
        let mut caps = [0.0, 0.0];
        for t in turns {
            let at = format!("game {g} turn {}", t["number"]);
            assert_eq!(game[row], Some(g as f64), "{at}");
            assert_eq!(turn[row], n(&t["number"]), "{at}");
            assert_eq!(node[row], n(&t["node"]), "{at}");
            assert_eq!(colour[row], s(&t["color"]), "{at}");
            assert_eq!(mv[row], s(&t["move"]), "{at}");
            assert_eq!(x[row].is_none(), t["move"] == "pass", "{at}");
            assert_eq!(legal[row], t["legal"].as_bool(), "{at}");
            assert_eq!(implied[row], Some(t["implied"] == true), "{at}");
            let illegal = t["legal"] == false;
            assert_eq!(
                reason[row],
                s(&d["illegal"]["reason"]).filter(|_| illegal),
                "{at}"
            );
            assert_eq!(hash[row].is_some(), !illegal, "{at}: hash");
            caps[usize::from(t["color"] == "W")] += captures[row].unwrap();
            row += 1;
        }
        assert_eq!(Some(caps[0]), n(&d["captures"]["black"]), "game {g}");
        assert_eq!(Some(caps[1]), n(&d["captures"]["white"]), "game {g}");
    }
    assert_eq!(row, m.rows());
}

#[test]
fn the_tables_are_the_json_documents() {
    let inputs = sample();
    let docs = documents(&inputs, &[]);
    assert!(docs.len() > 300, "{} games", docs.len());
    let refused = docs.iter().filter(|d| d["outcome"] == "refused").count();
    let illegal = docs.iter().filter(|d| d["illegal"].is_object()).count();
    assert!(
        refused > 0 && illegal > 0,
        "{refused} refused, {illegal} illegal"
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let mut args = vec!["replay", "--parquet", &d, "--moves", "--hashes"];
    args.extend(inputs.iter().map(String::as_str));
    let out = run(&args);
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("games.parquet"), "{}", stderr(&out));
    let games = Cols::new(read(&dir.path().join("games.parquet")));
    assert_eq!(games.table.rows(), docs.len());
    for (i, doc) in docs.iter().enumerate() {
        compare_game(&games, i, doc);
    }
    compare_moves(&read(&dir.path().join("moves.parquet")), &docs);
    // Nothing left under a temporary name.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn where_the_rules_and_komi_come_from() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let records = repo("tests/records");
    let out = run(&["replay", "--parquet", &d, &records]);
    assert!(out.status.code().is_some(), "{}", stderr(&out));
    let t = Cols::new(read(&dir.path().join("games.parquet")));
    let from = t.s("rules_from");
    assert!(from.contains(&Some("record".into())) && from.contains(&Some("default".into())));
    let out = run(&[
        "replay",
        "--parquet",
        &d,
        &records,
        "--rules",
        "japanese",
        "--komi",
        "5",
    ]);
    assert!(out.status.code().is_some(), "{}", stderr(&out));
    let t = Cols::new(read(&dir.path().join("games.parquet")));
    let replayed: Vec<usize> = (0..t.table.rows())
        .filter(|&i| t.s("outcome")[i].as_deref() != Some("refused"))
        .collect();
    assert!(replayed.len() > 20);
    for i in replayed {
        assert_eq!(t.s("rules_from")[i].as_deref(), Some("command-line"));
        assert_eq!(t.s("komi_from")[i].as_deref(), Some("command-line"));
        assert_eq!(t.s("rules")[i].as_deref(), Some("japanese"));
        assert_eq!(t.n("komi")[i], Some(5.0));
    }
}

/// The book's table of `name` (`### games`, `### moves`): (column, type, nullable).
fn book_columns(page: &str, name: &str) -> Vec<(String, String, bool)> {
    let start = page
        .find(&format!("### {name}\n"))
        .unwrap_or_else(|| panic!("the book has no table {name}"));
    page[start..]
        .lines()
        .skip(1)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            let cells: Vec<&str> = l
                .split(" | ")
                .map(|c| c.trim_matches(['|', ' ', '`']))
                .collect();
            (cells[0].into(), cells[1].into(), cells[2] == "yes")
        })
        .collect()
}

#[test]
fn the_written_schema_is_the_books() {
    let page = std::fs::read_to_string(repo("docs/src/guide/datasets.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    run(&["replay", "--parquet", &d, "--moves", &repo("examples")]);
    for name in ["games", "moves"] {
        let table = read(&dir.path().join(format!("{name}.parquet")));
        let written: Vec<(String, String, bool)> = table
            .schema
            .fields()
            .iter()
            .map(|f| (f.name().clone(), type_name(f.data_type()), f.is_nullable()))
            .collect();
        let book = book_columns(&page, name);
        assert!(book.len() > 10, "{name}: {book:?}");
        assert_eq!(
            book, written,
            "{name}: the book's columns and the written file's"
        );
    }
}

fn parquet_of(path: &Path, ids: Vec<Option<i64>>, texts: Vec<Option<String>>) {
    use std::sync::Arc;
    use ttrules_tables::arrow_array::{ArrayRef, Int64Array, RecordBatch, StringArray};
    let batch = RecordBatch::try_from_iter(vec![
        ("game_id", Arc::new(Int64Array::from(ids)) as ArrayRef),
        ("sgf", Arc::new(StringArray::from(texts)) as ArrayRef),
    ])
    .unwrap();
    let file = std::fs::File::create(path).unwrap();
    let mut w =
        ttrules_tables::parquet::arrow::ArrowWriter::try_new(file, batch.schema(), None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
}

/// The UTF-8 records of tests/records and the examples, sorted.
fn utf8_records() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for dir in ["tests/records", "examples"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(repo(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
            .collect();
        files.sort();
        for f in files {
            if let Ok(text) = String::from_utf8(std::fs::read(&f).unwrap()) {
                out.push((f, text));
            }
        }
    }
    assert!(out.len() > 30);
    out
}

#[test]
fn sgf_texts_from_a_parquet_column_replay_as_their_files() {
    let records = utf8_records();
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.parquet");
    let mut texts: Vec<Option<String>> = records.iter().map(|r| Some(r.1.clone())).collect();
    texts.insert(1, None);
    texts.push(Some("not an SGF text".into()));
    let ids = (0..texts.len() as i64).map(|i| Some(100 + i)).collect();
    parquet_of(&table, ids, texts);
    let out_dir = dir.path().join("out");
    let t = table.display().to_string();
    let o = out_dir.display().to_string();
    let out = run(&[
        "replay",
        &t,
        "--sgf-column",
        "sgf",
        "--id-column",
        "game_id",
        "--parquet",
        &o,
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let games = Cols::new(read(&out_dir.join("games.parquet")));
    // The same records as files.
    let files: Vec<String> = records.iter().map(|r| r.0.display().to_string()).collect();
    let docs = documents(&files, &[]);
    let (rows, ids, outcome) = (games.n("row"), games.s("id"), games.s("outcome"));
    assert_eq!(games.table.rows(), docs.len() + 2);
    assert_eq!(rows[1], Some(1.0));
    assert_eq!(ids[1].as_deref(), Some("101"));
    assert_eq!(outcome[1].as_deref(), Some("refused"));
    assert_eq!(games.s("error_kind")[1].as_deref(), Some("table"));
    assert_eq!(
        games.s("error_message")[1].as_deref(),
        Some("row 1: column `sgf` is null")
    );
    let last = games.table.rows() - 1;
    assert_eq!(outcome[last].as_deref(), Some("refused"));
    assert_eq!(games.s("file")[last], Some(t.clone()));
    let mut i = 0;
    for (k, d) in docs.iter().enumerate() {
        if k == 1 {
            i += 1;
        }
        assert_eq!(outcome[i], s(&d["outcome"]), "{}", d["file"]);
        assert_eq!(games.s("result")[i], s(&d["result"]), "{}", d["file"]);
        assert_eq!(games.s("re")[i], s(&d["re"]["text"]), "{}", d["file"]);
        assert_eq!(
            games.n("turns")[i],
            d["turns"].as_array().map(|t| t.len() as f64)
        );
        i += 1;
    }
}

#[test]
fn sgf_texts_from_json_lines_with_bad_rows() {
    let records = utf8_records();
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.jsonl");
    let mut lines: Vec<String> = records[..5]
        .iter()
        .map(|r| serde_json::json!({"sgf": r.1, "id": r.0.display().to_string()}).to_string())
        .collect();
    lines.insert(2, "{\"id\": 7}".into());
    lines.insert(3, "not json".into());
    std::fs::write(&table, lines.join("\n") + "\n").unwrap();
    let t = table.display().to_string();
    let out = run(&["replay", &t, "--sgf-column", "sgf", "--jsonl"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let docs: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: Vec<String> = records[..5]
        .iter()
        .map(|r| r.0.display().to_string())
        .collect();
    let want = documents(&files, &[]);
    assert_eq!(docs.len(), want.len() + 2);
    assert_eq!(docs[2]["file"], format!("{t}:2"));
    assert_eq!(docs[2]["error"]["message"], "row 2: no field `sgf`");
    assert!(docs[3]["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("row 3: not a JSON value"));
    let rest: Vec<&Value> = docs
        .iter()
        .enumerate()
        .filter(|(i, _)| ![2, 3].contains(i))
        .map(|x| x.1)
        .collect();
    for (got, want) in rest.iter().zip(&want) {
        let (mut got, mut want) = ((*got).clone(), want.clone());
        got["file"] = Value::Null;
        want["file"] = Value::Null;
        assert_eq!(got, want);
    }
}

#[test]
fn bad_tables_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.parquet");
    parquet_of(&table, vec![Some(1)], vec![Some("(;SZ[9];B[ee])".into())]);
    let t = table.display().to_string();
    let o = dir.path().join("out").display().to_string();
    let cases: [(&[&str], &str); 4] = [
        (
            &[&t, "--sgf-column", "text", "--parquet", &o],
            "no column `text` (its columns: game_id, sgf)",
        ),
        (
            &[&t, "--sgf-column", "game_id", "--parquet", &o],
            "column `game_id` is Int64, not text",
        ),
        (
            &[&repo("examples/ko-3x3.sgf"), "--sgf-column", "sgf"],
            "neither a Parquet file",
        ),
        (&[&repo("examples"), "--moves"], "--parquet"),
    ];
    for (args, want) in cases {
        let mut all = vec!["replay"];
        all.extend(args);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(want), "{args:?}: {}", stderr(&out));
    }
    let fake = dir.path().join("fake.parquet");
    std::fs::write(&fake, b"PAR1 and then nothing of a Parquet file").unwrap();
    let out = run(&["replay", &fake.display().to_string(), "--sgf-column", "sgf"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("fake.parquet: not a readable Parquet file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn parquet_shards_merge_into_the_unsharded_tables() {
    let records = repo("tests/records");
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole").display().to_string();
    run(&["replay", &records, "--parquet", &whole, "--moves"]);
    let shards = dir.path().join("shards").display().to_string();
    for k in ["1/3", "2/3", "3/3"] {
        let out = run(&[
            "replay",
            &records,
            "--parquet",
            &shards,
            "--moves",
            "--shard",
            k,
        ]);
        assert!(
            out.status.code().is_some_and(|c| c <= 2),
            "{}",
            stderr(&out)
        );
    }
    let merged = dir.path().join("merged").display().to_string();
    let out = run(&["merge", &shards, "--parquet", &merged]);
    assert!(stderr(&out).contains("games.parquet"), "{}", stderr(&out));
    let key = |dir: &str| {
        let t = read(&Path::new(dir).join("games.parquet"));
        let (f, tr, r, g) = (
            t.strings("file"),
            t.numbers("tree"),
            t.strings("result"),
            t.numbers("game"),
        );
        let mut rows: Vec<_> = (0..t.rows())
            .map(|i| (f[i].clone(), tr[i].map(|x| x as u64), r[i].clone()))
            .collect();
        rows.sort();
        let mut ids: Vec<u64> = g.iter().map(|x| x.unwrap() as u64).collect();
        ids.sort();
        ids.dedup();
        (
            rows,
            ids.len(),
            read(&Path::new(dir).join("moves.parquet")).rows(),
        )
    };
    let (a, b) = (key(&whole), key(&merged));
    assert_eq!(a.0, b.0);
    assert_eq!(
        b.1,
        b.0.len(),
        "the games' numbers are unique across shards"
    );
    assert_eq!(a.2, b.2);
    // A JSON-lines set does not concatenate as tables.
    let jsonl = dir.path().join("jsonl").display().to_string();
    run(&["replay", &records, "--shard", "1/1", "--shard-dir", &jsonl]);
    let out = run(&["merge", &jsonl, "--parquet", &merged]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not of Parquet tables"),
        "{}",
        stderr(&out)
    );
}
