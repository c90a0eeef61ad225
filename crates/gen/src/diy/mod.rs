//! `amdmm diy`: litmus tests from critical cycles of relaxation edges, in
//! the manner of herd's diy7 (docs/diy.md).
//!
//! - [`edge`]: the vocabulary (edges and their AMDGPU decorations);
//! - [`cycle`]: enumeration of the cycles and their final states;
//! - [`place`]: where the threads run and which locations are LDS;
//! - [`emit`]: the test text.
//!
//! Same options, same tests, byte for byte: the vocabulary is sorted, the
//! enumeration is a depth-first walk in that order, and the tests are
//! returned sorted by name.

pub mod cycle;
pub mod edge;
pub mod emit;
pub mod place;

pub use edge::Edge;
pub use place::{Placement, Spaces};

/// The options of one generation.
#[derive(Clone, Debug)]
pub struct Options {
    /// At most this many edges per cycle (diy7's `-size`).
    pub size: usize,
    /// At most this many threads (diy7's `-nprocs`).
    pub nprocs: usize,
    /// Every cycle contains at least one of these (diy7's `-relax`); empty:
    /// no such rule.
    pub relax: Vec<Edge>,
    /// The other edges cycles may use (diy7's `-safe`).
    pub safe: Vec<Edge>,
    pub placements: Vec<Placement>,
    pub spaces: Vec<Spaces>,
    /// Also the cycles of one thread (no external edge: coherence and LDS
    /// DMA tests); not in diy7, which relates at least two threads.
    pub one_thread: bool,
    /// Stop with an error past this many tests.
    pub max_tests: usize,
}

/// A generated test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    pub name: String,
    pub text: String,
}

/// The default vocabulary: every edge kind with a spread of the
/// decorations (orderings at workgroup, agent and system scope, fences
/// with and without `amdgpu-as` tags, the `-one-as`, cluster and
/// wavefront scopes, generic pointers, `amdgcn-av none`, RMWs, plain and
/// unordered accesses, barriers). `amdmm diy --show-vocabulary` prints it.
pub const DEFAULT_VOCABULARY: &str = "\
# communication
Rfe Rfi Fre Fri Coe Coi
# program order, monotonic at system scope
PodWW PodWR PodRW PodRR PosWW PosWR PosRW PosRR
# dependencies
DpAddrdR DpAddrdW DpDatadW DpCtrldR DpCtrldW
# release / acquire / seq_cst accesses at three scopes
PodWW__rel.wg PodRR_acq.wg_ PodWR_sc.wg_sc.wg PodRW_acq.wg_ PodRW__rel.wg
PodWW__rel.agent PodRR_acq.agent_ PodWR_sc.agent_sc.agent PodRW_acq.agent_ PodRW__rel.agent
PodWW__rel PodRR_acq_ PodWR_sc_sc PodRW_acq_ PodRW__rel
# fences
FencedWW-rel.wg FencedRR-acq.wg FencedWR-sc.wg FencedRW-ar.wg
FencedWW-rel.agent FencedRR-acq.agent FencedWR-sc.agent FencedRW-ar.agent
FencedWW-rel FencedRR-acq FencedWR-sc FencedRW-ar
FencedWW-rel.agent.as-global FencedRR-acq.agent.as-global
FencedWW-rel.wg.as-local FencedRR-acq.wg.as-local FencedWR-sc.agent.as-local-global
# other scopes: -one-as, cluster, wavefront
PodWW__rel.agent.1as PodRR_acq.agent.1as_ PodWW__rel.cl PodRR_acq.cl_ PodWW__rel.wf PodRR_acq.wf_
# generic pointers, amdgcn-av none
PodWW__rel.agent.gen PodRR_acq.agent.gen_ PodWW__rel.agent.avnone PodRR_acq.agent.avnone_
# read-modify-writes
PodWW__xchg.rel.agent PodRR_add0.acq.agent_ PodRR_cas.acq.agent_ PodWR_xchg.sc.agent_add0.sc.agent
# plain and unordered accesses
PodWW_na_rel.agent PodRR_acq.agent_na PodWW_un_un PodRR_un_un
# __syncthreads
BarrierdWW BarrierdRR BarrierdWR BarrierdRW
";

/// Parses a vocabulary: edge names separated by blanks, commas or lines,
/// `#` comments. Errors name the line.
pub fn parse_vocabulary(text: &str, origin: &str) -> Result<Vec<Edge>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for word in line.split(|c: char| c.is_whitespace() || c == ',') {
            if word.is_empty() {
                continue;
            }
            out.push(Edge::parse(word).map_err(|e| format!("{origin}:{}: {e}", n + 1))?);
        }
    }
    Ok(out)
}

/// Every test of the options, sorted by name; an error when the options
/// ask for none or for more than `max_tests`.
pub fn generate(o: &Options) -> Result<Vec<Test>, String> {
    if o.size < 2 {
        return Err(format!("-size {}: a cycle has at least 2 edges", o.size));
    }
    if o.nprocs < 2 && !(o.nprocs == 1 && o.one_thread) {
        return Err(format!(
            "-nprocs {}: a cycle relates at least 2 threads (give --one-thread for cycles of one thread)",
            o.nprocs
        ));
    }
    let mut vocab: Vec<Edge> = o.relax.iter().chain(&o.safe).copied().collect();
    vocab.sort_by_key(|e| e.to_string());
    vocab.dedup();
    let relax: Vec<bool> = vocab.iter().map(|e| o.relax.contains(e)).collect();
    let keep = |seq: &[usize]| o.relax.is_empty() || seq.iter().any(|&i| relax[i]);
    let cycles = cycle::enumerate(&vocab, o.size, o.nprocs, o.one_thread, &keep, o.max_tests).map_err(|n| {
        format!(
            "limit reached: more than {} cycles ({n} so far); narrow -relax/-safe, lower -size or -nprocs, or raise --max-tests",
            o.max_tests
        )
    })?;
    let mut tests = Vec::new();
    for c in cycles {
        let edges: Vec<Edge> = c.iter().map(|&i| vocab[i]).collect();
        let shape = cycle::shape(&edges).expect("enumerated cycles are valid");
        // One thread runs alike wherever it is placed: it is placed once.
        let places = if shape.threads == 1 {
            &o.placements[..o.placements.len().min(1)]
        } else {
            &o.placements[..]
        };
        for p in places {
            for layout in place::layouts(&shape, p, &o.spaces) {
                if tests.len() >= o.max_tests {
                    return Err(format!(
                        "limit reached: more than {} tests; narrow -relax/-safe, --placement or --spaces, lower -size or -nprocs, or raise --max-tests",
                        o.max_tests
                    ));
                }
                tests.push(emit::test(&shape, &layout));
            }
        }
    }
    if tests.is_empty() {
        return Err(
            "no test: no cycle of the vocabulary fits -size, -nprocs and -relax (with the placements and address spaces asked for)".into(),
        );
    }
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(tests)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(vocab: &str, size: usize, nprocs: usize) -> Options {
        Options {
            size,
            nprocs,
            relax: Vec::new(),
            safe: parse_vocabulary(vocab, "test").unwrap(),
            placements: vec![Placement::Agent],
            spaces: vec![Spaces::Global],
            one_thread: false,
            max_tests: 100_000,
        }
    }

    fn names(o: &Options) -> Vec<String> {
        generate(o).unwrap().into_iter().map(|t| t.name).collect()
    }

    /// The six two-thread shapes of Pod and external communication edges
    /// (SB, MP, LB, 2+2W, S, R), by hand: a 4-edge cycle alternates po and
    /// com; each po edge's ends fix the com edges between them, and no com
    /// edge goes R to R, so the po pairs are those whose ends chain.
    #[test]
    fn two_thread_shapes_by_hand() {
        let o = opts("PodWW PodWR PodRW PodRR Rfe Fre Coe", 4, 2);
        let mut got = names(&o);
        got.sort();
        let mut want = vec![
            "PodWR+Fre+PodWR+Fre@agent", // SB
            "PodRR+Fre+PodWW+Rfe@agent", // MP
            "PodRW+Rfe+PodRW+Rfe@agent", // LB
            "PodWW+Coe+PodWW+Coe@agent", // 2+2W
            "PodRW+Coe+PodWW+Rfe@agent", // S
            "PodWR+Fre+PodWW+Coe@agent", // R
        ];
        want.sort();
        assert_eq!(got, want);
    }

    /// With 3 threads and 5 edges, by hand: 3-edge cycles need one location
    /// (three com edges: Coe;Rfe;Fre contradicts itself), 4-edge ones are
    /// the six above, and a 5-edge one is po com po com com: the chaining
    /// com pairs are Rf;Fr, Fr;Rf, Co;Co, Co;Rf and Fr;Co, each with the 3
    /// single com edges (15); Co;Co puts three writes on one location, the
    /// first Co edge unobservable in a final state: 4 x 3 = 12 remain.
    #[test]
    fn three_thread_cycles_by_hand() {
        let o = opts("PodWW PodWR PodRW PodRR Rfe Fre Coe", 5, 3);
        let got = names(&o);
        assert_eq!(got.len(), 6 + 12, "{got:#?}");
        // WRC: Rfe PodRW Rfe PodRR Fre, in its smallest rotation.
        assert!(
            got.iter().any(|n| n == "PodRR+Fre+Rfe+PodRW+Rfe@agent"),
            "{got:#?}"
        );
        assert_eq!(
            names(&opts("PodWW PodWR PodRW PodRR Rfe Fre Coe", 5, 2)).len(),
            6
        );
    }

    #[test]
    fn relax_keeps_cycles_containing_one() {
        let mut o = opts("PodWW PodWR PodRW PodRR Rfe Fre Coe", 4, 2);
        o.relax = vec![Edge::parse("PodWR").unwrap()];
        let got = names(&o);
        assert_eq!(
            got,
            ["PodWR+Fre+PodWR+Fre@agent", "PodWR+Fre+PodWW+Coe@agent"]
        );
    }

    #[test]
    fn same_options_same_bytes() {
        let mut o = opts(DEFAULT_VOCABULARY, 4, 2);
        o.placements = vec![Placement::Workgroup, Placement::Agent];
        o.spaces = vec![Spaces::Global, Spaces::Mixed];
        let a = generate(&o).unwrap();
        let b = generate(&o).unwrap();
        assert_eq!(a, b);
        let mut names: Vec<&str> = a.iter().map(|t| t.name.as_str()).collect();
        let n = names.len();
        names.dedup();
        assert_eq!(names.len(), n, "names are unique");
    }

    #[test]
    fn limit_is_an_error_not_a_crash() {
        let mut o = opts(DEFAULT_VOCABULARY, 4, 3);
        o.max_tests = 10;
        let e = generate(&o).unwrap_err();
        assert!(e.starts_with("limit reached"), "{e}");
    }
}
