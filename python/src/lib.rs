//! # ttrules-python
//!
//! The extension module `ttrules._ttrules` of the Python package `ttrules` (`python/ttrules/`):
//! a thin PyO3 layer over the engines (`ttrules-fast`, `ttrules-reference`), the record reader
//! and replay pipeline (`ttrules-record`) and the vectors (`ttrules-vectors`). The package's
//! `__init__.py` gives it its Python shape (iterators, the exception
//! classes of `_errors.py`); `python/ttrules/_ttrules.pyi` types this module.
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | [`args`] | arguments of any Python value, checked: TtrulesTypeError, TtrulesValueError | |
//! | [`errors`] | exceptions, and no panic across the boundary | |
//! | [`files`] | regular files only; stale temporaries of `verify(out=…)` | |
//! | [`points`] | `(x, y)` tuples and GTP strings | r[tt.board], section 8 |
//! | [`rules`] | `Rules` | Part II, r[rec.rules], r[var.katago] |
//! | [`game`] | `Game` on either engine | Parts I, II, IV |
//! | [`replay`] | `replay`, `verify` | Part III |
//! | [`many`] | `replay_many`: files or a column of texts on a pool of threads | Part III |
//! | [`arrow`] | `replay_many(…, format="arrow")`: the games and moves tables, PyCapsules out | |
//! | [`column`](mod@column) | SGF texts and ids from an Arrow column (PyCapsule interface) | |
//! | [`topy`] | the `replay --json` documents as Python objects, without JSON text | |
//! | [`twins`] | `_documents_twins`: the made documents beside serde's, for the tests | |
//! | [`vectors`] | the vectors, point notation | `spec/vectors/` |
//! | [`wait`] | waiting on worker threads with Python's signals delivered | |

use pyo3::prelude::*;

pub mod args;
pub mod arrow;
pub mod column;
pub mod errors;
pub mod files;
pub mod game;
pub mod many;
pub mod points;
pub mod replay;
pub mod rules;
pub mod topy;
pub mod twins;
pub mod vectors;
pub mod wait;

#[pymodule]
fn _ttrules(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rules::PyRules>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<many::ReplayIter>()?;
    m.add_class::<arrow::Table>()?;
    m.add_class::<arrow::Tables>()?;
    m.add_function(wrap_pyfunction!(rules::_rules_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(replay::replay_docs, m)?)?;
    m.add_function(wrap_pyfunction!(many::replay_many_docs, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::replay_many_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(replay::verify_json, m)?)?;
    m.add_function(wrap_pyfunction!(replay::sgf_files, m)?)?;
    m.add_function(wrap_pyfunction!(vectors::vectors_json, m)?)?;
    m.add_function(wrap_pyfunction!(vectors::point, m)?)?;
    m.add_function(wrap_pyfunction!(vectors::gtp, m)?)?;
    m.add_function(wrap_pyfunction!(vectors::sgf, m)?)?;
    m.add_function(wrap_pyfunction!(twins::documents_twins, m)?)?;
    m.add(
        "RULES_TEXT_VERSION",
        ttrules_vectors::json::rules_text_version(),
    )?;
    Ok(())
}
