//! "Did you mean" hints: known names close to a misspelt one.

/// Edit distance in characters, counting a swap of two neighbours as one
/// edit (optimal string alignment): `ds_raed_b32` is one edit from
/// `ds_read_b32`, as a typist would count it.
pub fn distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// The candidates close to `word`, closest first (at most four).
pub fn similar<'a>(word: &str, candidates: &[&'a str]) -> Vec<&'a str> {
    let limit = (word.chars().count() / 3).max(1);
    let mut scored: Vec<(usize, &'a str)> = candidates
        .iter()
        .filter_map(|&c| {
            let d = distance(word, c);
            let related = word.len() >= 3 && (c.contains(word) || word.contains(c));
            (d <= limit || related).then_some((d, c))
        })
        .collect();
    scored.sort();
    scored.dedup();
    scored.into_iter().take(4).map(|(_, c)| c).collect()
}

/// A hint naming the similar candidates, or every candidate when none is
/// close: `did you mean `load`?` / `known instructions: a, b, c`.
pub fn hint(word: &str, candidates: &[&str], what: &str) -> String {
    let mut unique: Vec<&str> = Vec::new();
    for c in candidates {
        if !unique.contains(c) {
            unique.push(c);
        }
    }
    let candidates = &unique[..];
    let close = similar(word, candidates);
    let quote = |v: &[&str]| {
        v.iter()
            .map(|c| format!("`{c}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match close.len() {
        0 if candidates.is_empty() => format!("there are no {what}"),
        0 => format!("known {what}: {}", quote(candidates)),
        1 => format!("did you mean {}?", quote(&close)),
        _ => format!("did you mean one of {}?", quote(&close)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_close_names() {
        assert_eq!(distance("lod", "load"), 1);
        assert_eq!(distance("ds_raed_b32", "ds_read_b32"), 1);
        assert_eq!(
            hint("thred", &["thread", "exists"], "keywords"),
            "did you mean `thread`?"
        );
        assert_eq!(similar("lod", &["load", "store", "fence"]), vec!["load"]);
        assert_eq!(hint("zzz", &["a", "b"], "things"), "known things: `a`, `b`");
    }
}
