//! A report from a template file: Markdown with placeholders filled from
//! the run's CSV tables, so the prose lives in the template and every
//! figure in it is read from a table.
//!
//! Placeholders: `{{title}}`, `{{name}}`, `{{table NAME}}` (a CSV table as
//! a Markdown table: NAME is a table of the study, NAME-witnesses,
//! NAME-certificates,
//! `sources` or `checks`), `{{table NAME first K}}` (its first K rows, then
//! how many more the CSV file holds), `{{cell NAME GROUP COLUMN}}` (one
//! cell: the first row whose group, or n, is GROUP; GROUP may be several
//! keys joined by `/`, each matching one of the row's game, source and
//! group), `{{table NAME where COLUMN=VALUE columns A,B first K}}` (any
//! of the options: the rows with that value, those columns, the first K),
//! `{{failures}}`, `{{game}}` (the rule set, of a study of one) and
//! `{{when game A B ...}}...{{end}}` (the text between, only for the rule
//! sets named: a rule set's own notes in a per-game report).

use super::spec::Query;
use crate::study::table::{find, CsvTable};
use coinline_core::error::{quote, Error, Result};

/// The template filled in.
pub fn render(
    template: &str,
    query: &Query,
    tables: &[(String, CsvTable)],
    failures: &[String],
) -> Result<String> {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find("}}")
            .ok_or_else(|| Error::usage("the template has a {{ without its }}"))?;
        let inside = after[..end].trim();
        rest = &after[end + 2..];
        if let Some(names) = inside.strip_prefix("when game ") {
            let close = rest
                .find("{{end}}")
                .ok_or_else(|| Error::usage("the template has a {{when}} without its {{end}}"))?;
            let wanted: Vec<&str> = names.split_whitespace().collect();
            if query
                .games
                .iter()
                .any(|g| wanted.contains(&g.name().as_str()))
            {
                out.push_str(&render(&rest[..close], query, tables, failures)?);
            }
            rest = &rest[close + "{{end}}".len()..];
            continue;
        }
        out.push_str(&fill(inside, query, tables, failures)?);
    }
    out.push_str(rest);
    Ok(out)
}

fn fill(
    placeholder: &str,
    query: &Query,
    tables: &[(String, CsvTable)],
    failures: &[String],
) -> Result<String> {
    let words: Vec<&str> = placeholder.split_whitespace().collect();
    match words.as_slice() {
        ["title"] => Ok(query.title.clone()),
        ["game"] => Ok(query.games.first().map_or(String::new(), |g| g.to_string())),
        ["name"] => Ok(query.name.clone()),
        ["failures"] if failures.is_empty() => Ok("none".to_string()),
        ["failures"] => Ok(failures.iter().map(|f| format!("- {f}\n")).collect()),
        ["table", name, options @ ..] => table_with(find(tables, name)?, name, options),
        ["cell", name, group, column] => {
            let table = find(tables, name)?;
            let col = |c: &str| table.header.iter().position(|h| h == c);
            let at = table.col(column, name)?;
            let keys: Vec<usize> = ["game", "source", "group"]
                .iter()
                .filter_map(|c| col(c))
                .chain(col("group").is_none().then(|| col("n").unwrap_or(0)))
                .collect();
            let wanted: Vec<&str> = group.split('/').collect();
            let matches = |r: &Vec<String>| {
                wanted.iter().all(|w| keys.iter().any(|&k| r[k] == *w))
                    && (wanted.len() > 1 || keys.last().is_some_and(|&k| r[k] == *group))
            };
            let row = table.rows.iter().find(|r| matches(r));
            row.map(|r| r[at].clone())
                .ok_or_else(|| Error::usage(format!("table {name} has no row {}", quote(group))))
        }
        _ => Err(Error::usage(format!(
            "unknown placeholder {}",
            quote(&format!("{{{{{placeholder}}}}}"))
        ))),
    }
}

/// `{{table NAME where C=V columns A,B first K}}`: the options in any
/// order, each at most once.
fn table_with(table: &CsvTable, name: &str, options: &[&str]) -> Result<String> {
    let mut shown = table.clone();
    let mut first = None;
    let bad = || {
        Error::usage(format!(
            "{{{{table {name} {}}}}}: expected where COLUMN=VALUE, columns A,B,... or first K",
            options.join(" ")
        ))
    };
    if options.len() % 2 != 0 {
        return Err(bad());
    }
    for pair in options.chunks(2) {
        match pair[0] {
            "where" => {
                let (column, value) = pair[1].split_once('=').ok_or_else(|| {
                    Error::usage(format!(
                        "{{{{table {name} where {}}}}}: expected COLUMN=VALUE",
                        pair[1]
                    ))
                })?;
                let at = shown.col(column, name)?;
                shown.rows.retain(|r| r[at] == value);
            }
            "columns" => {
                let at = (pair[1].split(','))
                    .map(|c| shown.col(c, name))
                    .collect::<Result<Vec<usize>>>()?;
                let pick = |row: &Vec<String>| at.iter().map(|&i| row[i].clone()).collect();
                let rows = shown.rows.iter().map(pick).collect();
                shown = CsvTable {
                    header: pick(&shown.header),
                    rows,
                };
            }
            "first" => first = Some(pair[1].parse::<usize>().map_err(|_| bad())?),
            _ => return Err(bad()),
        }
    }
    Ok(match first {
        Some(k) => markdown_first(&shown, name, k),
        None => markdown(&shown),
    })
}

/// The tables a template names (in `{{table X}}` and `{{cell X ...}}`).
pub fn named_tables(template: &str) -> Vec<&str> {
    template
        .split("{{")
        .skip(1)
        .filter_map(|rest| rest.split("}}").next())
        .filter_map(|inside| {
            let words: Vec<&str> = inside.split_whitespace().collect();
            match words.as_slice() {
                ["table", name, ..] | ["cell", name, ..] => Some(*name),
                _ => None,
            }
        })
        .collect()
}

/// The first `k` rows of the table `name` as a Markdown table, then how
/// many more its CSV file holds.
fn markdown_first(table: &CsvTable, name: &str, k: usize) -> String {
    let mut shown = table.clone();
    shown.rows.truncate(k);
    let mut out = markdown(&shown);
    if table.rows.len() > k {
        let more = table.rows.len() - k;
        out.push_str(&format!("\n(and {more} more rows in {name}.csv)\n"));
    }
    out
}

/// A CSV table as a Markdown table.
pub fn markdown(table: &CsvTable) -> String {
    let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
    let mut out = line(&table.header);
    out.push_str(&line(&vec!["---".to_string(); table.header.len()]));
    for row in &table.rows {
        out.push_str(&line(row));
    }
    out
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
        let first = markdown_first(&table, "w", 2);
        assert_eq!(
            first,
            "| n | board |\n| --- | --- |\n| 0 | 0 1 |\n| 1 | 0 1 |\n\n(and 3 more rows in w.csv)\n"
        );
        assert_eq!(markdown_first(&table, "w", 5), markdown(&table));
        assert_eq!(markdown_first(&table, "w", 9), markdown(&table));
        assert_eq!(
            named_tables("{{table w first 2}} {{cell t all min}}"),
            ["w", "t"]
        );
        let picked = table_with(&table, "w", &["where", "n=3", "columns", "board,n"]).unwrap();
        assert_eq!(picked, "| board | n |\n| --- | --- |\n| 0 1 | 3 |\n");
        assert!(table_with(&table, "w", &["columns", "x"]).is_err());
        assert!(table_with(&table, "w", &["first"]).is_err());
    }
}
