//! Reading the compiled harness back (CI, docs/gpu.md "What CI checks"):
//! clang's assembly of the program's one kernel holds every test thread's
//! code between its markers (`; amdmm tT op K` ... `; amdmm tT end`). For
//! thread `T`, [`thread_kernel`] rewrites the kernel into the shape `--code
//! llc` reads (a kernel of the thread's own name whose markers are `; amdmm
//! op K` and `; amdmm end`, docs/llc.md "How operations are attributed"),
//! so the same reader attributes the compiled instructions to the test's
//! operations and the hardware models run them.

/// The kernel of the generated program.
pub const KERNEL: &str = "amdmm_litmus";

/// The text of kernel [`KERNEL`] in `asm` (from its label up to its
/// `.Lfunc_end`), or `None` when it is missing.
pub fn kernel_text(asm: &str) -> Option<Vec<&str>> {
    named_kernel_text(asm, KERNEL)
}

/// The text of kernel `name` in `asm` (a [`crate::bundle`]'s kernels are
/// [`crate::bundle::kernel_name`]), or `None` when it is missing.
pub fn named_kernel_text<'a>(asm: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let mut lines = asm.lines();
    let label = format!("{name}:");
    lines
        .by_ref()
        .find(|l| l.split(';').next().unwrap_or("").trim() == label)?;
    Some(lines.take_while(|l| !l.starts_with(".Lfunc_end")).collect())
}

/// Thread `t`'s view of the kernel, labelled `name`: its markers renamed to
/// the `--code llc` ones, the other threads' markers and every `s_endpgm`
/// removed, one `s_endpgm` at the end (the reader stops at the first).
pub fn thread_kernel(kernel: &[&str], t: usize, name: &str) -> String {
    let op = format!("amdmm t{t} op ");
    let end = format!("amdmm t{t} end");
    let mut out = format!("{name}:\n");
    for l in kernel {
        let trimmed = l.trim();
        if trimmed.starts_with("s_endpgm") {
            continue;
        }
        if let Some(c) = trimmed.strip_prefix(';') {
            let c = c.trim();
            if let Some(k) = c.strip_prefix(&op) {
                out.push_str(&format!("\t; amdmm op {k}\n"));
                continue;
            }
            if c == end {
                out.push_str("\t; amdmm end\n");
                continue;
            }
            if c.starts_with("amdmm t") {
                continue;
            }
        }
        out.push_str(l);
        out.push('\n');
    }
    out.push_str("\ts_endpgm\n");
    out
}
