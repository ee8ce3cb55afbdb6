//! The TOML reader of coinline's files (problem files of `coinline-judge`,
//! study files of `coinline-study`): through `serde_path_to_error`, so an
//! error names the key path at fault (`source.seed`, also inside a table
//! tagged by its `kind`, where serde's own path stops at the table) and
//! the line of that key.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod error;
pub use error::SpecError;

/// Reads a TOML text as `T` through `serde_path_to_error`. An error names
/// the key path at fault and the line of that key where the file has it;
/// it prints as one line: `line L: KEY: what is wrong`.
pub fn read_toml<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, SpecError> {
    use serde_path_to_error::Segment;
    use toml::de::{DeTable, DeValue, ValueDeserializer};
    let say = |span: Option<std::ops::Range<usize>>, key: Option<String>, message: &str| {
        let message = (message.trim().replace('\n', "; ").chars())
            .flat_map(|c| match c.is_control() {
                true => c.escape_default().collect::<Vec<_>>(),
                false => vec![c],
            })
            .collect();
        let line = span.map(|s| 1 + text[..s.start.min(text.len())].matches('\n').count());
        SpecError { line, key, message }
    };
    let root = DeTable::parse(text).map_err(|e| say(e.span(), None, e.message()))?;
    let doc = toml::Spanned::new(root.span(), DeValue::Table(root.into_inner()));
    let read = |doc: &toml::Spanned<DeValue>| {
        serde_path_to_error::deserialize::<_, T>(ValueDeserializer::from(doc.clone()))
    };
    let error = match read(&doc) {
        Ok(file) => return Ok(file),
        Err(e) => e,
    };
    let mut path: Vec<Segment> = error.path().iter().cloned().collect();
    let message = error.inner().message().to_string();
    // The node at `path` and the span of the deepest key on the way.
    fn walk<'a, 'i>(
        mut node: &'a mut toml::Spanned<DeValue<'i>>,
        path: &[Segment],
    ) -> Option<&'a mut toml::Spanned<DeValue<'i>>> {
        for segment in path {
            node = match (node.get_mut(), segment) {
                (DeValue::Table(t), Segment::Map { key }) => t.get_mut(key.as_str())?,
                (DeValue::Array(a), Segment::Seq { index }) => a.get_mut(*index)?,
                _ => return None,
            };
        }
        Some(node)
    }
    // Inside a table tagged by `kind`, serde buffers the keys and its path
    // stops at the table: the key at fault is the first whose removal
    // changes the error (a missing key is the table's own fault).
    while !message.starts_with("missing field") {
        let mut probe = doc.clone();
        let Some(DeValue::Table(table)) = walk(&mut probe, &path).map(|n| n.get_ref()) else {
            break;
        };
        let keys: Vec<String> = table.keys().map(|k| k.get_ref().to_string()).collect();
        let culprit = keys.into_iter().filter(|k| k != "kind").find(|key| {
            let mut less = doc.clone();
            if let Some(DeValue::Table(t)) = walk(&mut less, &path).map(|n| n.get_mut()) {
                t.remove(key.as_str());
            }
            read(&less).err().map(|e| e.inner().message().to_string()) != Some(message.clone())
        });
        match culprit {
            Some(key) => path.push(Segment::Map { key }),
            None => break,
        }
    }
    let mut probe = doc.clone();
    let span = match path.is_empty() {
        true => None,
        false => (walk(&mut probe, &path).map(|n| n.span())).or(error.inner().span()),
    };
    let key: String = (path.iter().enumerate())
        .map(|(i, segment)| match segment {
            Segment::Map { key } if i > 0 => format!(".{key}"),
            Segment::Map { key } => key.clone(),
            Segment::Seq { index } => format!("[{index}]"),
            _ => String::new(),
        })
        .collect();
    Err(say(span, (!key.is_empty()).then_some(key), &message))
}

/// One table (`[source]`) or an array of them (`[[source]]`), as a list:
/// `deserialize_with` for a key that takes either. Not an untagged enum,
/// whose errors say only that neither form matched.
pub fn one_or_many<'de, D, T>(d: D) -> std::result::Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    use serde::de::{value, MapAccess, SeqAccess, Visitor};
    struct OneOrMany<T>(std::marker::PhantomData<T>);
    impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for OneOrMany<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a table or an array of tables")
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> std::result::Result<Vec<T>, A::Error> {
            T::deserialize(value::MapAccessDeserializer::new(map)).map(|t| vec![t])
        }
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> std::result::Result<Vec<T>, A::Error> {
            serde::Deserialize::deserialize(value::SeqAccessDeserializer::new(seq))
        }
    }
    d.deserialize_any(OneOrMany(std::marker::PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::collections::BTreeMap;

    /// Why tagged tables' kinds are struct variants: with the serde of
    /// Cargo.lock, `deny_unknown_fields` on an internally tagged enum
    /// refuses a struct variant's unknown key but lets a unit variant's
    /// through (serde issues 2123 and 2294).
    #[test]
    fn deny_unknown_fields_bites_in_tagged_struct_variants_only() {
        #[derive(Debug, PartialEq, Deserialize)]
        #[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
        enum Tagged {
            Unit,
            Fields { a: Option<u8> },
        }
        let read = |text: &str| read_toml::<BTreeMap<String, Tagged>>(text);
        let unit = read("[t]\nkind = \"unit\"\nseed = 7\n").unwrap();
        assert_eq!(unit["t"], Tagged::Unit);
        let fields = read("[t]\nkind = \"fields\"\na = 1\n").unwrap();
        assert_eq!(fields["t"], Tagged::Fields { a: Some(1) });
        let err = read("[t]\nkind = \"fields\"\na = 1\nseed = 7\n").unwrap_err();
        assert_eq!((err.line, err.key.as_deref()), (Some(4), Some("t.seed")));
        assert_eq!(
            err.to_string(),
            "line 4: t.seed: unknown field `seed`, expected `a`"
        );
    }

    /// The reader's messages: the key path through arrays and tagged
    /// tables, a value of the wrong type inside a tagged table, a missing
    /// key (the table's fault), syntax, and control characters escaped.
    #[test]
    fn toml_errors_name_the_key_path_and_its_line() {
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Doc {
            #[allow(dead_code)]
            t: Vec<BTreeMap<String, Tagged>>,
        }
        #[derive(Debug, Deserialize)]
        #[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
        enum Tagged {
            Fields {
                #[allow(dead_code)]
                a: u8,
                #[allow(dead_code)]
                inner: Option<Inner>,
            },
        }
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Inner {
            #[allow(dead_code)]
            b: Option<u8>,
        }
        let cases = [
            (
                "[[t]]\n[[t]]\n[t.x]\nkind = \"fields\"\na = \"1\"\n",
                "line 5: t[1].x.a: invalid type: string \"1\", expected u8",
            ),
            (
                "[[t]]\n[t.x]\nkind = \"fields\"\na = 1\n[t.x.inner]\nc = 2\n",
                "line 6: t[0].x.inner.c: unknown field `c`, expected `b`",
            ),
            (
                "[[t]]\n[t.x]\nkind = \"fields\"\n",
                "line 2: t[0].x: missing field `a`",
            ),
            (
                "[[t]]\n[t.x]\nkind = \"field\\u001b[2J\"\n",
                "line 3: t[0].x.kind: unknown variant `field\\u{1b}[2J`, expected `fields`",
            ),
            ("u = 1\n", "line 1: u: unknown field `u`, expected `t`"),
            ("", "missing field `t`"),
            ("t = [\n", "line 1: unclosed array"),
        ];
        for (text, wanted) in cases {
            let message = read_toml::<Doc>(text).unwrap_err().to_string();
            assert!(message.starts_with(wanted), "{text:?}: {message}");
            assert!(!message.contains('\n'), "{text:?}: {message}");
        }
    }
}
