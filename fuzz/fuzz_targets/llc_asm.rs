#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| amdmm_fuzz::llc_asm(data));
