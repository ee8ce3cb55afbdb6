//! `[[fit]]`: candidate decay laws fitted by weighted least squares to the
//! rows of a rate table (hits in boards, by n), one series per rule set and
//! source (and parity of n, with `parity = true`); computed from the
//! rendered rows, so a merged run fits exactly as one run.
//!
//! A measured share p = k / B (k hits in B boards) is fitted on a
//! transformed scale where the law is linear in its parameters:
//!
//! | law | formula | fitted as |
//! |---|---|---|
//! | power | p = A n^-a | ln p = ln A - a ln n |
//! | exponential | p = A e^(-c n) | ln p = ln A - c n |
//! | stretched exponential | p = e^(-c n^a) | ln(-ln p) = ln c + a ln n |
//! | power times exponential | p = A n^-a e^(-c n) | ln p = ln A - a ln n - c n |
//!
//! The standard deviation of ln p is taken as sqrt((1 - p) / k) (the delta
//! method for a binomial share), that of ln(-ln p) as that divided by
//! |ln p|. Only points with at least [`MIN_HITS`] hits and misses take
//! part, so the normal approximation is fair. Standard errors come from
//! the inverse of the weighted normal matrix; they mean something only if
//! the fit is good, that is if chi^2 / dof is near 1 (a law is called
//! *consistent* when chi^2 <= dof + 3 sqrt(2 dof), three standard
//! deviations of the chi^2 distribution above its mean).

use crate::table::{find, CsvTable};
use crate::{FitProblem, StudyError};
use coinline_core::error::{quote, Error, Result};

/// Points with fewer hits (or misses) are left out of the fits.
pub const MIN_HITS: u64 = 10;

/// A candidate law (named in a study file in snake case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Law {
    /// p = A n^-a.
    Power,
    /// p = A e^(-c n).
    Exponential,
    /// p = e^(-c n^a).
    Stretched,
    /// p = A n^-a e^(-c n).
    PowerExponential,
}

impl Law {
    /// The law's name and formula, and the names of its fitted constants
    /// (in the order of [`Fit::params`]).
    fn about(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Law::Power => ("power A n^-a", &["A", "a"]),
            Law::Exponential => ("exponential A e^(-c n)", &["A", "c"]),
            Law::Stretched => ("stretched exponential e^(-c n^a)", &["c", "a"]),
            Law::PowerExponential => ("power times exponential A n^-a e^(-c n)", &["A", "a", "c"]),
        }
    }

    fn features(self, n: f64) -> Vec<f64> {
        match self {
            Law::Power | Law::Stretched => vec![1.0, n.ln()],
            Law::Exponential => vec![1.0, n],
            Law::PowerExponential => vec![1.0, n.ln(), n],
        }
    }

    /// The point's [`Row`] on the transformed scale, or `None` if the
    /// point cannot be used.
    fn observe(self, point: &Point) -> Option<Row> {
        let &(n, hits, boards) = point;
        if !usable(point) {
            return None;
        }
        let p = hits as f64 / boards as f64;
        let (y, sd) = (p.ln(), ((1.0 - p) / hits as f64).sqrt());
        let (y, sd) = match self {
            Law::Stretched => ((-y).ln(), sd / y.abs()),
            _ => (y, sd),
        };
        Some((n as f64, self.features(n as f64), y, sd))
    }
}

/// A point of a series: n, hits and boards.
type Point = (usize, u64, u64);

/// Whether a point has [`MIN_HITS`] hits and misses, so takes part in fits.
fn usable(&(_, hits, boards): &Point) -> bool {
    hits >= MIN_HITS && boards.saturating_sub(hits) >= MIN_HITS
}

/// A fitted law.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The law's constants, each with its standard error.
    pub params: Vec<(f64, f64)>,
    /// Chi-squared of the fit.
    pub chi2: f64,
    /// Degrees of freedom (points minus constants).
    pub dof: usize,
    /// Each point used: n and residual in standard deviations (measured
    /// minus fitted, on the transformed scale).
    pub residuals: Vec<(f64, f64)>,
}

impl Fit {
    /// chi^2 per degree of freedom (infinite without degrees of freedom).
    pub fn reduced(&self) -> f64 {
        match self.dof {
            0 => f64::INFINITY,
            dof => self.chi2 / dof as f64,
        }
    }

    /// Whether chi^2 is within three standard deviations of its mean.
    pub fn consistent(&self) -> bool {
        self.dof > 0 && self.chi2 <= self.dof as f64 + 3.0 * (2.0 * self.dof as f64).sqrt()
    }
}

/// One usable point on the transformed scale: n, features, observation
/// and its standard deviation.
type Row = (f64, Vec<f64>, f64, f64);

/// Fits `law` to `points`; `None` with too few usable points (at least
/// one more than the law has constants).
pub fn fit(law: Law, points: &[Point]) -> Option<Fit> {
    let rows: Vec<Row> = points.iter().filter_map(|p| law.observe(p)).collect();
    let m = law.about().1.len();
    if rows.len() <= m {
        return None;
    }
    let (beta, cov) = weighted_least_squares(&rows, m)?;
    let residuals: Vec<(f64, f64)> = (rows.iter())
        .map(|(n, x, y, sd)| {
            let fitted: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
            (*n, (y - fitted) / sd)
        })
        .collect();
    let se = |i: usize| cov[i][i].max(0.0).sqrt();
    // Back to the law's constants: the first is e^b0, with the standard
    // error e^b0 se(b0) (delta method), the others -b (the stretched
    // exponential's a: b).
    let params = (0..m)
        .map(|i| match i {
            0 => (beta[0].exp(), beta[0].exp() * se(0)),
            _ if law == Law::Stretched => (beta[i], se(i)),
            _ => (-beta[i], se(i)),
        })
        .collect();
    Some(Fit {
        params,
        chi2: residuals.iter().map(|(_, z)| z * z).sum(),
        dof: rows.len() - m,
        residuals,
    })
}

/// Solves the weighted normal equations of `rows` (weights 1 / sd^2): the
/// coefficients and their covariance, the inverse of the normal matrix by
/// Gauss-Jordan elimination with partial pivoting; `None` if it is
/// singular.
fn weighted_least_squares(rows: &[Row], m: usize) -> Option<(Vec<f64>, Vec<Vec<f64>>)> {
    // Each row of the normal matrix, then that of the identity (which the
    // elimination turns into the inverse).
    let mut a = vec![vec![0.0; 2 * m]; m];
    for (i, row) in a.iter_mut().enumerate() {
        row[m + i] = 1.0;
    }
    let mut b = vec![0.0; m];
    for (_, x, y, sd) in rows {
        let w = 1.0 / (sd * sd);
        for i in 0..m {
            b[i] += w * x[i] * y;
            for j in 0..m {
                a[i][j] += w * x[i] * x[j];
            }
        }
    }
    for col in 0..m {
        let pivot = (col..m).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        let d = a[col][col];
        a[col].iter_mut().for_each(|v| *v /= d);
        let top = a[col].clone();
        for (_, row) in (a.iter_mut().enumerate()).filter(|(i, _)| *i != col) {
            let f = row[col];
            for (v, p) in row.iter_mut().zip(&top) {
                *v -= f * p;
            }
        }
    }
    let inv: Vec<Vec<f64>> = a.into_iter().map(|row| row[m..].to_vec()).collect();
    let beta = (0..m)
        .map(|i| (0..m).map(|j| inv[i][j] * b[j]).sum())
        .collect();
    Some((beta, inv))
}

/// A number with `digits` significant digits.
fn sig(x: f64, digits: usize) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let mag = x.abs().log10().floor() as i32;
    if !(-4..6).contains(&mag) {
        return format!("{x:.prec$e}", prec = digits.saturating_sub(1));
    }
    let decimals = (digits as i32 - 1 - mag).max(0) as usize;
    format!("{x:.decimals$}")
}

/// One series of a fit: its key columns and points.
type Series = (Vec<String>, Vec<Point>);

/// The series of `spec` in the rows of its table, in order of appearance.
fn series(spec: &FitSpec, table: &CsvTable) -> Result<(Vec<String>, Vec<Series>)> {
    let col = |c: &str| {
        (table.col(c, &spec.table)).map_err(|e| e.within(format!("fit {}", quote(&spec.name))))
    };
    let (n_at, hits_at, boards_at) = (col("group")?, col(&spec.hits)?, col("boards")?);
    let mut keys = vec![0];
    keys.extend(table.header.iter().position(|h| h == "source"));
    let mut header: Vec<String> = keys.iter().map(|&k| table.header[k].clone()).collect();
    header.extend(spec.parity.then(|| "parity".to_string()));
    let mut out: Vec<Series> = Vec::new();
    for row in &table.rows {
        let num = |i: usize| {
            row[i].parse::<u64>().map_err(|_| {
                let (cell, table, fit) = (row[i].clone(), spec.table.clone(), spec.name.clone());
                let why = FitProblem::NotCount { cell, table };
                Error::from(StudyError::Fit { fit, why })
            })
        };
        let n = num(n_at)? as usize;
        let mut key: Vec<String> = keys.iter().map(|&k| row[k].clone()).collect();
        let parity = if n % 2 == 1 { "odd" } else { "even" };
        key.extend(spec.parity.then(|| parity.to_string()));
        if n < spec.from {
            continue;
        }
        let point = (n, num(hits_at)?, num(boards_at)?);
        if point.1 > point.2 {
            let (fit, hits) = (spec.name.clone(), spec.hits.clone());
            let why = FitProblem::HitsOverBoards { hits, n };
            return Err(StudyError::Fit { fit, why }.into());
        }
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, points)) => points.push(point),
            None => out.push((key, vec![point])),
        }
    }
    Ok((header, out))
}

/// The columns of `law` fitted to `points` (empty cells when too few).
fn columns(law: Law, points: &[Point], fit: Option<&Fit>, best: bool) -> Vec<String> {
    let (formula, names) = law.about();
    let span = |p: Option<&Point>| p.map_or(String::new(), |p| p.0.to_string());
    let mut row = vec![formula.into(), span(points.first()), span(points.last())];
    let Some(f) = fit else {
        row.push(points.len().to_string());
        row.extend(["", "", "", "no", "", "too few points", ""].map(String::from));
        return row;
    };
    let worst = f.residuals.iter().map(|r| r.1.abs()).fold(0.0f64, f64::max);
    let constants: Vec<String> = (names.iter().zip(&f.params))
        .map(|(name, &(v, se))| format!("{name} = {} ± {}", sig(v, 4), sig(se, 2)))
        .collect();
    let residuals: Vec<String> = (f.residuals.iter())
        .map(|(n, z)| format!("{n:.0}: {z:+.1}"))
        .collect();
    row.extend([
        f.residuals.len().to_string(),
        f.dof.to_string(),
        format!("{:.2}", f.reduced()),
        format!("{worst:.1}"),
        if f.consistent() { "yes" } else { "no" }.into(),
        if best { "yes" } else { "" }.into(),
        constants.join(", "),
        residuals.join(", "),
    ]);
    row
}

/// The rows of a `[[fit]]`, from the rendered tables of the run: each law
/// on each series (`best` marks the consistent law of smallest chi^2 /
/// dof), or with `window = K` on every K successive usable points.
pub fn render(spec: &FitSpec, tables: &[(String, CsvTable)]) -> Result<CsvTable> {
    let table =
        find(tables, &spec.table).map_err(|e| e.within(format!("fit {}", quote(&spec.name))))?;
    let (mut header, all) = series(spec, table)?;
    let names = ["law", "first_n", "last_n", "points", "dof", "chi2_dof"];
    let verdict = ["worst_residual", "consistent", "best", "constants"];
    header.extend((names.iter().chain(&verdict).chain(&["residuals"])).map(|c| c.to_string()));
    let mut rows = Vec::new();
    for (key, points) in all {
        let windows: Vec<Vec<Point>> = match spec.window {
            Some(k) => {
                let used: Vec<Point> = points.into_iter().filter(usable).collect();
                (0..(used.len() + 1).saturating_sub(k))
                    .step_by((k / 2).max(1))
                    .map(|at| used[at..at + k].to_vec())
                    .collect()
            }
            None => vec![points],
        };
        for w in windows {
            let fits: Vec<(Law, Option<Fit>)> =
                (spec.laws.iter()).map(|&l| (l, fit(l, &w))).collect();
            let best = (fits.iter())
                .filter_map(|(law, f)| {
                    Some((*law, f.as_ref().filter(|f| f.consistent())?.reduced()))
                })
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(law, _)| law);
            for (law, f) in &fits {
                let mut row = key.clone();
                row.extend(columns(*law, &w, f.as_ref(), best == Some(*law)));
                rows.push(row);
            }
        }
    }
    Ok(CsvTable { header, rows })
}

/// A `[[fit]]`: laws fitted to the rows of a rate table (see [`super::fit`]).
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FitSpec {
    /// Its name: the CSV file is NAME.csv.
    pub name: String,
    /// The rate table fitted (grouped by n).
    pub table: String,
    /// The laws, in order.
    #[serde(default = "every_law")]
    pub laws: Vec<Law>,
    /// Only the rows with n at least this.
    #[serde(default)]
    pub from: usize,
    /// Fits over every `window` successive usable points instead of all.
    pub window: Option<usize>,
    /// Whether odd and even n are separate series.
    #[serde(default)]
    pub parity: bool,
    /// The column of hits (`holds`, or `M_holds` of a table of several).
    #[serde(default = "holds")]
    pub hits: String,
}

/// Every law, in the order the report lists them.
fn every_law() -> Vec<Law> {
    vec![
        Law::Power,
        Law::Exponential,
        Law::Stretched,
        Law::PowerExponential,
    ]
}

fn holds() -> String {
    "holds".into()
}

impl FitSpec {
    /// The `[[fit]]` if it is valid.
    pub fn checked(self) -> Result<FitSpec> {
        super::quantity::check_name("fit", &self.name)?;
        if self.window.is_some_and(|w| w < 2) {
            let (fit, why) = (self.name, FitProblem::Window);
            return Err(StudyError::Fit { fit, why }.into());
        }
        Ok(self)
    }
}
