//! A report from a template file: Markdown with placeholders filled from
//! the run's CSV tables, so the prose lives in the template and every
//! figure in it is read from a table.
//!
//! Placeholders: `{{title}}`, `{{name}}`, `{{table NAME}}` (a CSV table as
//! a Markdown table: NAME is a table of the study, NAME-witnesses,
//! `sources` or `checks`), `{{cell NAME GROUP COLUMN}}` (one cell: the
//! first row whose group, or n, is GROUP), `{{failures}}`.

use super::spec::Query;
use crate::study::table::CsvTable;
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
        out.push_str(&fill(after[..end].trim(), query, tables, failures)?);
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

fn find<'a>(tables: &'a [(String, CsvTable)], name: &str) -> Result<&'a CsvTable> {
    tables
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, t)| t)
        .ok_or_else(|| {
            Error::usage(format!(
                "the template names a table {} the study does not make",
                quote(name)
            ))
        })
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
        ["name"] => Ok(query.name.clone()),
        ["failures"] if failures.is_empty() => Ok("none".to_string()),
        ["failures"] => Ok(failures.iter().map(|f| format!("- {f}\n")).collect()),
        ["table", name] => Ok(markdown(find(tables, name)?)),
        ["cell", name, group, column] => {
            let table = find(tables, name)?;
            let col = |c: &str| table.header.iter().position(|h| h == c);
            let at = col(column).ok_or_else(|| {
                Error::usage(format!("table {name} has no column {}", quote(column)))
            })?;
            let key = col("group").or_else(|| col("n")).unwrap_or(0);
            table
                .rows
                .iter()
                .find(|r| r[key] == *group)
                .map(|r| r[at].clone())
                .ok_or_else(|| Error::usage(format!("table {name} has no row {}", quote(group))))
        }
        _ => Err(Error::usage(format!(
            "unknown placeholder {}",
            quote(&format!("{{{{{placeholder}}}}}"))
        ))),
    }
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
                ["table", name] | ["cell", name, ..] => Some(*name),
                _ => None,
            }
        })
        .collect()
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
