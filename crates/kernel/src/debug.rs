//! Source positions and names from the module's debug info (`clang -g`):
//! `DILocation` for the line of an instruction, the scope chain up to a
//! `DISubprogram` / `DILexicalBlock` for its `DIFile`, and the
//! `DILocalVariable`s with `arg: N` for the source names of a kernel's
//! parameters.

use crate::ir::Module;

/// The value of `key: ...` in a metadata node's text (up to `,` or `)`).
fn field<'a>(node: &'a str, key: &str) -> Option<&'a str> {
    let pat = format!("{key}: ");
    let mut from = 0;
    while let Some(i) = node[from..].find(&pat) {
        let at = from + i;
        // A whole key: preceded by `(` or a space.
        let before = node[..at].chars().last();
        if matches!(before, Some('(') | Some(' ')) {
            let rest = &node[at + pat.len()..];
            if let Some(s) = rest.strip_prefix('"') {
                return s.find('"').map(|e| &s[..e]);
            }
            let end = rest.find([',', ')']).unwrap_or(rest.len());
            return Some(rest[..end].trim());
        }
        from = at + pat.len();
    }
    None
}

fn node_ref(v: &str) -> Option<u32> {
    v.strip_prefix('!')?.parse().ok()
}

/// A source position: file name (as the `DIFile` gives it) and line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
}

pub struct DebugInfo<'m> {
    m: &'m Module,
}

impl<'m> DebugInfo<'m> {
    pub fn new(m: &'m Module) -> Self {
        DebugInfo { m }
    }

    fn node(&self, n: u32) -> Option<&'m str> {
        self.m.metadata.get(&n).map(String::as_str)
    }

    /// The file of a scope (`DISubprogram`, `DILexicalBlock`, ...).
    fn scope_file(&self, mut scope: u32) -> Option<String> {
        for _ in 0..64 {
            let text = self.node(scope)?;
            if text.contains("DIFile(") {
                return field(text, "filename").map(str::to_string);
            }
            if let Some(f) = field(text, "file").and_then(node_ref) {
                return self
                    .node(f)
                    .and_then(|t| field(t, "filename"))
                    .map(str::to_string);
            }
            scope = field(text, "scope").and_then(node_ref)?;
        }
        None
    }

    /// The position of a `DILocation` node (line 0, "compiler-generated",
    /// counts as none).
    pub fn location(&self, n: u32) -> Option<SourcePos> {
        let text = self.node(n)?;
        if !text.contains("DILocation(") {
            return None;
        }
        let line: u32 = field(text, "line")?.parse().ok()?;
        if line == 0 {
            return None;
        }
        let file = field(text, "scope")
            .and_then(node_ref)
            .and_then(|s| self.scope_file(s))
            .unwrap_or_default();
        Some(SourcePos { file, line })
    }

    /// The `!dbg` location node of the instruction on line `line` of the
    /// module text, if it has one.
    fn dbg_of_line(&self, line: u32) -> Option<u32> {
        self.m
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.insts)
            .find(|i| i.line == line)?
            .dbg
    }

    /// The source position of the instruction on line `line` of the module
    /// text (its `!dbg` location), if it has one.
    pub fn source_of_line(&self, line: u32) -> Option<SourcePos> {
        self.location(self.dbg_of_line(line)?)
    }

    /// The source column of the instruction on line `line` of the module
    /// text (its `DILocation`'s `column:`), if it has one.
    pub fn column_of_line(&self, line: u32) -> Option<u32> {
        self.column(self.dbg_of_line(line)?)
    }

    /// The `column:` of a `DILocation` node (0, "no column", counts as none).
    pub fn column(&self, n: u32) -> Option<u32> {
        field(self.node(n)?, "column")?
            .parse()
            .ok()
            .filter(|&c| c > 0)
    }

    /// The `name:` of a `DISubprogram`.
    pub fn subprogram_name(&self, sp: u32) -> Option<String> {
        field(self.node(sp)?, "name").map(str::to_string)
    }

    /// The source name of parameter `k` (0-based) of the function whose
    /// `DISubprogram` is `sp`.
    pub fn param_name(&self, sp: u32, k: usize) -> Option<String> {
        let want = (k + 1).to_string();
        let mut nums: Vec<&u32> = self.m.metadata.keys().collect();
        nums.sort();
        nums.into_iter().find_map(|n| {
            let t = self.node(*n)?;
            (t.contains("DILocalVariable(")
                && field(t, "arg") == Some(want.as_str())
                && field(t, "scope").and_then(node_ref) == Some(sp))
            .then(|| field(t, "name").map(str::to_string))
            .flatten()
        })
    }

    /// The source name of a global variable from its `!dbg`
    /// `DIGlobalVariableExpression` (`var:` a `DIGlobalVariable`).
    pub fn global_name(&self, dbg: Option<u32>) -> Option<String> {
        let expr = self.node(dbg?)?;
        let var = field(expr, "var").and_then(node_ref)?;
        field(self.node(var)?, "name").map(str::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_and_parameter_names() {
        let mut m = Module::default();
        m.metadata.insert(
            1,
            r#"!DIFile(filename: "mp.hip", directory: "/tmp")"#.into(),
        );
        m.metadata.insert(13, r#"distinct !DISubprogram(name: "mp", linkageName: "_Z2mpPi", scope: !1, file: !1, line: 2)"#.into());
        m.metadata.insert(
            19,
            r#"!DILocalVariable(name: "data", arg: 1, scope: !13, file: !1, line: 2, type: !16)"#
                .into(),
        );
        m.metadata.insert(
            26,
            r#"distinct !DILexicalBlock(scope: !13, file: !1, line: 4, column: 7)"#.into(),
        );
        m.metadata
            .insert(27, r#"!DILocation(line: 5, column: 13, scope: !26)"#.into());
        m.metadata
            .insert(28, r#"!DILocation(line: 0, scope: !13)"#.into());
        let d = DebugInfo::new(&m);
        assert_eq!(
            d.location(27),
            Some(SourcePos {
                file: "mp.hip".into(),
                line: 5
            })
        );
        assert_eq!(d.location(28), None);
        assert_eq!(d.param_name(13, 0).as_deref(), Some("data"));
        assert_eq!(d.param_name(13, 1), None);
    }
}
