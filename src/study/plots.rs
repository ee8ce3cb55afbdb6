//! SVG plots of the study, drawn with plotters (SVG backend only, no font
//! library: text is written as SVG `<text>` and its size estimated).
//!
//! Each figure has two panels: exhaustive enumeration (every board, linear
//! n) and random boards (log n, with 95% Wilson intervals). Odd and even n
//! are separate series: solid lines with filled dots for odd n, dashed
//! lines with hollow dots for even n. Everything is read from the tables.

use super::table::CsvTable;
use super::Tables;
use crate::error::{Error, Result};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// The plot files, by name.
pub const PLOT_FILES: [&str; 2] = ["loss-rate.svg", "greedy-optimal-rate.svg"];

const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(23, 190, 207),
    RGBColor(127, 127, 127),
];

const WIDTH: u32 = 1200;
const LEGEND_WIDTH: u32 = 150;
const HEIGHT: u32 = 480;
const LEFT_WIDTH: u32 = 430;

/// One point: n, the rate and its 95% interval (random boards only).
type Point = (f64, f64, Option<(f64, f64)>);

/// One line of a panel: a value source at one parity of n.
struct Series {
    label: String,
    color: RGBColor,
    odd: bool,
    points: Vec<Point>,
}

/// What a figure shows.
struct Figure {
    file: &'static str,
    title: &'static str,
    y_desc: &'static str,
    rate: &'static str,
    low: &'static str,
    high: &'static str,
}

/// Renders every plot from the tables.
pub fn render(tables: &Tables) -> Result<Vec<(&'static str, String)>> {
    let figures = [
        Figure {
            file: PLOT_FILES[0],
            title: "First player loses under optimal play (coins)",
            y_desc: "share of boards lost",
            rate: "loss_rate",
            low: "loss_rate_low",
            high: "loss_rate_high",
        },
        Figure {
            file: PLOT_FILES[1],
            title: "Greedy (larger end) is optimal against a best response (coins)",
            y_desc: "share of boards where greedy is optimal",
            rate: "greedy_optimal_rate",
            low: "greedy_optimal_rate_low",
            high: "greedy_optimal_rate_high",
        },
    ];
    let mut colors: Vec<String> = Vec::new();
    figures
        .iter()
        .map(|f| {
            let exact = series(&tables.exact, "alphabet", f, &mut colors);
            let sampled = series(&tables.sampled, "values", f, &mut colors);
            let svg = draw(f, &exact, &sampled, &colors)
                .map_err(|e| Error::invalid(format!("cannot draw {}: {e}", f.file)))?;
            Ok((f.file, svg))
        })
        .collect()
}

/// Groups rows by `source` (alphabet or distribution) and parity of n, in
/// order of first appearance; a source keeps its color across panels.
fn series(table: &CsvTable, source: &str, f: &Figure, colors: &mut Vec<String>) -> Vec<Series> {
    let mut out: Vec<Series> = Vec::new();
    for r in table.records() {
        let (Some(n), Some(rate)) = (r.num::<f64>("n"), r.num::<f64>(f.rate)) else {
            continue;
        };
        let name = r.get(source).to_string();
        let odd = r.get("parity") == "odd";
        let interval = r.num::<f64>(f.low).zip(r.num::<f64>(f.high));
        let color_index = colors.iter().position(|c| *c == name).unwrap_or_else(|| {
            colors.push(name.clone());
            colors.len() - 1
        });
        let i = match out.iter().position(|s| s.label == name && s.odd == odd) {
            Some(i) => i,
            None => {
                out.push(Series {
                    label: name,
                    color: PALETTE[color_index % PALETTE.len()],
                    odd,
                    points: Vec::new(),
                });
                out.len() - 1
            }
        };
        out[i].points.push((n, rate, interval));
    }
    out
}

type DrawResult<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn draw(
    f: &Figure,
    exact: &[Series],
    sampled: &[Series],
    sources: &[String],
) -> DrawResult<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE)?;
        let root = root.titled(f.title, ("sans-serif", 20))?;
        let (plots, key) = root.split_horizontally(WIDTH - LEGEND_WIDTH);
        let (left, right) = plots.split_horizontally(LEFT_WIDTH);
        legend(&key, sources)?;
        let all = exact.iter().chain(sampled);
        let top = all
            .flat_map(|s| s.points.iter())
            .map(|&(_, rate, ci)| ci.map_or(rate, |(_, hi)| hi))
            .fold(0.0f64, f64::max);
        let y_max = (top * 1.15).clamp(0.05, 1.0);
        let max_n = exact
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .fold(1.0f64, f64::max);
        panel(
            &left,
            "every board (exhaustive)",
            "n",
            f,
            exact,
            0.5..max_n + 0.5,
            y_max,
        )?;
        let (lo, hi) = sampled
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .fold((f64::MAX, 1.0f64), |(lo, hi), n| (lo.min(n), hi.max(n)));
        let lo = if lo == f64::MAX { 1.0 } else { lo };
        panel(
            &right,
            "random boards (95% Wilson intervals)",
            "n (log scale)",
            f,
            sampled,
            ((lo * 0.8)..(hi * 1.25)).log_scale(),
            y_max,
        )?;
        root.present()?;
    }
    Ok(svg)
}

/// One panel: axes, every series, error bars where the series has
/// intervals, and the legend. `x` is a linear or logarithmic range.
fn panel<X>(
    area: &DrawingArea<SVGBackend, Shift>,
    caption: &str,
    x_desc: &str,
    f: &Figure,
    series: &[Series],
    x: X,
    y_max: f64,
) -> DrawResult<()>
where
    X: AsRangedCoord<Value = f64>,
    X::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(x, 0.0..y_max)?;
    chart
        .configure_mesh()
        .max_light_lines(1)
        .x_desc(x_desc)
        .y_desc(f.y_desc)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.2}"))
        .draw()?;
    for s in series {
        plot_series(&mut chart, s)?;
        let style = ShapeStyle::from(s.color.mix(0.6)).stroke_width(1);
        chart.draw_series(s.points.iter().filter_map(|&(n, rate, ci)| {
            ci.map(|(lo, hi)| ErrorBar::new_vertical(n, lo, rate, hi, style, 6))
        }))?;
    }
    Ok(())
}

/// The shared legend: one color per alphabet or distribution, then the
/// line styles of odd and even n.
fn legend(area: &DrawingArea<SVGBackend, Shift>, sources: &[String]) -> DrawResult<()> {
    let font = ("sans-serif", 13).into_font();
    let mut y = 60;
    area.draw(&Text::new("values", (8, y - 8), font.clone()))?;
    for (i, name) in sources.iter().enumerate() {
        y += 22;
        let style = ShapeStyle::from(PALETTE[i % PALETTE.len()]).stroke_width(2);
        area.draw(&PathElement::new(vec![(8, y), (38, y)], style))?;
        area.draw(&Circle::new((23, y), 3, style.filled()))?;
        area.draw(&Text::new(name.clone(), (46, y - 8), font.clone()))?;
    }
    y += 40;
    let black = ShapeStyle::from(BLACK).stroke_width(2);
    area.draw(&PathElement::new(vec![(8, y), (38, y)], black))?;
    area.draw(&Circle::new((23, y), 3, black.filled()))?;
    area.draw(&Text::new("odd n", (46, y - 8), font.clone()))?;
    y += 22;
    area.draw(&DashedPathElement::new(vec![(8, y), (38, y)], 7, 4, black))?;
    area.draw(&Circle::new((23, y), 3, black))?;
    area.draw(&Text::new("even n", (46, y - 8), font))?;
    Ok(())
}

/// Draws one series (line and markers) on a chart whose x axis
/// is linear or logarithmic.
fn plot_series<'a, X>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, RangedCoordf64>>,
    s: &Series,
) -> DrawResult<()>
where
    X: Ranged<ValueType = f64>,
{
    let line = ShapeStyle::from(s.color).stroke_width(2);
    let points: Vec<(f64, f64)> = s.points.iter().map(|&(n, r, _)| (n, r)).collect();
    if s.odd {
        chart.draw_series(LineSeries::new(points.clone(), line))?;
    } else {
        chart.draw_series(DashedLineSeries::new(points.clone(), 7, 4, line))?;
    }
    let marker = if s.odd { line.filled() } else { line };
    chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, marker)))?;
    Ok(())
}
