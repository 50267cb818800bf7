//! Declared dependencies a package never uses: a normal dependency that no library or binary
//! code names, a dev-dependency that no code of the package names, a build dependency that the
//! build script does not name.

use crate::source::code_only;

/// The kind of a dependency, as `cargo metadata` gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Normal,
    Dev,
    Build,
}

/// The code of one package, by the targets that can use each kind of dependency.
#[derive(Default)]
pub struct Code {
    /// Libraries and binaries (normal dependencies).
    pub product: String,
    /// Tests, benchmarks and examples (with the product: dev-dependencies).
    pub checks: String,
    /// The build script (build dependencies).
    pub build: String,
}

/// Whether `code` names the crate `name` (as written in Rust: dashes as underscores): a path
/// `name::…`, `use name` or `extern crate name`.
pub fn names_crate(code: &str, name: &str) -> bool {
    let name = name.replace('-', "_");
    code.match_indices(name.as_str()).any(|(k, _)| {
        let before = code[..k].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            return false;
        }
        let after = &code[k + name.len()..];
        if after.starts_with("::") {
            return true;
        }
        let head = code[..k].trim_end();
        (head.ends_with("use") || head.ends_with("extern crate"))
            && after
                .chars()
                .next()
                .is_some_and(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

/// The dependencies of `declared` (`(extern name, kind)`) that `code` never names.
pub fn unused(declared: &[(String, Kind)], code: &Code) -> Vec<(String, Kind)> {
    let product = code_only(&code.product);
    let all = product.clone() + &code_only(&code.checks);
    let build = code_only(&code.build);
    declared
        .iter()
        .filter(|(name, kind)| {
            let text = match kind {
                Kind::Normal => &product,
                Kind::Dev => &all,
                Kind::Build => &build,
            };
            !names_crate(text, name)
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod checks {
    use super::*;

    #[test]
    fn names_are_found_only_as_crates() {
        assert!(names_crate("use serde::Serialize;", "serde"));
        assert!(names_crate("#[derive(serde::Serialize)]", "serde"));
        assert!(names_crate("extern crate libc;", "libc"));
        assert!(names_crate("use rayon;", "rayon"));
        assert!(names_crate("ttrules_spec::Rules", "ttrules-spec"));
        assert!(!names_crate("use serde_json::Value;", "serde"));
        assert!(!names_crate("let toml = 1; toml + 1", "toml"));
        assert!(!names_crate("crate::toml::read", "toml"));
    }

    #[test]
    fn each_kind_is_looked_for_where_it_may_be_used() {
        let code = Code {
            product: "use serde::Serialize; fn f() { rayon::join(|| (), || ()); } // libc::c_int"
                .into(),
            checks: "use tempfile::tempdir; use proptest::prelude::*;".into(),
            build: "fn main() { napi_build::setup(); }".into(),
        };
        let declared = [
            ("serde".to_string(), Kind::Normal),
            ("rayon".to_string(), Kind::Normal),
            ("tempfile".to_string(), Kind::Normal),
            ("libc".to_string(), Kind::Normal),
            ("proptest".to_string(), Kind::Dev),
            ("serde".to_string(), Kind::Dev),
            ("insta".to_string(), Kind::Dev),
            ("napi-build".to_string(), Kind::Build),
            ("cc".to_string(), Kind::Build),
        ];
        assert_eq!(
            unused(&declared, &code),
            vec![
                ("tempfile".to_string(), Kind::Normal),
                ("libc".to_string(), Kind::Normal),
                ("insta".to_string(), Kind::Dev),
                ("cc".to_string(), Kind::Build),
            ]
        );
    }
}
