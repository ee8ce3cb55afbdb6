//! Weighted least squares fits of candidate decay laws.
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

/// Points with fewer hits (or misses) are left out of the fits.
pub const MIN_HITS: u64 = 10;

/// A candidate law.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Every law, in the order the report lists them.
    pub const ALL: [Law; 4] = [
        Law::Power,
        Law::Exponential,
        Law::Stretched,
        Law::PowerExponential,
    ];

    /// The law's name and formula.
    pub fn formula(self) -> &'static str {
        match self {
            Law::Power => "power A n^-a",
            Law::Exponential => "exponential A e^(-c n)",
            Law::Stretched => "stretched exponential e^(-c n^a)",
            Law::PowerExponential => "power times exponential A n^-a e^(-c n)",
        }
    }

    /// The names of the fitted constants, in the order of [`Fit::params`].
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Law::Power => &["A", "a"],
            Law::Exponential => &["A", "c"],
            Law::Stretched => &["c", "a"],
            Law::PowerExponential => &["A", "a", "c"],
        }
    }

    fn features(self, n: f64) -> Vec<f64> {
        match self {
            Law::Power | Law::Stretched => vec![1.0, n.ln()],
            Law::Exponential => vec![1.0, n],
            Law::PowerExponential => vec![1.0, n.ln(), n],
        }
    }

    /// The transformed observation and its standard deviation, or `None`
    /// if the point cannot be used.
    fn observe(self, hits: u64, boards: u64) -> Option<(f64, f64)> {
        if hits < MIN_HITS || boards.saturating_sub(hits) < MIN_HITS {
            return None;
        }
        let p = hits as f64 / boards as f64;
        let (y, sd) = (p.ln(), ((1.0 - p) / hits as f64).sqrt());
        match self {
            Law::Stretched => Some(((-y).ln(), sd / y.abs())),
            _ => Some((y, sd)),
        }
    }

    /// The law's share at n with the fitted coefficients `beta` (on the
    /// transformed scale).
    fn predict(self, beta: &[f64], n: f64) -> f64 {
        let t: f64 = self.features(n).iter().zip(beta).map(|(x, b)| x * b).sum();
        match self {
            Law::Stretched => (-t.exp()).exp(),
            _ => t.exp(),
        }
    }
}

/// A fitted law.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The law.
    pub law: Law,
    /// The constants named by [`Law::names`], each with its standard error.
    pub params: Vec<(f64, f64)>,
    /// Coefficients on the transformed scale.
    beta: Vec<f64>,
    /// Chi-squared of the fit.
    pub chi2: f64,
    /// Degrees of freedom (points minus constants).
    pub dof: usize,
    /// Each point used: n, measured share and residual in standard
    /// deviations (measured minus fitted, on the transformed scale).
    pub residuals: Vec<(f64, f64, f64)>,
}

impl Fit {
    /// The fitted share at n.
    pub fn at(&self, n: f64) -> f64 {
        self.law.predict(&self.beta, n)
    }

    /// chi^2 per degree of freedom (infinite without degrees of freedom).
    pub fn reduced(&self) -> f64 {
        if self.dof == 0 {
            f64::INFINITY
        } else {
            self.chi2 / self.dof as f64
        }
    }

    /// Whether chi^2 is within three standard deviations of its mean.
    pub fn consistent(&self) -> bool {
        self.dof > 0 && self.chi2 <= self.dof as f64 + 3.0 * (2.0 * self.dof as f64).sqrt()
    }
}

/// Fits `law` to points (n, hits, boards); `None` with too few usable
/// points (at least one more than the law has constants).
pub fn fit(law: Law, points: &[(usize, u64, u64)]) -> Option<Fit> {
    let used: Vec<(f64, f64, f64, f64)> = points
        .iter()
        .filter_map(|&(n, k, b)| {
            law.observe(k, b)
                .map(|(y, sd)| (n as f64, k as f64 / b as f64, y, sd))
        })
        .collect();
    let m = law.names().len();
    if used.len() <= m {
        return None;
    }
    let rows: Vec<(Vec<f64>, f64, f64)> = used
        .iter()
        .map(|&(n, _, y, sd)| (law.features(n), y, 1.0 / (sd * sd)))
        .collect();
    let (beta, cov) = weighted_least_squares(&rows, m)?;
    let mut chi2 = 0.0;
    let mut residuals = Vec::new();
    for (&(n, p, y, sd), (x, _, _)) in used.iter().zip(&rows) {
        let fitted: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
        let z = (y - fitted) / sd;
        chi2 += z * z;
        residuals.push((n, p, z));
    }
    let se = |i: usize| cov[i][i].max(0.0).sqrt();
    // Back to the law's constants; a prefactor A = e^b0 gets the standard
    // error A * se(b0) (delta method).
    let params = match law {
        Law::Power => vec![(beta[0].exp(), beta[0].exp() * se(0)), (-beta[1], se(1))],
        Law::Exponential => vec![(beta[0].exp(), beta[0].exp() * se(0)), (-beta[1], se(1))],
        Law::Stretched => vec![(beta[0].exp(), beta[0].exp() * se(0)), (beta[1], se(1))],
        Law::PowerExponential => vec![
            (beta[0].exp(), beta[0].exp() * se(0)),
            (-beta[1], se(1)),
            (-beta[2], se(2)),
        ],
    };
    Some(Fit {
        law,
        params,
        beta,
        chi2,
        dof: used.len() - m,
        residuals,
    })
}

/// Solves the weighted normal equations for rows (features, y, weight);
/// returns the coefficients and their covariance, or `None` if singular.
pub fn weighted_least_squares(
    rows: &[(Vec<f64>, f64, f64)],
    m: usize,
) -> Option<(Vec<f64>, Vec<Vec<f64>>)> {
    let mut a = vec![vec![0.0; m]; m];
    let mut b = vec![0.0; m];
    for (x, y, w) in rows {
        for i in 0..m {
            b[i] += w * x[i] * y;
            for j in 0..m {
                a[i][j] += w * x[i] * x[j];
            }
        }
    }
    let inv = invert(a)?;
    let beta = (0..m)
        .map(|i| (0..m).map(|j| inv[i][j] * b[j]).sum())
        .collect();
    Some((beta, inv))
}

/// The inverse of a small square matrix by Gauss-Jordan elimination with
/// partial pivoting; `None` if it is singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..m {
        let pivot = (col..m).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..m {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for i in 0..m {
            if i != col {
                let f = a[i][col];
                for j in 0..m {
                    a[i][j] -= f * a[col][j];
                    inv[i][j] -= f * inv[col][j];
                }
            }
        }
    }
    Some(inv)
}

/// The points (n, hits, boards) of one series, for fitting.
pub fn fit_points(
    table: &crate::study::table::CsvTable,
    values: &str,
    odd: bool,
) -> Vec<(usize, u64, u64)> {
    let hits = if table.header.iter().any(|h| h == "not_lost") {
        "not_lost"
    } else {
        "greedy_optimal"
    };
    table
        .records()
        .filter(|r| r.get("values") == values && (r.get("parity") == "odd") == odd)
        .filter_map(|r| Some((r.num("n")?, r.num(hits)?, r.num("boards")?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_laws_are_recovered() {
        // Hits proportional to an exact power law: the fit returns it.
        let boards = 1_000_000_000u64;
        let points: Vec<(usize, u64, u64)> = [11usize, 21, 47, 111, 261, 619]
            .iter()
            .map(|&n| {
                (
                    n,
                    (0.9 * boards as f64 * (n as f64).powf(-1.3)) as u64,
                    boards,
                )
            })
            .collect();
        let f = fit(Law::Power, &points).unwrap();
        assert!((f.params[1].0 - 1.3).abs() < 1e-4, "{f:?}");
        assert!((f.params[0].0 - 0.9).abs() < 1e-3);
        assert!(f.consistent());
        // An exponential fits the same points badly.
        let e = fit(Law::Exponential, &points).unwrap();
        assert!(!e.consistent() && e.reduced() > 100.0);
        // A stretched exponential is recovered too.
        let points: Vec<(usize, u64, u64)> = [11usize, 21, 47, 111, 261]
            .iter()
            .map(|&n| {
                (
                    n,
                    (boards as f64 * (-0.05 * (n as f64).powf(0.8)).exp()) as u64,
                    boards,
                )
            })
            .collect();
        let s = fit(Law::Stretched, &points).unwrap();
        assert!((s.params[1].0 - 0.8).abs() < 1e-4 && (s.params[0].0 - 0.05).abs() < 1e-5);
        assert!((s.at(100.0) - (-0.05 * 100f64.powf(0.8)).exp()).abs() < 1e-6);
    }

    #[test]
    fn too_few_points_give_no_fit() {
        assert!(fit(Law::Power, &[(11, 500, 1000), (21, 5, 1000)]).is_none());
        assert!(invert(vec![vec![1.0, 2.0], vec![2.0, 4.0]]).is_none());
    }
}
