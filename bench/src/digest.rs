//! A digest of the games a playout driver plays, so that another implementation of the protocol
//! (the KataGo driver, `bench/katago/playouts.cpp`) can show that it plays the same games.
//!
//! [`Digested`] wraps a [`PlayoutEngine`] and changes no choice: it answers every question by the
//! engine it wraps and notes each move and pass. The digest is FNV-1a (64 bits) over the bytes
//! `x, y` of each move's point, `255, 255` for a pass, and `254, 254` at the start of every
//! playout but the first (where `reset` is called again), the same bytes the C++ driver hashes
//! (it hashes `254, 254` at the end of every playout; [`Digested::digest`] adds the last one).

use crate::PlayoutEngine;
use std::cell::Cell;
use std::io::Write;
use ttrules_fast::Vertex;

/// FNV-1a, 64 bits.
#[derive(Copy, Clone, Debug)]
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn pair(&mut self, a: u8, b: u8) {
        for byte in [a, b] {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// The fast engine, noting its games. (The driver builds its engine itself, so the digest is
/// kept in a thread-local and read after the run.)
pub struct Digested {
    inner: crate::adapters::FastPlayouts,
    started: bool,
}

thread_local! {
    static DIGEST: Cell<Fnv> = Cell::new(Fnv::default());
    /// `DIGEST_TRACE` set: every pair noted is also printed on stderr, to find where two
    /// drivers' games part.
    static TRACE: bool = std::env::var_os("DIGEST_TRACE").is_some();
}

impl Digested {
    /// Starts a new digest (before a run).
    pub fn start() {
        DIGEST.with(|d| d.set(Fnv::default()));
    }

    /// The digest of the games played since [`Digested::start`], the last playout closed.
    pub fn digest() -> u64 {
        DIGEST.with(|d| {
            let mut f = d.get();
            f.pair(254, 254);
            f.0
        })
    }

    fn note(a: u8, b: u8) {
        if TRACE.with(|t| *t) {
            // Not `eprintln!`, which panics when stderr cannot be written: a trace line that
            // cannot be written is dropped.
            let _ = writeln!(std::io::stderr(), "{a} {b}");
        }
        DIGEST.with(|d| {
            let mut f = d.get();
            f.pair(a, b);
            d.set(f);
        });
    }

    fn note_move(&self, v: Vertex) {
        let p = self.inner.0.point_of(v);
        Self::note(p.x, p.y);
    }
}

impl PlayoutEngine for Digested {
    const NAME: &'static str = "ttrules-fast (digested)";
    const RULES: &'static str = crate::adapters::FastPlayouts::RULES;
    type Vertex = Vertex;

    fn new(width: usize, height: usize) -> Self {
        Digested {
            inner: crate::adapters::FastPlayouts::new(width, height),
            started: false,
        }
    }

    fn reset(&mut self) {
        if self.started {
            Self::note(254, 254);
        }
        self.started = true;
        self.inner.reset();
    }

    fn empty_count(&self) -> usize {
        self.inner.empty_count()
    }

    fn empty_at(&self, k: usize) -> Vertex {
        self.inner.empty_at(k)
    }

    fn is_eyelike(&self, v: Vertex) -> bool {
        self.inner.is_eyelike(v)
    }

    fn is_legal(&self, v: Vertex) -> bool {
        self.inner.is_legal(v)
    }

    fn play(&mut self, v: Vertex) {
        self.note_move(v);
        self.inner.play(v);
    }

    fn play_empty_if_legal_non_eyelike(&mut self, k: usize) -> bool {
        let v = self.inner.empty_at(k);
        let played = self.inner.play_empty_if_legal_non_eyelike(k);
        if played {
            self.note_move(v);
        }
        played
    }

    fn pass(&mut self) {
        Self::note(255, 255);
        self.inner.pass();
    }

    fn legal_non_eyelike_into(&self, out: &mut Vec<Vertex>) {
        self.inner.legal_non_eyelike_into(out);
    }
}
