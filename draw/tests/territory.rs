//! The territory a picture marks is the territory the score counts: on seeded random colourings,
//! under each tax, each player's area score (r[var.count.area]) is her stones plus the points
//! [`ttrules_draw::territory`] marks for her (less 2 per taxed block under
//! r[var.tax.all.blocks]), with the reference engine's own scoring on the other side.

use ttrules_reference::score::territory_points;
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Engine, Grid, Player, Rules, Setup, Size, Tax};

/// A small seeded generator (splitmix64), enough to vary the colourings.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn marked_territory_is_scored_territory() {
    let (mut compared, mut with_territory) = (0, 0);
    let mut state = 16;
    for _ in 0..400 {
        let size = Size::new(
            2 + (next(&mut state) % 5) as u32,
            2 + (next(&mut state) % 5) as u32,
        )
        .unwrap();
        let mut g = Grid::empty(size);
        for p in size.points() {
            g.set(
                p,
                [Colour::Empty, Colour::Empty, Colour::Black, Colour::White]
                    [(next(&mut state) % 4) as usize],
            );
        }
        for tax in [
            Tax::None,
            Tax::Seki,
            Tax::All,
            Tax::SekiRegions,
            Tax::AllRegions,
        ] {
            let rules = Rules {
                tax,
                ..Rules::TROMP_TAYLOR
            };
            let setup = Setup {
                grid: g.clone(),
                to_move: Player::Black,
                handicap: 0,
            };
            // A colouring with a stone that reaches no empty point is not a position.
            let Ok(e) = Reference::from_setup(&setup, rules) else {
                continue;
            };
            let score = e.score_with_dead(&[]).unwrap();
            let marked = ttrules_draw::territory(&g, tax);
            for (player, scored) in [(Player::Black, score.black), (Player::White, score.white)] {
                let territory = marked.iter().filter(|(_, p)| *p == player).count() as i64;
                let tax_paid = match tax {
                    Tax::All | Tax::AllRegions => {
                        2 * i64::from(territory_points(&g, player, tax).1.unwrap_or(0))
                    }
                    Tax::None | Tax::Seki | Tax::SekiRegions => 0,
                };
                let expected = g.count(player.colour()) as i64 + territory - tax_paid;
                assert_eq!(
                    scored.as_halves(),
                    2 * expected,
                    "{tax:?}, {player:?} on\n{}",
                    g.labelled()
                );
                compared += 1;
                if territory > 0 {
                    with_territory += 1;
                }
            }
        }
    }
    assert!(compared > 200, "only {compared} comparisons");
    assert!(with_territory > 50, "only {with_territory} with territory");
}
