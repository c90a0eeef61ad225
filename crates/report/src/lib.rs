//! amdmm-report: the last stage of the pipeline (parse → program →
//! exploration → model checks → **report**).
