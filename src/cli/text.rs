//! The words and numbers of messages: counts with their nouns, rates with
//! thousands separators.

/// A rate as a whole number with thousands separators: `46,010`.
pub fn thousands(rate: f64) -> String {
    let digits = format!("{:.0}", rate.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `count` and `noun`, with an `s` unless the count is 1.
pub fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_have_no_decimals() {
        assert_eq!(thousands(46_010.552_4), "46,011");
        assert_eq!(thousands(999.4), "999");
        assert_eq!(thousands(1_234_567.0), "1,234,567");
    }

    #[test]
    fn counts_take_the_plural_unless_one() {
        assert_eq!(plural(1, "shard"), "1 shard");
        assert_eq!(plural(0, "shard"), "0 shards");
        assert_eq!(plural(3, "other value"), "3 other values");
    }
}
