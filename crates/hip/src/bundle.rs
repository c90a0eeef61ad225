//! Many generated programs in one translation unit, so that one clang
//! invocation per processor compiles them all (CI, docs/gpu.md "What CI
//! checks"): compiling the corpus's programs one by one costs about 0.3 s
//! of CPU per program and processor, nearly all of it parsing the host
//! side's C++ headers again; a bundle parses them once.
//!
//! The bundle `#include`s each program file unchanged (so what is compiled
//! is the program's own bytes), each in a namespace of its own, with its
//! kernel and `main` renamed by macros to [`kernel_name`] and
//! `amdmm_main_I`, and its `#define`s undone after it. The host headers the
//! programs include and the HIP runtime's declarations
//! ([`crate::RUNTIME_DECLS`]) come first, at file scope; the programs'
//! own `#include`s of them are then no-ops (include guards, and
//! `AMDMM_HIP_DECLARED`).

use std::fmt::Write;

/// The name kernel `i` of a bundle has in the compiled code.
pub fn kernel_name(i: usize) -> String {
    format!("{}_{i}", crate::asm::KERNEL)
}

/// The text of a translation unit that compiles `programs` (pairs of the
/// program's text and the path the bundle `#include`s it by) together:
/// program `i`'s kernel is [`kernel_name`]`(i)`. Byte-stable.
pub fn bundle(programs: &[(&str, &str)]) -> String {
    let mut headers: Vec<&str> = Vec::new();
    for (text, _) in programs {
        for l in text.lines() {
            let l = l.trim();
            if l.starts_with("#include <") && !l.contains("hip/") && !headers.contains(&l) {
                headers.push(l);
            }
        }
    }
    let mut o = format!(
        "// {} programs of `amdmm hip` in one translation unit (docs/gpu.md, \"What CI checks\").\n",
        programs.len()
    );
    for h in &headers {
        o.push_str(h);
        o.push('\n');
    }
    o.push_str("#if __has_include(<hip/hip_runtime.h>)\n#include <hip/hip_runtime.h>\n#else\n");
    o.push_str(crate::RUNTIME_DECLS);
    o.push_str("#endif\n");
    for (i, (text, path)) in programs.iter().enumerate() {
        let _ = writeln!(o, "#define {} {}", crate::asm::KERNEL, kernel_name(i));
        let _ = writeln!(o, "#define main amdmm_main_{i}");
        let _ = writeln!(o, "namespace amdmm_program_{i} {{");
        let _ = writeln!(o, "#include \"{path}\"");
        o.push_str("}\n");
        let _ = writeln!(o, "#undef {}\n#undef main", crate::asm::KERNEL);
        for name in own_macros(text) {
            let _ = writeln!(o, "#undef {name}");
        }
    }
    o
}

/// The macros `text` defines unconditionally outside the runtime's
/// declarations (a `#define` right after its own `#ifndef` is a default
/// the next program may keep).
fn own_macros(text: &str) -> Vec<&str> {
    let runtime: Vec<&str> = defined(crate::RUNTIME_DECLS).collect();
    let mut prev = "";
    let mut out = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if let Some(name) = define_name(t) {
            let guarded = prev.strip_prefix("#ifndef").map(str::trim) == Some(name);
            if !guarded && !runtime.contains(&name) && !out.contains(&name) {
                out.push(name);
            }
        }
        prev = t;
    }
    out
}

fn defined(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter_map(|l| define_name(l.trim()))
}

fn define_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("#define")?.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undoes_each_programs_macros_but_keeps_guarded_defaults() {
        let a = "#include <cstdio>\n#define AMDMM_TEST \"a\"\n#define AMDMM_OP(m) x\n#ifndef AMDMM_STRIDE\n#define AMDMM_STRIDE 4352\n#endif\n#define __global__ y\n";
        let b = "#include <cstdio>\n#include <map>\n#define AMDMM_TEST \"b\"\n";
        let t = bundle(&[(a, "0.hip"), (b, "1.hip")]);
        assert_eq!(t.matches("#include <cstdio>").count(), 1, "{t}");
        assert!(t.contains("#include <map>"));
        assert!(t.contains("#define amdmm_litmus amdmm_litmus_1\n#define main amdmm_main_1\nnamespace amdmm_program_1 {\n#include \"1.hip\"\n}"));
        assert_eq!(t.matches("#undef AMDMM_TEST").count(), 2, "{t}");
        assert!(t.contains("#undef AMDMM_OP\n"));
        assert!(!t.contains("#undef AMDMM_STRIDE"), "{t}");
        assert!(!t.contains("#undef __global__"), "{t}");
        // The runtime's declarations once, before the first program.
        assert!(t.find("#define AMDMM_HIP_DECLARED").unwrap() < t.find("namespace").unwrap());
    }
}
