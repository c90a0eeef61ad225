//! The launch setups the kernel tests share: buffer arguments, their
//! initial values, and the final value of one element. (Not every test
//! file uses every helper.)
#![allow(dead_code)]

use amdmm_kernel::launch::{parse_arg, parse_init};
use amdmm_kernel::report::KernelReport;
use amdmm_kernel::{ArgValue, InitValue, RunOptions};

/// Options with one buffer argument per `(name, element type, length)`
/// and the integer initial values `(buffer, index, value)`.
pub fn buffers(args: &[(&str, &str, u32)], inits: &[(&str, u32, i64)]) -> RunOptions {
    let mut o = RunOptions::default();
    for (name, elem, len) in args {
        o.spec.args.push((
            name.to_string(),
            ArgValue::Buffer {
                elem: elem.to_string(),
                len: *len,
            },
        ));
    }
    for (buffer, index, value) in inits {
        o.spec.inits.push(InitValue {
            buffer: buffer.to_string(),
            index: *index,
            value: *value,
            float: None,
        });
    }
    o
}

/// [`buffers`] of `i32` elements: `(name, length)`.
pub fn i32_buffers(args: &[(&str, u32)], inits: &[(&str, u32, i64)]) -> RunOptions {
    let args: Vec<(&str, &str, u32)> = args.iter().map(|&(n, len)| (n, "i32", len)).collect();
    buffers(&args, inits)
}

/// Adds floating-point initial values `(index, value)` of `buffer` (as
/// `--init` gives a decimal: the value's bits).
pub fn init_floats(o: &mut RunOptions, buffer: &str, values: &[(u32, f64)]) {
    for (index, v) in values {
        o.spec.inits.push(InitValue {
            buffer: buffer.into(),
            index: *index,
            value: 0,
            float: Some(v.to_bits()),
        });
    }
}

/// Options from the command line's `--arg` and `--init` spellings.
pub fn spelled(args: &[&str], inits: &[&str]) -> RunOptions {
    let mut o = RunOptions::default();
    for a in args {
        o.spec.args.push(parse_arg(a).unwrap());
    }
    for i in inits {
        o.spec.inits.push(parse_init(i).unwrap());
    }
    o
}

/// The value of `cell` in every final state (panics if it varies).
pub fn value(r: &KernelReport, cell: &str) -> String {
    let c = r
        .final_values
        .iter()
        .find(|c| c.name == cell)
        .unwrap_or_else(|| panic!("{cell} not written: {:?}", r.final_values));
    assert!(c.always, "{cell} varies: {:?}", c.values);
    serde_json::to_string(&c.values[0]).unwrap()
}
