//! `[source.sample]`: how many boards a random source takes per length.

use serde::Deserialize;

/// `[source.sample]`: a random source's boards per length beyond `boards`:
/// with `work`, at most `work / n^cost` boards (within `boards..=most`);
/// with `until` too, batches (`boards`, then doubling) until the rate
/// table `until` holds `hits` times at that length or the cap is used, and
/// the source stops after a length that used its cap with fewer than
/// `floor` hits. Such a source is not sharded.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sample {
    /// See [`Sample`].
    pub work: Option<f64>,
    /// See [`Sample`].
    #[serde(default = "one")]
    pub cost: f64,
    /// See [`Sample`].
    pub most: Option<u64>,
    /// See [`Sample`].
    pub until: Option<String>,
    /// See [`Sample`].
    #[serde(default)]
    pub hits: u64,
    /// See [`Sample`].
    #[serde(default)]
    pub floor: u64,
}

fn one() -> f64 {
    1.0
}

impl Sample {
    /// The most boards of length `n`, for a source whose first batch is `least`.
    pub fn cap(&self, n: usize, least: u64) -> u64 {
        let most = self.most.unwrap_or(u64::MAX).max(least);
        self.work.map_or(least, |w| {
            ((w / (n.max(1) as f64).powf(self.cost)) as u64).clamp(least, most)
        })
    }
}
