//! The tables written as Parquet files: a batch at a time, row group after row group, under a
//! temporary name renamed into place when the run is done, so that memory holds one batch and one
//! row group however many games there are, and a file is there only when it is whole.

use crate::games::{Games, Origin};
use crate::moves::Moves;
use crate::schema::{games_schema, moves_schema};
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::{ArrowSchemaConverter, ArrowWriter};
use parquet::basic::{Compression, Encoding, Type};
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;
use std::fs::File;
use std::path::{Path, PathBuf};
use ttrules_record::replay::{Refused, Replayed};

/// Games per batch handed to the Parquet writer, and per row group.
const GAME_BATCH: usize = 4096;
const GAME_GROUP: usize = 65_536;
/// Turns per batch, and per row group.
const MOVE_BATCH: usize = 65_536;
const MOVE_GROUP: usize = 1 << 20;

/// The columns of each table written as deltas (see [`TableFile::create`]).
pub(crate) const GAMES_DELTA: &[&str] = &["game"];
pub(crate) const MOVES_DELTA: &[&str] = &["game", "turn", "node"];

/// The string columns of each table written without a dictionary: a value each row, rarely
/// repeated (a file's games share its name), which a dictionary would hash for nothing
/// (`--parquet` over `../shared/records`: 1.65 M instructions, and a file 4 kB smaller).
pub(crate) const GAMES_PLAIN: &[&str] = &["file"];
pub(crate) const MOVES_PLAIN: &[&str] = &[];

/// One Parquet file being written under `.NAME.partial` beside its final name.
pub struct TableFile {
    path: PathBuf,
    partial: PathBuf,
    writer: ArrowWriter<File>,
}

impl TableFile {
    /// A new file at `path` (its directory must exist) of `schema`, in row groups of `group` rows,
    /// Snappy-compressed; the integer columns `delta` (numbers that run in order: games, turns,
    /// nodes) are written as deltas rather than through a dictionary, the string columns `plain`
    /// as they are.
    pub fn create(
        path: &Path,
        schema: SchemaRef,
        group: usize,
        (delta, plain): (&[&str], &[&str]),
    ) -> Result<TableFile, String> {
        let name = path
            .file_name()
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        let partial = path.with_file_name(format!(".{}.partial", name.to_string_lossy()));
        let file = File::create(&partial).map_err(|e| format!("{}: {e}", partial.display()))?;
        let props = properties(&schema, group, delta, plain)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let writer = ArrowWriter::try_new(file, schema, Some(props))
            .map_err(|e| format!("{}: {e}", partial.display()))?;
        Ok(TableFile {
            path: path.to_path_buf(),
            partial,
            writer,
        })
    }

    pub fn write(&mut self, batch: &RecordBatch) -> Result<(), String> {
        self.writer
            .write(batch)
            .map_err(|e| format!("{}: {e}", self.partial.display()))
    }

    /// Closes the file (its footer written), flushes it to disk and renames it into place.
    pub fn commit(self) -> Result<(), String> {
        let at = |e: &dyn std::fmt::Display| format!("{}: {e}", self.partial.display());
        let file = self.writer.into_inner().map_err(|e| at(&e))?;
        file.sync_all().map_err(|e| at(&e))?;
        drop(file);
        std::fs::rename(&self.partial, &self.path)
            .map_err(|e| format!("{} -> {}: {e}", self.partial.display(), self.path.display()))
    }
}

/// The writer's properties: Snappy; no statistics on the string columns (a minimum and maximum
/// compared at each value cost a games-only run 1.4 % of its instructions, and the words
/// of a row group span their whole vocabulary, which such bounds cannot prune), statistics kept
/// on the others; the `delta` columns delta-encoded, without a dictionary (hashing
/// each value, for a dictionary as long as the column); values handed to the encoders
/// 8,192 at a time (the default 1,024). `docs/src/reports/datasets.md` measures them.
fn properties(
    schema: &SchemaRef,
    group: usize,
    delta: &[&str],
    plain: &[&str],
) -> Result<WriterProperties, String> {
    let mut b = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(group.max(1)))
        .set_write_batch_size(2 * GAME_BATCH)
        .set_created_by(format!("ttrules {}", env!("CARGO_PKG_VERSION")));
    let columns = ArrowSchemaConverter::new()
        .convert(schema)
        .map_err(|e| e.to_string())?;
    for c in columns.columns() {
        if c.physical_type() == Type::BYTE_ARRAY {
            b = b.set_column_statistics_enabled(c.path().clone(), EnabledStatistics::None);
        }
    }
    for name in plain {
        b = b.set_column_dictionary_enabled(ColumnPath::from(*name), false);
    }
    for name in delta {
        let path = ColumnPath::from(*name);
        b = b
            .set_column_dictionary_enabled(path.clone(), false)
            .set_column_encoding(path, Encoding::DELTA_BINARY_PACKED);
    }
    Ok(b.build())
}

/// What a run writes: the games table, and the moves table (with the hashes or not).
#[derive(Clone, Debug)]
pub struct Output {
    /// The directory the files go into (created if missing).
    pub dir: PathBuf,
    /// The games file's name, and the moves file's when the moves table is written.
    pub games: String,
    pub moves: Option<String>,
    pub hashes: bool,
}

impl Output {
    /// `DIR/games.parquet`, and `DIR/moves.parquet` with `moves`.
    pub fn new(dir: &Path, moves: bool, hashes: bool) -> Output {
        Output {
            dir: dir.to_path_buf(),
            games: "games.parquet".into(),
            moves: moves.then(|| "moves.parquet".into()),
            hashes,
        }
    }

    /// The paths of the games and moves files.
    pub fn paths(&self) -> (PathBuf, Option<PathBuf>) {
        (
            self.dir.join(&self.games),
            self.moves.as_ref().map(|m| self.dir.join(m)),
        )
    }
}

/// Games (and their turns) going into Parquet files: each game numbered `start`, `start + step`,
/// `start + 2 step`, … in the order pushed.
pub struct Sink {
    games: Games,
    moves: Option<Moves>,
    games_file: TableFile,
    moves_file: Option<TableFile>,
    next: u64,
    step: u64,
}

impl Sink {
    pub fn create(out: &Output, start: u64, step: u64) -> Result<Sink, String> {
        std::fs::create_dir_all(&out.dir).map_err(|e| format!("{}: {e}", out.dir.display()))?;
        let (games_path, moves_path) = out.paths();
        let games_file = TableFile::create(
            &games_path,
            games_schema(),
            GAME_GROUP,
            (GAMES_DELTA, GAMES_PLAIN),
        )?;
        let moves_file = match &moves_path {
            Some(p) => Some(TableFile::create(
                p,
                moves_schema(),
                MOVE_GROUP,
                (MOVES_DELTA, MOVES_PLAIN),
            )?),
            None => None,
        };
        Ok(Sink {
            games: Games::new(),
            moves: moves_file.as_ref().map(|_| Moves::new(out.hashes)),
            games_file,
            moves_file,
            next: start,
            step: step.max(1),
        })
    }

    /// Adds one game; writes a batch when one is full.
    pub fn push(
        &mut self,
        r: &Result<Replayed, Refused>,
        origin: Origin<'_>,
    ) -> Result<(), String> {
        let game = self.next;
        self.next += self.step;
        self.games.push(game, r, origin);
        if let (Some(m), Ok(r)) = (&mut self.moves, r) {
            m.push(game, r);
        }
        self.flush(false)
    }

    /// Writes the batches built so far (the full ones, or all with `all`).
    fn flush(&mut self, all: bool) -> Result<(), String> {
        if self.games.len() >= GAME_BATCH || (all && !self.games.is_empty()) {
            self.games_file.write(&self.games.finish())?;
        }
        if let (Some(m), Some(f)) = (&mut self.moves, &mut self.moves_file) {
            if m.len() >= MOVE_BATCH || (all && !m.is_empty()) {
                f.write(&m.finish())?;
            }
        }
        Ok(())
    }

    /// Writes what is left and renames the files into place, the moves first: a games file is
    /// there only when its moves are whole.
    pub fn commit(mut self) -> Result<(), String> {
        self.flush(true)?;
        if let Some(f) = self.moves_file {
            f.commit()?;
        }
        self.games_file.commit()
    }
}
