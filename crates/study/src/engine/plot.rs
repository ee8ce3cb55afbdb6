//! `[[plot]]`: an SVG line plot drawn from a study's CSV tables, rendered
//! next to them (NAME.svg). Each panel reads one table; a point is a row
//! (its x and y columns), a series is the rows sharing the series column
//! and, with `parity`, the parity of x (odd n solid, even n dashed).
//! Series identical to an earlier one of the same parity are drawn once
//! and the legend names every series a line stands for.

use crate::table::{find, CsvTable};
use crate::{PlotProblem, StudyError};
use coinline_core::error::{quote, Error, Result};
use serde::Deserialize;

// A child module in a file beside this one (no folder for one file).
#[cfg(feature = "plots")]
#[path = "plot_draw.rs"]
mod draw;

/// One panel: a table drawn on its own axes (`[[plot.panel]]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Panel {
    /// The table (a study table, `NAME-witnesses`, `sources` or `checks`).
    pub table: String,
    /// The caption above the panel.
    #[serde(default)]
    pub caption: String,
    /// A logarithmic x axis.
    #[serde(default)]
    pub log_x: bool,
    /// Whether to draw the `low`..`high` error bars (by default, if the
    /// plot has them).
    pub intervals: Option<bool>,
    /// Only the rows whose cell in this column is one of `is`.
    #[serde(rename = "where")]
    pub column: Option<String>,
    /// See `column`.
    #[serde(default)]
    pub is: Vec<String>,
}

/// A plot of the study (`[[plot]]`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plot {
    /// The file is NAME.svg.
    pub name: String,
    /// The title over the panels (by default the name).
    pub title: Option<String>,
    /// The x column (`group` by default: n in a table grouped by n).
    #[serde(default = "group")]
    pub x: String,
    /// The y column.
    pub y: String,
    /// The columns of an interval around y (error bars), if any: both or
    /// neither.
    pub low: Option<String>,
    /// See `low`.
    pub high: Option<String>,
    /// The column whose value names a row's series, if any.
    pub series: Option<String>,
    /// Odd and even x as separate series.
    #[serde(default)]
    pub parity: bool,
    /// Axis labels (by default the columns' names).
    pub x_label: Option<String>,
    /// See `x_label`.
    pub y_label: Option<String>,
    /// A plot of one panel may name its table, caption and log_x here.
    table: Option<String>,
    #[serde(default)]
    caption: String,
    #[serde(default)]
    log_x: bool,
    /// Left to right.
    #[serde(default, rename = "panel")]
    pub panels: Vec<Panel>,
}

fn group() -> String {
    "group".into()
}

impl Plot {
    /// The plot if valid, with the panel named at its top first;
    /// `tables` are the names a panel may read.
    pub(crate) fn checked(mut self, tables: &[String]) -> Result<Plot> {
        let plot = self.name.clone();
        let bad = |why| Err(StudyError::Plot { plot, why }.into());
        super::quantity::check_name("plot", &self.name)?;
        if let Some(table) = self.table.take() {
            let first = Panel {
                table,
                caption: std::mem::take(&mut self.caption),
                log_x: self.log_x,
                ..Panel::default()
            };
            self.panels.insert(0, first);
        }
        if self.panels.is_empty() {
            return bad(PlotProblem::NoPanel);
        }
        if let Some(t) = self.panels.iter().find(|t| !tables.contains(&t.table)) {
            let table = t.table.clone();
            return bad(PlotProblem::NoTable { table });
        }
        if self.low.is_some() != self.high.is_some() {
            return bad(PlotProblem::LowWithoutHigh);
        }
        Ok(self)
    }
}

/// One point: x, y and the interval around y.
pub(crate) type Point = (f64, f64, Option<(f64, f64)>);

/// One line of a panel.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Series {
    /// The series column's value (or the y column's name).
    pub label: String,
    /// The label's place among every panel's labels: its color and marker.
    pub index: usize,
    /// Odd x (or no parity split): solid; even: dashed.
    pub odd: bool,
    pub points: Vec<Point>,
    /// Series identical to this one at this parity, not drawn again.
    pub also: Vec<String>,
}

/// Each panel's series, in order of first appearance; `labels` collects
/// every label, so a label keeps its color across panels.
pub(crate) fn series(
    plot: &Plot,
    tables: &[(String, CsvTable)],
    labels: &mut Vec<String>,
) -> Result<Vec<Vec<Series>>> {
    let mut panels = Vec::new();
    for panel in &plot.panels {
        let within = |e: Error| e.within(format!("plot {}", quote(&plot.name)));
        let table = find(tables, &panel.table).map_err(within)?;
        let columns = [&plot.series, &panel.column].map(Option::as_ref);
        for column in ([&plot.x, &plot.y].into_iter()).chain(columns.into_iter().flatten()) {
            table.col(column, &panel.table).map_err(within)?;
        }
        let mut out: Vec<Series> = Vec::new();
        for r in table.records() {
            let (Some(x), Some(y)) = (r.num::<f64>(&plot.x), r.num::<f64>(&plot.y)) else {
                continue;
            };
            if (panel.column.as_ref()).is_some_and(|c| !panel.is.iter().any(|v| v == r.get(c))) {
                continue;
            }
            let label = (plot.series.as_ref()).map_or(plot.y.clone(), |c| r.get(c).to_string());
            let odd = !plot.parity || (x.rem_euclid(2.0) - 1.0).abs() < 1e-9;
            let interval = match (&plot.low, &plot.high, panel.intervals) {
                (Some(lo), Some(hi), None | Some(true)) => r.num::<f64>(lo).zip(r.num(hi)),
                _ => None,
            };
            let index = labels.iter().position(|l| *l == label).unwrap_or_else(|| {
                labels.push(label.clone());
                labels.len() - 1
            });
            match out.iter_mut().find(|s| s.label == label && s.odd == odd) {
                Some(s) => s.points.push((x, y, interval)),
                None => out.push(Series {
                    label,
                    index,
                    odd,
                    points: vec![(x, y, interval)],
                    also: Vec::new(),
                }),
            }
        }
        panels.push(merge_identical(out));
    }
    Ok(panels)
}

/// Series identical to an earlier one of the same parity (shifted
/// alphabets give the same greedy curve; every even-n loss curve is 0) are
/// not drawn again: the earlier series lists them in `also`.
fn merge_identical(series: Vec<Series>) -> Vec<Series> {
    let mut out: Vec<Series> = Vec::new();
    for s in series {
        match (out.iter_mut()).find(|m| m.odd == s.odd && m.points == s.points) {
            Some(m) => m.also.push(s.label),
            None => out.push(s),
        }
    }
    out
}

/// The SVG text of `plot`, drawn from `tables` (`None` in a build without
/// the plots feature).
pub fn render(plot: &Plot, tables: &[(String, CsvTable)]) -> Result<Option<String>> {
    let mut labels = Vec::new();
    let panels = series(plot, tables, &mut labels)?;
    #[cfg(feature = "plots")]
    {
        draw::draw(plot, &panels, &labels).map(Some).map_err(|e| {
            let (plot, error) = (plot.name.clone(), std::sync::Arc::from(e));
            StudyError::Draw { plot, error }.into()
        })
    }
    #[cfg(not(feature = "plots"))]
    {
        let _ = (panels, labels);
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plot(text: &str) -> Result<Plot> {
        let plot: Plot = toml::from_str(text).unwrap();
        plot.checked(&["t".to_string()])
    }

    #[test]
    fn series_split_by_column_and_parity_and_coincide_once() {
        let p = plot("name = \"p\"\ntable = \"t\"\ny = \"r\"\nseries = \"s\"\nparity = true\n")
            .unwrap();
        let csv = "s,group,r\na,1,0.5\na,2,0\na,3,0.25\nb,1,0.4\nb,2,0\nb,3,0.2\n";
        let tables = vec![("t".to_string(), CsvTable::from_csv(csv, "t").unwrap())];
        let mut labels = Vec::new();
        let panels = series(&p, &tables, &mut labels).unwrap();
        assert_eq!(labels, ["a", "b"]);
        let drawn: Vec<(&str, bool, usize, &[String])> = (panels[0].iter())
            .map(|s| (s.label.as_str(), s.odd, s.points.len(), s.also.as_slice()))
            .collect();
        // b's even series is a's: drawn once.
        assert_eq!(drawn.len(), 3, "{drawn:?}");
        assert_eq!(drawn[1], ("a", false, 1, &["b".to_string()][..]));
        #[cfg(feature = "plots")]
        assert!(render(&p, &tables).unwrap().unwrap().starts_with("<svg"));
        let why = |text: &str| match plot(text).unwrap_err().layer::<StudyError>() {
            Some(StudyError::Plot { why, .. }) => why.clone(),
            other => panic!("{other:?}"),
        };
        let unknown = PlotProblem::NoTable { table: "u".into() };
        assert_eq!(why("name = \"p\"\ntable = \"u\"\ny = \"r\"\n"), unknown);
        let low = "name = \"p\"\ntable = \"t\"\ny = \"r\"\nlow = \"l\"\n";
        assert_eq!(why(low), PlotProblem::LowWithoutHigh);
        let missing = plot("name = \"p\"\ntable = \"t\"\ny = \"nope\"\n").unwrap();
        let err = render(&missing, &tables).unwrap_err();
        assert!(
            matches!(err.layer::<StudyError>(), Some(StudyError::NoColumn { column, .. }) if column == "nope"),
            "{err}"
        );
    }
}
