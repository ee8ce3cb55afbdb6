//! SVG plots of the decay study, drawn with plotters (SVG backend only).
//!
//! Every series gets its own color and marker; odd n are solid lines, even
//! n dashed. A series identical to an earlier one (a distribution and its
//! shift give the same greedy figures) is not drawn again: the earlier
//! series' legend entry names both. Points with no hit cannot be drawn on a
//! log axis and are left out (their intervals are in the CSV files).

use super::fit::{fit, fit_points, Law};
use super::DecayTables;
use crate::study::plots::{log_axis, marker};
use crate::study::table::CsvTable;
use coinline_core::error::{Error, Result};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// The plot files, by name.
pub const PLOT_FILES: [&str; 3] = ["share.svg", "greedy-optimal-rate.svg", "regret.svg"];

const PALETTE: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
];

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 560;
const LEGEND_WIDTH: u32 = 250;

/// One point: n, the figure, and its 95% interval.
type Point = (f64, f64, (f64, f64));

/// One drawn series.
pub struct Series {
    /// The distributions it stands for (more than one when identical).
    pub labels: Vec<String>,
    /// Odd or even n.
    pub odd: bool,
    /// Index of the first distribution, for color and marker.
    pub index: usize,
    /// Points in order of n.
    pub points: Vec<Point>,
    /// The raw key of each point (hits and boards, or sums), used to tell
    /// identical series apart.
    keys: Vec<String>,
}

impl Series {
    /// The legend text.
    pub fn label(&self) -> String {
        format!(
            "{}, {} n",
            self.labels.join(" = "),
            if self.odd { "odd" } else { "even" }
        )
    }
}

/// Groups rows by distribution and parity, in order of first appearance,
/// merging series identical to an earlier one. `point` reads a row's point
/// and key, or `None` to skip the row.
pub fn series(
    table: &CsvTable,
    point: impl Fn(&crate::study::table::Record) -> Option<(Point, String)>,
) -> Vec<Series> {
    let mut sources: Vec<String> = Vec::new();
    let mut out: Vec<Series> = Vec::new();
    for r in table.records() {
        let name = r.get("values").to_string();
        let odd = r.get("parity") == "odd";
        if !sources.contains(&name) {
            sources.push(name.clone());
        }
        let Some((p, key)) = point(&r) else { continue };
        let i = match out.iter().position(|s| s.labels[0] == name && s.odd == odd) {
            Some(i) => i,
            None => {
                out.push(Series {
                    labels: vec![name.clone()],
                    odd,
                    index: sources.iter().position(|s| *s == name).unwrap_or(0),
                    points: Vec::new(),
                    keys: Vec::new(),
                });
                out.len() - 1
            }
        };
        out[i].points.push(p);
        out[i].keys.push(key);
    }
    let mut merged: Vec<Series> = Vec::new();
    for s in out {
        match merged
            .iter_mut()
            .find(|m| m.odd == s.odd && m.keys == s.keys && m.points == s.points)
        {
            Some(m) => m.labels.extend(s.labels),
            None => merged.push(s),
        }
    }
    merged
}

fn share_point(
    rate: &'static str,
    hits: &'static str,
) -> impl Fn(&crate::study::table::Record) -> Option<(Point, String)> {
    move |r| {
        let n = r.num::<f64>("n")?;
        let k = r.num::<u64>(hits)?;
        let low = format!("{rate}_low");
        let high = format!("{rate}_high");
        let p = (
            n,
            r.num::<f64>(rate)?,
            (r.num::<f64>(&low)?, r.num::<f64>(&high)?),
        );
        (k > 0).then(|| (p, format!("{k}/{}", r.get("boards"))))
    }
}

fn regret_point(r: &crate::study::table::Record) -> Option<(Point, String)> {
    let n = r.num::<f64>("n")?;
    let share = r.num::<f64>("regret_share")?;
    let se = r.num::<f64>("regret_share_se")?;
    let z = 1.959_963_984_540_054;
    Some((
        (n, share, (share - z * se, share + z * se)),
        format!("{}/{}", r.get("regret_sum"), r.get("boards")),
    ))
}

type DrawResult<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// How a figure is drawn.
struct Figure<'a> {
    file: &'static str,
    title: &'a str,
    x_desc: &'a str,
    y_desc: &'a str,
    log_x: bool,
    log_y: bool,
    /// The fitted law drawn through each series, if any.
    law: Option<Law>,
    /// What the legend adds below the series.
    notes: &'a [&'a str],
}

/// Renders every plot from the tables.
pub fn render(tables: &DecayTables) -> Result<Vec<(&'static str, String)>> {
    let share = series(&tables.share, share_point("share", "not_lost"));
    let greedy = series(&tables.greedy, share_point("rate", "greedy_optimal"));
    let regret = series(&tables.regret, regret_point);
    let figures = [
        (
            Figure {
                file: PLOT_FILES[0],
                title: "Odd n: share of boards the first player does not lose (coins)",
                x_desc: "n (log scale)",
                y_desc: "share not lost (log scale)",
                log_x: true,
                log_y: true,
                law: Some(Law::PowerExponential),
                notes: &[
                    "bars: 95% Wilson intervals",
                    "thin lines: fitted A n^-a e^(-c n)",
                ],
            },
            share,
        ),
        (
            Figure {
                file: PLOT_FILES[1],
                title: "Greedy achieves the value against a best response (coins)",
                x_desc: "n",
                y_desc: "share of boards (log scale)",
                log_x: false,
                log_y: true,
                law: Some(Law::Exponential),
                notes: &[
                    "bars: 95% Wilson intervals",
                    "thin lines: fitted A e^(-c n)",
                    "points with no hit left out",
                ],
            },
            greedy,
        ),
        (
            Figure {
                file: PLOT_FILES[2],
                title: "Greedy's regret as a share of the sum of |values| (coins)",
                x_desc: "n (log scale)",
                y_desc: "sum of regrets / sum of |values|",
                log_x: true,
                log_y: false,
                law: None,
                notes: &["bars: 95% intervals (ratio estimate)"],
            },
            regret,
        ),
    ];
    figures
        .iter()
        .map(|(f, s)| {
            let svg = draw(f, s, tables)
                .map_err(|e| Error::internal(format!("cannot draw {}: {e}", f.file)))?;
            Ok((f.file, svg))
        })
        .collect()
}

/// Rounds the range out to powers of 10 (log) or pads it by 5% (linear).
fn padded(lo: f64, hi: f64, log: bool) -> (f64, f64) {
    if log {
        let lo = 10f64.powf(lo.max(1e-300).log10().floor());
        let hi = 10f64.powf(hi.max(1e-300).log10().ceil());
        (lo, if hi <= lo { lo * 10.0 } else { hi })
    } else {
        let pad = ((hi - lo) * 0.05).max(1e-9);
        ((lo - pad).max(0.0), hi + pad)
    }
}

fn draw(f: &Figure, series: &[Series], tables: &DecayTables) -> DrawResult<String> {
    let _ = tables;
    let all = || series.iter().flat_map(|s| s.points.iter());
    let (x_lo, x_hi) = all().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.0), hi.max(p.0))
    });
    let (y_lo, y_hi) = all().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        let low = if f.log_y {
            p.1.min(p.2 .0.max(p.1 / 10.0))
        } else {
            p.2 .0
        };
        (lo.min(low), hi.max(p.2 .1))
    });
    let (x_lo, x_hi) = if x_lo > x_hi {
        (1.0, 10.0)
    } else {
        (x_lo, x_hi)
    };
    let (y_lo, y_hi) = if y_lo > y_hi {
        (0.1, 1.0)
    } else {
        (y_lo, y_hi)
    };
    let x = if f.log_x {
        (x_lo / 1.25, x_hi * 1.25)
    } else {
        padded(x_lo, x_hi, false)
    };
    let y = padded(y_lo, y_hi.min(1.0), f.log_y);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE)?;
        let root = root.titled(f.title, ("sans-serif", 20))?;
        let (plot, key) = root.split_horizontally(WIDTH - LEGEND_WIDTH);
        legend(&key, series, f.notes)?;
        match (f.log_x, f.log_y) {
            (true, true) => chart(
                &plot,
                f,
                series,
                log_axis(x.0, x.1),
                log_axis(y.0, y.1),
                tables,
            )?,
            (false, true) => chart(&plot, f, series, x.0..x.1, log_axis(y.0, y.1), tables)?,
            (true, false) => chart(&plot, f, series, log_axis(x.0, x.1), y.0..y.1, tables)?,
            (false, false) => chart(&plot, f, series, x.0..x.1, y.0..y.1, tables)?,
        }
        root.present()?;
    }
    Ok(svg)
}

/// A tick label: integers as integers, small numbers in scientific form,
/// so that no two ticks of a log axis print alike.
fn tick(v: f64) -> String {
    if v == 0.0 {
        "0".into()
    } else if v.abs() >= 1.0 && v.fract().abs() < 1e-9 {
        format!("{v:.0}")
    } else if v.abs() >= 0.01 {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{v:.0e}")
    }
}

fn chart<X, Y>(
    area: &DrawingArea<SVGBackend, Shift>,
    f: &Figure,
    series: &[Series],
    x: X,
    y: Y,
    tables: &DecayTables,
) -> DrawResult<()>
where
    X: plotters::coord::ranged1d::AsRangedCoord<Value = f64>,
    Y: plotters::coord::ranged1d::AsRangedCoord<Value = f64>,
    X::CoordDescType: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    Y::CoordDescType: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
{
    let mut chart = ChartBuilder::on(area)
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(x, y)?;
    chart
        .configure_mesh()
        .max_light_lines(1)
        .x_desc(f.x_desc)
        .y_desc(f.y_desc)
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| tick(*v))
        .draw()?;
    let (x_range, y_range) = (chart.x_range(), chart.y_range());
    let inside = |p: &(f64, f64)| {
        x_range.start <= p.0 && p.0 <= x_range.end && y_range.start <= p.1 && p.1 <= y_range.end
    };
    for s in series {
        let color = PALETTE[s.index % PALETTE.len()];
        let style = ShapeStyle::from(color).stroke_width(2);
        let pts: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, p.1)).collect();
        // The fitted law, thin, under the data.
        if let Some(law) = f.law {
            let table = if f.file == PLOT_FILES[0] {
                &tables.share
            } else {
                &tables.greedy
            };
            if let Some(fitted) = fit(law, &fit_points(table, &s.labels[0], s.odd)) {
                let (lo, hi) = (pts[0].0, pts[pts.len() - 1].0);
                let curve: Vec<(f64, f64)> = (0..=100)
                    .map(|i| lo * (hi / lo).powf(f64::from(i) / 100.0))
                    .map(|n| (n, fitted.at(n)))
                    .filter(inside)
                    .collect();
                chart.draw_series(LineSeries::new(curve, color.mix(0.5).stroke_width(1)))?;
            }
        } else if s.odd {
            chart.draw_series(LineSeries::new(pts.clone(), style))?;
        } else {
            chart.draw_series(DashedLineSeries::new(pts.clone(), 7, 4, style))?;
        }
        if f.law.is_some() && !s.odd {
            chart.draw_series(DashedLineSeries::new(
                pts.clone(),
                3,
                5,
                ShapeStyle::from(color.mix(0.6)),
            ))?;
        }
        let bar = ShapeStyle::from(color.mix(0.6)).stroke_width(1);
        chart.draw_series(s.points.iter().map(|&(n, v, (lo, hi))| {
            let lo = lo.max(y_range.start);
            ErrorBar::new_vertical(n, lo, v, hi.min(y_range.end), bar, 6)
        }))?;
        for &p in &pts {
            chart
                .plotting_area()
                .draw(&marker(s.index, s.odd, p, color))?;
        }
    }
    Ok(())
}

fn legend(
    area: &DrawingArea<SVGBackend, Shift>,
    series: &[Series],
    notes: &[&str],
) -> DrawResult<()> {
    let font = ("sans-serif", 13).into_font();
    let mut y = 60;
    for s in series {
        let color = PALETTE[s.index % PALETTE.len()];
        let style = ShapeStyle::from(color).stroke_width(2);
        if s.odd {
            area.draw(&PathElement::new(vec![(8, y), (38, y)], style))?;
        } else {
            area.draw(&DashedPathElement::new(vec![(8, y), (38, y)], 7, 4, style))?;
        }
        area.draw(&marker(s.index, s.odd, (23, y), color))?;
        area.draw(&Text::new(s.label(), (46, y - 8), font.clone()))?;
        y += 22;
    }
    y += 16;
    for note in notes {
        area.draw(&Text::new(note.to_string(), (8, y - 8), font.clone()))?;
        y += 20;
    }
    Ok(())
}
