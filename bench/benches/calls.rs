//! `cargo bench -p ttrules-bench --bench calls`: nanoseconds per call of legal-move generation and
//! scoring, with divan, on mid-game positions from a seeded fast-engine playout (9x9 after 60
//! turns, 19x19 after 250), for the fast engine and (legal moves on 9x9, scoring) the reference.

use divan::{black_box, Bencher};
use ttrules_bench::playout_position;
use ttrules_fast::{Fast, Vertex};
use ttrules_reference::Reference;
use ttrules_spec::{Engine, Point, Rules, Size, Tax};

fn main() {
    divan::main();
}

/// The position of `side` x `side` used by every bench here, under `rules`.
fn position<E: Engine>(side: u32, rules: Rules) -> E {
    let size = Size::square(side).unwrap();
    let turns = if side <= 9 { 60 } else { 250 };
    let mut e = E::new(size, rules);
    for mv in playout_position(size, turns) {
        e.play(mv).expect("a legal move");
    }
    e
}

#[divan::bench(args = [9, 19])]
fn fast_legal_points(bencher: Bencher, side: u32) {
    let e: Fast = position(side, Rules::TROMP_TAYLOR);
    let mut out: Vec<Point> = Vec::with_capacity(side as usize * side as usize);
    bencher.bench_local(|| {
        out.clear();
        black_box(&e).legal_points_into(&mut out);
        black_box(&out);
    });
}

#[divan::bench(args = [9, 19])]
fn fast_legal_non_eyelike(bencher: Bencher, side: u32) {
    let e: Fast = position(side, Rules::TROMP_TAYLOR);
    let mut out: Vec<Vertex> = Vec::with_capacity(side as usize * side as usize);
    bencher.bench_local(|| {
        out.clear();
        black_box(&e).legal_non_eyelike_into(&mut out);
        black_box(&out);
    });
}

#[divan::bench(args = [9, 19])]
fn fast_score(bencher: Bencher, side: u32) {
    let e: Fast = position(side, Rules::TROMP_TAYLOR);
    bencher.bench_local(|| black_box(black_box(&e).score()));
}

/// Scoring with the seki tax: independent-life regions (r[var.tax.ilr]) by flood fills.
#[divan::bench(args = [9, 19])]
fn fast_score_tax_seki(bencher: Bencher, side: u32) {
    let rules = Rules {
        tax: Tax::Seki,
        ..Rules::TROMP_TAYLOR
    };
    let e: Fast = position(side, rules);
    bencher.bench_local(|| black_box(black_box(&e).score()));
}

#[divan::bench(args = [9], sample_count = 20)]
fn reference_legal_points(bencher: Bencher, side: u32) {
    let e: Reference = position(side, Rules::TROMP_TAYLOR);
    let mut out: Vec<Point> = Vec::new();
    bencher.bench_local(|| {
        out.clear();
        black_box(&e).legal_points_into(&mut out);
        black_box(&out);
    });
}

#[divan::bench(args = [9, 19], sample_count = 20)]
fn reference_score(bencher: Bencher, side: u32) {
    let e: Reference = position(side, Rules::TROMP_TAYLOR);
    bencher.bench_local(|| black_box(black_box(&e).score()));
}
