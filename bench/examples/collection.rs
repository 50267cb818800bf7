//! A game collection as public ones ship (the OGS collection on the Hugging Face hub: Parquet
//! files with an SGF text column and an id column), for the dataset measurements of
//! `docs/src/reports/datasets.md`: seeded random games plus a folder's records repeated.
//!
//! `cargo run --release -p ttrules-bench --example collection -- OUT_DIR GAMES [RECORDS_DIR
//! REPEAT [PARTS [SEED]]]` writes `OUT_DIR/part-00000.parquet`, … (`PARTS` files, 16 by default),
//! each with the columns `id` and `sgf` (strings, Snappy), and prints what it wrote.
//!
//! - `GAMES` random games, seeded (`SEED`, 1 by default: the same arguments give the same files):
//!   70 % 19x19, 10 % 13x13, 20 % 9x9; legal moves drawn uniformly among the points that are not
//!   eyelike for the mover (the light playouts of `ttrules-bench`), on the fast engine under
//!   positional superko with suicide forbidden, so that every move is legal under every common
//!   ruleset. A fifth of the games are played out to two passes (`RU[Chinese]`, `KM[7.5]`, `RE`
//!   the area score); the others stop at a length drawn for their size (19x19: 120 to 330 turns,
//!   13x13: 60 to 180, 9x9: 30 to 90) and are resigned (`RE[B+R]` or `RE[W+R]`) under `RU`
//!   Japanese, Chinese, AGA or none. Players, ranks and dates are drawn from small pools.
//! - The `.sgf` files under `RECORDS_DIR` that are UTF-8 (a text column is), each `REPEAT` times,
//!   with ids `PATH#K`; the files that are not UTF-8 are counted and left out.
//!
//! Both kinds are spread evenly over the parts (a partitioned dataset for Dask).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ttrules_bench::Rng;
use ttrules_fast::Fast;
use ttrules_spec::{HalfPoints, Point, Rules, Size};
use ttrules_tables::arrow_array::{ArrayRef, RecordBatch, StringArray};
use ttrules_tables::arrow_schema::{DataType, Field, Schema};
use ttrules_tables::parquet::arrow::ArrowWriter;
use ttrules_tables::parquet::basic::Compression;
use ttrules_tables::parquet::file::properties::WriterProperties;

/// Rows written to the Parquet writer at a time.
const BATCH: usize = 8192;

/// One random game as an SGF text, and its number of turns.
fn random_game(seed: u64, index: u64) -> (String, usize) {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x5851_F42D);
    let roll = rng.below(10);
    let (side, lo, hi) = match roll {
        0..=6 => (19u8, 120, 330),
        7 => (13, 60, 180),
        _ => (9, 30, 90),
    };
    let played_out = rng.below(5) == 0;
    let cap = if played_out {
        3 * usize::from(side) * usize::from(side)
    } else {
        lo + rng.below(hi - lo + 1)
    };
    let size = Size::square(u32::from(side)).expect("a valid size");
    let superko = Rules::NAMED
        .iter()
        .find(|n| n.name == "chinese-superko")
        .expect("the chinese-superko ruleset")
        .rules;
    let mut e = Fast::new_game(size, superko);
    let mut moves = String::with_capacity(cap * 6);
    let mut turns = 0;
    let mut passes = 0;
    let mut list = Vec::new();
    while turns < cap && passes < 2 {
        let colour = if turns % 2 == 0 { 'B' } else { 'W' };
        match random_move(&mut e, &mut rng, &mut list) {
            Some(p) => {
                let (x, y) = (b'a' + p.x, b'a' + (side - 1 - p.y));
                moves.push_str(&format!(";{colour}[{}{}]", x as char, y as char));
                passes = 0;
            }
            None => {
                e.pass();
                moves.push_str(&format!(";{colour}[]"));
                passes += 1;
            }
        }
        turns += 1;
    }
    let head = header(&mut rng, side, &e, passes == 2);
    (format!("(;{head}{moves})\n"), turns)
}

/// A random legal move that is not eyelike for the mover, played; `None` when there is none.
fn random_move(e: &mut Fast, rng: &mut Rng, list: &mut Vec<ttrules_fast::Vertex>) -> Option<Point> {
    for _ in 0..8 {
        let n = e.empty_count();
        if n == 0 {
            return None;
        }
        let k = rng.below(n);
        let v = e.empty_at(k);
        if e.play_empty_if_legal_non_eyelike(k) {
            return Some(e.point_of(v));
        }
    }
    list.clear();
    e.legal_non_eyelike_into(list);
    if list.is_empty() {
        return None;
    }
    let v = list[rng.below(list.len())];
    e.play_vertex(v);
    Some(e.point_of(v))
}

/// The root node's properties: the game's rules, result and players.
fn header(rng: &mut Rng, side: u8, e: &Fast, two_passes: bool) -> String {
    const RANKS: [&str; 12] = [
        "15k", "10k", "7k", "5k", "3k", "2k", "1k", "1d", "2d", "3d", "5d", "7d",
    ];
    let (ru, km, re) = if two_passes {
        let s = e.score_now();
        let d = s.black - s.white - HalfPoints::halves(15);
        let re = if d.as_halves() > 0 {
            format!("B+{d}")
        } else {
            format!("W+{}", HalfPoints::ZERO - d)
        };
        ("RU[Chinese]", "7.5", re)
    } else {
        let (ru, km) = match rng.below(10) {
            0..=3 => ("RU[Japanese]", "6.5"),
            4..=6 => ("RU[Chinese]", "7.5"),
            7 => ("RU[AGA]", "7.5"),
            _ => ("", "6.5"),
        };
        (
            ru,
            km,
            if rng.below(2) == 0 { "B+R" } else { "W+R" }.to_string(),
        )
    };
    let (pb, pw) = (rng.below(5000), rng.below(5000));
    let (br, wr) = (RANKS[rng.below(12)], RANKS[rng.below(12)]);
    let (year, month, day) = (2012 + rng.below(14), 1 + rng.below(12), 1 + rng.below(28));
    format!(
        "GM[1]FF[4]CA[UTF-8]SZ[{side}]{ru}KM[{km}]PB[player{pb}]PW[player{pw}]BR[{br}]WR[{wr}]\
         DT[{year}-{month:02}-{day:02}]RE[{re}]"
    )
}

/// The `.sgf` files under `dir`, sorted, as (path, text) for the UTF-8 ones; and how many were
/// not UTF-8.
fn records(dir: &Path) -> (Vec<(String, String)>, usize) {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("a readable folder") {
            let p = entry.expect("a folder entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut texts = Vec::new();
    let mut not_utf8 = 0;
    for p in files {
        match String::from_utf8(fs::read(&p).expect("a readable file")) {
            Ok(t) => texts.push((p.display().to_string(), t)),
            Err(_) => not_utf8 += 1,
        }
    }
    (texts, not_utf8)
}

/// What one part holds: its random games `games` and its copies `copies` (numbers over all
/// copies: copy `c` is record `c % records.len()`, repetition `c / records.len()`).
struct Part {
    path: PathBuf,
    games: std::ops::Range<u64>,
    copies: std::ops::Range<u64>,
}

/// Writes one part; returns its rows and the random games' turns.
fn write_part(part: &Part, seed: u64, recs: &[(String, String)]) -> (u64, u64) {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Utf8, false),
        Field::new("sgf", DataType::Utf8, false),
    ]));
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .build();
    let file = fs::File::create(&part.path).expect("a writable part file");
    let mut w = ArrowWriter::try_new(file, schema.clone(), Some(props)).expect("a Parquet writer");
    let (mut ids, mut texts) = (Vec::with_capacity(BATCH), Vec::with_capacity(BATCH));
    let (mut rows, mut turns) = (0, 0);
    let flush = |ids: &mut Vec<String>, texts: &mut Vec<String>, w: &mut ArrowWriter<_>| {
        let cols: Vec<ArrayRef> = vec![
            Arc::new(StringArray::from_iter_values(ids.drain(..))),
            Arc::new(StringArray::from_iter_values(texts.drain(..))),
        ];
        let batch = RecordBatch::try_new(schema.clone(), cols).expect("a batch");
        w.write(&batch).expect("a written batch");
    };
    let rows_of = part
        .games
        .clone()
        .map(Err)
        .chain(part.copies.clone().map(Ok));
    for source in rows_of {
        match source {
            Err(i) => {
                let (text, t) = random_game(seed, i);
                ids.push(format!("random-{seed}-{i:07}"));
                texts.push(text);
                turns += t as u64;
            }
            Ok(c) => {
                let n = recs.len() as u64;
                let (path, text) = &recs[(c % n) as usize];
                ids.push(format!("{path}#{}", c / n));
                texts.push(text.clone());
            }
        }
        rows += 1;
        if ids.len() == BATCH {
            flush(&mut ids, &mut texts, &mut w);
        }
    }
    if !ids.is_empty() {
        flush(&mut ids, &mut texts, &mut w);
    }
    w.close().expect("a closed Parquet file");
    (rows, turns)
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i)
        .map(|s| {
            s.parse()
                .unwrap_or_else(|_| panic!("cannot read argument {i}: {s}"))
        })
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = PathBuf::from(
        args.get(1)
            .expect("usage: collection OUT_DIR GAMES [RECORDS_DIR REPEAT [PARTS [SEED]]]"),
    );
    let games: u64 = arg(&args, 2, 1000);
    let (recs, not_utf8) = match args.get(3) {
        Some(d) => records(Path::new(d)),
        None => (Vec::new(), 0),
    };
    let repeat: u64 = arg(&args, 4, 0);
    let parts: u64 = arg(&args, 5, 16);
    let seed: u64 = arg(&args, 6, 1);
    let copies = if recs.is_empty() {
        0
    } else {
        recs.len() as u64 * repeat
    };
    fs::create_dir_all(&out).expect("a writable output folder");
    let span = |n: u64, k: u64| n * k / parts..n * (k + 1) / parts;
    let plan: Vec<Part> = (0..parts)
        .map(|k| Part {
            path: out.join(format!("part-{k:05}.parquet")),
            games: span(games, k),
            copies: span(copies, k),
        })
        .collect();
    // Two threads, each taking every other part.
    let (rows, turns) = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|t| {
                let (plan, recs) = (&plan, &recs);
                s.spawn(move || {
                    plan.iter()
                        .skip(t)
                        .step_by(2)
                        .map(|p| write_part(p, seed, recs))
                        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a part written"))
            .fold((0, 0), |a: (u64, u64), b| (a.0 + b.0, a.1 + b.1))
    });
    println!(
        "{rows} rows in {parts} parts under {}: {games} random games ({turns} turns, seed {seed}), \
         {} records x {repeat} = {copies} copies ({not_utf8} files not UTF-8 left out)",
        out.display(),
        recs.len()
    );
}
