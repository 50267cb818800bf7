//! Checkpoints of a long count: the table of state classes after some point, written whole to a
//! temporary file and renamed over the checkpoint (a crash leaves the old one or the new one), and
//! read back to go on from that point with exactly the counts it had.
//!
//! The file is one line of JSON (what was counted, how far, in which arithmetic, how many
//! classes), then the classes as little-endian `u64`s, then their counts, each in the
//! arithmetic's fixed number of little-endian bytes.

use super::table::{Table, Tally};
use std::io::Write;
use std::path::Path;

/// What a checkpoint was made for: it is only taken up by the same count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Header {
    /// The board, `WxH`.
    pub size: String,
    /// Points per row as coloured.
    pub border: usize,
    pub arithmetic: String,
}

const FORMAT: &str = "ttrules count-legal checkpoint";
const VERSION: u64 = 1;

/// Writes the table after `done` points to `path`, through `path` + `.tmp`.
pub(super) fn save<T: Tally>(
    path: &Path,
    header: &Header,
    done: usize,
    table: &Table<T>,
) -> Result<(), String> {
    let Some(width) = T::BYTES else {
        return Ok(());
    };
    let (keys, counts) = table.entries();
    let line = serde_json::json!({
        "format": FORMAT,
        "version": VERSION,
        "size": header.size,
        "border": header.border,
        "arithmetic": header.arithmetic,
        "done": done,
        "classes": keys.len(),
    });
    let mut body = Vec::with_capacity(keys.len() * (8 + width));
    for k in keys {
        body.extend(k.to_le_bytes());
    }
    for n in counts {
        n.write_le(&mut body);
    }
    let mut line = line;
    line["checksum"] = checksum(&body).into();
    let mut bytes = line.to_string().into_bytes();
    bytes.push(b'\n');
    bytes.extend(body);
    let tmp = path.with_extension("tmp");
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(&bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| format!("cannot write {}: {e}", tmp.display()))
}

/// The points done and the table of the checkpoint at `path`, `None` if there is no file. A
/// checkpoint of another count, or one that is damaged, is an error: it is never silently
/// replaced.
pub(super) fn load<T: Tally>(
    path: &Path,
    header: &Header,
    ctx: T::Ctx,
) -> Result<Option<(usize, Table<T>)>, String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read it: {e}")),
    };
    let Some(width) = T::BYTES else {
        return Err(format!(
            "this count runs in {} arithmetic, which is not checkpointed",
            header.arithmetic
        ));
    };
    let end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or("no header line: not a checkpoint of count-legal")?;
    let v: serde_json::Value = serde_json::from_slice(&bytes[..end]).map_err(|e| {
        format!("the header line is not JSON ({e}): not a checkpoint of count-legal")
    })?;
    if v["format"] != FORMAT || v["version"] != VERSION {
        return Err(format!(
            "not a version-{VERSION} checkpoint of count-legal: {}",
            String::from_utf8_lossy(&bytes[..end.min(120)])
        ));
    }
    let theirs = Header {
        size: v["size"].as_str().unwrap_or("?").to_string(),
        border: v["border"].as_u64().unwrap_or(0) as usize,
        arithmetic: v["arithmetic"].as_str().unwrap_or("?").to_string(),
    };
    if theirs != *header {
        return Err(format!(
            "it is for {} in rows of {} in {} arithmetic, this count is {} in rows of {} in {}; \
             remove it or give another file",
            theirs.size,
            theirs.border,
            theirs.arithmetic,
            header.size,
            header.border,
            header.arithmetic
        ));
    }
    let (Some(done), Some(classes)) = (v["done"].as_u64(), v["classes"].as_u64()) else {
        return Err("the header has no `done` or `classes`".into());
    };
    let (done, classes) = (done as usize, classes as usize);
    let body = &bytes[end + 1..];
    if classes.checked_mul(8 + width) != Some(body.len()) {
        return Err(format!(
            "damaged or cut short: {classes} classes need {} bytes after the header, it has {}",
            classes.saturating_mul(8 + width),
            body.len()
        ));
    }
    if v["checksum"].as_u64() != Some(checksum(body)) {
        return Err("damaged: its checksum does not match".into());
    }
    let (key_bytes, count_bytes) = body.split_at(classes * 8);
    let keys = key_bytes
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect();
    let counts = count_bytes.chunks_exact(width).map(T::read_le).collect();
    Ok(Some((done, Table::from_entries(keys, counts, ctx))))
}

/// A checksum of the body: every 8 bytes mixed in by a multiply and a rotation.
fn checksum(body: &[u8]) -> u64 {
    let mut h = body.len() as u64;
    for chunk in body.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    h
}
