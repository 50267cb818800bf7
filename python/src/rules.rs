//! `ttrules.Rules`: a complete set of rule parameters (r[var.params]) read from any name the
//! command line takes: our ruleset names, the SGF spellings of r[rec.rules], KataGo rules
//! strings (r[var.katago]) and parameter lists, with keyword overrides.

use crate::errors;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{katago, HalfPoints, Komi, Rules};

/// What `Rules.__reduce__` returns: the constructor and its arguments (parameters, komi).
type Reduced<'py> = (Bound<'py, PyAny>, (String, Option<i64>));

/// A ruleset and the komi its name carries (none for a parameter list).
#[pyclass(name = "Rules", module = "ttrules", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub rules: Rules,
    pub komi: Option<Komi>,
}

impl PyRules {
    /// Rules from a Python value: a `Rules`, a name or string, or `None` (Tromp-Taylor).
    pub fn from_py(py: Python<'_>, obj: Option<&Bound<'_, PyAny>>) -> PyResult<PyRules> {
        match obj {
            None => Ok(PyRules::tromp_taylor()),
            Some(o) if o.is_none() => Ok(PyRules::tromp_taylor()),
            Some(o) => match o.extract::<PyRules>() {
                Ok(r) => Ok(r),
                Err(_) => {
                    let name: String = o.extract().map_err(|_| {
                        errors::value(py, "RulesError", "rules must be a ttrules.Rules or a string (a ruleset name, a KataGo rules string or a parameter list)")
                    })?;
                    PyRules::parse(py, &name)
                }
            },
        }
    }

    fn tromp_taylor() -> PyRules {
        PyRules {
            rules: Rules::TROMP_TAYLOR,
            komi: Some(Komi::ZERO),
        }
    }

    fn parse(py: Python<'_>, name: &str) -> PyResult<PyRules> {
        let (rules, komi) =
            rules_by_any_name(name).map_err(|e| errors::value(py, "RulesError", e))?;
        Ok(PyRules { rules, komi })
    }
}

/// A number of half points as a Python float (exact: every multiple of 0.5 is).
pub fn float(h: HalfPoints) -> f64 {
    h.as_halves() as f64 / 2.0
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (name = None, **parameters))]
    fn new(
        py: Python<'_>,
        name: Option<&Bound<'_, PyAny>>,
        parameters: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyRules> {
        crate::errors::guard(py, || {
            let name = crate::args::string(py, name, "name", "tromp-taylor")?;
            let mut r = PyRules::parse(py, &name)?;
            if let Some(params) = parameters {
                for (k, v) in params.iter() {
                    let key: String = k.extract()?;
                    let value: String = v.extract().map_err(|_| {
                        errors::value(py, "RulesError", format!("rules parameter {key}: the value must be a string, e.g. \"positional\""))
                    })?;
                    r.rules
                        .set(&key, &value)
                        .map_err(|e| errors::value(py, "RulesError", e))?;
                }
            }
            Ok(r)
        })
    }

    /// Our name of these parameters if they form a named ruleset, else `None` (r[var.rulesets]).
    #[getter]
    fn name(&self) -> Option<&'static str> {
        self.rules.name()
    }

    /// The komi the name carries (the named ruleset's default), or `None`.
    #[getter]
    fn default_komi(&self) -> Option<f64> {
        self.komi.map(|k| float(k.value()))
    }

    /// The nearest KataGo rules string (r[var.katago]).
    #[getter]
    fn katago(&self) -> String {
        katago::write(&self.rules, self.komi).0
    }

    #[getter]
    fn repetition(&self) -> &'static str {
        self.word("repetition")
    }
    #[getter]
    fn suicide(&self) -> &'static str {
        self.word("suicide")
    }
    #[getter]
    fn counting(&self) -> &'static str {
        self.word("counting")
    }
    #[getter]
    fn tax(&self) -> &'static str {
        self.word("tax")
    }
    #[getter]
    fn pass_stones(&self) -> &'static str {
        self.word("pass_stones")
    }
    #[getter]
    fn end(&self) -> &'static str {
        self.word("end")
    }
    #[getter]
    fn first_pass(&self) -> &'static str {
        self.word("first_pass")
    }
    #[getter]
    fn ties(&self) -> &'static str {
        self.word("ties")
    }
    #[getter]
    fn handicap(&self) -> &'static str {
        self.word("handicap")
    }

    /// Every parameter by name, in the order of r[var.params].
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.rules.parameters() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The parameters as one line, `repetition=positional suicide=allowed …`.
    fn describe(&self) -> String {
        self.rules.describe()
    }

    /// The names of the named rulesets (r[var.rulesets]).
    #[classmethod]
    fn names(_cls: &Bound<'_, PyType>) -> Vec<&'static str> {
        Rules::NAMED.iter().map(|n| n.name).collect()
    }

    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        format!("ttrules.Rules({:?})", self.rules.to_string())
    }

    /// Pickling (Dask, multiprocessing): the parameters and the komi the name carried.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let me = slf.get();
        let make = slf
            .py()
            .import("ttrules._ttrules")?
            .getattr("_rules_from_state")?;
        Ok((
            make,
            (me.rules.describe(), me.komi.map(|k| k.value().as_halves())),
        ))
    }
}

impl PyRules {
    fn word(&self, key: &str) -> &'static str {
        self.rules
            .parameters()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
            .unwrap_or("")
    }
}

/// The inverse of `Rules.__reduce__`.
#[pyfunction]
pub fn _rules_from_state(
    py: Python<'_>,
    parameters: &str,
    komi_halves: Option<i64>,
) -> PyResult<PyRules> {
    let mut r = PyRules::parse(py, parameters)?;
    r.komi = komi_halves.map(|h| Komi::new(HalfPoints::halves(h)));
    Ok(r)
}
