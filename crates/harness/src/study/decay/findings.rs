//! The findings of the decay study (`README.md` of the report), rendered
//! from its tables alone: every figure is read from a CSV cell or fitted
//! from them, and verdicts ("consistent", "no law fits") are chosen by the
//! numbers, so re-rendering the committed CSV files gives the committed
//! README.

use super::fit::{fit, fit_points, Fit, Law};
use super::{DecayConfig, DecayTables};
use crate::study::table::{CsvTable, Record};
use coinline_core::error::{Error, Result};
use std::fmt::Write;

/// Renders the findings; `command` regenerates the report.
pub fn render(tables: &DecayTables, command: &str) -> Result<String> {
    let mut out = String::new();
    write_all(&mut out, tables, command)
        .map_err(|e| Error::internal(format!("cannot render the findings: {e}")))?;
    Ok(out)
}

/// The distributions of a table, in order of appearance.
fn sources(table: &CsvTable) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in table.records() {
        let v = r.get("values").to_string();
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
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

/// A constant with its standard error.
fn with_se((value, se): (f64, f64)) -> String {
    format!("{} ± {}", sig(value, 4), sig(se, 2))
}

fn share_cell(r: &Record, rate: &str) -> String {
    let (v, lo, hi) = (
        r.num::<f64>(rate).unwrap_or(f64::NAN),
        r.num::<f64>(&format!("{rate}_low")).unwrap_or(f64::NAN),
        r.num::<f64>(&format!("{rate}_high")).unwrap_or(f64::NAN),
    );
    format!("{} [{}, {}]", sig(v, 3), sig(lo, 2), sig(hi, 2))
}

/// The fits of `laws` to one series, as table rows, and the best
/// consistent fit (smallest chi^2 / dof among the consistent ones).
fn fit_rows(
    out: &mut String,
    label: &str,
    points: &[(usize, u64, u64)],
    laws: &[Law],
) -> std::result::Result<Option<Fit>, std::fmt::Error> {
    let mut best: Option<Fit> = None;
    for &law in laws {
        let Some(f) = fit(law, points) else {
            writeln!(
                out,
                "| {label} | {} | too few points | | | |",
                law.formula()
            )?;
            continue;
        };
        writeln!(
            out,
            "| {label} | {} | {} | {:.2} ({} dof) | {:.1} | {} |",
            law.formula(),
            constants(&f),
            f.reduced(),
            f.dof,
            worst(&f),
            if f.consistent() { "yes" } else { "no" }
        )?;
        if f.consistent() && best.as_ref().is_none_or(|b| f.reduced() < b.reduced()) {
            best = Some(f);
        }
    }
    Ok(best)
}

/// Where the share's tail fits begin.
pub const TAIL_FROM: usize = 300;

const FIT_HEADER_Z: &str = "| series | law | fitted constants (± standard error) | chi^2 / dof | largest residual (sd) | consistent | z (a = 3/2) |\n|---|---|---|---|---|---|---|";

fn constants(f: &Fit) -> String {
    f.law
        .names()
        .iter()
        .zip(&f.params)
        .map(|(name, &p)| format!("{name} = {}", with_se(p)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn worst(f: &Fit) -> f64 {
    f.residuals.iter().map(|r| r.2.abs()).fold(0.0f64, f64::max)
}

/// Fits `law` to successive windows of four points of each series (steps
/// of two) and tabulates constant number `param`.
fn local_table(
    out: &mut String,
    table: &CsvTable,
    parities: &[bool],
    law: Law,
    param: usize,
) -> std::fmt::Result {
    let name = law.names()[param];
    let mut labels = Vec::new();
    let mut series: Vec<Vec<(usize, u64, u64)>> = Vec::new();
    for &odd in parities {
        for v in sources(table) {
            let pts: Vec<(usize, u64, u64)> = fit_points(table, &v, odd)
                .into_iter()
                .filter(|p| p.1 >= super::fit::MIN_HITS && p.2 - p.1 >= super::fit::MIN_HITS)
                .collect();
            if pts.len() >= 4 {
                labels.push(format!(
                    "{v}, {} n: {name}",
                    if odd { "odd" } else { "even" }
                ));
                series.push(pts);
            }
        }
    }
    writeln!(out, "| window | {} |", labels.join(" | "))?;
    writeln!(out, "|---|{}", "---|".repeat(labels.len()))?;
    let longest = series.iter().map(Vec::len).max().unwrap_or(0);
    for start in (0..longest.saturating_sub(3)).step_by(2) {
        let cells: Vec<String> = series
            .iter()
            .map(|s| {
                s.get(start..start + 4)
                    .and_then(|w| fit(law, w).map(|f| (w[0].0, w[3].0, f)))
                    .map(|(a, b, f)| format!("{a}..{b}: {}", with_se(f.params[param])))
                    .unwrap_or_default()
            })
            .collect();
        writeln!(out, "| {} | {} |", start / 2 + 1, cells.join(" | "))?;
    }
    writeln!(out)
}

const FIT_HEADER: &str = "| series | law | fitted constants (± standard error) | chi^2 / dof | largest residual (sd) | consistent |\n|---|---|---|---|---|---|";

/// The residuals of a fit, one line.
fn residual_line(f: &Fit) -> String {
    f.residuals
        .iter()
        .map(|(n, _, z)| format!("{n:.0}: {z:+.1}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Section for a share-like measurement: the table, the fits, the verdict.
/// Returns the verdict lines.
fn fits_section(
    out: &mut String,
    table: &CsvTable,
    parities: &[bool],
    laws: &[Law],
) -> std::result::Result<Vec<String>, std::fmt::Error> {
    writeln!(out, "{FIT_HEADER}")?;
    let mut bests = Vec::new();
    for &odd in parities {
        for v in sources(table) {
            let label = format!("{v}, {} n", if odd { "odd" } else { "even" });
            let points = fit_points(table, &v, odd);
            if points.is_empty() {
                continue;
            }
            let best = fit_rows(out, &label, &points, laws)?;
            bests.push((label, best, points));
        }
    }
    writeln!(out)?;
    let mut verdicts = Vec::new();
    for (label, best, points) in &bests {
        let used = points
            .iter()
            .filter(|p| p.1 >= super::fit::MIN_HITS && p.2 - p.1 >= super::fit::MIN_HITS);
        let (lo, hi) = used.fold((usize::MAX, 0), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
        let text = match best {
            Some(f) => format!(
                "- **{label}** (n = {lo}..{hi}): best consistent law {}: {}; residuals (sd) by n: {}.",
                f.law.formula(),
                constants(f),
                residual_line(f)
            ),
            None => format!(
                "- **{label}** (n = {lo}..{hi}): **no candidate law is consistent** with the data (every chi^2 is more than three standard deviations above its mean)."
            ),
        };
        verdicts.push(text);
    }
    Ok(verdicts)
}

fn write_all(out: &mut String, t: &DecayTables, command: &str) -> std::fmt::Result {
    let config = DecayConfig::from_settings(&t.settings).map_err(|_| std::fmt::Error)?;
    heading(out, command)?;
    short(out, t)?;
    method(out, t, &config)?;
    share_section(out, t)?;
    share_tail(out, t)?;
    greedy_section(out, t)?;
    regret_section(out, t)?;
    writeln!(
        out,
        "## Reproduce\n\n`{command}` (every file; the command prints the seed and each point as it finishes); `coinline study decay --render-only` re-renders the plots and this file from the CSV files. A single board: `coinline solve VALUES` prints its value and greedy's result."
    )?;
    Ok(())
}

/// The title and where the report comes from.
fn heading(out: &mut String, command: &str) -> std::fmt::Result {
    writeln!(
        out,
        "# How fast the odd-n first player's chances and greedy's optimality vanish (coins)\n"
    )?;
    writeln!(
        out,
        "Generated by `{command}` from the CSV files beside it; do not edit by hand: a test re-renders this file and the plots from the committed CSV files and fails if they differ. `coinline` below is `cargo run --release --`; `--render-only` re-renders without recomputing.\n"
    )?;
    writeln!(
        out,
        "This report replaces the estimate \"the share of odd boards the first player does not lose shrinks roughly like 1 / sqrt(n)\" formerly in [the odd-n report](../odd-n/README.md): that was an upper bound's order, not a measurement, and the measurements below fall much faster.\n"
    )?;
    Ok(())
}

/// What is measured, the sample sizes and how the laws are fitted.
fn method(out: &mut String, t: &DecayTables, config: &DecayConfig) -> std::fmt::Result {
    let count =
        |table: &CsvTable| -> u64 { table.records().filter_map(|r| r.num::<u64>("boards")).sum() };
    writeln!(out, "## What is measured\n")?;
    writeln!(
        out,
        "Random boards, board i of length n keyed by (seed {}, n, i) exactly as in `coinline study odd-n` (so the first 500 boards of a length are that study's boards), values uniform over {}; every distribution draws from the same key, so their rows are not independent of each other. Lengths: odd n near {} * 10^(k/{}) up to n = {} (greedy figures: also the even n + 1). In all, {} boards for the share, {} for greedy, {} for the regret.\n",
        config.seed,
        sources(&t.share).join(", "),
        config.start,
        config.per_decade,
        config.max_n,
        count(&t.share),
        count(&t.greedy),
        count(&t.regret),
    )?;
    writeln!(
        out,
        "- **share** (odd n, share.csv): boards whose value (first player's total minus the second's under optimal play, by the O(n) `linear` solver) is >= 0, i.e. boards the first player does not lose.\n\
         - **greedy optimal** (odd and even n, greedy.csv): boards on which greedy (take the larger end, a tie goes left), playing first against an opponent who knows it and best-responds, still ends with the value. Exact for every board: a necessary condition checked in O(n) per move (greedy's moves must be optimal along the line where the opponent replies optimally; column `screened_in` counts the boards that pass it) and, for those that pass, greedy's result against a best response computed in O(n^2). The fast routines are tested against the library's `strategy::evaluate`.\n\
         - **regret share** (odd and even n, regret.csv): the sum over boards of greedy's regret (the value minus what greedy achieves against a best response) divided by the sum over boards of the sum of |values| (for values >= 0, the sum of the board), with a delta-method standard error.\n"
    )?;
    writeln!(
        out,
        "**Sample sizes.** A point takes batches ({} boards, then doubling) until it has {} hits or reaches its cap: {} boards at most, and at most {} / n boards for the share, {} / n^1.5 for greedy (but at least {}); a series ends after a point that reached its cap with fewer than {} hits, or at n = {}. Regret points take min({}, {} / n^2) boards (at least 100) up to n = {}. The caps are the time budget (about 30 minutes on 2 cores): resolving a share of 10^-6 would need about 10^7 boards, which the budget allows only for small n.\n",
        config.min_boards,
        config.target,
        config.max_boards,
        config.work,
        config.work,
        config.min_boards,
        config.floor,
        config.max_n,
        config.regret_boards,
        config.regret_cells,
        config.regret_max_n
    )?;
    writeln!(
        out,
        "**Fits.** Each candidate law is fitted by weighted least squares on a scale where it is linear (ln p against ln n or n; ln(-ln p) against ln n for the stretched exponential), with the binomial standard deviation of ln p, sqrt((1 - p) / k) for k hits, on points with at least {} hits and {} misses. A law is called *consistent* when chi^2 <= dof + 3 sqrt(2 dof). Standard errors are from the fit's covariance and are meaningful only for a consistent law. Residuals are (measured - fitted) / sd on the fitting scale.\n",
        super::fit::MIN_HITS,
        super::fit::MIN_HITS
    )?;
    Ok(())
}

/// Section 1: the share of odd boards not lost, its fits over every usable
/// point and the local exponent.
fn share_section(out: &mut String, t: &DecayTables) -> std::fmt::Result {
    writeln!(
        out,
        "## 1. Odd n: the share of boards the first player does not lose\n"
    )?;
    writeln!(out, "![share](share.svg)\n")?;
    write!(out, "| n |")?;
    let share_sources = sources(&t.share);
    for v in &share_sources {
        write!(
            out,
            " {v}: boards | not lost | share [95%] | sqrt(n) x share |"
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "|---|{}",
        "---|---|---|---|".repeat(share_sources.len())
    )?;
    let mut ns: Vec<usize> = t.share.records().filter_map(|r| r.num("n")).collect();
    ns.sort_unstable();
    ns.dedup();
    for n in &ns {
        write!(out, "| {n} |")?;
        for v in &share_sources {
            match t
                .share
                .records()
                .find(|r| r.num::<usize>("n") == Some(*n) && r.get("values") == v)
            {
                Some(r) => {
                    let s = r.num::<f64>("share").unwrap_or(f64::NAN);
                    write!(
                        out,
                        " {} | {} | {} | {} |",
                        r.get("boards"),
                        r.get("not_lost"),
                        share_cell(&r, "share"),
                        sig(s * (*n as f64).sqrt(), 3)
                    )?;
                }
                None => write!(out, " | | | |")?,
            }
        }
        writeln!(out)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "sqrt(n) x share would be roughly constant if the share fell like 1 / sqrt(n); it falls steadily instead.\n"
    )?;
    writeln!(out, "### Fits over every usable point\n")?;
    let verdicts = fits_section(out, &t.share, &[true], &Law::ALL)?;
    writeln!(out, "{}\n", verdicts.join("\n"))?;
    writeln!(out, "### The local exponent\n")?;
    writeln!(
        out,
        "A power law fitted to successive windows of four points: if the share were one power law over the whole range, the exponent a would not drift.\n"
    )?;
    local_table(out, &t.share, &[true], Law::Power, 1)?;
    Ok(())
}

/// Section 1, continued: the tail fits (n >= [`TAIL_FROM`]) and what is
/// measured against what is conjectured.
fn share_tail(out: &mut String, t: &DecayTables) -> std::fmt::Result {
    let share_sources = sources(&t.share);
    writeln!(out, "### The tail: n >= {TAIL_FROM}\n")?;
    writeln!(
        out,
        "The exponent grows up to n of a few hundred and then stops drifting, so the laws are fitted again on the points with n >= {TAIL_FROM} only; the last column tests the conjecture a = 3/2 (z = (a - 1.5) / se).\n"
    )?;
    writeln!(out, "{FIT_HEADER_Z}")?;
    let mut tail_verdicts = Vec::new();
    for v in &share_sources {
        let points: Vec<(usize, u64, u64)> = fit_points(&t.share, v, true)
            .into_iter()
            .filter(|p| p.0 >= TAIL_FROM)
            .collect();
        for law in [Law::Power, Law::Stretched, Law::PowerExponential] {
            let Some(f) = fit(law, &points) else { continue };
            let z = if law == Law::Power {
                format!("{:+.1}", (f.params[1].0 - 1.5) / f.params[1].1)
            } else {
                String::new()
            };
            writeln!(
                out,
                "| {v}, odd n | {} | {} | {:.2} ({} dof) | {:.1} | {} | {z} |",
                law.formula(),
                constants(&f),
                f.reduced(),
                f.dof,
                worst(&f),
                if f.consistent() { "yes" } else { "no" }
            )?;
            if law == Law::Power {
                tail_verdicts.push(format!(
                    "- **{v}**: n^-a with a = {}{}; residuals (sd) by n: {}.",
                    with_se(f.params[1]),
                    if f.consistent() {
                        ", consistent"
                    } else {
                        ", **not consistent**"
                    },
                    residual_line(&f)
                ));
            }
        }
    }
    writeln!(out)?;
    writeln!(out, "{}\n", tail_verdicts.join("\n"))?;
    writeln!(
        out,
        "**Measured:** the shares and intervals above, and how well each law describes them over the range measured. **Conjecture:** anything beyond the largest n measured, including which law holds asymptotically. The bound of the odd-n report (the first player can only avoid losing when 0 <= O - E <= 2 max(first, last)) gives an upper bound of order 1 / sqrt(n) only; the data sit far below it.\n"
    )?;
    Ok(())
}

/// Section 2: greedy's optimal rate, its fits and local rates.
fn greedy_section(out: &mut String, t: &DecayTables) -> std::fmt::Result {
    writeln!(out, "## 2. Greedy achieves the value (odd and even n)\n")?;
    writeln!(out, "![greedy optimal rate](greedy-optimal-rate.svg)\n")?;
    writeln!(out, "| n | values | boards | screened in | greedy optimal | rate [95%] |\n|---|---|---|---|---|---|")?;
    for r in t.greedy.records() {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            r.get("n"),
            r.get("values"),
            r.get("boards"),
            r.get("screened_in"),
            r.get("greedy_optimal"),
            share_cell(&r, "rate")
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Shifted distributions (0..4 and -2..2) give identical rows here: the shift argument of the odd-n report (section 3) proves greedy's figures cannot change, and the boards of -2..2 are those of 0..4 minus 2 (same key, same draws).\n"
    )?;
    let laws = [Law::Exponential, Law::Stretched, Law::PowerExponential];
    let verdicts = fits_section(out, &t.greedy, &[true, false], &laws)?;
    writeln!(out, "{}\n", verdicts.join("\n"))?;
    writeln!(
        out,
        "The local rate: an exponential A e^(-c n) fitted to successive windows of four points; a single exponential would keep c constant.\n"
    )?;
    local_table(out, &t.greedy, &[true, false], Law::Exponential, 1)?;
    writeln!(
        out,
        "**Measured:** the rates above (exact per board), and the fits over the range measured. **Conjecture:** the law beyond the last n with a hit.\n"
    )?;
    Ok(())
}

/// Section 3: greedy's regret share and its summary.
fn regret_section(out: &mut String, t: &DecayTables) -> std::fmt::Result {
    writeln!(out, "## 3. Greedy's regret as a share of the sum\n")?;
    writeln!(out, "![regret](regret.svg)\n")?;
    writeln!(
        out,
        "| n | values | boards | greedy optimal | regret share ± se |\n|---|---|---|---|---|"
    )?;
    for r in t.regret.records() {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} ± {} |",
            r.get("n"),
            r.get("values"),
            r.get("boards"),
            r.get("greedy_optimal"),
            sig(r.num::<f64>("regret_share").unwrap_or(f64::NAN), 4),
            sig(r.num::<f64>("regret_share_se").unwrap_or(f64::NAN), 2)
        )?;
    }
    writeln!(out)?;
    regret_summary(out, &t.regret)?;
    Ok(())
}

/// The result in a few lines, from the tail fits of the share.
fn short(out: &mut String, t: &DecayTables) -> std::fmt::Result {
    let mut parts = Vec::new();
    let mut all_consistent = true;
    let mut largest_z = 0.0f64;
    for v in sources(&t.share) {
        let points: Vec<(usize, u64, u64)> = fit_points(&t.share, &v, true)
            .into_iter()
            .filter(|p| p.0 >= TAIL_FROM)
            .collect();
        if let Some(f) = fit(Law::Power, &points) {
            all_consistent &= f.consistent();
            largest_z = largest_z.max(((f.params[1].0 - 1.5) / f.params[1].1).abs());
            parts.push(format!("a = {} ({v})", with_se(f.params[1])));
        }
    }
    if parts.is_empty() {
        return Ok(());
    }
    // Over the whole range: is any law consistent for some distribution?
    let whole: Vec<bool> = sources(&t.share)
        .iter()
        .map(|v| {
            let pts = fit_points(&t.share, v, true);
            Law::ALL
                .iter()
                .any(|&law| fit(law, &pts).is_some_and(|f| f.consistent()))
        })
        .collect();
    let none_whole = whole.iter().all(|c| !c);
    // The first and last four-point power exponents of the first series.
    let first_source = sources(&t.share).into_iter().next().unwrap_or_default();
    let usable: Vec<(usize, u64, u64)> = fit_points(&t.share, &first_source, true)
        .into_iter()
        .filter(|p| p.1 >= super::fit::MIN_HITS)
        .collect();
    let slope = |w: &[(usize, u64, u64)]| fit(Law::Power, w).map(|f| f.params[1].0);
    let (early, late) = if usable.len() >= 4 {
        (slope(&usable[..4]), slope(&usable[usable.len() - 4..]))
    } else {
        (None, None)
    };
    writeln!(out, "## In short\n")?;
    if let (Some(early), Some(late)) = (early, late) {
        writeln!(
            out,
            "- **Measured:** over the whole range {} of the candidate laws (power, exponential, stretched exponential, power times exponential) fits the share of odd boards the first player does not lose; the log-log slope for {first_source} goes from -{early:.2} on its first four points to -{late:.2} on its last four (section 1). From n = {TAIL_FROM} on, a power law A n^-a {} every distribution: {}.",
            if none_whole { "none" } else { "not every one" },
            if all_consistent { "fits" } else { "does not fit" },
            parts.join(", ")
        )?;
    }
    if all_consistent && largest_z < 3.0 {
        writeln!(
            out,
            "- **Conjecture:** the share decays like C n^(-3/2) for large n, with C depending on the distribution (the largest deviation of a fitted tail exponent from 3/2 is {largest_z:.1} standard errors). Not proved; nothing here is measured beyond the largest n in share.csv."
        )?;
    } else {
        writeln!(
            out,
            "- **No simple law** describes the tail either: the exponents above differ from 3/2 by up to {largest_z:.1} standard errors or the power law is not consistent."
        )?;
    }
    let rate_of = |odd: bool| {
        let pts: Vec<(usize, u64, u64)> = fit_points(&t.greedy, &first_source, odd)
            .into_iter()
            .filter(|p| p.1 >= super::fit::MIN_HITS && p.2 - p.1 >= super::fit::MIN_HITS)
            .collect();
        fit(Law::Exponential, &pts).map(|f| f.params[1].0)
    };
    if let (Some(odd), Some(even)) = (rate_of(true), rate_of(false)) {
        writeln!(
            out,
            "- Greedy's optimal rate falls roughly like e^(-c n), with c about {odd:.3} for odd n and {even:.3} for even n ({first_source}, fitted over all points with hits; no single exponential is consistent everywhere, see the local rates in section 2)."
        )?;
    }
    writeln!(out)
}

/// The regret share at the smallest and largest n of each series, and
/// where it peaks.
fn regret_summary(out: &mut String, table: &CsvTable) -> std::fmt::Result {
    for odd in [true, false] {
        for v in sources(table) {
            let pts: Vec<(usize, f64, f64)> = table
                .records()
                .filter(|r| r.get("values") == v && (r.get("parity") == "odd") == odd)
                .filter_map(|r| {
                    Some((
                        r.num("n")?,
                        r.num("regret_share")?,
                        r.num("regret_share_se")?,
                    ))
                })
                .collect();
            let (Some(first), Some(last)) = (pts.first(), pts.last()) else {
                continue;
            };
            let peak = pts
                .iter()
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap_or(last);
            writeln!(
                out,
                "- {v}, {} n: {} at n = {}, {} ± {} at n = {}; largest {} at n = {}.",
                if odd { "odd" } else { "even" },
                sig(first.1, 3),
                first.0,
                sig(last.1, 4),
                sig(last.2, 2),
                last.0,
                sig(peak.1, 4),
                peak.0
            )?;
        }
    }
    writeln!(out)?;
    // Odd series largest at their end, even series below their peak?
    let mut opposite = true;
    for v in sources(table) {
        for odd in [true, false] {
            let shares: Vec<f64> = table
                .records()
                .filter(|r| r.get("values") == v && (r.get("parity") == "odd") == odd)
                .filter_map(|r| r.num::<f64>("regret_share"))
                .collect();
            let (Some(&end), peak) = (
                shares.last(),
                shares.iter().copied().fold(f64::MIN, f64::max),
            ) else {
                continue;
            };
            opposite &= if odd { end >= peak } else { end < peak };
        }
    }
    // The gap between the parities at the largest n of both.
    let last = |v: &str, odd: bool| {
        table
            .records()
            .filter(|r| r.get("values") == v && (r.get("parity") == "odd") == odd)
            .filter_map(|r| Some((r.num::<usize>("n")?, r.num::<f64>("regret_share")?)))
            .last()
    };
    let gaps: Vec<String> = sources(table)
        .iter()
        .filter_map(|v| {
            let (odd, even) = (last(v, true)?, last(v, false)?);
            Some(format!(
                "{} ({v}, n = {} and {})",
                sig(even.1 - odd.1, 2),
                odd.0,
                even.0
            ))
        })
        .collect();
    writeln!(
        out,
        "No law is fitted to the regret share{}. Measured: the even-minus-odd gap at the largest n is {}. Conjecture: both parities tend to one limit per distribution, somewhere between the two values at the largest n.\n",
        if opposite {
            ": it does not vanish, and the two parities move in opposite directions (every odd-n series is largest at its largest n, every even-n series has fallen from an earlier peak)"
        } else {
            ""
        },
        gaps.join(", ")
    )
}
