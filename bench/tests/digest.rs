//! The digest of the light playouts' games (`ttrules_bench::digest`), pinned to the value that
//! an independent implementation of the protocol gave: the KataGo driver
//! (`bench/katago/playouts.cpp` over KataGo v1.17.2's `Board`, `scripts/katago-bench check`),
//! which printed these digests for seed 7, 200 playouts. A change of the protocol, of the order
//! of the empty points or of a verdict changes them.

use ttrules_bench::adapters::FastPlayouts;
use ttrules_bench::digest::Digested;
use ttrules_bench::{run_playouts, Mode};

fn digest(mode: Mode) -> (u64, u64, u64) {
    Digested::start();
    let s = run_playouts::<Digested>(9, 9, mode, 200, 7);
    (s.turns, s.moves, Digested::digest())
}

#[test]
fn digests_are_the_katago_drivers() {
    // `katago-board rejection 9x9 seed 7 playouts 200 turns 22905 moves 22481 digest 9b9166a0d2004f7f`
    assert_eq!(
        digest(Mode::Rejection),
        (22_905, 22_481, 0x9b91_66a0_d200_4f7f)
    );
    // `katago-board full 9x9 seed 7 playouts 200 turns 22994 moves 22572 digest 87cc0971784752c5`
    assert_eq!(
        digest(Mode::FullList),
        (22_994, 22_572, 0x87cc_0971_7847_52c5)
    );
}

#[test]
fn the_digest_changes_no_game() {
    for mode in [Mode::Rejection, Mode::FullList] {
        let plain = run_playouts::<FastPlayouts>(9, 9, mode, 50, 3);
        Digested::start();
        let digested = run_playouts::<Digested>(9, 9, mode, 50, 3);
        assert_eq!((plain.turns, plain.moves), (digested.turns, digested.moves));
        assert!(plain.moves > 0);
    }
}
