//! SVG plots of the study, drawn with plotters (SVG backend only, no font
//! library: text is written as SVG `<text>` and its size estimated).
//!
//! Each figure has two panels: exhaustive enumeration (every board, linear
//! n) and random boards (log n, with 95% Wilson intervals). Odd and even n
//! are separate series: solid lines with filled dots for odd n, dashed
//! lines with hollow dots for even n. Everything is read from the tables.

use super::table::CsvTable;
use super::Tables;
use coinline_core::error::{Error, Result};
use plotters::coord::combinators::{LogCoord, WithKeyPoints};
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

const WIDTH: u32 = 1270;
const LEGEND_WIDTH: u32 = 220;
const HEIGHT: u32 = 480;
const LEFT_WIDTH: u32 = 430;

/// One point: n, the rate and its 95% interval (random boards only).
type Point = (f64, f64, Option<(f64, f64)>);

/// One line of a panel: a value source at one parity of n.
struct Series {
    label: String,
    /// The index of the source (color and marker).
    index: usize,
    color: RGBColor,
    odd: bool,
    points: Vec<Point>,
    /// Sources whose series at this parity is identical to this one and is
    /// not drawn again.
    also: Vec<String>,
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
                .map_err(|e| Error::internal(format!("cannot draw {}: {e}", f.file)))?;
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
                    index: color_index,
                    color: PALETTE[color_index % PALETTE.len()],
                    odd,
                    points: Vec::new(),
                    also: Vec::new(),
                });
                out.len() - 1
            }
        };
        out[i].points.push((n, rate, interval));
    }
    merge_identical(out)
}

/// Series identical to an earlier one of the same parity (a distribution
/// and its shift give the same greedy curve; every even-n loss curve is 0)
/// are not drawn again: the earlier series lists them in `also`.
fn merge_identical(series: Vec<Series>) -> Vec<Series> {
    let mut out: Vec<Series> = Vec::new();
    for s in series {
        match out
            .iter_mut()
            .find(|m| m.odd == s.odd && m.points == s.points)
        {
            Some(m) => m.also.push(s.label),
            None => out.push(s),
        }
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
        legend(&key, sources, exact, sampled)?;
        let all = exact.iter().chain(sampled);
        let top = all
            .flat_map(|s| s.points.iter())
            .map(|&(_, rate, ci)| ci.map_or(rate, |(_, hi)| hi))
            .fold(0.0f64, f64::max);
        // Rates of 0 and 1 stay off the frame.
        let y_max = (top * 1.15).clamp(0.05, 1.0) * 1.04;
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
            0.4..max_n + 0.6,
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
            log_axis(lo * 0.75, hi * 1.35),
            y_max,
        )?;
        root.present()?;
    }
    Ok(svg)
}

/// A logarithmic axis over lo..hi with ticks at 1, 2 and 5 times powers of
/// 10 (only the powers of 10 over more than three decades) and light lines
/// at every multiple of a power of 10. Plotters' own log ticks repeat the
/// power of 10 at which a decade ends ("100" drawn twice).
pub fn log_axis(lo: f64, hi: f64) -> WithKeyPoints<LogCoord<f64>> {
    let (bold, light) = log_ticks(lo, hi);
    (lo..hi)
        .log_scale()
        .with_key_points(bold)
        .with_light_points(light)
}

/// The bold and light ticks of [`log_axis`], each value once.
pub fn log_ticks(lo: f64, hi: f64) -> (Vec<f64>, Vec<f64>) {
    let (mut bold, mut light) = (Vec::new(), Vec::new());
    if !(lo > 0.0 && hi > lo && hi.is_finite()) {
        return (bold, light);
    }
    let decades = (hi / lo).log10();
    let first = lo.log10().floor() as i32;
    let last = hi.log10().ceil() as i32;
    for e in first..=last {
        let p = 10f64.powi(e);
        for m in 1..10 {
            let v = p * f64::from(m);
            if v < lo || v > hi {
                continue;
            }
            if m == 1 || (decades <= 3.0 && (m == 2 || m == 5)) {
                bold.push(v);
            } else {
                light.push(v);
            }
        }
    }
    (bold, light)
}

/// An x tick label: a whole number as such, anything else with the
/// decimals it needs, so two ticks never print alike (a log axis can put
/// ticks at 99.5 and 100).
fn x_tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
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
        .build_cartesian_2d(x, -0.03 * y_max..y_max)?;
    chart
        .configure_mesh()
        .max_light_lines(1)
        .x_desc(x_desc)
        .y_desc(f.y_desc)
        .x_label_formatter(&|v| x_tick(*v))
        .y_label_formatter(&|v| {
            if *v < 0.0 {
                String::new()
            } else {
                format!("{v:.2}")
            }
        })
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

/// The shared legend: one color and marker per alphabet or distribution
/// (sources whose series coincide everywhere share an entry), the line
/// styles of odd and even n, then a note for each line that stands for
/// several sources in some panel only.
fn legend(
    area: &DrawingArea<SVGBackend, Shift>,
    sources: &[String],
    exact: &[Series],
    sampled: &[Series],
) -> DrawResult<()> {
    let font = ("sans-serif", 13).into_font();
    let all: Vec<&Series> = exact.iter().chain(sampled).collect();
    let drawn = |name: &String| all.iter().any(|s| s.label == *name);
    // A source never drawn stands with the source it always coincides with.
    let host = |name: &String| -> Option<String> {
        let hosts: Vec<&String> = all
            .iter()
            .filter(|s| s.also.contains(name))
            .map(|s| &s.label)
            .collect();
        (!hosts.is_empty() && hosts.iter().all(|h| *h == hosts[0])).then(|| hosts[0].clone())
    };
    let mut y = 60;
    area.draw(&Text::new("values", (8, y - 8), font.clone()))?;
    for (i, name) in sources.iter().enumerate() {
        if !drawn(name) {
            continue;
        }
        y += 22;
        let color = PALETTE[i % PALETTE.len()];
        let style = ShapeStyle::from(color).stroke_width(2);
        area.draw(&PathElement::new(vec![(8, y), (38, y)], style))?;
        area.draw(&marker(i, true, (23, y), color))?;
        let twins: Vec<&String> = sources
            .iter()
            .filter(|other| !drawn(other) && host(other).as_ref() == Some(name))
            .collect();
        let mut label = name.clone();
        for twin in twins {
            label += &format!(" = {twin}");
        }
        area.draw(&Text::new(label, (46, y - 8), font.clone()))?;
    }
    y += 40;
    let black = ShapeStyle::from(BLACK).stroke_width(2);
    area.draw(&PathElement::new(vec![(8, y), (38, y)], black))?;
    area.draw(&Circle::new((23, y), 3, black.filled()))?;
    area.draw(&Text::new("odd n", (46, y - 8), font.clone()))?;
    y += 22;
    area.draw(&DashedPathElement::new(vec![(8, y), (38, y)], 7, 4, black))?;
    area.draw(&Circle::new((23, y), 3, black))?;
    area.draw(&Text::new("even n", (46, y - 8), font.clone()))?;
    y += 18;
    // Lines that stand for several sources where those sources are drawn
    // elsewhere (e.g. every even-n loss curve is 0).
    let mut notes: Vec<String> = Vec::new();
    for (panel, series) in [("every board", exact), ("random", sampled)] {
        for s in series {
            let partial: Vec<&String> = s.also.iter().filter(|a| drawn(a)).collect();
            if partial.is_empty() {
                continue;
            }
            let names: Vec<&str> = std::iter::once(s.label.as_str())
                .chain(partial.iter().map(|a| a.as_str()))
                .collect();
            notes.push(format!(
                "{}, {} n: {} coincide (one line)",
                panel,
                if s.odd { "odd" } else { "even" },
                names.join(", ")
            ));
        }
    }
    for note in notes {
        for line in wrap(&note, 30) {
            y += 18;
            area.draw(&Text::new(line, (8, y - 8), font.clone()))?;
        }
        y += 6;
    }
    Ok(())
}

/// Splits text into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The marker of source `i` at `at`: circle, triangle, square or
/// diamond; filled for odd n, hollow for even n.
pub fn marker<'e, DB: DrawingBackend + 'e, Coord: Clone + 'e>(
    i: usize,
    odd: bool,
    at: Coord,
    color: RGBColor,
) -> DynElement<'e, DB, Coord> {
    let style = if odd {
        ShapeStyle::from(color).filled()
    } else {
        ShapeStyle::from(color).stroke_width(2)
    };
    match i % 4 {
        0 => (EmptyElement::at(at) + Circle::new((0, 0), 4, style)).into_dyn(),
        1 => (EmptyElement::at(at) + TriangleMarker::new((0, 0), 6, style)).into_dyn(),
        2 => (EmptyElement::at(at) + Rectangle::new([(-4, -4), (4, 4)], style)).into_dyn(),
        _ => (EmptyElement::at(at) + Polygon::new(vec![(0, -5), (5, 0), (0, 5), (-5, 0)], style))
            .into_dyn(),
    }
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
    for &p in &points {
        chart
            .plotting_area()
            .draw(&marker(s.index, s.odd, p, s.color))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_distinct_and_inside() {
        let (bold, light) = log_ticks(8.25, 1350.0);
        assert_eq!(bold, vec![10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]);
        let mut all: Vec<f64> = bold.iter().chain(&light).copied().collect();
        all.sort_by(f64::total_cmp);
        all.dedup();
        assert_eq!(all.len(), bold.len() + light.len(), "no tick twice");
        assert!(all.iter().all(|&v| (8.25..=1350.0).contains(&v)));
        let labels: Vec<String> = bold.iter().map(|&v| x_tick(v)).collect();
        assert_eq!(labels, ["10", "20", "50", "100", "200", "500", "1000"]);
        // Over many decades only the powers of 10 are labelled.
        let (bold, _) = log_ticks(1e-6, 1.0);
        assert_eq!(bold.len(), 7);
    }
}
