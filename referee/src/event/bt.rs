//! Elo for every player of an event from one joint fit (r[ref.event.elo]): the Bradley-Terry
//! model with logistic Elo, P(i beats j) = 1 / (1 + 10^((rⱼ − rᵢ)/400)), fitted by maximum
//! likelihood with Newton's method; a draw counts as half a win and half a loss. The ratings are
//! anchored at a mean of 0, and each one's 95% interval comes from the inverse of the observed
//! information (the negated Hessian of the log-likelihood) under that anchor.
//!
//! Conventions: `n[i][j]` games between i and j (void games left out), `s[i][j]` i's score against
//! j (a win 1, a draw ½), so `s[i][j] + s[j][i] = n[i][j]`; `γ = ln 10 / 400`.
//!
//! The maximum exists only when no group of players scored nothing against the others (the graph
//! "i took points from j" is strongly connected, a draw counting both ways). When it does not, one
//! virtual draw is added to every pair that played, the prior BayesElo uses in spirit, and the fit
//! says so ([`Fit::prior_draws`]).

use super::super::stats::Z95;
use serde::Serialize;

/// The ratings of the players, in the order of the results given.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Fit {
    /// Each player's Elo, the mean of all being 0.
    pub elo: Vec<f64>,
    /// The half-width of each one's 95% interval (`None` for a player without games).
    pub error: Vec<Option<f64>>,
    /// Virtual draws added to each pair that met, when the results alone have no finite fit.
    pub prior_draws: u32,
    /// Newton steps taken.
    pub iterations: u32,
}

const GAMMA: f64 = std::f64::consts::LN_10 / 400.0;

fn p_win(d: f64) -> f64 {
    1.0 / (1.0 + (-GAMMA * d).exp())
}

/// Whether every player took points from every other through some chain of games
/// (the maximum of the likelihood is then finite), among the players that played.
fn connected(n: &[Vec<f64>], s: &[Vec<f64>], active: &[usize]) -> bool {
    let reach = |forward: bool| {
        let mut seen = vec![false; n.len()];
        let mut stack = vec![active[0]];
        seen[active[0]] = true;
        while let Some(i) = stack.pop() {
            for &j in active {
                let took = if forward { s[j][i] } else { s[i][j] };
                if !seen[j] && n[i][j] > 0.0 && took > 0.0 {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        active.iter().all(|&i| seen[i])
    };
    reach(true) && reach(false)
}

/// Fits the ratings of `players` players from `games`: (i, j, i's score) for each game between i
/// and j, a score of 1, ½ or 0.
pub fn fit(players: usize, games: &[(usize, usize, f64)]) -> Fit {
    let mut n = vec![vec![0.0; players]; players];
    let mut s = vec![vec![0.0; players]; players];
    for &(i, j, score) in games {
        if i == j {
            continue;
        }
        n[i][j] += 1.0;
        n[j][i] += 1.0;
        s[i][j] += score;
        s[j][i] += 1.0 - score;
    }
    let active: Vec<usize> = (0..players)
        .filter(|&i| n[i].iter().any(|&x| x > 0.0))
        .collect();
    let mut prior_draws = 0;
    if active.len() >= 2 && !connected(&n, &s, &active) {
        prior_draws = 1;
        for (nrow, srow) in n.iter_mut().zip(s.iter_mut()) {
            for (nij, sij) in nrow.iter_mut().zip(srow.iter_mut()) {
                if *nij > 0.0 {
                    *nij += 1.0;
                    *sij += 0.5;
                }
            }
        }
    }
    let (r, iterations) = newton(&n, &s, &active);
    let cov = covariance(&n, &r, &active);
    let mut error = vec![None; players];
    for (k, &i) in active.iter().enumerate() {
        error[i] = cov.as_ref().map(|c| Z95 * c[k][k].max(0.0).sqrt());
    }
    Fit {
        elo: r,
        error,
        prior_draws,
        iterations,
    }
}

/// The log-likelihood of ratings `r`.
fn log_likelihood(n: &[Vec<f64>], s: &[Vec<f64>], r: &[f64]) -> f64 {
    let mut l = 0.0;
    for (i, (nrow, srow)) in n.iter().zip(s).enumerate() {
        for (j, (&nij, &sij)) in nrow.iter().zip(srow).enumerate() {
            if nij > 0.0 && sij > 0.0 {
                l += sij * p_win(r[i] - r[j]).ln();
            }
        }
    }
    l
}

/// The gradient and the observed information (−Hessian) over the active players.
fn derivatives(
    n: &[Vec<f64>],
    s: &[Vec<f64>],
    r: &[f64],
    active: &[usize],
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let m = active.len();
    let mut g = vec![0.0; m];
    let mut info = vec![vec![0.0; m]; m];
    for (a, &i) in active.iter().enumerate() {
        for (b, &j) in active.iter().enumerate() {
            if a == b || n[i][j] == 0.0 {
                continue;
            }
            let p = p_win(r[i] - r[j]);
            g[a] += GAMMA * (s[i][j] - n[i][j] * p);
            let w = GAMMA * GAMMA * n[i][j] * p * (1.0 - p);
            info[a][a] += w;
            info[a][b] -= w;
        }
    }
    (g, info)
}

/// Newton's method with the first active player held at 0 (the likelihood only sees differences),
/// a step halved while it lowers the likelihood; the ratings then shifted to a mean of 0.
fn newton(n: &[Vec<f64>], s: &[Vec<f64>], active: &[usize]) -> (Vec<f64>, u32) {
    let mut r = vec![0.0; n.len()];
    if active.len() < 2 {
        return (r, 0);
    }
    let mut iterations = 0;
    for _ in 0..100 {
        iterations += 1;
        let (g, info) = derivatives(n, s, &r, active);
        // Drop the first active player's row and column: the reduced system is regular.
        let reduced: Vec<Vec<f64>> = info[1..].iter().map(|row| row[1..].to_vec()).collect();
        let Some(step) = solve(reduced, g[1..].to_vec()) else {
            break;
        };
        let before = log_likelihood(n, s, &r);
        let mut t = 1.0;
        let mut next = r.clone();
        for _ in 0..40 {
            for (k, &i) in active.iter().enumerate().skip(1) {
                next[i] = r[i] + t * step[k - 1];
            }
            if log_likelihood(n, s, &next) >= before - 1e-12 {
                break;
            }
            t /= 2.0;
        }
        let moved = step.iter().map(|x| (t * x).abs()).fold(0.0, f64::max);
        r = next;
        if moved < 1e-10 {
            break;
        }
    }
    let mean = active.iter().map(|&i| r[i]).sum::<f64>() / active.len() as f64;
    for &i in active {
        r[i] -= mean;
    }
    (r, iterations)
}

/// The covariance of the mean-anchored ratings: the pseudo-inverse of the information matrix I,
/// whose null space is the all-ones vector: I⁺ = (I + J/m)⁻¹ − J/m, J the all-ones matrix.
fn covariance(n: &[Vec<f64>], r: &[f64], active: &[usize]) -> Option<Vec<Vec<f64>>> {
    let m = active.len();
    if m < 2 {
        return None;
    }
    let zero = vec![vec![0.0; n.len()]; n.len()];
    let (_, info) = derivatives(n, &zero, r, active);
    let j = 1.0 / m as f64;
    let shifted: Vec<Vec<f64>> = info
        .iter()
        .map(|row| row.iter().map(|x| x + j).collect())
        .collect();
    let mut inv = invert(shifted)?;
    for row in &mut inv {
        for x in row.iter_mut() {
            *x -= j;
        }
    }
    Some(inv)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` when `a` is singular.
#[allow(clippy::needless_range_loop)] // row and column indices are the algorithm's own words
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let m = b.len();
    for c in 0..m {
        let pivot = (c..m).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[pivot][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, pivot);
        b.swap(c, pivot);
        for row in c + 1..m {
            let f = a[row][c] / a[c][c];
            for k in c..m {
                a[row][k] -= f * a[c][k];
            }
            b[row] -= f * b[c];
        }
    }
    let mut x = vec![0.0; m];
    for c in (0..m).rev() {
        let tail: f64 = (c + 1..m).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - tail) / a[c][c];
    }
    Some(x)
}

/// The inverse of `a`, column by column.
fn invert(a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut cols = Vec::with_capacity(m);
    for c in 0..m {
        let mut e = vec![0.0; m];
        e[c] = 1.0;
        cols.push(solve(a.clone(), e)?);
    }
    Some(
        (0..m)
            .map(|i| (0..m).map(|j| cols[j][i]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} is not {b} (±{tol})");
    }

    fn games(list: &[(usize, usize, u32, u32, u32)]) -> Vec<(usize, usize, f64)> {
        // (i, j, i's wins, draws, i's losses)
        let mut v = Vec::new();
        for &(i, j, w, d, l) in list {
            v.extend((0..w).map(|_| (i, j, 1.0)));
            v.extend((0..d).map(|_| (i, j, 0.5)));
            v.extend((0..l).map(|_| (i, j, 0.0)));
        }
        v
    }

    #[test]
    fn two_players_give_the_elo_of_the_score_and_its_information() {
        // 3 wins, 1 loss: the difference is elo(0.75) = 400·log10(3), split about the mean.
        let f = fit(2, &games(&[(0, 1, 3, 0, 1)]));
        let d = elo(0.75).unwrap();
        close(f.elo[0], d / 2.0, 1e-6);
        close(f.elo[1], -d / 2.0, 1e-6);
        assert_eq!(f.prior_draws, 0);
        // The information of the difference is γ²·n·p(1−p) = γ²·4·3/16; each rating carries half
        // the difference, so its variance is a quarter of the difference's.
        let var_d = 1.0 / (GAMMA * GAMMA * 4.0 * 0.75 * 0.25);
        close(f.error[0].unwrap(), Z95 * (var_d / 4.0).sqrt(), 1e-6);
        close(f.error[0].unwrap(), 196.6, 0.1);
        // Draws count as half wins: 2 wins, 2 draws, 0 losses is a score of 0.75 as well.
        let g = fit(2, &games(&[(0, 1, 2, 2, 0)]));
        close(g.elo[0] - g.elo[1], d, 1e-6);
    }

    #[test]
    fn consistent_pairs_are_fitted_exactly() {
        // A beats B 3:1, B beats C 3:1, A beats C 9:1: each pair's score is exactly the model's
        // for ratings d, 0, −d with d = 400·log10(3) (A − C = 2d gives 1/(1 + 1/9) = 0.9).
        let f = fit(
            3,
            &games(&[(0, 1, 3, 0, 1), (1, 2, 3, 0, 1), (0, 2, 9, 0, 1)]),
        );
        let d = elo(0.75).unwrap();
        close(f.elo[0], d, 1e-6);
        close(f.elo[1], 0.0, 1e-6);
        close(f.elo[2], -d, 1e-6);
        // A and C are symmetric: their intervals are equal, and every interval is finite.
        close(f.error[0].unwrap(), f.error[2].unwrap(), 1e-6);
        assert!(f
            .error
            .iter()
            .all(|e| e.is_some_and(|e| e.is_finite() && e > 0.0)));
    }

    #[test]
    fn a_cycle_is_level_and_the_score_equations_hold() {
        let f = fit(
            3,
            &games(&[(0, 1, 2, 0, 1), (1, 2, 2, 0, 1), (2, 0, 2, 0, 1)]),
        );
        for r in &f.elo {
            close(*r, 0.0, 1e-9);
        }
        // Any data: at the maximum each player's expected score equals the actual (∂L/∂rᵢ = 0).
        let list = [
            (0, 1, 5, 1, 2),
            (1, 2, 1, 3, 4),
            (0, 2, 2, 0, 3),
            (3, 0, 1, 1, 1),
            (3, 2, 0, 2, 1),
        ];
        let gs = games(&list);
        let f = fit(4, &gs);
        for i in 0..4 {
            let (mut actual, mut expected) = (0.0, 0.0);
            for &(a, b, sc) in &gs {
                if a == i {
                    actual += sc;
                    expected += p_win(f.elo[a] - f.elo[b]);
                } else if b == i {
                    actual += 1.0 - sc;
                    expected += p_win(f.elo[b] - f.elo[a]);
                }
            }
            close(actual, expected, 1e-6);
        }
        close(f.elo.iter().sum::<f64>(), 0.0, 1e-9);
    }

    #[test]
    fn a_sweep_gets_the_prior_and_stays_finite() {
        let f = fit(
            3,
            &games(&[(0, 1, 4, 0, 0), (0, 2, 4, 0, 0), (1, 2, 1, 0, 1)]),
        );
        assert_eq!(f.prior_draws, 1);
        assert!(f.elo.iter().all(|r| r.is_finite()));
        assert!(f.elo[0] > f.elo[1] && f.elo[0] > f.elo[2]);
        // With a virtual draw, 0 against 1 is 4.5 of 5: the pair alone would say elo(0.9).
        assert!(f.elo[0] - f.elo[1] < elo(0.95).unwrap());
        // A player without games has no interval.
        let g = fit(3, &games(&[(0, 1, 1, 0, 1)]));
        assert_eq!(g.error[2], None);
        assert_eq!(g.elo[2], 0.0);
    }
}
