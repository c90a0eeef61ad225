//! amdmm-litmus: the first stage of the pipeline (**parse** → program →
//! exploration → model checks → report).
