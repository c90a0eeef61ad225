//! End-to-end tests of `amdmm lds`. Every expected figure is derived in the
//! test's comment from the seed (`lds-vega-isa.zh.txt`, chapter 10) and the
//! model of docs/lds.md:
//!
//! - 32 banks, dwords interleaved: bank = (byte address / 4) mod 32;
//! - one dword per bank per cycle, so a pass serves 32 dwords: 32 lanes of
//!   32-bit accesses, 16 lanes of 64-bit or read2_b32, 8 lanes of 128-bit;
//! - a pass takes as many cycles as its worst bank has distinct dwords
//!   (loads/stores of one dword by several lanes are one broadcast access;
//!   atomics never merge), and at least 1;
//! - so a wave64 32-bit access takes "从两个周期……最多64个周期" (2 to 64 cycles).

use serde_json::Value;
use std::path::PathBuf;
mod common;
use common::{code, stderr, stdout};

/// Runs `amdmm lds ARGS...`.
fn amdmm(args: &[&str]) -> std::process::Output {
    let mut all = vec!["lds"];
    all.extend_from_slice(args);
    common::amdmm(&all)
}

/// Runs `amdmm lds ARGS --json` and parses the document.
fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let o = amdmm(&a);
    assert_eq!(code(&o), 0, "stderr: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("valid JSON")
}

/// (cycles, max_conflict)
fn figures(v: &Value) -> (u64, u64) {
    (
        v["cycles"].as_u64().unwrap(),
        v["max_conflict"].as_u64().unwrap(),
    )
}

/// Runs `amdmm lds ARGS`, expects exit 2, returns stderr.
fn bad(args: &[&str]) -> String {
    let o = amdmm(args);
    assert_eq!(code(&o), 2, "stdout: {}", stdout(&o));
    assert!(stdout(&o).is_empty());
    stderr(&o)
}

#[test]
fn help_has_examples() {
    let o = amdmm(&["--help"]);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert!(
        out.contains("Examples:") && out.contains("--addr 'lane*4'"),
        "{out}"
    );
    assert!(out.contains("--offset0") && out.contains("--m0") && out.contains("--wave"));
}

/// Stride 1 dword (`lane*4`): lane l is in bank l mod 32, so lanes 0-31
/// cover the 32 banks once: 1 cycle per pass, 2 passes for 64 lanes → 2
/// cycles, conflict 1. That is the seed's minimum ("最快可在两个周期内完成").
#[test]
fn stride_1_dword_is_conflict_free() {
    let v = json(&["ds_read_b32", "--addr", "lane*4"]);
    assert_eq!(figures(&v), (2, 1));
    assert_eq!(
        (v["min_cycles"].as_u64(), v["max_cycles"].as_u64()),
        (Some(2), Some(64))
    );
    assert_eq!(v["lanes"][33]["addresses"], serde_json::json!([132]));
    assert_eq!(v["lanes"][33]["banks"], serde_json::json!([1]));
    assert_eq!(v["suggestions"], serde_json::json!([]));
    // The same for a store.
    assert_eq!(
        figures(&json(&["ds_write_b32", "--addr", "lane*4"])),
        (2, 1)
    );
}

/// Stride 32 dwords (`lane*128`): bank = 32·l mod 32 = 0 for every lane, 32
/// distinct dwords per pass in bank 0 → 32 cycles per pass, 64 in all, the
/// seed's maximum ("最多可能需要64个周期"); 32-way.
#[test]
fn stride_32_dwords_is_the_worst_case() {
    let v = json(&["ds_read_b32", "--addr", "lane*128"]);
    assert_eq!(figures(&v), (64, 32));
    assert_eq!(v["passes"][1]["start_cycle"], 32);
    assert_eq!(v["passes"][0]["worst_banks"], serde_json::json!([0]));
    // Suggestions: one dword of padding every 128 bytes makes it stride 33;
    // XORing the dword index with the row number spreads the rows too.
    let s = &v["suggestions"];
    assert_eq!(s[0]["kind"], "padding");
    assert_eq!(s[0]["expr"], "(lane*128) + (lane*128)/128*4");
    assert_eq!(
        (s[0]["cycles"].as_u64(), s[0]["max_conflict"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(s[1]["kind"], "xor-swizzle");
    assert_eq!(s[1]["cycles"], 2);
    // And the suggested expression really is conflict-free.
    let e = s[0]["expr"].as_str().unwrap();
    assert_eq!(figures(&json(&["ds_read_b32", "--addr", e])), (2, 1));
}

/// The text report shows it at a glance: bank 0 carries 32 accesses in each
/// pass ('w' = 32 in the heat map) and all others none.
#[test]
fn heat_map_shows_the_conflict() {
    let o = amdmm(&["ds_read_b32", "--addr", "lane*128"]);
    assert_eq!(code(&o), 0);
    let t = stdout(&o);
    assert!(
        t.contains("cycles 64 (this instruction takes 2..64), max conflict 32-way"),
        "{t}"
    );
    let row = format!("w{}  32-way, 32 cycles", ".".repeat(31));
    assert_eq!(t.matches(&row).count(), 2, "{t}");
    assert!(
        t.contains(&format!("   5  0x280   0x0280   0     #{}", ".".repeat(31))),
        "{t}"
    );
    assert!(
        t.contains("try: --addr '(lane*128) + (lane*128)/128*4'"),
        "{t}"
    );
}

/// All lanes one address: a pass has one distinct dword, served once and
/// broadcast to the other 31 lanes → 1 cycle per pass, 2 cycles, conflict 1,
/// 2 × 31 = 62 broadcasts. An atomic cannot broadcast: 32 read-modify-writes
/// of one dword per pass → 64 cycles, 32-way.
#[test]
fn one_address_is_a_broadcast() {
    let v = json(&["ds_read_b32", "--addr", "0x40"]);
    assert_eq!(figures(&v), (2, 1));
    assert_eq!(v["broadcasts"], 62);
    assert_eq!(
        v["lanes"][0]["accesses"][0]["dwords"][0]["broadcast"],
        false
    );
    assert_eq!(v["lanes"][1]["accesses"][0]["dwords"][0]["broadcast"], true);
    let v = json(&["ds_add_u32", "--addr", "0x40"]);
    assert_eq!(figures(&v), (64, 32));
    assert_eq!(v["broadcasts"], 0);
    assert!(v["note"].as_str().unwrap().contains("serialise"));
}

/// Stride 2 dwords (`lane*8`): bank = 2l mod 32, so lanes 0-15 use the even
/// banks and lanes 16-31 the same even banks again at other dwords → 2
/// distinct dwords per bank → 2 cycles per pass, 4 cycles, 2-way.
#[test]
fn stride_2_dwords_is_2_way() {
    let v = json(&["ds_read_b32", "--addr", "lane*8"]);
    assert_eq!(figures(&v), (4, 2));
    assert_eq!(v["passes"][0]["bank_load"][0], 2);
    assert_eq!(v["passes"][0]["bank_load"][1], 0);
}

/// Stride 33 dwords (`lane*132`, stride 32 padded by one): bank =
/// 33l mod 32 = l mod 32 → the 32 lanes of a pass in 32 banks → 2 cycles.
#[test]
fn stride_33_dwords_is_conflict_free() {
    let v = json(&["ds_read_b32", "--addr", "lane*132"]);
    assert_eq!(figures(&v), (2, 1));
    // The example `(lane%8)*128+lane/8*4`: lane l is at dword
    // 32(l%8) + l/8, in bank l/8; lanes 0-7 share bank 0 at 8 distinct
    // dwords (8-way), and a pass of 32 lanes uses banks 0-3 (or 4-7), 8
    // dwords each → 8 cycles a pass, 16 in all.
    let v = json(&["ds_read_b32", "--addr", "(lane%8)*128+lane/8*4"]);
    assert_eq!(figures(&v), (16, 8));
}

/// read2_b32 with both offsets: "LDS_Addr0 = ... + InstrOffset0*ADJ,
/// LDS_Addr1 = ... + InstrOffset1*ADJ", ADJ = 4 for 32-bit.
/// `--addr lane*8 --offset0 0 --offset1 1`: addr0 = 8l, addr1 = 8l+4, i.e.
/// dwords 2l and 2l+1. Two dwords per lane → 16 lanes per pass, covering
/// dwords 0-31 → one per bank → 1 cycle per pass, 4 passes → 4 cycles.
#[test]
fn read2_with_both_offsets() {
    let v = json(&[
        "ds_read2_b32",
        "--addr",
        "lane*8",
        "--offset0",
        "0",
        "--offset1",
        "1",
    ]);
    assert_eq!(figures(&v), (4, 1));
    assert_eq!(v["adj"], 4);
    assert_eq!(v["lanes_per_pass"], 16);
    assert_eq!(v["lanes"][1]["addresses"], serde_json::json!([8, 12]));
    assert_eq!(v["lanes"][1]["banks"], serde_json::json!([2, 3]));
    // offset1 = 32 puts addr1 (4l + 128) in the same bank as addr0 (4l):
    // 16 lanes × 2 dwords in banks 0-15, 2 per bank → 2 cycles per pass, 8.
    let v = json(&[
        "ds_read2_b32",
        "--addr",
        "lane*4",
        "--offset0",
        "0",
        "--offset1",
        "32",
    ]);
    assert_eq!(figures(&v), (8, 2));
    assert_eq!(v["lanes"][1]["addresses"], serde_json::json!([4, 132]));
    // read2_b64: ADJ = 8. offsets 1 and 3 → addr0 = v + 8, addr1 = v + 24.
    let v = json(&[
        "ds_read2_b64",
        "--addr",
        "lane*32",
        "--offset0",
        "1",
        "--offset1",
        "3",
    ]);
    assert_eq!(v["adj"], 8);
    assert_eq!(v["lanes"][1]["addresses"], serde_json::json!([40, 56]));
    // Lane l: dwords 8l+2, 8l+3 and 8l+6, 8l+7; 4 dwords per lane → 8 lanes
    // per pass; banks (8l+{2,3,6,7}) mod 32 repeat every 4 lanes → 2 per
    // bank → 2 cycles per pass × 8 passes = 16.
    assert_eq!(figures(&v), (16, 2));
}

/// "通过将两个偏移量设置为相同的值来指定单个地址。这会导致只发生一次读取或写入" — equal
/// offsets make one access: `--addr lane*4 --offset0 2 --offset1 2` reads
/// 4l + 8 only; one dword per lane → 32 lanes per pass → 2 cycles.
#[test]
fn read2_with_equal_offsets_is_one_access() {
    let v = json(&[
        "ds_write2_b32",
        "--addr",
        "lane*4",
        "--offset0",
        "2",
        "--offset1",
        "2",
    ]);
    assert_eq!(figures(&v), (2, 1));
    assert_eq!(v["lanes"][0]["addresses"], serde_json::json!([8]));
}

/// src2 mode 0 (offset1[7] = 0): "LDS_Addr0 = LDS_BASE + VGPR(ADDR) +
/// SIGNEXTEND(InstrOffset1[6:0],InstrOffset0))<<2", "LDS_Addr1 = LDS_BASE +
/// VGPR(ADDR)". offset0 = 32 → data term at 4l + 128, destination at 4l:
/// both in bank l mod 32; 2 dwords per lane → 16 lanes per pass, each bank
/// 2 accesses → 2 cycles per pass, 8 in all.
#[test]
fn src2_mode_0() {
    let v = json(&["ds_add_src2_u32", "--addr", "lane*4", "--offset0", "32"]);
    assert_eq!(v["src2_mode"], 0);
    assert_eq!(v["lanes"][1]["addresses"], serde_json::json!([132, 4]));
    assert_eq!(figures(&v), (8, 2));
    // Sign extension: {offset1[6:0], offset0} = 0x7FFF is -1 dword.
    let v = json(&[
        "ds_add_src2_u32",
        "--addr",
        "lane*4+4",
        "--offset0",
        "0xff",
        "--offset1",
        "0x7f",
    ]);
    assert_eq!(v["lanes"][0]["addresses"], serde_json::json!([0, 4]));
}

/// src2 mode 1 (offset1[7] = 1): "LDS_Addr0 = LDS_BASE + VGPR(ADDR)[16:0] +
/// SIGNEXTEND(VGPR(ADDR)[31:17])<<2", "LDS_Addr1 = LDS_BASE +
/// VGPR(ADDR)[16:0]". VGPR = (32<<17) + 4l → data term 4l + 128,
/// destination 4l: the same accesses as mode 0 above → 8 cycles, 2-way.
#[test]
fn src2_mode_1() {
    let v = json(&[
        "ds_add_src2_u32",
        "--addr",
        "(32<<17) + lane*4",
        "--offset1",
        "0x80",
    ]);
    assert_eq!(v["src2_mode"], 1);
    assert_eq!(v["lanes"][1]["addresses"], serde_json::json!([132, 4]));
    assert_eq!(v["lanes"][1]["vgpr"], (32u64 << 17) + 4);
    assert_eq!(figures(&v), (8, 2));
    // A negative per-lane offset: VGPR[31:17] = 0x7FFF = -1 dword.
    let v = json(&[
        "ds_max_src2_u32",
        "--addr",
        "(-1<<17) + lane*4 + 4",
        "--offset1",
        "0x80",
    ]);
    assert_eq!(v["lanes"][0]["addresses"], serde_json::json!([0, 4]));
}

/// "发送到LDS的大小是MIN(M0, LDS_SIZE)": with M0 = 128 the limit is 128 bytes.
/// `lane*4`: lanes 0-31 (0..124) are inside, lanes 32-63 (128..252) are
/// clamped and reach no bank → pass 0 takes 1 cycle, pass 1 (nothing)
/// still 1 → 2 cycles, 32 clamped.
#[test]
fn m0_clamp() {
    let v = json(&["ds_read_b32", "--addr", "lane*4", "--m0", "128"]);
    assert_eq!(v["limit"], 128);
    assert_eq!(v["clamped"], 32);
    assert_eq!(figures(&v), (2, 1));
    assert_eq!(v["lanes"][31]["accesses"][0]["clamped"], false);
    assert_eq!(v["lanes"][32]["accesses"][0]["clamped"], true);
    assert_eq!(v["passes"][1]["conflict"], 0);
    // LDS_SIZE smaller than M0: MIN picks it. 64 bytes → lanes 16-63 out.
    let v = json(&["ds_read_b32", "--addr", "lane*4", "--lds-size", "64"]);
    assert_eq!(
        (v["limit"].as_u64(), v["clamped"].as_u64()),
        (Some(64), Some(48))
    );
    // An access partly beyond the limit is clamped whole: b128 at 16 with
    // limit 24 covers bytes 16..32.
    let v = json(&["ds_read_b128", "--addr", "lane*16", "--m0", "24"]);
    assert_eq!(v["lanes"][0]["accesses"][0]["clamped"], false);
    assert_eq!(v["lanes"][1]["accesses"][0]["clamped"], true);
    // M0 = 0xFFFFFFFF is "no limit".
    let v = json(&[
        "ds_read_b32",
        "--addr",
        "65532 - lane*4",
        "--m0",
        "0xffffffff",
    ]);
    assert_eq!(v["clamped"], 0);
    // The text marks clamped addresses.
    let t = stdout(&amdmm(&["ds_read_b32", "--addr", "lane*4", "--m0", "128"]));
    assert!(
        t.contains("32 clamped accesses") && t.contains("0x0080!"),
        "{t}"
    );
}

/// 64- and 128-bit accesses (docs/lds.md): 16 and 8 lanes per pass.
/// b64 at stride 8 bytes: 16 lanes × 2 dwords = dwords 0-31 → 1 cycle per
/// pass, 4 passes. b128 at stride 16: 8 lanes × 4 dwords → 8 passes of 1.
#[test]
fn wide_accesses() {
    assert_eq!(figures(&json(&["ds_read_b64", "--addr", "lane*8"])), (4, 1));
    assert_eq!(
        figures(&json(&["ds_write_b128", "--addr", "lane*16"])),
        (8, 1)
    );
    // b64 at stride 128 bytes: every lane in banks 0-1, 16 per pass → 64.
    assert_eq!(
        figures(&json(&["ds_read_b64", "--addr", "lane*128"])),
        (64, 16)
    );
}

/// Wave32 (docs/lds.md): one pass of 32 lanes → 1 cycle conflict-free, 32
/// at stride 32.
#[test]
fn wave32() {
    let v = json(&["ds_read_b32", "--addr", "lane*4", "--wave", "32"]);
    assert_eq!((figures(&v), v["wave"].as_u64()), ((1, 1), Some(32)));
    let v = json(&["ds_read_b32", "--addr", "lane*128", "--wave", "32"]);
    assert_eq!(figures(&v), (32, 32));
}

/// `--addrs FILE`: one address per lane; 32 lines mean wave32.
#[test]
fn addresses_from_a_file() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let f = dir.join("lds-stride33.txt");
    let text: String = std::iter::once("# stride 33 dwords\n".to_string())
        .chain((0..64).map(|l| format!("{}\n", l * 132)))
        .collect();
    std::fs::write(&f, text).unwrap();
    let v = json(&["ds_read_b32", "--addrs", f.to_str().unwrap()]);
    assert_eq!(figures(&v), (2, 1));
    assert_eq!(v["addr_expr"], Value::Null);
    let f32 = dir.join("lds-wave32.txt");
    let text: String = (0..32).map(|l| format!("{:#x}\n", l * 128)).collect();
    std::fs::write(&f32, text).unwrap();
    let v = json(&["ds_read_b32", "--addrs", f32.to_str().unwrap()]);
    assert_eq!((figures(&v), v["wave"].as_u64()), ((32, 32), Some(32)));
    let e = bad(&[
        "ds_read_b32",
        "--addrs",
        f32.to_str().unwrap(),
        "--wave",
        "64",
    ]);
    assert!(e.contains("has 32 addresses; a wave64 needs 64"), "{e}");
}

#[test]
fn output_is_deterministic() {
    let a = amdmm(&["ds_read_b32", "--addr", "(lane%8)*128+lane/8*4", "--json"]);
    let b = amdmm(&["ds_read_b32", "--addr", "(lane%8)*128+lane/8*4", "--json"]);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn unaligned_address_is_an_error() {
    let e = bad(&["ds_read_b32", "--addr", "lane*2"]);
    assert!(
        e.contains("lane 1: address 0x2") && e.contains("not 4-byte aligned"),
        "{e}"
    );
    let e = bad(&["ds_read_b64", "--addr", "lane*4"]);
    assert!(e.contains("not 8-byte aligned"), "{e}");
    // An odd offset misaligns an aligned VGPR.
    let e = bad(&["ds_read_b32", "--addr", "lane*4", "--offset0", "1"]);
    assert!(e.contains("not 4-byte aligned"), "{e}");
}

#[test]
fn address_beyond_64_kib_is_an_error() {
    // 65536 is the first byte past the 64 KiB of a compute unit.
    let e = bad(&["ds_read_b32", "--addr", "65536"]);
    assert!(e.contains("beyond the 64 KiB"), "{e}");
    // lane*1044: lane 62 is at 64728, lane 63 at 65772 > 65532.
    let e = bad(&["ds_read_b32", "--addr", "lane*1044"]);
    assert!(
        e.contains("lane 63") && e.contains("beyond the 64 KiB"),
        "{e}"
    );
    // A b128 at 65528 ends 8 bytes past the end.
    let e = bad(&["ds_read_b128", "--addr", "65520 + (lane/63)*16"]);
    assert!(e.contains("lane 63"), "{e}");
    let e = bad(&["ds_read_b32", "--addr", "65532", "--offset", "4"]);
    assert!(e.contains("beyond the 64 KiB"), "{e}");
    let e = bad(&["ds_read_b32", "--addr", "-4"]);
    assert!(e.contains("negative"), "{e}");
    let e = bad(&["ds_read_b32", "--addr", "lane*4", "--lds-size", "65540"]);
    assert!(e.contains("larger than"), "{e}");
}

#[test]
fn malformed_expression_is_an_error() {
    let e = bad(&["ds_read_b32", "--addr", "(lane*4"]);
    assert!(
        e.contains("column 8: missing `)`")
            && e.contains("--> --addr:1:8")
            && e.contains("= help:"),
        "{e}"
    );
    let e = bad(&["ds_read_b32", "--addr", "lane*x"]);
    assert!(e.contains("column 6: unknown name `x`"), "{e}");
    let e = bad(&["ds_read_b32", "--addr", "4/(lane-3)"]);
    assert!(
        e.contains("division by zero") && e.contains("lane 3"),
        "{e}"
    );
    let e = bad(&["ds_read_b32", "--addr", "0x7fffffffffffffff*2"]);
    assert!(e.contains("overflow"), "{e}");
}

#[test]
fn other_bad_input() {
    let e = bad(&["ds_reed_b32", "--addr", "lane*4"]);
    assert!(e.contains("did you mean `ds_read_b32`"), "{e}");
    let e = bad(&["ds_read_b32"]);
    assert!(e.contains("no addresses given"), "{e}");
    bad(&["ds_read_b32", "--addr", "lane*4", "--offset0", "256"]);
    bad(&["ds_read_b32", "--addr", "lane*4", "--wave", "16"]);
    bad(&["ds_read_b32", "--addr", "lane*4", "--addrs", "f"]);
    let e = bad(&["ds_read_b32", "--addrs", "/nonexistent/addrs.txt"]);
    assert!(e.contains("cannot read"), "{e}");
}

#[test]
fn list_shows_the_instructions() {
    let o = amdmm(&["--list"]);
    assert_eq!(code(&o), 0);
    let t = stdout(&o);
    for n in [
        "ds_read2_b64",
        "ds_add_u32",
        "ds_add_src2_u32",
        "ds_read_b128",
    ] {
        assert!(t.contains(n), "{n}");
    }
}

/// `--target` (issue 29): the processor's LDS per work-group bounds the
/// addresses (gfx950 has 160 KiB, so 100000 is inside; a GFX9 processor
/// has the Vega ISA's 64 KiB, so it is not), and its wave sizes are the
/// ones it runs (wave64 only before GFX10; wave32 by default from GFX10).
#[test]
fn target_sets_the_lds_and_wave_sizes() {
    let v = json(&[
        "ds_read_b32",
        "--addr",
        "lane*4 + 100000",
        "--target",
        "gfx950",
    ]);
    assert_eq!(v["lds_bytes"], 163840, "{v}");
    assert_eq!(v["lds_size"], 163840, "{v}");
    assert_eq!(v["wave"], 64, "{v}");
    let e = bad(&[
        "ds_read_b32",
        "--addr",
        "lane*4 + 100000",
        "--target",
        "gfx942",
    ]);
    assert!(e.contains("beyond the 64 KiB of LDS"), "{e}");
    let e = bad(&[
        "ds_read_b32",
        "--addr",
        "lane*4",
        "--target",
        "gfx900",
        "--wave",
        "32",
    ]);
    assert!(e.contains("gfx900 runs wave64 only"), "{e}");
    // gfx1100: wave32 by default; stride 1 dword is one pass of 32 lanes,
    // conflict-free: one cycle per pass, and a wave32 wave has one pass.
    let v = json(&["ds_read_b32", "--addr", "lane*4", "--target", "gfx1100"]);
    assert_eq!(v["wave"], 32, "{v}");
    assert_eq!(v["lanes"].as_array().unwrap().len(), 32, "{v}");
    let v = json(&[
        "ds_read_b32",
        "--addr",
        "lane*4",
        "--target",
        "gfx1100",
        "--wave",
        "64",
    ]);
    assert_eq!(v["wave"], 64, "{v}");
    // GFX6: 32 KiB ("0x7FFF on GFX6", AMDGPUUsage).
    let e = bad(&[
        "ds_read_b32",
        "--addr",
        "lane*4 + 32768",
        "--target",
        "gfx600",
    ]);
    assert!(e.contains("beyond the 32 KiB of LDS"), "{e}");
    // The text report says what the target set.
    let o = amdmm(&["ds_read_b32", "--addr", "lane*4", "--target", "gfx1250"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("target gfx1250: 320 KiB of LDS per work-group (327680 bytes); runs wave32; this analysis: wave32"),
        "{}",
        stdout(&o)
    );
    let e = bad(&["ds_read_b32", "--addr", "lane*4", "--target", "gfx9000"]);
    assert!(e.contains("gfx9000"), "{e}");
}

/// `lds --json` carries the version field every `--json` document has.
#[test]
fn json_has_the_version() {
    let v = json(&["ds_read_b32", "--addr", "lane*4"]);
    assert_eq!(v["amdmm"], env!("CARGO_PKG_VERSION"), "{v}");
    assert_eq!(v["lds_bytes"], 65536, "{v}");
}
