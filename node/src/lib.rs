//! # ttrules-node
//!
//! The Node-API addon of the npm package `ttrules` (`node/`): a thin napi-rs layer over the
//! engines (`ttrules-fast`, `ttrules-reference`), the record reader and replay pipeline
//! (`ttrules-record`) and the vectors (`ttrules-vectors`), shaped like the Python package
//! (`python/`). `napi build` writes the addon, its loader `index.js` and its types `index.d.ts`
//! (from these doc comments, which become the TSDoc of the package).
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | [`args`] | arguments of any JavaScript value, checked: TtrulesTypeError, TtrulesValueError | |
//! | [`errors`] | the error classes, and no panic across the boundary | |
//! | [`points`] | `[x, y]` pairs and GTP strings | r[tt.board], section 8 |
//! | [`rules`] | `Rules` | Part II, r[rec.rules], r[var.katago] |
//! | [`game`] | `Game` on either engine | Parts I, II, IV |
//! | [`setup`] | where a game starts: komi, setup grid, player to move | r[var.setup] |
//! | [`replay`] | `replay`, `replayFiles` | Part III |
//! | [`vectors`] | the vectors, point notation | `spec/vectors/` |

use napi::bindgen_prelude::{JsObjectValue, Object};
use napi::{Env, Result};
use napi_derive::napi;

pub mod args;
pub mod errors;
pub mod game;
pub mod points;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod vectors;

/// Adds the error classes to the exports when the addon loads.
#[napi(module_exports)]
pub fn init(mut exports: Object, env: Env) -> Result<()> {
    errors::install(&env, &mut exports)?;
    exports.set_named_property("SPEC_VERSION", ttrules_vectors::json::rules_text_version())
}
