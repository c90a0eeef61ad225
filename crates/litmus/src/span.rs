//! Byte spans into the source and their 1-based line/column positions.

/// A half-open byte range `start..end` into the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: end.max(start),
        }
    }

    /// The smallest span covering `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The text of the span, or `""` when it is not a valid range of `src`.
    pub fn text(self, src: &str) -> &str {
        src.get(self.start..self.end).unwrap_or("")
    }
}

/// Largest char boundary of `src` that is `<= offset`.
pub fn floor_char_boundary(src: &str, offset: usize) -> usize {
    let mut o = offset.min(src.len());
    while !src.is_char_boundary(o) {
        o -= 1;
    }
    o
}

/// 1-based line and column of byte `offset` in `src`; the column counts
/// characters, not bytes. Offsets past the end or inside a character are
/// clamped to the nearest preceding character boundary.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(src, offset);
    let before = &src[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// Byte range of the line containing `offset` (without its line break).
pub fn line_range(src: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(src, offset);
    let start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
    let end = if end > start && src.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    };
    (start, end.max(start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_chars() {
        let src = "ab\nçé x\n";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 3), (2, 1));
        // `x` is at byte 3 + 2 + 2 + 1 = 8, the fourth character of line 2.
        assert_eq!(line_col(src, 8), (2, 4));
        // Inside `ç`: clamped to its start.
        assert_eq!(line_col(src, 4), (2, 1));
        assert_eq!(line_col(src, 999), (3, 1));
        assert_eq!(line_range(src, 8), (3, 9));
    }
}
