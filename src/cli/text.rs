//! The words and numbers of messages: counts with their nouns, rates with
//! thousands separators, paths as messages name them.

/// A path as messages name it: `-` is standard input.
pub fn shown(path: &std::path::Path) -> String {
    match path.as_os_str() == "-" {
        true => "standard input".into(),
        false => path.display().to_string(),
    }
}

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

/// A duration as people say it: `8 ms`, `40 s`, `3 minutes`, `5 hours`.
pub fn about_seconds(seconds: f64) -> String {
    match seconds {
        s if s < 1.0 => format!("{:.0} ms", (s * 1e3).max(1.0)),
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7_200.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.0} hours", s / 3_600.0),
        s if s < 6.3e7 => format!("{:.0} days", s / 86_400.0),
        s if s < 3.2e16 => format!("{} years", thousands(s / 3.156e7)),
        s => format!("{:.0e} years", s / 3.156e7),
    }
}

/// Bytes as people say them: `800 bytes`, `12 MB`, `1.9 GB` (powers of 1,000).
pub fn about_bytes(bytes: f64) -> String {
    let units = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")];
    match units.iter().find(|(size, _)| bytes >= *size) {
        Some((size, unit)) if bytes < size * 10.0 => format!("{:.1} {unit}", bytes / size),
        Some((size, unit)) => format!("{} {unit}", thousands(bytes / size)),
        None => format!("{bytes:.0} bytes"),
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
    fn durations_read_as_people_say_them() {
        assert_eq!(about_seconds(0.0001), "1 ms");
        assert_eq!(about_seconds(0.25), "250 ms");
        assert_eq!(about_seconds(40.0), "40 s");
        assert_eq!(about_seconds(180.0), "3 minutes");
        assert_eq!(about_seconds(5.0 * 3600.0), "5 hours");
        assert_eq!(about_seconds(3.0 * 86_400.0), "3 days");
        // Past two years, years: never "about longer than a century".
        assert_eq!(about_seconds(1e12), "31,686 years");
        assert_eq!(about_seconds(1e30), "3e22 years");
        assert_eq!(about_bytes(800.0), "800 bytes");
        assert_eq!(about_bytes(1.9e9), "1.9 GB");
        assert_eq!(about_bytes(2.5e8), "250 MB");
    }
}
