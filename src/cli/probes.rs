//! `ttrules probes --rules RULES --out DIR`: vectors that reach every clause family of the
//! conformance matrix on purpose, searched in random games by the fast engine (`ttrules_check::probes`).

use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_check::probes::{self, Family, ProbeConfig};
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{Komi, Size};

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset the probes are judged under (the implementation's claim): a ruleset name, a
    /// KataGo name or string, or a parameter list.
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: String,
    /// Komi of the probes (default: the ruleset's komi, else 7.5).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Board sizes searched, N or WxH, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = ["2", "3", "4", "5", "7"].map(String::from).to_vec())]
    pub sizes: Vec<String>,
    /// Random games to search.
    #[arg(long, default_value_t = 300)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Cases kept per family (the longest-range repetitions come on top).
    #[arg(long, default_value_t = 6)]
    pub per_family: usize,
    /// Folder written: FAMILY/probes.toml for each family reached, and counts.json.
    #[arg(long)]
    pub out: PathBuf,
}

fn usage(msg: String) -> ExitCode {
    crate::errln!("ttrules probes: {msg}");
    ExitCode::from(2)
}

/// Runs `ttrules probes`. Exit status 1 when a family of the rules reached no case.
pub fn run(args: &Args) -> ExitCode {
    let (rules, named_komi) = match rules_by_any_name(&args.rules) {
        Ok(r) => r,
        Err(e) => return usage(format!("--rules: {e}")),
    };
    let komi: Komi = match &args.komi {
        Some(k) => match k.parse() {
            Ok(k) => k,
            Err(e) => return usage(format!("--komi: {e}")),
        },
        None => named_komi.unwrap_or_else(|| "7.5".parse().expect("a komi")),
    };
    let mut sizes = Vec::new();
    for s in &args.sizes {
        match s.parse::<Size>() {
            Ok(size) => sizes.push(size),
            Err(e) => return usage(format!("--sizes: {e}")),
        }
    }
    if sizes.is_empty() || args.per_family == 0 {
        return usage("--sizes and --per-family must not be empty or zero".into());
    }
    let cfg = ProbeConfig {
        rules,
        komi,
        sizes,
        games: args.games,
        seed: args.seed,
        per_family: args.per_family,
    };
    let found = probes::search(&cfg);
    let mut counts = serde_json::Map::new();
    let mut none = Vec::new();
    // The files are the output; the lines on stdout only list them. A closed pipe leaves the list
    // unread and every file written; any other failure to print it is status 2 at the end.
    let mut listing = Ok(());
    for family in Family::ALL {
        let entry = if let Some(why) = family.not_applicable(rules) {
            serde_json::json!({ "applicable": false, "reason": why })
        } else {
            let reached = found.reached.get(&family).copied().unwrap_or(0);
            let kept = found.kept.get(&family).map_or(&[][..], |v| &v[..]);
            if reached == 0 {
                none.push(family.name());
            } else {
                let dir = args.out.join(family.name());
                let text = probes::to_toml(rules, komi, family, kept);
                if let Err(e) = write_atomically(&dir.join("probes.toml"), &text) {
                    return usage(format!("cannot write {}: {e}", dir.display()));
                }
            }
            let distances: Vec<usize> = kept.iter().filter_map(|(_, v)| v.distance).collect();
            serde_json::json!({
                "applicable": true,
                "reached": reached,
                "kept": kept.len(),
                "longest_recurrence": distances.iter().max(),
            })
        };
        if listing.is_ok() {
            let line = format!("{:<20} {}\n", family.name(), entry);
            listing = crate::cli::out::emit("probes", &line);
        }
        counts.insert(family.name().to_string(), entry);
    }
    let summary = serde_json::json!({
        "rules": rules.describe(),
        "komi": komi.to_string(),
        "games": args.games,
        "seed": args.seed,
        "sizes": args.sizes,
        "families": counts,
    });
    let text = serde_json::to_string_pretty(&summary).expect("JSON") + "\n";
    if let Err(e) = write_atomically(&args.out.join("counts.json"), &text) {
        return usage(format!("cannot write counts.json: {e}"));
    }
    if listing == Err(crate::cli::out::Unwritten::Failed) {
        ExitCode::from(2)
    } else if none.is_empty() {
        ExitCode::SUCCESS
    } else {
        crate::errln!(
            "ttrules probes: no case reached for {} (more --games or other --sizes)",
            none.join(", ")
        );
        ExitCode::from(1)
    }
}

/// Writes `text` to `path` by a rename, making the folder first.
fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
