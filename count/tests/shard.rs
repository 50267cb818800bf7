//! Counts split into shards and merged (`ttrules_count::shard`, `ttrules_count::perft`): the
//! legal count of every board up to 7x7 from residues modulo primes, for 1, 2, 3 and 7 shards,
//! equals the unsharded count; perft split over root moves equals the unsharded perft, divide and
//! total, on small boards and depths under several rulesets, bulk and played (the reference
//! engine's shards are compared end to end in `tests/shard_cli.rs`), with passes and
//! without; and the merges refuse what does not add up.

use ttrules_count::perft::{merge_perft, perft_fast_shard, perft_shard_played, PerftShard};
use ttrules_count::shard::{count_legal_shard, legal_moduli, merge_legal};
use ttrules_count::{count_legal, Options};
use ttrules_fast::{perft, perft_fast, Fast, PerftCounts, PerftRun, PerftSpec};
use ttrules_spec::{Rules, Size};

fn legal_by_shards(size: Size, n: u32) -> num_bigint::BigUint {
    let opts = Options {
        threads: 1,
        ..Options::default()
    };
    let residues: Vec<(u64, u64)> = (1..=n)
        .flat_map(|k| count_legal_shard(size, k, n, &opts, &mut |_| {}).unwrap())
        .collect();
    merge_legal(size, n, &residues).unwrap()
}

#[test]
fn legal_counts_up_to_7x7_merge_exactly() {
    let mut boards = 0;
    for h in 1..=7 {
        for w in 1..=h {
            let size = Size::new(w, h).unwrap();
            let whole = count_legal(size, Options::default(), &mut |_| {})
                .unwrap()
                .legal;
            for n in [1, 2, 3, 7] {
                assert_eq!(legal_by_shards(size, n), whole, "{size} in {n} shards");
            }
            boards += 1;
        }
    }
    assert_eq!(boards, 28);
    // 7x7 needs two 63-bit moduli (3^49 < 2^78): with 3 or 7 shards the surplus ones are checked.
    assert_eq!(legal_moduli(Size::square(7).unwrap(), 1).len(), 2);
}

#[test]
fn legal_merges_refuse_wrong_residues() {
    let size = Size::square(3).unwrap();
    let opts = Options::default();
    let all: Vec<(u64, u64)> = (1..=3)
        .flat_map(|k| count_legal_shard(size, k, 3, &opts, &mut |_| {}).unwrap())
        .collect();
    assert_eq!(merge_legal(size, 3, &all).unwrap(), 12_675u32.into());
    let e = merge_legal(size, 3, &all[..2]).unwrap_err();
    assert!(e.contains("moduli are not those"), "{e}");
    let e = merge_legal(size, 2, &all).unwrap_err();
    assert!(e.contains("moduli are not those"), "{e}");
    // A corrupted surplus residue is caught.
    let mut bad = all.clone();
    bad[2].1 = (bad[2].1 + 1) % bad[2].0;
    let e = merge_legal(size, 3, &bad).unwrap_err();
    assert!(e.contains("disagree"), "{e}");
}

fn named(part: &PerftShard) -> Vec<(usize, String, PerftCounts)> {
    part.divide
        .iter()
        .map(|&(i, mv, k)| (i, mv.gtp(), k))
        .collect()
}

#[test]
fn perft_shards_merge_exactly() {
    let mut compared = 0;
    let mut interesting = PerftCounts::default();
    for rules in ["tromp-taylor", "chinese", "japanese"] {
        let rules = Rules::by_name(rules).unwrap();
        for (w, h, depth) in [
            (1, 1, 2),
            (2, 2, 1),
            (2, 2, 4),
            (3, 2, 5),
            (3, 3, 3),
            (4, 4, 3),
        ] {
            for passes in [true, false] {
                let spec = PerftSpec {
                    size: Size::new(w, h).unwrap(),
                    rules,
                    depth,
                    passes,
                };
                let whole = perft_fast(&spec, true, &PerftRun::QUIET);
                for n in [1, 2, 3, 7] {
                    let parts: Vec<_> = (1..=n)
                        .map(|k| {
                            let p = perft_fast_shard(&spec, k % 2 == 0, k, n, 1);
                            (k, named(&p), p.rest)
                        })
                        .collect();
                    let (divide, total) = merge_perft(n, &parts).unwrap();
                    assert_eq!(total, whole.total, "{spec:?} in {n}");
                    let expect: Vec<(String, PerftCounts)> =
                        whole.divide.iter().map(|&(mv, k)| (mv.gtp(), k)).collect();
                    assert_eq!(divide, expect, "{spec:?} in {n}");
                    compared += 1;
                }
                interesting += whole.total;
            }
        }
    }
    assert_eq!(compared, 3 * 6 * 2 * 4);
    assert!(interesting.captures > 0 && interesting.suicides > 0 && interesting.repetitions > 0);
    assert!(interesting.ended > 0, "{interesting:?}");
}

#[test]
fn perft_shards_played_turn_by_turn() {
    let spec = PerftSpec {
        size: Size::new(3, 2).unwrap(),
        rules: Rules::TROMP_TAYLOR,
        depth: 4,
        passes: true,
    };
    let whole = perft::<Fast>(&spec, &PerftRun::QUIET);
    let parts: Vec<_> = (1..=3)
        .map(|k| {
            let p = perft_shard_played::<Fast>(&spec, k, 3, 2);
            (k, named(&p), p.rest)
        })
        .collect();
    let (divide, total) = merge_perft(3, &parts).unwrap();
    assert_eq!(total, whole.total);
    let expect: Vec<(String, PerftCounts)> =
        whole.divide.iter().map(|&(mv, k)| (mv.gtp(), k)).collect();
    assert_eq!(divide, expect);
    // A root turn from the wrong shard, twice, or missing, is refused.
    let e = merge_perft(3, &[parts[0].clone(), parts[1].clone()]).unwrap_err();
    assert!(e.contains("missing"), "{e}");
    let e = merge_perft(3, &[parts[0].clone(), (3, parts[1].1.clone(), parts[1].2)]).unwrap_err();
    assert!(e.contains("which shard 2/3 walks"), "{e}");
}
