//! An event split over machines (r[ref.event.shard]): `--shard K/N` plays the games of the
//! schedule dealt to shard `K`, round-robin by the game's number (game `n` to shard
//! `(n − 1) mod N + 1`), so every machine computes the same split from the settings alone, the
//! shards never overlap and together hold every game once. A shard's folder is an event's folder
//! (`match.json`, `results.jsonl`, the records) with `shard.json` beside them: which shard it
//! is and the event's digest, written by rename before any game. `--resume` continues a shard in
//! its own folder and refuses another `K/N` there. `referee merge` ([`crate::merge`]) puts the
//! folders together into the folder one run would have written (r[ref.event.merge]).
//!
//! Events whose schedule depends on earlier results are not split: a match with an SPRT stop
//! (the only such event: all-play-all, gauntlet and match pair their players by the schedule of
//! r[ref.event.schedule] alone) is refused with `--shard`, since where the SPRT stops depends on
//! the order in which every shard's games end.

use crate::files::{read_regular_text, MAX_SETTINGS_BYTES};
use crate::output::ResultLine;
use crate::Config;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
pub use ttrules_record::shard::Shard;

/// `shard.json`, beside a shard's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Always [`Manifest::FORMAT`].
    pub format: String,
    pub shard: Shard,
    /// [`digest`] of the event: shards of one event have the same.
    pub event: String,
    /// The games of the whole schedule (all shards).
    pub games: u32,
    /// The games of this shard's share.
    pub share: u32,
    /// The version of ttrules and of the rules text that played the games.
    pub ttrules: String,
    pub spec: String,
}

impl Manifest {
    pub const FORMAT: &'static str = "ttrules-referee-shard-1";

    /// The manifest of shard `shard` of the event `cfg`.
    pub fn new(cfg: &Config, shard: Shard) -> Manifest {
        Manifest {
            format: Manifest::FORMAT.into(),
            shard,
            event: digest(cfg),
            games: cfg.games,
            share: share_len(shard, 1, cfg.games) as u32,
            ttrules: env!("CARGO_PKG_VERSION").into(),
            spec: ttrules_spec::SPEC_VERSION.into(),
        }
    }

    /// Reads `DIR/shard.json`: `None` when the folder has none (a whole run's folder).
    pub fn read(dir: &Path) -> Result<Option<Manifest>, String> {
        let path = path(dir);
        if !path.exists() {
            return Ok(None);
        }
        let text = read_regular_text(&path, MAX_SETTINGS_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let m: Manifest = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a shard's manifest: {e}", path.display()))?;
        if m.format != Manifest::FORMAT {
            return Err(format!(
                "{}: format {:?}, this ttrules reads {:?}",
                path.display(),
                m.format,
                Manifest::FORMAT
            ));
        }
        Ok(Some(m))
    }

    /// Writes `DIR/shard.json` whole (by rename).
    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let path = path(dir);
        let text = serde_json::to_string_pretty(self).expect("a manifest serialises") + "\n";
        crate::output::write_whole(&path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// `DIR/shard.json`.
pub fn path(dir: &Path) -> PathBuf {
    dir.join("shard.json")
}

/// Whether game `number` (from 1) is shard `shard`'s: the games are dealt round-robin.
pub fn deals(shard: Shard, number: u32) -> bool {
    shard.deals((number - 1) as usize)
}

/// How many of the games `lo..=hi` are shard `shard`'s.
pub fn share_len(shard: Shard, lo: u32, hi: u32) -> u64 {
    // The games up to `m` dealt to shard K: those n = K + iN <= m.
    let upto = |m: u32| {
        if m < shard.k {
            0
        } else {
            u64::from((m - shard.k) / shard.n) + 1
        }
    };
    if lo > hi {
        return 0;
    }
    upto(hi) - upto(lo - 1)
}

/// The event's digest: the stable hash ([`ttrules_record::shard::stable_hash`], 64 bits, in
/// hex) of what fixes its schedule and its games: the settings as `match.json` records them and
/// each opening's turns (a file edited on one machine changes it). Not the number of games,
/// which [`Manifest::games`] holds apart, nor the jobs, the timeout or the folder, which each
/// machine sets for itself.
pub fn digest(cfg: &Config) -> String {
    let mut text = serde_json::to_string(&cfg.settings).expect("the settings serialise");
    for o in &cfg.openings {
        text.push('\n');
        text.push_str(&o.name);
        for m in &o.moves {
            text.push(' ');
            text.push_str(&m.gtp());
        }
    }
    format!(
        "{:016x}",
        ttrules_record::shard::stable_hash(text.as_bytes())
    )
}

/// The kind of the event in words, as the messages name it.
pub fn kind_word(cfg: &Config) -> &'static str {
    cfg.event.as_ref().map_or("match", |e| e.kind.word())
}

/// What `--shard` needs of the run, checked before anything is written: an output folder, and a
/// schedule that no result changes.
pub fn check_config(cfg: &Config) -> Result<(), String> {
    let Some(shard) = cfg.shard else {
        return Ok(());
    };
    if let Some(t) = &cfg.settings["sprt"].as_str() {
        return Err(format!(
            "--shard {shard}: this {} stops by its SPRT (sprt = {t:?}), at a game that depends on \
             the order in which the games of every shard end; an event with an SPRT is not split \
             (play it in one run, or drop the SPRT and judge the merged results; \
             r[ref.event.shard])",
            kind_word(cfg)
        ));
    }
    if cfg.out.is_none() {
        return Err(format!(
            "--shard {shard} needs --out DIR (the shard's folder, which `ttrules referee merge` \
             reads)"
        ));
    }
    Ok(())
}

/// The folder's manifest against the run's shard, before anything is written there: a folder of
/// another shard, or of a whole run, is refused for a shard (and a shard's folder for a whole
/// run); on `--resume`, the event's digest must be the one the shard started with.
pub fn check_folder(dir: &Path, cfg: &Config) -> Result<(), String> {
    if !dir.is_dir() {
        // Nothing there yet; `--resume` then says that the folder holds no match.
        return Ok(());
    }
    let found = Manifest::read(dir)?;
    let kept = |games: bool| {
        if games {
            "games"
        } else {
            "no game yet"
        }
    };
    let has_games = std::fs::metadata(dir.join("results.jsonl")).is_ok_and(|m| m.len() > 0);
    match (cfg.shard, &found) {
        (None, None) => Ok(()),
        (Some(s), Some(m)) if m.shard == s => {
            if cfg.resume && m.event != digest(cfg) {
                return Err(format!(
                    "--resume --shard {s}: {} holds shard {s} of another event (digest {} there, \
                     {} now: the settings or the openings changed); resume with the same event \
                     file",
                    dir.display(),
                    m.event,
                    digest(cfg)
                ));
            }
            Ok(())
        }
        (Some(s), Some(m)) => Err(format!(
            "--shard {s}: {} is the folder of shard {} of this event ({}: {}); each shard has its \
             own folder: run shard {s} with another --out, or shard {} here",
            dir.display(),
            m.shard,
            path(dir).display(),
            kept(has_games),
            m.shard
        )),
        (Some(s), None) if cfg.resume || has_games => Err(format!(
            "--shard {s}: {} holds a whole run of the event (no shard.json), not shard {s}'s \
             games; give the shard another --out",
            dir.display()
        )),
        (Some(_), None) => Ok(()),
        (None, Some(m)) => Err(format!(
            "{} is the folder of shard {} ({}); resume it with --shard {}, or put the merged \
             event elsewhere with `ttrules referee merge`",
            dir.display(),
            m.shard,
            path(dir).display(),
            m.shard
        )),
    }
}

/// After the folder is prepared: the games read back must be the shard's, and `shard.json` is
/// written (by rename) with the run's number of games.
pub fn settle(dir: &Path, cfg: &Config, lines: &[ResultLine]) -> Result<(), String> {
    let Some(shard) = cfg.shard else {
        return Ok(());
    };
    if let Some(l) = lines.iter().find(|l| !deals(shard, l.game)) {
        return Err(format!(
            "{}: game {} is not shard {shard}'s (its games are {}, {}, …): the folder was \
             written by another split",
            dir.join("results.jsonl").display(),
            l.game,
            shard.k,
            shard.k + shard.n
        ));
    }
    Manifest::new(cfg, shard).write(dir)
}

/// Numbers for a message: at most ten, then how many in all.
pub fn list_games(games: &[u32]) -> String {
    let shown: Vec<String> = games.iter().take(10).map(u32::to_string).collect();
    let mut s = shown.join(", ");
    if games.len() > 10 {
        s.push_str(&format!(", … ({} games)", games.len()));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// r[ref.event.shard]: every game in exactly one shard, the shares' sizes counted right.
    #[test]
    fn every_game_is_dealt_once_and_shares_are_counted() {
        for n in 1..=7 {
            let shards: Vec<Shard> = (1..=n).map(|k| Shard::new(k, n).unwrap()).collect();
            for g in 1..=50 {
                assert_eq!(shards.iter().filter(|&&s| deals(s, g)).count(), 1);
            }
            for &s in &shards {
                for lo in 1..=20 {
                    for hi in lo - 1..=30 {
                        let want = (lo..=hi).filter(|&g| deals(s, g)).count() as u64;
                        assert_eq!(share_len(s, lo, hi), want, "{s} {lo}..={hi}");
                    }
                }
            }
        }
        let s = Shard::new(2, 3).unwrap();
        assert!(deals(s, 2) && deals(s, 5) && !deals(s, 3));
        assert_eq!(
            list_games(&(1..=12).collect::<Vec<_>>()),
            "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … (12 games)"
        );
    }
}
