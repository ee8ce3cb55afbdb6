//! The drawing of a [`Plot`] with plotters (SVG backend only, no font
//! library: text is written as SVG `<text>`).

use super::{Plot, Series};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// Matplotlib's tab10 colors but pink and olive.
const PALETTE: [u32; 8] = [
    0x1f77b4, 0xd62728, 0x2ca02c, 0x9467bd, 0xff7f0e, 0x8c564b, 0x17becf, 0x7f7f7f,
];

const PANELS_WIDTH: u32 = 1050;
const LEGEND_WIDTH: u32 = 220;
const HEIGHT: u32 = 480;

type DrawResult<T> = std::result::Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// The color of series label `i`.
fn color(i: usize) -> RGBColor {
    let c = PALETTE[i % PALETTE.len()];
    RGBColor((c >> 16) as u8, (c >> 8) as u8, c as u8)
}

/// The y range: a share (every y in 0..1) keeps 0..1 and its ends off the
/// frame; anything else gets a tenth of its span either side.
fn y_range(panels: &[Vec<Series>]) -> (f64, f64) {
    let points = panels.iter().flatten().flat_map(|s| &s.points);
    let ys = points.flat_map(|&(_, y, ci)| ci.map_or([y; 3], |(lo, hi)| [y, lo, hi]));
    let (lo, hi) = ys.fold((0.0f64, 0.0f64), |(lo, hi), y| (lo.min(y), hi.max(y)));
    if lo >= 0.0 && hi <= 1.0 {
        let top = (hi * 1.15).clamp(0.05, 1.0) * 1.04;
        (-0.03 * top, top)
    } else {
        let pad = ((hi - lo) * 0.1).max(1e-9);
        (lo - pad, hi + pad)
    }
}

/// The SVG text of the plot.
pub(super) fn draw(plot: &Plot, panels: &[Vec<Series>], labels: &[String]) -> DrawResult<String> {
    let mut svg = String::new();
    {
        let size = (PANELS_WIDTH + LEGEND_WIDTH, HEIGHT);
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE)?;
        let title = plot.title.as_ref().unwrap_or(&plot.name);
        let root = root.titled(title, ("sans-serif", 20))?;
        let (area, key) = root.split_horizontally(PANELS_WIDTH);
        legend(&key, plot, labels, panels)?;
        let y = y_range(panels);
        let areas = area.split_evenly((1, panels.len().max(1)));
        for ((area, panel), spec) in areas.iter().zip(panels).zip(&plot.panels) {
            let xs = panel.iter().flat_map(|s| s.points.iter().map(|p| p.0));
            let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
            let (lo, hi) = if lo > hi { (1.0, 2.0) } else { (lo, hi) };
            if spec.log_x && lo > 0.0 {
                let (lo, hi) = (lo * 0.75, hi * 1.35);
                let (bold, light) = log_ticks(lo, hi);
                let axis = (lo..hi).log_scale().with_key_points(bold);
                let axis = axis.with_light_points(light);
                draw_panel(area, plot, &spec.caption, panel, axis, y)?;
            } else {
                let pad = ((hi - lo) * 0.05).max(0.6);
                draw_panel(area, plot, &spec.caption, panel, lo - pad..hi + pad, y)?;
            }
        }
        root.present()?;
    }
    Ok(svg)
}

/// The ticks of a logarithmic axis over lo..hi, each value once: bold at 1,
/// 2 and 5 times powers of 10 (only the powers of 10 over more than three
/// decades), light at every other multiple of a power of 10. Plotters' own
/// log ticks repeat the power of 10 at which a decade ends ("100" twice).
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
            let is_bold = m == 1 || (decades <= 3.0 && (m == 2 || m == 5));
            if (lo..=hi).contains(&v) {
                (if is_bold { &mut bold } else { &mut light }).push(v);
            }
        }
    }
    (bold, light)
}

/// A tick label: a whole number as such, anything else with the decimals
/// it needs, so two ticks never print alike.
fn tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// One panel: axes, every series, error bars where a series has
/// intervals. `x` is a linear or logarithmic range.
fn draw_panel<X>(
    area: &DrawingArea<SVGBackend, Shift>,
    plot: &Plot,
    caption: &str,
    series: &[Series],
    x: X,
    (y_lo, y_hi): (f64, f64),
) -> DrawResult<()>
where
    X: AsRangedCoord<Value = f64>,
    X::CoordDescType: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let share = y_lo < 0.0 && y_lo > -0.04;
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(x, y_lo..y_hi)?;
    chart
        .configure_mesh()
        .max_light_lines(1)
        .x_desc(plot.x_label.as_ref().unwrap_or(&plot.x))
        .y_desc(plot.y_label.as_ref().unwrap_or(&plot.y))
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| match (share, *v < 0.0) {
            (true, true) => String::new(),
            (true, false) => format!("{v:.2}"),
            _ => tick(*v),
        })
        .draw()?;
    for s in series {
        let c = color(s.index);
        let line = ShapeStyle::from(c).stroke_width(2);
        let points: Vec<(f64, f64)> = s.points.iter().map(|&(x, y, _)| (x, y)).collect();
        if s.odd {
            chart.draw_series(LineSeries::new(points.clone(), line))?;
        } else {
            chart.draw_series(DashedLineSeries::new(points.clone(), 7, 4, line))?;
        }
        for &p in &points {
            chart.plotting_area().draw(&marker(s.index, s.odd, p, c))?;
        }
        let style = ShapeStyle::from(c.mix(0.6)).stroke_width(1);
        chart.draw_series(s.points.iter().filter_map(|&(x, y, ci)| {
            ci.map(|(lo, hi)| ErrorBar::new_vertical(x, lo, y, hi, style, 6))
        }))?;
    }
    Ok(())
}

/// The legend: one color and marker per series label (labels whose series
/// coincide everywhere share an entry), the line styles of odd and even x,
/// then a note for each line that stands for several labels in some
/// panel only.
fn legend(
    area: &DrawingArea<SVGBackend, Shift>,
    plot: &Plot,
    labels: &[String],
    panels: &[Vec<Series>],
) -> DrawResult<()> {
    let font = ("sans-serif", 13).into_font();
    let all: Vec<&Series> = panels.iter().flatten().collect();
    let drawn = |name: &String| all.iter().any(|s| s.label == *name);
    // A label never drawn stands with the label it always coincides with.
    let stands_with = |other: &String, name: &String| {
        let mut hosts = (all.iter().filter(|s| s.also.contains(other))).map(|s| &s.label);
        !drawn(other) && hosts.next() == Some(name) && hosts.all(|h| h == name)
    };
    let mut y = 60;
    let heading = plot.series.clone().unwrap_or_default();
    area.draw(&Text::new(heading, (8, y - 8), font.clone()))?;
    for (i, name) in labels.iter().enumerate().filter(|(_, name)| drawn(name)) {
        y += 22;
        let style = ShapeStyle::from(color(i)).stroke_width(2);
        area.draw(&PathElement::new(vec![(8, y), (38, y)], style))?;
        area.draw(&marker(i, true, (23, y), color(i)))?;
        let twins = labels.iter().filter(|o| stands_with(o, name));
        let label = name.clone() + &twins.map(|t| format!(" = {t}")).collect::<String>();
        area.draw(&Text::new(label, (46, y - 8), font.clone()))?;
    }
    if plot.parity {
        y += 40;
        let black = ShapeStyle::from(BLACK).stroke_width(2);
        area.draw(&PathElement::new(vec![(8, y), (38, y)], black))?;
        area.draw(&Circle::new((23, y), 3, black.filled()))?;
        area.draw(&Text::new("odd n", (46, y - 8), font.clone()))?;
        y += 22;
        area.draw(&DashedPathElement::new(vec![(8, y), (38, y)], 7, 4, black))?;
        area.draw(&Circle::new((23, y), 3, black))?;
        area.draw(&Text::new("even n", (46, y - 8), font.clone()))?;
    }
    y += 18;
    for (series, spec) in panels.iter().zip(&plot.panels) {
        for s in series {
            let mut names = vec![s.label.as_str()];
            names.extend(s.also.iter().filter(|a| drawn(a)).map(String::as_str));
            if names.len() == 1 {
                continue;
            }
            let parity = if s.odd { ", odd n" } else { ", even n" };
            let parity = if plot.parity { parity } else { "" };
            let names = names.join(", ");
            let note = format!("{}{parity}: {names} coincide (one line)", spec.table);
            for line in wrap(&note, 30) {
                y += 18;
                area.draw(&Text::new(line, (8, y - 8), font.clone()))?;
            }
            y += 6;
        }
    }
    Ok(())
}

/// Splits text into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => *line += &format!(" {word}"),
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The marker of series `i` at `at`: circle, triangle, square or
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
        let labels: Vec<String> = bold.iter().map(|&v| tick(v)).collect();
        assert_eq!(labels, ["10", "20", "50", "100", "200", "500", "1000"]);
        let (bold, _) = log_ticks(1e-6, 1.0);
        assert_eq!(bold.len(), 7);
    }
}
