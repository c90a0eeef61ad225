//! The DS instruction table: what each opcode accesses (one address, two
//! addresses, or the `src2` pair), how wide each access is, and whether it is
//! a plain load/store or an atomic.
//!
//! The seed (`lds-vega-isa.zh.txt`, section 10.3.3) describes three address
//! forms, which are the [`Form`] variants; the opcode names follow the Vega
//! ISA (`DS_READ_B32`, `DS_ADD_RTN_U32`, `DS_ADD_SRC2_U32`, ...), lower case.

use serde::Serialize;

/// What the instruction does with the LDS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// An indexed load: "简单的LDS加载……将数据返回到VGPR" (a simple LDS load
    /// ... returns data to the VGPR).
    Read,
    /// An indexed store: "从VGPR读取数据" (reads data from the VGPR) into LDS.
    Write,
    /// "原子操作是算术操作,将VGPR的数据与LDS中的数据结合,并将结果写回LDS"
    /// (atomics are arithmetic operations that combine VGPR data with the
    /// data in LDS and write the result back to LDS).
    Atomic,
}

/// The address form, one per formula in section 10.3.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// "单地址指令 LDS_Addr = LDS_BASE + VGPR\[ADDR\] + {InstrOffset1,InstrOffset0}"
    /// (single-address instructions).
    Single,
    /// "双地址指令" (two-address instructions): `read2`/`write2`/`wrxchg2`,
    /// each offset scaled by ADJ.
    Two,
    /// "`ds_<op>_src2_<type>`": a data term and a second-source/destination,
    /// both in LDS, addressed in one of two modes chosen by offset1\[7\].
    Src2,
}

/// One DS opcode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Instr {
    /// Lower-case opcode name, e.g. `ds_read2_b32`.
    pub name: String,
    /// Load, store or atomic.
    pub kind: Kind,
    /// Address form.
    pub form: Form,
    /// Bytes of each access (one element): 4, 8 or 16.
    pub bytes: u32,
    /// Whether an atomic returns the pre-op value ("可以选择将LDS的"操作前"值返回到VGPR").
    pub returns: bool,
}

impl Instr {
    /// Dwords in one access.
    pub fn dwords(&self) -> u32 {
        self.bytes / 4
    }

    /// The alignment a lane's address must have: the access width (see
    /// `docs/lds.md`, "Alignment"; the seed only states dword alignment, for
    /// `LDS_DIRECT` and for atomics: "ADDR是一个双字地址" — ADDR is a dword
    /// address).
    pub fn align(&self) -> u32 {
        self.bytes
    }

    /// ADJ for two-address forms: "对于8、16和32位数据类型,ADJ = 4;对于64位
    /// 数据类型,ADJ = 8" (ADJ = 4 for 8-, 16- and 32-bit data types; ADJ = 8
    /// for 64-bit). `None` for the other forms.
    pub fn adj(&self) -> Option<u32> {
        (self.form == Form::Two).then(|| adj_for_bytes(self.bytes))
    }

    /// Accesses per lane when every address is distinct: two for `read2`/
    /// `write2`/`wrxchg2` ("LDS_ADDR1仅用于READ2、WRITE2和WREXCHG2*" — ADDR1 is
    /// used only by these) and for `src2` (data term and destination), one
    /// otherwise.
    pub fn max_accesses(&self) -> u32 {
        match self.form {
            Form::Single => 1,
            Form::Two | Form::Src2 => 2,
        }
    }
}

/// ADJ by element size in bytes (see [`Instr::adj`]).
pub fn adj_for_bytes(bytes: u32) -> u32 {
    if bytes == 8 {
        8
    } else {
        4
    }
}

/// 32-bit atomic operations without `_rtn` (Vega opcode names).
const ATOMICS_32: [&str; 17] = [
    "add_u32",
    "sub_u32",
    "rsub_u32",
    "inc_u32",
    "dec_u32",
    "min_i32",
    "max_i32",
    "min_u32",
    "max_u32",
    "and_b32",
    "or_b32",
    "xor_b32",
    "mskor_b32",
    "cmpst_b32",
    "cmpst_f32",
    "min_f32",
    "max_f32",
];

/// 32-bit atomics that only exist with a return value, or whose no-return
/// form has another name.
const ATOMICS_32_RTN_ONLY: [&str; 2] = ["wrxchg_rtn_b32", "wrap_rtn_b32"];

/// `src2` operations (all 32-bit).
const SRC2_32: [&str; 16] = [
    "add",
    "sub",
    "rsub",
    "inc",
    "dec",
    "min_i32",
    "max_i32",
    "min_u32",
    "max_u32",
    "and_b32",
    "or_b32",
    "xor_b32",
    "write_b32",
    "min_f32",
    "max_f32",
    "add_f32",
];

/// Every supported opcode, sorted by name.
pub fn all() -> Vec<Instr> {
    let mut v = Vec::new();
    let mut add = |name: String, kind, form, bytes, returns| {
        v.push(Instr {
            name,
            kind,
            form,
            bytes,
            returns,
        })
    };
    for (w, bytes) in [("b32", 4), ("b64", 8), ("b128", 16)] {
        add(
            format!("ds_read_{w}"),
            Kind::Read,
            Form::Single,
            bytes,
            true,
        );
        add(
            format!("ds_write_{w}"),
            Kind::Write,
            Form::Single,
            bytes,
            false,
        );
    }
    for (w, bytes) in [("b32", 4), ("b64", 8)] {
        add(format!("ds_read2_{w}"), Kind::Read, Form::Two, bytes, true);
        add(
            format!("ds_write2_{w}"),
            Kind::Write,
            Form::Two,
            bytes,
            false,
        );
    }
    add(
        "ds_wrxchg2_rtn_b32".into(),
        Kind::Atomic,
        Form::Two,
        4,
        true,
    );
    add("ds_add_f32".into(), Kind::Atomic, Form::Single, 4, false);
    add("ds_add_rtn_f32".into(), Kind::Atomic, Form::Single, 4, true);
    for op in ATOMICS_32 {
        add(format!("ds_{op}"), Kind::Atomic, Form::Single, 4, false);
        let (base, ty) = op.rsplit_once('_').unwrap_or((op, ""));
        add(
            format!("ds_{base}_rtn_{ty}"),
            Kind::Atomic,
            Form::Single,
            4,
            true,
        );
    }
    for op in ATOMICS_32_RTN_ONLY {
        add(format!("ds_{op}"), Kind::Atomic, Form::Single, 4, true);
    }
    for op in SRC2_32 {
        let name = match op.rsplit_once('_') {
            Some((base, ty)) => format!("ds_{base}_src2_{ty}"),
            None => format!("ds_{op}_src2_u32"),
        };
        add(name, Kind::Atomic, Form::Src2, 4, false);
    }
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v
}

/// Looks up an opcode (case-insensitive, `DS_READ_B32` or `ds_read_b32`).
pub fn lookup(name: &str) -> Result<Instr, String> {
    let lower = name.trim().to_ascii_lowercase();
    let table = all();
    if let Some(i) = table.iter().find(|i| i.name == lower) {
        return Ok(i.clone());
    }
    let with_prefix = format!("ds_{lower}");
    if let Some(i) = table.iter().find(|i| i.name == with_prefix) {
        return Ok(i.clone());
    }
    let best = table
        .iter()
        .map(|i| (edit_distance(&i.name, &lower), &i.name))
        .min()
        .filter(|(d, _)| *d <= 4);
    let hint = match best {
        Some((_, n)) => format!("did you mean `{n}`? (`amdmm lds --list` shows them all)"),
        None => "`amdmm lds --list` shows the supported instructions".to_string(),
    };
    Err(format!("unknown DS instruction `{name}`; {hint}"))
}

/// Edit distance counting a swap of two neighbours as one edit (optimal
/// string alignment), so `ds_raed_b32` is one edit from `ds_read_b32`.
fn edit_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_list_is_supported() {
        for n in [
            "ds_read_b32",
            "ds_write_b32",
            "ds_read_b64",
            "ds_write_b64",
            "ds_read2_b32",
            "ds_write2_b32",
            "ds_read2_b64",
            "ds_write2_b64",
            "ds_read_b128",
            "ds_write_b128",
            "ds_add_u32",
            "ds_add_rtn_u32",
            "ds_max_i32",
            "ds_cmpst_rtn_b32",
            "ds_wrxchg_rtn_b32",
            "ds_wrxchg2_rtn_b32",
            "ds_add_src2_u32",
            "ds_min_src2_f32",
            "ds_write_src2_b32",
        ] {
            assert!(lookup(n).is_ok(), "{n}");
        }
    }

    #[test]
    fn widths_and_forms() {
        let i = lookup("DS_READ_B128").unwrap();
        assert_eq!(
            (i.bytes, i.dwords(), i.form, i.kind),
            (16, 4, Form::Single, Kind::Read)
        );
        let i = lookup("ds_write2_b64").unwrap();
        assert_eq!((i.bytes, i.form, i.kind), (8, Form::Two, Kind::Write));
        let i = lookup("ds_add_u32").unwrap();
        assert_eq!((i.bytes, i.kind, i.returns), (4, Kind::Atomic, false));
        assert!(lookup("ds_add_rtn_u32").unwrap().returns);
        let i = lookup("ds_add_src2_u32").unwrap();
        assert_eq!(
            (i.form, i.kind, i.max_accesses()),
            (Form::Src2, Kind::Atomic, 2)
        );
        assert_eq!(lookup("read_b32").unwrap().name, "ds_read_b32");
    }

    /// "对于8、16和32位数据类型,ADJ = 4;对于64位数据类型,ADJ = 8"
    #[test]
    fn adj_is_4_for_32_bit_and_8_for_64_bit() {
        assert_eq!(lookup("ds_read2_b32").unwrap().adj(), Some(4));
        assert_eq!(lookup("ds_write2_b32").unwrap().adj(), Some(4));
        assert_eq!(lookup("ds_wrxchg2_rtn_b32").unwrap().adj(), Some(4));
        assert_eq!(lookup("ds_read2_b64").unwrap().adj(), Some(8));
        assert_eq!(lookup("ds_write2_b64").unwrap().adj(), Some(8));
        assert_eq!(lookup("ds_read_b64").unwrap().adj(), None);
    }

    #[test]
    fn unknown_names_get_a_suggestion() {
        let e = lookup("ds_reed_b32").unwrap_err();
        assert!(e.contains("did you mean `ds_read_b32`"), "{e}");
        // A transposition is one edit, closer than any substitution pair.
        let e = lookup("ds_raed_b32").unwrap_err();
        assert!(e.contains("did you mean `ds_read_b32`"), "{e}");
        let e = lookup("frobnicate").unwrap_err();
        assert!(e.contains("--list"), "{e}");
    }

    #[test]
    fn names_are_unique_and_sorted() {
        let t = all();
        for w in t.windows(2) {
            assert!(w[0].name < w[1].name, "{} {}", w[0].name, w[1].name);
        }
    }
}
