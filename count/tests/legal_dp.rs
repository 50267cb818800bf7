//! The border-state count of legal positions (`ttrules_count`, Tromp and Farnebäck's
//! dynamic programming) against the published numbers and against the brute-force count: three
//! independent readings of r[tt.derived.every-stone-reaches-empty] (every stone reaches empty,
//! r[tt.reach]) that must give the same numbers.
//!
//! Sources of the published values:
//! - [A102620] L(1,n), with its recurrence L(1,n+3) = 3L(1,n+2) − L(1,n+1) + L(1,n);
//! - [A266278] L(2,n) and its order-7 recurrence (also in [TF], §"2×n up to 9×n boards");
//! - [TF] J. Tromp and G. Farnebäck, "Combinatorics of Go", 2007/2016: the order-19 recurrence of
//!   L(3,n) and its first 19 terms (also in the authors' `Legal.hs`, github.com/tromp/golegal),
//!   the table "Legal counts of almost square boards" L(n,n+1), and the table of L(n,n);
//! - [A094777] L(n,n).
//!
//! [A102620]: https://oeis.org/A102620
//! [A266278]: https://oeis.org/A266278
//! [A094777]: https://oeis.org/A094777

use num_bigint::{BigInt, BigUint};
use ttrules_count::{count_legal, Arithmetic, Count, DpError, Options};
use ttrules_spec::Size;

fn size(w: usize, h: usize) -> Size {
    Size::new(w as u32, h as u32).unwrap()
}

fn dp(w: usize, h: usize, options: Options) -> Count {
    count_legal(size(w, h), options, &mut |_| {}).unwrap()
}

fn big(decimal: &str) -> BigUint {
    decimal.parse().unwrap()
}

/// L(m,n) for 1 ≤ m ≤ n ≤ 7, row m. All from the sources above except three marked entries.
const TABLE: [[&str; 7]; 7] = [
    // [A102620]
    ["1", "5", "15", "41", "113", "313", "867"],
    // [A266278]
    ["", "57", "489", "4125", "35117", "299681", "2557605"],
    // [TF] L(3,n)
    [
        "",
        "",
        "12675",
        "321689",
        "8180343",
        "208144601",
        "5296282323",
    ],
    // L(4,4) [A094777], L(4,5) [TF] almost-square table. L(4,6), L(4,7): no published value
    // found; these are this count's, reached by both orientations (rows of 4 and of 6 or 7).
    [
        "",
        "",
        "",
        "24318165",
        "1840058693",
        "139304759213",
        "10546705714473",
    ],
    // L(5,5) [A094777], L(5,6) [TF]; L(5,7): not found published, both orientations agree.
    [
        "",
        "",
        "",
        "",
        "414295148741",
        "93332304864173",
        "21026744638200555",
    ],
    // L(6,6) [A094777], L(6,7) [TF]
    [
        "",
        "",
        "",
        "",
        "",
        "62567386502084877",
        "41945191530093646965",
    ],
    // [A094777]
    ["", "", "", "", "", "", "83677847847984287628595"],
];

/// Every board up to 7x7, in both orientations of the board and both orientations of the count
/// (rows along the short side, the default, and along the long side: other states, other steps).
#[test]
fn the_published_table_up_to_7x7() {
    let mut checked = 0;
    for m in 1..=7 {
        for n in m..=7 {
            let want = big(TABLE[m - 1][n - 1]);
            for (w, h) in [(m, n), (n, m)] {
                for long_rows in [false, true] {
                    let c = dp(
                        w,
                        h,
                        Options {
                            long_rows,
                            ..Default::default()
                        },
                    );
                    assert_eq!(c.legal, want, "{w}x{h}, long rows: {long_rows}");
                    assert_eq!(c.border, if long_rows { n } else { m });
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 28);
}

/// The terms of the linear recurrence x(k+r) = Σ c[i]·x(k+i), from its first r terms, up to x(n).
fn recurrence(coeff: &[i64], basis: &[&str], n: usize) -> Vec<BigInt> {
    let mut x: Vec<BigInt> = basis.iter().map(|t| t.parse().unwrap()).collect();
    while x.len() <= n {
        let k = x.len() - coeff.len();
        let next = coeff
            .iter()
            .enumerate()
            .map(|(i, &c)| BigInt::from(c) * &x[k + i])
            .sum();
        x.push(next);
    }
    x
}

/// L(1,n), L(2,n) and L(3,n) up to n = 25 (the largest board side) by the published recurrences.
#[test]
fn the_published_recurrences_of_1_2_and_3_rows() {
    let rows: [Vec<BigInt>; 3] = [
        recurrence(&[1, -1, 3], &["1", "1", "5"], 25),
        recurrence(
            &[-1, 2, 20, -13, 31, -16, 10],
            &["1", "5", "57", "489", "4125", "35117", "299681"],
            25,
        ),
        recurrence(
            &[
                -5, 73, 100, -1402, 1014, -5352, -2490, 6018, -4020, 1766, 9083, -19993, 22072,
                -16646, 9426, -3750, 1171, -233, 33,
            ],
            &[
                "1",
                "15",
                "489",
                "12675",
                "321689",
                "8180343",
                "208144601",
                "5296282323",
                "134764135265",
                "3429075477543",
                "87252874774409",
                "2220150677358587",
                "56491766630430761",
                "1437433832683612783",
                "36575525011037967769",
                "930664771769562054147",
                "23680778803620700205625",
                "602557764897193682879119",
                "15332091188757329557096929",
            ],
            25,
        ),
    ];
    // The published 2×n terms beyond the basis, [A266278]: the recurrence is read right.
    assert_eq!(rows[1][21].to_string(), "27779786302899765081");
    for (m, row) in rows.iter().enumerate() {
        for (n, want) in row.iter().enumerate().skip(1) {
            let c = dp(m + 1, n, Options::default());
            assert_eq!(&BigInt::from(c.legal), want, "{}x{n}", m + 1);
        }
    }
}

/// L(9,9) = 103,919,148,791,293,834,318,983,090,438,798,793,469 [A094777], [TF], in `u128`
/// (3^81 > 2^128, but every count of 9x9 fits).
#[test]
fn nine_by_nine() {
    let c = dp(9, 9, Options::default());
    assert_eq!(c.legal, big("103919148791293834318983090438798793469"));
    assert_eq!(c.arithmetic, Arithmetic::U128);
    assert_eq!(c.border, 9);
}

/// L(9,10) [TF] almost-square table: 90 points, past `u128`, in 192-bit limbs.
#[test]
#[ignore = "about 2 s in release, longer in the test profile: run with --ignored"]
fn nine_by_ten() {
    let c = dp(9, 10, Options::default());
    assert_eq!(c.legal, big("1835738613899845421140262364853644706891109"));
    assert_eq!(c.arithmetic, Arithmetic::Limbs(3));
}

/// L(10,10) [A094777]: 100 points, 653,367 state classes at most.
#[test]
#[ignore = "about 10 s of CPU in release: run with --ignored"]
fn ten_by_ten() {
    let c = dp(10, 10, Options::default());
    assert_eq!(
        c.legal,
        big("96498428501909654589630887978835098088148177857")
    );
}

/// Every arithmetic gives the same count, and a `u128` that overflows is noticed and the count
/// redone in bignums: 4x21 (84 points) has more than 2^128 legal positions.
#[test]
fn the_arithmetics_agree_and_overflow_is_caught() {
    let with = |a| {
        dp(
            4,
            21,
            Options {
                arithmetic: Some(a),
                ..Default::default()
            },
        )
    };
    let wide = dp(4, 21, Options::default());
    assert_eq!(wide.arithmetic, Arithmetic::Limbs(3));
    assert!(wide.legal > BigUint::from(u128::MAX));
    let overflowed = with(Arithmetic::U128);
    assert_eq!(overflowed.arithmetic, Arithmetic::Big, "u128 must overflow");
    assert_eq!(overflowed.legal, wide.legal);
    for a in [
        Arithmetic::Limbs(4),
        Arithmetic::Limbs(6),
        Arithmetic::Limbs(10),
        Arithmetic::Big,
    ] {
        let c = with(a);
        assert_eq!((c.arithmetic, &c.legal), (a, &wide.legal), "{a:?}");
    }
    // And on a board in u128's range, bignums agree with it.
    let small = dp(5, 6, Options::default());
    let big_small = dp(
        5,
        6,
        Options {
            arithmetic: Some(Arithmetic::Big),
            ..Default::default()
        },
    );
    assert_eq!(small.legal, big_small.legal);
}

/// One thread or several, the same count.
#[test]
fn threads_do_not_change_the_count() {
    let one = dp(
        6,
        7,
        Options {
            threads: 1,
            ..Default::default()
        },
    );
    let two = dp(
        6,
        7,
        Options {
            threads: 2,
            ..Default::default()
        },
    );
    assert_eq!(one, two);
}

/// The brute-force count (`ttrules_fast::count_legal`: every colouring, two flood fills) and this
/// one agree on every board it finishes in the test budget.
#[test]
fn agrees_with_brute_force_on_small_boards() {
    let mut compared = 0;
    for w in 1..=12 {
        for h in 1..=12 {
            if w * h > 12 {
                continue;
            }
            let brute = ttrules_fast::count_legal(size(w, h)).unwrap();
            assert_eq!(
                dp(w, h, Options::default()).legal,
                BigUint::from(brute),
                "{w}x{h}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 30, "{compared}");
}

/// The same up to 20 points (4x5: 3.5 billion colourings).
#[test]
#[ignore = "minutes: cargo test --release --test legal_dp -- --ignored"]
fn agrees_with_brute_force_up_to_20_points() {
    for w in 1..=20 {
        for h in 1..=20 {
            if w * h > 20 || w * h <= 12 {
                continue;
            }
            let start = std::time::Instant::now();
            let brute = ttrules_fast::count_legal(size(w, h)).unwrap();
            let brute_time = start.elapsed();
            let start = std::time::Instant::now();
            let c = dp(w, h, Options::default());
            eprintln!(
                "{w}x{h}: {brute} (brute force {brute_time:.2?}, dp {:.2?})",
                start.elapsed()
            );
            assert_eq!(c.legal, BigUint::from(brute), "{w}x{h}");
        }
    }
}

/// A border longer than the encoding holds is refused with the reason, not attempted.
#[test]
fn boards_too_wide_are_refused() {
    let err = count_legal(size(17, 17), Options::default(), &mut |_| {}).unwrap_err();
    let DpError::TooWide(too) = &err else {
        panic!("{err:?}")
    };
    assert_eq!((too.border, too.max), (17, 16));
    assert!(err.to_string().contains("17x17"), "{err}");
}

/// Progress is reported once per point, in order, with the number of classes kept.
#[test]
fn progress_counts_the_points() {
    let mut steps = Vec::new();
    let c = count_legal(size(5, 4), Options::default(), &mut |s| steps.push(s)).unwrap();
    assert_eq!(steps.len(), 20);
    for (i, s) in steps.iter().enumerate() {
        assert_eq!((s.done, s.total), (i + 1, 20));
    }
    assert_eq!(steps.iter().map(|s| s.states).max(), Some(c.peak_states));
}

/// A count stopped part way resumes from its checkpoint with exactly the counts it had, and gives
/// the same number; a checkpoint of another count, or a damaged one, is refused, not replaced.
#[test]
fn a_stopped_count_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("7x8.ckpt");
    let opts = |stop_after| Options {
        checkpoint: Some(file.clone()),
        stop_after,
        ..Default::default()
    };
    let whole = dp(7, 8, Options::default());
    // Stop twice (once mid-row), resuming each time, then finish.
    for stop in [17, 30] {
        let err = count_legal(size(7, 8), opts(Some(stop)), &mut |_| {}).unwrap_err();
        assert_eq!(
            err,
            DpError::Stopped {
                done: stop,
                total: 56
            }
        );
        assert!(file.exists());
    }
    let mut first = None;
    let resumed = count_legal(size(7, 8), opts(None), &mut |s| {
        first.get_or_insert(s.done);
    })
    .unwrap();
    assert_eq!(first, Some(31), "the count went on after point 30");
    assert_eq!(resumed.legal, whole.legal);
    assert!(
        !file.exists(),
        "the checkpoint is removed when the count is done"
    );

    // Another board's checkpoint.
    let err = count_legal(size(7, 8), opts(Some(10)), &mut |_| {}).unwrap_err();
    assert!(matches!(err, DpError::Stopped { .. }));
    let err = count_legal(size(7, 9), opts(None), &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("it is for 7x8"), "{err}");
    // A damaged one: a flipped byte, then a cut.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let err = count_legal(size(7, 8), opts(None), &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
    std::fs::write(&file, &bytes[..last]).unwrap();
    let err = count_legal(size(7, 8), opts(None), &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("cut short"), "{err}");
    std::fs::write(&file, b"not a checkpoint").unwrap();
    let err = count_legal(size(7, 8), opts(None), &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("not a checkpoint"), "{err}");
}
