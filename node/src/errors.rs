//! The boundary between Rust and JavaScript: every error becomes an instance of one of the
//! classes of `js/errors.js` (evaluated once when the addon loads, exported beside `Game`), and no
//! panic crosses into JavaScript: [`guard`] catches it and throws `InternalError`.
//!
//! Note: a panic unwinding out of an `extern "C"` callback aborts the process (Rust 1.81 on), and
//! every entry point of a Node-API addon is one; so every entry point runs its body in [`guard`].

use napi::bindgen_prelude::{Function, JsObjectValue, Object, ObjectRef, Unknown};
use napi::{Env, Error, Result};
use serde_json::Value;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The source of the error classes: an expression giving the object of the classes.
const CLASSES: &str = include_str!("../js/errors.js");

/// The names of the classes, as `js/errors.js` defines them.
pub const NAMES: [&str; 11] = [
    "TtrulesError",
    "TtrulesValueError",
    "TtrulesTypeError",
    "RulesError",
    "SizeError",
    "PointError",
    "KomiError",
    "SetupError",
    "IllegalMove",
    "RecordError",
    "InternalError",
];

thread_local! {
    /// The object of the classes, per JavaScript thread (each worker thread loads the addon
    /// again, with its own classes).
    static CLASSES_REF: RefCell<Option<ObjectRef<false>>> = const { RefCell::new(None) };
}

/// Evaluates the classes and sets each on `exports`; called once per load of the addon.
pub fn install(env: &Env, exports: &mut Object) -> Result<()> {
    let classes: Object = env.run_script(CLASSES)?;
    for name in NAMES {
        let class: Unknown = classes.get_named_property(name)?;
        exports.set_named_property(name, class)?;
    }
    let r = classes.create_ref::<false>()?;
    CLASSES_REF.with(|c| *c.borrow_mut() = Some(r));
    Ok(())
}

/// An error on its way to JavaScript: the class (one of [`NAMES`]), its message and the fields
/// set on the instance (as JSON values: strings, numbers, null, arrays, objects).
#[derive(Debug, Clone)]
pub struct Fail {
    pub class: &'static str,
    pub message: String,
    pub fields: Vec<(&'static str, Value)>,
}

impl Fail {
    /// `class(message)`.
    pub fn new(class: &'static str, message: impl Into<String>) -> Fail {
        Fail {
            class,
            message: message.into(),
            fields: Vec::new(),
        }
    }

    /// `class(message)` with `fields` set on it.
    pub fn with(
        class: &'static str,
        message: impl Into<String>,
        fields: Vec<(&'static str, Value)>,
    ) -> Fail {
        Fail {
            class,
            message: message.into(),
            fields,
        }
    }

    /// `InternalError` for a panic that said `message`.
    pub fn internal(message: impl std::fmt::Display) -> Fail {
        Fail::new(
            "InternalError",
            format!("ttrules: internal error (a bug; please report it with the call that caused it): {message}"),
        )
    }

    /// The JavaScript error object, as a napi error that throws exactly it.
    pub fn into_js(self, env: &Env) -> Error {
        match self.instance(env) {
            Ok(e) => e,
            Err(e) => Error::from_reason(format!(
                "ttrules: cannot make a {} ({e}) for: {}",
                self.class, self.message
            )),
        }
    }

    fn instance(&self, env: &Env) -> Result<Error> {
        let classes =
            CLASSES_REF.with(|c| c.borrow().as_ref().map(|r| r.get_value(env)).transpose())?;
        let classes =
            classes.ok_or_else(|| Error::from_reason("the error classes are not installed"))?;
        let class: Function<'_, String, Unknown> = classes.get_named_property(self.class)?;
        let made = class.new_instance(self.message.clone())?;
        // SAFETY: `new` of a class gives an object.
        let mut object: Object = unsafe { made.cast()? };
        for (name, value) in &self.fields {
            object.set_named_property(name, env.to_js_value(value)?)?;
        }
        Ok(Error::from(made))
    }
}

/// What an entry point's body returns.
pub type Outcome<T> = std::result::Result<T, Fail>;

/// The message a panic carried.
pub fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Runs `f`, a failure thrown as its class and a panic as `InternalError`: a broken invariant in
/// Rust is a bug to report, never a crash of the process.
pub fn guard<T>(env: &Env, f: impl FnOnce() -> Outcome<T>) -> Result<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(fail)) => Err(fail.into_js(env)),
        Err(payload) => Err(Fail::internal(payload_text(payload.as_ref())).into_js(env)),
    }
}

/// A napi error met while reading or making JavaScript values, as a [`Fail`] of `class`.
pub fn napi(class: &'static str, e: Error) -> Fail {
    Fail::new(class, e.reason.clone())
}
