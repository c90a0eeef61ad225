//! amdmm-graph: execution graphs (events and fixed-size bit-matrix relations).
