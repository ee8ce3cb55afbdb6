//! A report from a template file: Markdown with placeholders filled from
//! the run's CSV tables, so the prose lives in the template and every
//! figure in it is read from a table. The placeholders (docs/study.md):
//! `{{title}}`, `{{name}}`, `{{game}}` (of a study of one rule set),
//! `{{failures}}`, `{{table NAME where COLUMN=VALUE columns A,B first K}}`
//! (a CSV table as Markdown, each option optional; after the first K rows,
//! how many more the CSV holds), `{{cell NAME GROUP COLUMN}}` (one cell: the
//! first row whose group, or n, is GROUP, or whose game, source and group
//! match GROUP's keys joined by `/`) and `{{when game A B ...}}...{{end}}`
//! (the text between only for the rule sets named).

use super::spec::Query;
use crate::table::{find, CsvTable};
use crate::TemplateProblem;
use coinline_core::error::Result;

/// The template filled in; an error names its line. `dry`: the check
/// before the run, on its tables without rows: every name must resolve,
/// and a cell is empty.
pub fn render(
    template: &str,
    query: &Query,
    tables: &[(String, CsvTable)],
    failures: &[String],
    dry: bool,
) -> Result<String> {
    let mut at = 0;
    let filled = fill(template, (query, tables, failures, dry), &mut at);
    filled.map_err(|e| e.within(format!("line {}", template[..at].matches('\n').count() + 1)))
}

/// [`render`]'s work; `at` is where the placeholder being filled starts.
fn fill(
    template: &str,
    (query, tables, failures, dry): (&Query, &[(String, CsvTable)], &[String], bool),
    at: &mut usize,
) -> Result<String> {
    let (mut out, mut rest, mut when) = (String::new(), template, false);
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        *at = template.len() - rest.len() + start;
        let (placeholder, after) =
            (rest[start + 2..].split_once("}}")).ok_or(TemplateProblem::Unclosed)?;
        rest = after;
        let words: Vec<&str> = placeholder.split_whitespace().collect();
        out.push_str(&match words.as_slice() {
            ["when", "game", names @ ..] if !names.is_empty() && !when => {
                let (_, after) =
                    (rest.split_once("{{end}}")).ok_or(TemplateProblem::WhenWithoutEnd)?;
                when = (query.games.iter()).any(|g| names.contains(&g.name().as_str()));
                rest = if when { rest } else { after };
                String::new()
            }
            ["end"] if when => (when = false, String::new()).1,
            ["title"] => query.title.clone(),
            ["game"] => query.games.first().map_or(String::new(), |g| g.to_string()),
            ["name"] => query.name.clone(),
            ["failures"] if failures.is_empty() => "none".to_string(),
            ["failures"] => failures.iter().map(|f| format!("- {f}\n")).collect(),
            ["table", name, options @ ..] => table_with(find(tables, name)?, name, options)?,
            ["cell", name, group, column] => {
                let table = find(tables, name)?;
                let at = table.col(column, name)?;
                // A row's keys: its game and source, then its group (or n).
                let last = table.column("group").or(table.column("n")).unwrap_or(0);
                let keys = ["game", "source"].map(|c| table.column(c));
                let keys: Vec<usize> = keys.into_iter().flatten().chain([last]).collect();
                let wanted: Vec<&str> = group.split('/').collect();
                let row = table.rows.iter().find(|r| {
                    wanted.iter().all(|w| keys.iter().any(|&k| r[k] == *w))
                        && (wanted.len() > 1 || r[last] == *group)
                });
                let (table, group) = (name.to_string(), group.to_string());
                let cell = row.map(|r| r[at].clone()).or(dry.then(String::new));
                cell.ok_or(TemplateProblem::NoRow { table, group })?
            }
            _ => {
                let placeholder = placeholder.trim().to_string();
                return Err(TemplateProblem::UnknownPlaceholder { placeholder }.into());
            }
        });
    }
    out.push_str(rest);
    Ok(out)
}

/// `{{table NAME where C=V columns A,B first K}}`: the options in any
/// order, each at most once; with `first K`, how many more rows the CSV
/// file holds after the first K.
fn table_with(table: &CsvTable, name: &str, options: &[&str]) -> Result<String> {
    let (mut shown, mut first) = (table.clone(), None);
    let bad = || TemplateProblem::TableOptions {
        table: name.to_string(),
        options: options.iter().map(|o| o.to_string()).collect(),
    };
    for pair in options.chunks(2) {
        match *pair {
            ["where", condition] => {
                let Some((column, value)) = condition.split_once('=') else {
                    let (table, condition) = (name.to_string(), condition.to_string());
                    return Err(TemplateProblem::Where { table, condition }.into());
                };
                let at = shown.col(column, name)?;
                shown.rows.retain(|r| r[at] == value);
            }
            ["columns", columns] => {
                let at =
                    (columns.split(',').map(|c| shown.col(c, name))).collect::<Result<Vec<_>>>()?;
                for row in std::iter::once(&mut shown.header).chain(&mut shown.rows) {
                    *row = at.iter().map(|&i| row[i].clone()).collect();
                }
            }
            ["first", k] => first = Some(k.parse::<usize>().map_err(|_| bad())?),
            _ => return Err(bad().into()),
        }
    }
    let all = shown.rows.len();
    shown.rows.truncate(first.unwrap_or(all));
    let mut out = markdown(&shown);
    if all > shown.rows.len() {
        let more = all - shown.rows.len();
        out.push_str(&format!("\n(and {more} more rows in {name}.csv)\n"));
    }
    Ok(out)
}

/// A CSV table as a Markdown table.
pub fn markdown(table: &CsvTable) -> String {
    let line = |cells: &Vec<String>| format!("| {} |\n", cells.join(" | "));
    let rule = vec!["---".to_string(); table.header.len()];
    let rows = [&table.header, &rule].into_iter().chain(&table.rows);
    rows.map(line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_table_shows_its_first_rows_and_counts_the_rest() {
        let table = CsvTable {
            header: vec!["n".into(), "board".into()],
            rows: (0..5).map(|i| vec![i.to_string(), "0 1".into()]).collect(),
        };
        let first = table_with(&table, "w", &["first", "2"]).unwrap();
        assert_eq!(
            first,
            "| n | board |\n| --- | --- |\n| 0 | 0 1 |\n| 1 | 0 1 |\n\n(and 3 more rows in w.csv)\n"
        );
        for k in ["5", "9"] {
            assert_eq!(
                table_with(&table, "w", &["first", k]).unwrap(),
                markdown(&table)
            );
        }
        let picked = table_with(&table, "w", &["where", "n=3", "columns", "board,n"]).unwrap();
        assert_eq!(picked, "| board | n |\n| --- | --- |\n| 0 1 | 3 |\n");
        assert!(table_with(&table, "w", &["columns", "x"]).is_err());
        assert!(table_with(&table, "w", &["first"]).is_err());
    }
}
