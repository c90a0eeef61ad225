//! Writes the generated scaling tests as `.litmus` files:
//! `cargo run --release -p amdmm-explore --example families -- DIR`.

use amdmm_explore::families;

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let mut out: Vec<(String, String)> = Vec::new();
    for n in [2, 4, 6, 8] {
        out.push((format!("SB-{n}"), families::sb(n)));
        out.push((format!("MP-{n}"), families::mp(n)));
        out.push((format!("WRC-{n}"), families::wrc(n)));
    }
    for n in [3, 4, 6, 8] {
        out.push((format!("IRIW-{n}"), families::iriw(n)));
    }
    out.push(("4x6".into(), families::four_by_six()));
    for n in 1..=8 {
        out.push((format!("W-R-{n}"), families::writers_readers(n)));
    }
    for n in 2..=7 {
        out.push((format!("CO-{n}"), families::coherence_observers(n)));
    }
    for n in [16, 31, 40, 62, 63] {
        out.push((format!("Long-{n}"), families::long_threads(n)));
    }
    for (name, text) in out {
        let path = std::path::Path::new(&dir).join(format!("{name}.litmus"));
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("{}: {e}", path.display());
            std::process::exit(2);
        }
    }
}
