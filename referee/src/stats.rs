//! Match statistics, fed by results and nothing else: the win rate with a Wilson interval, the Elo
//! difference with a 95% interval, the likelihood of superiority, and the sequential probability
//! ratio test as fishtest computes it. Scores count a win 1, a draw ½ and a loss 0; void games
//! are left out.

/// The two-sided 95% quantile of the standard normal distribution, Φ⁻¹(0.975).
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one engine (void games left out).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game (a draw counts ½); `None` without games.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }
}

/// The Wilson score interval of a proportion: `k` successes in `n` trials, at the normal quantile
/// `z`: (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n), p = k/n. A draw is half a success.
/// `None` without trials.
pub fn wilson(k: f64, n: f64, z: f64) -> Option<(f64, f64)> {
    if n <= 0.0 {
        return None;
    }
    let p = k / n;
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let d = 1.0 + z2 / n;
    Some((
        ((centre - half) / d).clamp(0.0, 1.0),
        ((centre + half) / d).clamp(0.0, 1.0),
    ))
}

/// The logistic Elo difference of a mean score s: −400·log₁₀(1/s − 1); `None` at 0 and 1.
pub fn elo(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10())
}

/// The expected score of an Elo difference: 1 / (1 + 10^(−elo/400)).
pub fn logistic(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference and its 95% interval: the mean score s ± Z95·σ/√n, σ² the per-game variance
/// of the scores (w(1−s)² + d(½−s)² + l·s²)/n, each end converted with [`elo`] (an end at 0 or 1
/// is unbounded: `None`). When every game is a draw σ is 0 and that interval would be a point:
/// the ends are then those of the score's Wilson interval, converted with [`elo`].
pub fn elo_interval(r: &Wdl) -> Option<(Option<f64>, Option<f64>, Option<f64>)> {
    let s = r.score()?;
    let n = r.games() as f64;
    if r.draws == r.games() {
        let (lo, hi) = wilson(0.5 * n, n, Z95)?;
        return Some((elo(s), elo(lo), elo(hi)));
    }
    let var = (r.wins as f64 * (1.0 - s).powi(2)
        + r.draws as f64 * (0.5 - s).powi(2)
        + r.losses as f64 * s.powi(2))
        / n;
    let se = (var / n).sqrt();
    Some((elo(s), elo(s - Z95 * se), elo(s + Z95 * se)))
}

/// The error function: below 3 in magnitude its Maclaurin series,
/// erf x = 2/√π · Σ (−1)ⁿ x²ⁿ⁺¹ / (n!·(2n + 1)), summed until the terms vanish (error below 10⁻¹³
/// there); beyond, 1 − erfc x from the Chebyshev fit of *Numerical Recipes* (`erfcc`, fractional
/// error of erfc below 1.2·10⁻⁷, so an absolute error below 10⁻¹¹ for |x| ≥ 3).
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let value = if z < 3.0 {
        let mut term = z;
        let mut sum = z;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs().max(1e-300) {
            n += 1.0;
            term *= -z * z / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else {
        let t = 1.0 / (1.0 + 0.5 * z);
        let poly = -z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77))))))));
        1.0 - t * poly.exp()
    };
    if x < 0.0 {
        -value
    } else {
        value
    }
}

/// The likelihood of superiority: the probability that the engine is the stronger one, from wins
/// and losses alone (draws carry no information here), ½·(1 + erf((w − l)/√(2(w + l)))). `None`
/// without decisive games.
pub fn los(r: &Wdl) -> Option<f64> {
    let (w, l) = (r.wins as f64, r.losses as f64);
    (w + l > 0.0).then(|| 0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt())))
}

/// A sequential probability ratio test of H0: Elo = `elo0` against H1: Elo = `elo1` (logistic Elo),
/// with error rates `alpha` (accepting H1 when H0 holds) and `beta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where a test stands.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtState {
    pub llr: f64,
    /// ln(β / (1 − α)): at or below it, H0 is accepted.
    pub lower: f64,
    /// ln((1 − β) / α): at or above it, H1 is accepted.
    pub upper: f64,
    pub decision: Option<Hypothesis>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    H0,
    H1,
}

impl std::str::FromStr for Sprt {
    type Err = String;

    /// `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (α and β default to 0.05).
    fn from_str(s: &str) -> Result<Sprt, String> {
        let parts: Vec<f64> = s
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{s:?}: {e} (expected ELO0,ELO1[,ALPHA,BETA])"))?;
        let (elo0, elo1, alpha, beta) = match parts.as_slice() {
            [e0, e1] => (*e0, *e1, 0.05, 0.05),
            [e0, e1, a, b] => (*e0, *e1, *a, *b),
            _ => return Err(format!("{s:?}: expected ELO0,ELO1[,ALPHA,BETA]")),
        };
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("{s:?}: ELO0 must be less than ELO1"));
        }
        for (name, v) in [("ALPHA", alpha), ("BETA", beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("{s:?}: {name} must be between 0 and 0.5"));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl Sprt {
    /// The bounds (lower, upper) = (ln(β/(1−α)), ln((1−β)/α)).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The test after the results `r` of the first engine.
    pub fn state(&self, r: &Wdl) -> SprtState {
        let (lower, upper) = self.bounds();
        let llr = llr_logistic(self.elo0, self.elo1, r);
        let decision = if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        };
        SprtState {
            llr,
            lower,
            upper,
            decision,
        }
    }
}

/// The generalized log-likelihood ratio of the logistic Elo model, as fishtest computes it
/// (`LLR_logistic` of `server/fishtest/stats/LLRcalc.py`, trinomial results):
///
/// - the results (L, D, W) are regularized, a zero count becoming 10⁻³; N = L + D + W, and the
///   empirical distribution p̂ puts p̂ᵢ = count/N on the scores aᵢ = 0, ½, 1;
/// - for s = L(elo₀) and s = L(elo₁), L(x) = 1/(1 + 10^(−x/400)), the maximum-likelihood
///   distribution with expectation s is pᵢ = p̂ᵢ / (1 + x·(aᵢ − s)), x the root of the secular
///   equation Σ p̂ᵢ·(aᵢ − s)/(1 + x·(aᵢ − s)) = 0 on (−1/max(aᵢ − s), −1/min(aᵢ − s))
///   (Van den Bergh, "Maximum likelihood estimation of a multinomial with a given expectation",
///   Proposition 1.1);
/// - LLR = N · Σ p̂ᵢ·(ln p¹ᵢ − ln p⁰ᵢ).
///
/// Without games it is 0.
pub fn llr_logistic(elo0: f64, elo1: f64, r: &Wdl) -> f64 {
    if r.games() == 0 {
        return 0.0;
    }
    let counts = [r.losses, r.draws, r.wins].map(|c| if c == 0 { 1e-3 } else { c as f64 });
    let n: f64 = counts.iter().sum();
    let pdf: Vec<(f64, f64)> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / 2.0, c / n))
        .collect();
    let mle = |s: f64| -> Vec<f64> {
        let x = secular_root(&pdf, s);
        pdf.iter().map(|&(a, p)| p / (1.0 + x * (a - s))).collect()
    };
    let (p0, p1) = (mle(logistic(elo0)), mle(logistic(elo1)));
    n * pdf
        .iter()
        .enumerate()
        .map(|(i, &(_, p))| p * (p1[i].ln() - p0[i].ln()))
        .sum::<f64>()
}

/// The root of Σ pᵢ·(aᵢ − s)/(1 + x·(aᵢ − s)) = 0, by bisection: the sum falls strictly as x
/// grows (its derivative is −Σ pᵢ(aᵢ − s)²/(1 + x(aᵢ − s))²), from +∞ at the lower end to −∞ at
/// the upper.
fn secular_root(pdf: &[(f64, f64)], s: f64) -> f64 {
    let lo_v = pdf
        .iter()
        .map(|&(a, _)| a - s)
        .fold(f64::INFINITY, f64::min);
    let hi_v = pdf
        .iter()
        .map(|&(a, _)| a - s)
        .fold(f64::NEG_INFINITY, f64::max);
    let eps = 1e-12;
    let (mut lo, mut hi) = (-1.0 / hi_v + eps, -1.0 / lo_v - eps);
    let f = |x: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + x * (a - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// fishtest's approximation of the same ratio (`LLR_alt2`, "GSPRT approximation"):
/// N·(s₁ − s₀)·(2s − s₀ − s₁) / (2σ²), s and σ² the mean and variance of the (regularized) scores.
pub fn llr_logistic_approx(elo0: f64, elo1: f64, r: &Wdl) -> f64 {
    let counts = [r.losses, r.draws, r.wins].map(|c| if c == 0 { 1e-3 } else { c as f64 });
    let n: f64 = counts.iter().sum();
    let s = (0.5 * counts[1] + counts[2]) / n;
    let var =
        (counts[0] * s * s + counts[1] * (0.5 - s).powi(2) + counts[2] * (1.0 - s).powi(2)) / n;
    let (s0, s1) = (logistic(elo0), logistic(elo1));
    n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
}

/// Wins, losses and draws as the summary's JSON writes them.
#[derive(Copy, Clone, Debug, Default, serde::Serialize, PartialEq, Eq)]
pub struct WdlJson {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

impl From<WdlJson> for Wdl {
    fn from(w: WdlJson) -> Wdl {
        Wdl {
            wins: w.wins,
            draws: w.draws,
            losses: w.losses,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wdl(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} is not {b} (±{tol})");
    }

    #[test]
    fn wilson_matches_the_textbook_values() {
        // 8 of 10 at 95%: (0.4902, 0.9433), the interval every table gives.
        let (lo, hi) = wilson(8.0, 10.0, Z95).unwrap();
        close(lo, 0.490_162, 1e-6);
        close(hi, 0.943_318, 1e-6);
        // 0 of 10: from 0 to z²/(n + z²).
        let (lo, hi) = wilson(0.0, 10.0, Z95).unwrap();
        close(lo, 0.0, 1e-12);
        close(hi, Z95 * Z95 / (10.0 + Z95 * Z95), 1e-9);
        assert_eq!(wilson(0.0, 0.0, Z95), None);
    }

    #[test]
    fn elo_and_its_interval() {
        close(elo(0.75).unwrap(), 190.848_501_887_865, 1e-9); // 400·log10(3)
        assert_eq!(elo(0.5), Some(0.0));
        assert_eq!(elo(1.0), None);
        // 60 wins, 20 draws, 40 losses: s = 0.5833, σ² = 0.2264, interval computed by hand.
        let (e, lo, hi) = elo_interval(&wdl(60, 20, 40)).unwrap();
        close(e.unwrap(), 58.451_214, 1e-5);
        close(lo.unwrap(), 2.112_983, 1e-5);
        close(hi.unwrap(), 118.040_294, 1e-5);
        // Every game a draw: the ends of the Wilson interval of the score (issue 19, defect 3).
        let (e, lo, hi) = elo_interval(&wdl(0, 10, 0)).unwrap();
        let (slo, shi) = wilson(5.0, 10.0, Z95).unwrap();
        assert_eq!(e, Some(0.0));
        close(lo.unwrap(), elo(slo).unwrap(), 1e-9);
        close(hi.unwrap(), elo(shi).unwrap(), 1e-9);
        assert!(lo.unwrap() < -150.0 && hi.unwrap() > 150.0, "{lo:?} {hi:?}");
        // A clean sweep has no upper end.
        let (e, lo, hi) = elo_interval(&wdl(10, 0, 0)).unwrap();
        assert_eq!((e, lo, hi), (None, None, None));
    }

    #[test]
    fn erf_and_los() {
        assert_eq!(erf(0.0), 0.0);
        close(erf(1.0), 0.842_700_792_949_715, 1e-13);
        close(erf(-0.5), -0.520_499_877_813_047, 1e-13);
        close(erf(2.9), 0.999_958_902_121_900, 1e-12);
        close(erf(3.5), 0.999_999_256_901_628, 1e-11);
        close(erf(-8.0), -1.0, 1e-15);
        // 60 wins and 40 losses: (w − l)/√(w + l) = 2 standard deviations, Φ(2) = 0.97725.
        close(los(&wdl(60, 7, 40)).unwrap(), 0.977_249_868_051_821, 1e-12);
        close(los(&wdl(5, 0, 5)).unwrap(), 0.5, 1e-9);
        assert_eq!(los(&wdl(0, 3, 0)), None);
    }

    #[test]
    fn sprt_matches_fishtest() {
        // Without draws, the maximum-likelihood distribution with expectation s is Bernoulli(s),
        // so the ratio is W·ln(s1/s0) + L·ln((1−s1)/(1−s0)), up to the 10⁻³ regularization:
        // 60 wins, 40 losses, H0 = 0, H1 = 10: 0.534231.
        let (s0, s1) = (logistic(0.0), logistic(10.0));
        let binomial = 60.0 * (s1 / s0).ln() + 40.0 * ((1.0 - s1) / (1.0 - s0)).ln();
        close(binomial, 0.534_231, 1e-6);
        close(llr_logistic(0.0, 10.0, &wdl(60, 0, 40)), binomial, 1e-4);
        // With draws, values computed with fishtest's procedure by hand (bisection of the secular
        // equation): (L, D, W) = (40, 20, 60) and (300, 400, 320).
        close(llr_logistic(0.0, 10.0, &wdl(60, 20, 40)), 0.631_484, 1e-5);
        close(llr_logistic(-5.0, 5.0, &wdl(60, 20, 40)), 0.690_763, 1e-5);
        close(
            llr_logistic(-5.0, 5.0, &wdl(320, 400, 300)),
            0.946_935,
            1e-5,
        );
        close(llr_logistic(0.0, 10.0, &wdl(10, 0, 0)), 0.283_681, 1e-5);
        // The approximation agrees closely on a long, balanced run.
        let r = wdl(320, 400, 300);
        close(
            llr_logistic_approx(-5.0, 5.0, &r),
            llr_logistic(-5.0, 5.0, &r),
            0.01,
        );
        let t: Sprt = "0,10".parse().unwrap();
        let (lo, hi) = t.bounds();
        close(lo, -2.944_439, 1e-6);
        close(hi, 2.944_439, 1e-6);
        assert_eq!(t.state(&wdl(60, 20, 40)).decision, None);
        assert_eq!(
            "0,200"
                .parse::<Sprt>()
                .unwrap()
                .state(&wdl(12, 0, 0))
                .decision,
            Some(Hypothesis::H1)
        );
        assert!("10,0".parse::<Sprt>().is_err());
        assert!("0,10,0.6,0.05".parse::<Sprt>().is_err());
    }
}
