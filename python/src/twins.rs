//! `_documents_twins`, for the tests: each game's document made field by field
//! ([`crate::topy::replayed`]) beside serde's ([`crate::topy::to_py`]), which defines it
//! (`python/tests/test_doc_twins.py`). Above both [`crate::replay`] and [`crate::topy`]: it
//! replays as `replay` does and makes the documents as `replay_many` does.

use crate::topy::{replayed, to_py, Strings};
use pyo3::prelude::*;
use std::sync::Arc;
use ttrules_record::dead_from::{DeadFrom, Ended, JudgeDead};
use ttrules_record::replay::document;
use ttrules_spec::{Colour, Point};

/// A judge of dead stones for the tests (r[rec.dead.engine]'s `dead_engine` and `seki` fields,
/// which only a judge outside the rules fills): the first stone of the end position dead, the
/// next two in seki, in point-index order.
struct TestJudge;

impl JudgeDead for TestJudge {
    fn name(&self) -> &str {
        "the test's judge"
    }

    fn judge(&self, game: &Ended) -> Result<(Vec<Point>, Option<Vec<Point>>), String> {
        let size = game.grid.size();
        let stones: Vec<Point> = (0..size.height())
            .flat_map(|y| (0..size.width()).map(move |x| Point::new(x as u8, y as u8)))
            .filter(|&p| game.grid.get(p) != Colour::Empty)
            .take(3)
            .collect();
        let (dead, seki) = stones.split_at(stones.len().min(1));
        Ok((dead.to_vec(), Some(seki.to_vec())))
    }
}

/// `_documents_twins(paths, rules=None, engine=None, judge=False)`, for the tests: every game of
/// the SGF files of `paths` (replayed in order on this thread; with `judge`, the dead stones of
/// finished records without marks from `TestJudge`) as `(made, serde)`, the document made by
/// [`replayed`] (one [`Strings`] for all, as `replay_many` keeps one) and the one serde's
/// serialisation gives ([`to_py`]), which is the definition: the test holds the first to the
/// second, so that a field added to the document and not here fails it.
#[pyfunction]
#[pyo3(name = "_documents_twins", signature = (paths, rules = None, engine = None, judge = false))]
pub fn documents_twins<'py>(
    py: Python<'py>,
    paths: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    engine: Option<&Bound<'_, PyAny>>,
    judge: bool,
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    let mut opts = crate::replay::options(py, rules, None, None, None, None, engine)?;
    if judge {
        opts.dead_from = Some(DeadFrom::Judge(Arc::new(TestJudge)));
    }
    let paths = crate::args::paths(py, paths, "paths")?;
    let files = ttrules_record::replay::collect_files(&paths)
        .map_err(|e| crate::errors::value(py, "TtrulesValueError", e))?;
    let (mut made, mut serde) = (Strings::default(), Strings::default());
    let mut out = Vec::new();
    for f in &files {
        for r in crate::replay::replay_path(f, &opts).iter().flatten() {
            out.push((
                replayed(py, &mut made, r)?,
                to_py(py, &mut serde, &document(r))?,
            ));
        }
    }
    Ok(out)
}
