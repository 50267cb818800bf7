//! Counts split into shards that run apart (`count-legal --shard K/N`, `perft --shard K/N`) and
//! put back together exactly (`ttrules merge`).
//!
//! **Legal positions, by residues.** As Tromp's own counts of the large boards were distributed,
//! each shard runs the whole border-state count, but in arithmetic modulo primes `p` below 2^63
//! ([`crate::count_legal_residue`]): every count takes 8 bytes whatever the board, and the shards
//! share nothing. The moduli are the largest primes below 2^63, in descending order, as many as
//! it takes for their product to exceed 3^(W·H) (no board has more legal positions than
//! colourings), and at least `N`; shard `K` takes the moduli numbered `K-1, K-1+N, …` (from 0).
//! The merge puts the residues together by the Chinese remainder theorem ([`crt`]): the number
//! below the product of the moduli with those residues is the count. With more moduli than the
//! bound needs, the merge also checks that the surplus ones agree (a corrupted shard is found).
//! Each shard costs about a whole count (the state tables are the same): the split buys memory
//! (8-byte counts instead of 16 or more from 10x10 on) and independent machines, not fewer steps.
//!
//! **Perft, by root moves** ([`super::perft`]): see there.

use crate::{count_legal_residue, DpError, Options, Step};
use num_bigint::BigUint;
use ttrules_spec::Size;

/// Whether `n` is prime: Miller-Rabin with the first twelve primes as bases, exact below 3.3e24.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    if let Some(&p) = BASES.iter().find(|&&p| n % p == 0) {
        return n == p;
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// The moduli of a count of `size` split into `shards` shards: the largest primes below 2^63,
/// descending, enough for their product to exceed 3^(W·H), and at least `shards` of them.
pub fn legal_moduli(size: Size, shards: u32) -> Vec<u64> {
    let bound = BigUint::from(3u8).pow(size.area() as u32);
    let (mut moduli, mut product) = (Vec::new(), BigUint::from(1u8));
    let mut candidate = (1u64 << 63) - 1;
    while product <= bound || moduli.len() < shards as usize {
        if is_prime(candidate) {
            moduli.push(candidate);
            product *= candidate;
        }
        candidate -= 2;
    }
    moduli
}

/// The moduli of shard `shard` (from 1) of `shards`: those numbered `shard-1`, `shard-1+shards`, …
pub fn shard_moduli(size: Size, shard: u32, shards: u32) -> Vec<u64> {
    legal_moduli(size, shards)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % shards as usize == (shard - 1) as usize)
        .map(|(_, m)| m)
        .collect()
}

/// Shard `shard` of `shards` of the legal count of `size`: its residues, `(modulus, residue)`,
/// one border-state count each. A checkpoint file, if asked for, is kept per modulus
/// (`FILE.mod-P`).
pub fn count_legal_shard(
    size: Size,
    shard: u32,
    shards: u32,
    options: &Options,
    progress: &mut dyn FnMut(Step),
) -> Result<Vec<(u64, u64)>, DpError> {
    let mut out = Vec::new();
    for m in shard_moduli(size, shard, shards) {
        let mut o = options.clone();
        o.checkpoint = options.checkpoint.as_ref().map(|p| {
            let mut name = p.clone().into_os_string();
            name.push(format!(".mod-{m}"));
            name.into()
        });
        out.push((m, count_legal_residue(size, m, o, progress)?));
    }
    Ok(out)
}

/// The number below the product of the (pairwise coprime) moduli that has these residues, by
/// Garner's mixed-radix construction.
pub fn crt(residues: &[(u64, u64)]) -> BigUint {
    let (mut x, mut product) = (BigUint::from(0u8), BigUint::from(1u8));
    for &(m, r) in residues {
        let x_mod = (&x % m).to_u64_digits().first().copied().unwrap_or(0);
        let p_mod = (&product % m).to_u64_digits().first().copied().unwrap_or(0);
        // t = (r - x) / product mod m; m is prime, so the inverse is p_mod^(m-2).
        let diff = (r % m + m - x_mod) % m;
        let t = mul_mod(diff, pow_mod(p_mod, m - 2, m), m);
        x += &product * t;
        product *= m;
    }
    x
}

/// The legal count of `size` from the residues of every shard of a split into `shards`: the
/// moduli must be exactly [`legal_moduli`]'s, each once; surplus moduli must agree.
pub fn merge_legal(size: Size, shards: u32, residues: &[(u64, u64)]) -> Result<BigUint, String> {
    let moduli = legal_moduli(size, shards);
    let mut sorted = residues.to_vec();
    sorted.sort_by_key(|r| std::cmp::Reverse(r.0));
    let got: Vec<u64> = sorted.iter().map(|r| r.0).collect();
    if got != moduli {
        return Err(format!(
            "the shards' moduli are not those of {size} in {shards} shards: got {got:?}, expected {moduli:?}"
        ));
    }
    if let Some(&(m, r)) = sorted.iter().find(|(m, r)| r >= m) {
        return Err(format!("residue {r} is not below its modulus {m}"));
    }
    let bound = BigUint::from(3u8).pow(size.area() as u32);
    let (mut need, mut product) = (0, BigUint::from(1u8));
    while product <= bound {
        product *= sorted[need].0;
        need += 1;
    }
    let count = crt(&sorted[..need]);
    if let Some(&(m, r)) = sorted[need..]
        .iter()
        .find(|&&(m, r)| &count % m != r.into())
    {
        return Err(format!(
            "the residues disagree: the count {count} (from the first {need} moduli) is not {r} modulo {m}"
        ));
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_and_the_remainder_theorem() {
        let small: Vec<u64> = (0..60).filter(|&n| is_prime(n)).collect();
        assert_eq!(
            small,
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59]
        );
        // 2^61 - 1 is prime, 2^61 + 1 is not; a strong pseudoprime to small bases is caught.
        assert!(is_prime((1 << 61) - 1) && !is_prime((1 << 61) + 1));
        assert!(!is_prime(3_215_031_751));
        let moduli = legal_moduli(Size::square(19).unwrap(), 1);
        assert_eq!(moduli.len(), 10, "3^361 needs ten 63-bit primes");
        let big = BigUint::from(3u8).pow(361) - 12345u32;
        let residues: Vec<(u64, u64)> = moduli
            .iter()
            .map(|&m| (m, (&big % m).to_u64_digits()[0]))
            .collect();
        assert_eq!(crt(&residues), big);
    }
}
