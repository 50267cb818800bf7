//! Sharded jobs: one job (a bulk replay, a perft, a count) split into `N` shards run apart, on
//! one machine or many, each writing one shard file, and the shard files merged into exactly the
//! result one run over everything gives.
//!
//! This module holds what every kind of job shares: the shard `K/N` ([`Shard`]), the stable hash
//! that splits files between shards ([`Shard::holds`], [`path_key`]), the shard file
//! ([`ShardFile`]: the job's description, the shard, the result) written by rename so a killed
//! worker leaves no half file ([`write_atomic`], [`Partial`]), and the checks a merge makes before
//! it adds anything up ([`check_set`]): one kind, one job, one `N`, every shard exactly once. What
//! each kind adds up is its own: [`crate::replay::Summary::merge`] here, the perft divide and the
//! residues of the legal count in `ttrules-count`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Shard `k` of `n` (`1 <= k <= n`), written `K/N`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    pub k: u32,
    pub n: u32,
}

impl Shard {
    /// The whole job as one shard.
    pub const ALL: Shard = Shard { k: 1, n: 1 };

    /// Shard `k` of `n`, if `1 <= k <= n`.
    pub fn new(k: u32, n: u32) -> Option<Shard> {
        (1..=n).contains(&k).then_some(Shard { k, n })
    }

    /// Whether the item numbered `i` (from 0) of a list that every shard sees in the same order
    /// is this shard's: the items are dealt round-robin, item `i` to shard `i mod N + 1`.
    pub fn deals(self, i: usize) -> bool {
        i % self.n as usize == (self.k - 1) as usize
    }

    /// Whether the file with this key ([`path_key`]) is this shard's: its [`stable_hash`] modulo
    /// `N` is `K - 1`.
    pub fn holds(self, key: &[u8]) -> bool {
        stable_hash(key) % u64::from(self.n) == u64::from(self.k - 1)
    }

    /// The file name of this shard's file of a job of `kind`: `KIND-K-of-N.json`.
    pub fn file_name(self, kind: &str, ext: &str) -> String {
        format!("{kind}-{}-of-{}.{ext}", self.k, self.n)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("{s:?}: a shard is K/N, with 1 <= K <= N (2/8: the second of eight)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        Shard::new(k, n).ok_or_else(bad)
    }
}

impl Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shard, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The stable hash of a shard key: 64-bit FNV-1a over the bytes (offset basis
/// `0xcbf29ce484222325`, prime `0x100000001b3`), then the splitmix64 finaliser (`z ^= z >> 30;
/// z *= 0xbf58476d1ce4e5b9; z ^= z >> 27; z *= 0x94d049bb133111eb; z ^= z >> 31`, wrapping), which
/// spreads FNV's low bits (alone, they depend only on the bytes' low bits). Fixed here for good:
/// a changed hash would move files between shards of runs already made.
pub fn stable_hash(key: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in key {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// The shard key of `file` found under `root` (a directory named on the command line): its path
/// relative to `root`, components joined by `/` whatever the system's separator, so the split is
/// the same on every machine that is given the same folder. A file named on the command line
/// (`root == file`) is keyed by its path as given, joined the same way.
pub fn path_key(root: &Path, file: &Path) -> Vec<u8> {
    let rel = file
        .strip_prefix(root)
        .ok()
        .filter(|r| !r.as_os_str().is_empty());
    let mut key = Vec::new();
    for c in rel.unwrap_or(file).components() {
        if !key.is_empty() {
            key.push(b'/');
        }
        key.extend_from_slice(c.as_os_str().as_encoded_bytes());
    }
    key
}

/// One shard's file: what the job was, which shard, how long it took and what it found. Every
/// kind of job writes this shape; `result` is the kind's own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardFile {
    /// Always [`ShardFile::FORMAT`].
    pub format: String,
    /// `replay`, `perft` or `count-legal`.
    pub kind: String,
    pub shard: Shard,
    /// Everything that must be equal for shards to merge: the options and what they ran over.
    pub job: serde_json::Value,
    pub seconds: f64,
    pub result: serde_json::Value,
}

impl ShardFile {
    pub const FORMAT: &'static str = "ttrules-shard-1";

    /// Reads a shard file, or says what is wrong with it.
    pub fn read(path: &Path) -> Result<ShardFile, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: ShardFile = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a ttrules shard file: {e}", path.display()))?;
        if file.format != ShardFile::FORMAT {
            return Err(format!(
                "{}: shard file format {:?}, this ttrules reads {:?}",
                path.display(),
                file.format,
                ShardFile::FORMAT
            ));
        }
        Ok(file)
    }

    /// Writes this shard's file into `dir` (created if missing) as `<kind>-K-of-N.json`, by a
    /// temporary file and a rename, and returns its path.
    pub fn write_in(&self, dir: &Path) -> Result<std::path::PathBuf, String> {
        let path = dir.join(self.shard.file_name(&self.kind, "json"));
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let text = serde_json::to_string_pretty(self).expect("a shard file serialises");
        write_atomic(&path, &(text + "\n"))?;
        Ok(path)
    }
}

/// The shard files of one job, checked: one kind, one job, one `N`, every shard from 1 to `N`
/// exactly once. `files` pairs each with its name for the messages.
pub fn check_set(files: &[(String, ShardFile)]) -> Result<(), String> {
    let Some((first_name, first)) = files.first() else {
        return Err("no shard file to merge".into());
    };
    for (name, f) in &files[1..] {
        if f.kind != first.kind {
            return Err(format!(
                "{name} is a {} shard, {first_name} a {} shard: shards of different jobs do not merge",
                f.kind, first.kind
            ));
        }
        if f.shard.n != first.shard.n {
            return Err(format!(
                "{name} is shard {} and {first_name} shard {}: a job is split one way, into one number of shards",
                f.shard, first.shard
            ));
        }
        if f.job != first.job {
            return Err(format!(
                "{name} and {first_name} are shards of different jobs (options or inputs differ):\n  {}\n  {}",
                f.job, first.job
            ));
        }
    }
    let n = first.shard.n;
    let mut seen: Vec<Option<&str>> = vec![None; n as usize];
    for (name, f) in files {
        let slot = &mut seen[(f.shard.k - 1) as usize];
        if let Some(other) = slot {
            return Err(format!(
                "{name} and {other} are both shard {}: overlapping shards",
                f.shard
            ));
        }
        *slot = Some(name);
    }
    let missing: Vec<String> = (1..=n)
        .filter(|&k| seen[(k - 1) as usize].is_none())
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing shard{} {} of the {} job (run {} again)",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            first.kind,
            if missing.len() == 1 { "it" } else { "them" }
        ));
    }
    Ok(())
}

/// A file being written under a temporary name beside its final one (`.NAME.partial`), renamed
/// into place by [`Partial::commit`]: a worker killed before that leaves no file under the final
/// name, and a rerun starts the temporary file afresh.
pub struct Partial {
    tmp: PathBuf,
    path: PathBuf,
    out: std::io::BufWriter<std::fs::File>,
}

impl Partial {
    pub fn create(path: &Path) -> Result<Partial, String> {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let tmp = path.with_file_name(format!(".{name}.partial"));
        let file = std::fs::File::create(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
        Ok(Partial {
            tmp,
            path: path.to_path_buf(),
            out: std::io::BufWriter::new(file),
        })
    }

    pub fn write_line(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.out, "{line}").map_err(|e| format!("{}: {e}", self.tmp.display()))
    }

    /// Flushes the file to disk and renames it into place.
    pub fn commit(self) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("{}: {e}", self.tmp.display());
        let file = self.out.into_inner().map_err(|e| e.error().to_string())?;
        file.sync_all().map_err(fail)?;
        std::fs::rename(&self.tmp, &self.path)
            .map_err(|e| format!("{} → {}: {e}", self.tmp.display(), self.path.display()))
    }
}

/// Writes `text` to `path` through a [`Partial`]: the file is whole or absent.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let mut p = Partial::create(path)?;
    p.out
        .write_all(text.as_bytes())
        .map_err(|e| format!("{}: {e}", p.tmp.display()))?;
    p.commit()
}

/// The shard files named: files as given, and in a directory every `*.json` whose name has the
/// shape [`Shard::file_name`] gives (`KIND-K-of-N.json`), sorted.
pub fn shard_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if !p.is_dir() {
            out.push(p.clone());
            continue;
        }
        let mut found: Vec<PathBuf> = std::fs::read_dir(p)
            .map_err(|e| format!("{}: {e}", p.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|f| {
                let name = f.file_name().unwrap_or_default().to_string_lossy();
                name.ends_with(".json") && name.contains("-of-") && !name.starts_with('.')
            })
            .collect();
        found.sort();
        if found.is_empty() {
            return Err(format!(
                "{}: no shard file (KIND-K-of-N.json) in it",
                p.display()
            ));
        }
        out.extend(found);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_refuse() {
        assert_eq!("2/7".parse(), Ok(Shard { k: 2, n: 7 }));
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_hash_is_fixed_and_the_split_covers_everything_once() {
        // Pinned: changing the hash would move files between the shards of runs already made.
        // The values, computed independently (Python, the formula of the docs).
        assert_eq!(stable_hash(b""), 0xf52a_15e9_a9b5_e89b);
        assert_eq!(stable_hash(b"gnugo/a.sgf"), 0xd8b2_f3e1_1465_21b0);
        assert!(Shard { k: 5, n: 7 }.holds(b"gnugo/a.sgf"));
        let keys: Vec<String> = (0..1000).map(|i| format!("dir/game-{i:04}.sgf")).collect();
        for n in [1, 2, 3, 7] {
            let mut sizes = vec![0usize; n as usize];
            for key in &keys {
                let owners: Vec<u32> = (1..=n)
                    .filter(|&k| Shard { k, n }.holds(key.as_bytes()))
                    .collect();
                assert_eq!(owners.len(), 1, "{key} in shards {owners:?} of {n}");
                sizes[(owners[0] - 1) as usize] += 1;
            }
            // Balanced within a few standard deviations.
            let mean = 1000 / n as usize;
            assert!(sizes.iter().all(|&s| s.abs_diff(mean) < 100), "{sizes:?}");
        }
    }

    #[test]
    fn keys_are_relative_and_slash_joined() {
        let key = path_key(
            Path::new("/data/records"),
            Path::new("/data/records/a/b.sgf"),
        );
        assert_eq!(key, b"a/b.sgf");
        assert_eq!(path_key(Path::new("x.sgf"), Path::new("x.sgf")), b"x.sgf");
        assert_eq!(
            path_key(Path::new("./d/x.sgf"), Path::new("./d/x.sgf")),
            b"./d/x.sgf"
        );
    }
}
