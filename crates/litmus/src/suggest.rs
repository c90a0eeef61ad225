//! "Did you mean" hints: known names close to a misspelt one.

/// Edit distance in characters, counting a swap of two neighbours as one
/// edit (optimal string alignment): `ds_raed_b32` is one edit from
/// `ds_read_b32`, as a typist would count it.
pub fn distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// Longest user-supplied name echoed whole in a message.
pub const MAX_SHOWN: usize = 80;

/// A user-supplied name or text for a message, in backquotes: whole when
/// short, else its first [`MAX_SHOWN`] characters, an ellipsis and its
/// length (a 100,000-character target name was echoed whole, issue 24).
pub fn quoted(name: &str) -> String {
    let chars = name.chars().count();
    if chars <= MAX_SHOWN {
        return format!("`{name}`");
    }
    let head: String = name.chars().take(MAX_SHOWN).collect();
    format!("`{head}…` ({chars} characters)")
}

/// Longest word compared by edit distance (which is quadratic).
const MAX_WORD: usize = 64;

/// The candidates close to `word`, closest first (at most four).
pub fn similar<'a>(word: &str, candidates: &[&'a str]) -> Vec<&'a str> {
    let chars = word.chars().count();
    let limit = (chars / 3).max(1);
    let mut scored: Vec<(usize, &'a str)> = candidates
        .iter()
        .filter_map(|&c| {
            let related = word.len() >= 3 && (c.contains(word) || word.contains(c));
            // The distance is at least the difference in length: skip the
            // quadratic computation when that alone is too far (a
            // million-character name took minutes).
            // A long word is no misspelling of a short name either.
            let near = chars <= MAX_WORD && chars.abs_diff(c.chars().count()) <= limit;
            let d = if near || related {
                distance(word, c)
            } else {
                usize::MAX
            };
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
    // A hint lists a few names, not thousands of declarations.
    const MAX_LISTED: usize = 30;
    match close.len() {
        0 if candidates.is_empty() => format!("there are no {what}"),
        0 if candidates.len() > MAX_LISTED => format!(
            "known {what}: {} and {} more",
            quote(&candidates[..MAX_LISTED]),
            candidates.len() - MAX_LISTED
        ),
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
        let many: Vec<String> = (0..40).map(|i| format!("n{i}")).collect();
        let many: Vec<&str> = many.iter().map(|s| s.as_str()).collect();
        assert!(hint("zzzzzz", &many, "names").ends_with("`n29` and 10 more"));
    }

    #[test]
    fn long_words_are_fast() {
        let long = "b".repeat(1_000_000);
        let other = "a".repeat(1_000_000);
        let t = std::time::Instant::now();
        assert!(similar(&long, &[&other, "x"]).is_empty());
        // Linear work only (the quadratic distance would take minutes).
        assert!(t.elapsed() < std::time::Duration::from_secs(5));
    }
}
