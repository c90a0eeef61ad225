//! DS address computation (seed section 10.3.3): the single-address,
//! two-address and `src2` formulas, `LDS_BASE`, and the M0 size clamp.
//!
//! Addresses are kept in two forms: `addr`, relative to the wave's LDS
//! allocation (what the formulas compute without `LDS_BASE`, and what the
//! size limit applies to), and `physical = LDS_BASE + addr`, which picks the
//! bank.

use crate::instr::{Form, Instr};
use crate::LdsError;
use serde::Serialize;

/// "每个计算单元拥有64 kB内存" — each compute unit has 64 kB of LDS; "一个工作组
/// 最多可以请求64 kB内存" — a work-group can request at most 64 kB.
pub const LDS_BYTES: u32 = 64 * 1024;

/// The value of M0 meaning "no limit": "如果不需要限制,则将M0设置为0xFFFFFFFF"
/// (if no limit is needed, set M0 to 0xFFFFFFFF).
pub const M0_NO_LIMIT: u32 = 0xFFFF_FFFF;

/// Per-instruction and per-wave settings that feed the formulas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Params {
    /// The instruction's 8-bit OFFSET0 field.
    pub offset0: u8,
    /// The instruction's 8-bit OFFSET1 field.
    pub offset1: u8,
    /// LDS_BASE: "在 wavefront 创建时,LDS_BASE被分配给此波前或工作组拥有的物理LDS
    /// 区域" (at wavefront creation, LDS_BASE is assigned to the physical LDS
    /// region owned by this wavefront or work-group).
    pub lds_base: u32,
    /// LDS_SIZE: "着色器处理器插值器(SPI)在波前创建时分配的LDS空间量" (the amount of
    /// LDS space the SPI allocated at wavefront creation), in bytes.
    pub lds_size: u32,
    /// The M0 register.
    pub m0: u32,
    /// The LDS a work-group can address on the target (`lds --target`,
    /// [`crate::targets`]): 64 KiB (the Vega ISA's) unless a target says
    /// otherwise. LDS_BASE + LDS_SIZE and every address stay below it.
    pub lds_bytes: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            offset0: 0,
            offset1: 0,
            lds_base: 0,
            lds_size: LDS_BYTES,
            m0: M0_NO_LIMIT,
            lds_bytes: LDS_BYTES,
        }
    }
}

impl Params {
    /// Checks LDS_SIZE and LDS_BASE against the 64 kB of a compute unit.
    pub fn validate(&self) -> Result<(), LdsError> {
        let cap = self.lds_bytes;
        if self.lds_size > cap {
            return Err(LdsError::new(
                format!(
                    "LDS size {} is larger than the {cap} bytes a work-group can address",
                    self.lds_size
                ),
                format!(
                    "a work-group can request at most {} KiB (--lds-size {cap}); `--target` sets the processor's LDS",
                    cap / 1024
                ),
            ));
        }
        if self.lds_base & 3 != 0 {
            return Err(LdsError::new(
                format!("LDS_BASE {:#x} is not dword-aligned", self.lds_base),
                "give --lds-base a multiple of 4",
            ));
        }
        if u64::from(self.lds_base) + u64::from(self.lds_size) > u64::from(cap) {
            return Err(LdsError::new(
                format!(
                    "LDS_BASE {:#x} + LDS size {:#x} ends beyond the {cap} bytes of the LDS",
                    self.lds_base, self.lds_size
                ),
                "lower --lds-base or --lds-size",
            ));
        }
        Ok(())
    }

    /// The byte size sent to the LDS, see [`size_limit`].
    pub fn limit(&self) -> u32 {
        size_limit(self.m0, self.lds_size)
    }
}

/// "M0\[15:0\]提供了此次访问的字节大小。发送到LDS的大小是MIN(M0, LDS_SIZE)" (M0\[15:0\]
/// gives the byte size of this access; the size sent to the LDS is
/// MIN(M0, LDS_SIZE)).
///
/// The seed names both M0\[15:0\] and M0; we compare the whole register, so
/// that the documented "no limit" value 0xFFFFFFFF really limits nothing
/// (with M0\[15:0\] = 0xFFFF the last byte of a 64 KiB allocation would be cut
/// off). See `docs/lds.md`, "M0".
pub fn size_limit(m0: u32, lds_size: u32) -> u32 {
    m0.min(lds_size)
}

/// Whether an access of `bytes` at relative address `addr` is outside the
/// size sent to the LDS ("M0包含一个大小值,可用于将访问限制在分配的LDS范围的子集内"
/// — M0 holds a size that can restrict accesses to a subset of the allocated
/// LDS range). The whole access is clamped if any byte of it is outside.
pub fn is_clamped(addr: u32, bytes: u32, limit: u32) -> bool {
    u64::from(addr) + u64::from(bytes) > u64::from(limit)
}

/// `{InstrOffset1,InstrOffset0}`: the 16-bit offset of single-address
/// instructions, offset1 the high byte. "ADDR和InstrOffset都是字节地址" (ADDR
/// and InstrOffset are both byte addresses).
pub fn single_offset(offset0: u8, offset1: u8) -> u32 {
    (u32::from(offset1) << 8) | u32::from(offset0)
}

/// "单地址指令 LDS_Addr = LDS_BASE + VGPR\[ADDR\] + {InstrOffset1,InstrOffset0}"
/// (single-address instructions), and for atomics "LDS_Addr0 = LDS_BASE +
/// VGPR\[ADDR\] + {InstrOffset1,InstrOffset0}". Returns the address without
/// LDS_BASE.
pub fn single_address(vgpr: u32, offset0: u8, offset1: u8) -> i64 {
    i64::from(vgpr) + i64::from(single_offset(offset0, offset1))
}

/// "双地址指令 LDS_Addr0 = LDS_BASE + VGPR\[ADDR\] + InstrOffset0*ADJ,
/// LDS_Addr1 = LDS_BASE + VGPR\[ADDR\] + InstrOffset1*ADJ" (two-address
/// instructions), and "通过将两个偏移量设置为相同的值来指定单个地址。这会导致只发生
/// 一次读取或写入,并且仅使用第一个DATA0" (a single address is specified by
/// setting both offsets to the same value; then only one read or write
/// happens and only the first DATA0 is used). Returns the addresses without
/// LDS_BASE: two, or one when the offsets are equal.
pub fn two_addresses(vgpr: u32, offset0: u8, offset1: u8, adj: u32) -> Vec<(Role, i64)> {
    let a0 = i64::from(vgpr) + i64::from(offset0) * i64::from(adj);
    if offset0 == offset1 {
        return vec![(Role::Addr0, a0)];
    }
    let a1 = i64::from(vgpr) + i64::from(offset1) * i64::from(adj);
    vec![(Role::Addr0, a0), (Role::Addr1, a1)]
}

/// "这些操作的寻址可以根据offset1\[7\]的最高有效位(MSB)以两种不同的模式运行" (the
/// addressing of `src2` operations runs in one of two modes chosen by the
/// MSB offset1\[7\]).
pub fn src2_mode(offset1: u8) -> u8 {
    offset1 >> 7
}

/// Sign-extends the low 15 bits of `v`.
fn sign_extend_15(v: u32) -> i64 {
    let v = i64::from(v & 0x7FFF);
    if v & 0x4000 != 0 {
        v - 0x8000
    } else {
        v
    }
}

/// The two `src2` addresses (data term, then second source and final
/// destination), without LDS_BASE.
///
/// Mode 0, "如果为0,则数据项的偏移量由偏移字段作为有符号双字偏移量导出" (if 0, the data
/// term's offset comes from the offset fields as a signed dword offset):
/// "LDS_Addr0 = LDS_BASE + VGPR(ADDR) + SIGNEXTEND(InstrOffset1\[6:0\],InstrOffset0))<<2
/// // data term; LDS_Addr1 = LDS_BASE + VGPR(ADDR) // second source and final
/// destination address".
///
/// Mode 1, "如果该位为1,则数据项的偏移量变为每个线程的偏移量,并且是一个从VGPR为索引
/// 读取的MSB导出的有符号双字偏移量" (if the bit is 1, the data term's offset is
/// per thread, a signed dword offset taken from the MSBs of the index VGPR):
/// "LDS_Addr0 = LDS_BASE + VGPR(ADDR)\[16:0\] + SIGNEXTEND(VGPR(ADDR)\[31:17\])<<2;
/// LDS_Addr1 = LDS_BASE + VGPR(ADDR)\[16:0\]".
pub fn src2_addresses(vgpr: u32, offset0: u8, offset1: u8) -> [(Role, i64); 2] {
    if src2_mode(offset1) == 0 {
        let off = sign_extend_15((u32::from(offset1 & 0x7F) << 8) | u32::from(offset0));
        let base = i64::from(vgpr);
        [(Role::Addr0, base + (off << 2)), (Role::Addr1, base)]
    } else {
        let low = i64::from(vgpr & 0x1_FFFF);
        let off = sign_extend_15(vgpr >> 17);
        [(Role::Addr0, low + (off << 2)), (Role::Addr1, low)]
    }
}

/// The seed's formulas for `instr`, with the offsets and LDS_BASE filled in
/// (for the report).
pub fn formulas(instr: &Instr, p: &Params) -> Vec<String> {
    let base = p.lds_base;
    match instr.form {
        Form::Single => vec![format!(
            "LDS_Addr = LDS_BASE + VGPR[ADDR] + {{InstrOffset1,InstrOffset0}} = {base:#x} + VGPR + {:#x}",
            single_offset(p.offset0, p.offset1)
        )],
        Form::Two => {
            let adj = instr.adj().unwrap_or(4);
            let a0 = format!(
                "LDS_Addr0 = LDS_BASE + VGPR[ADDR] + InstrOffset0*ADJ = {base:#x} + VGPR + {}*{adj}",
                p.offset0
            );
            if p.offset0 == p.offset1 {
                vec![
                    a0,
                    "offset0 == offset1: a single address, one read or write (only DATA0 is used)"
                        .to_string(),
                ]
            } else {
                vec![
                    a0,
                    format!(
                        "LDS_Addr1 = LDS_BASE + VGPR[ADDR] + InstrOffset1*ADJ = {base:#x} + VGPR + {}*{adj}",
                        p.offset1
                    ),
                ]
            }
        }
        Form::Src2 if src2_mode(p.offset1) == 0 => {
            let off = sign_extend_15((u32::from(p.offset1 & 0x7F) << 8) | u32::from(p.offset0));
            vec![
                format!(
                    "src2 mode 0 (offset1[7] = 0): LDS_Addr0 = LDS_BASE + VGPR(ADDR) + \
                     SIGNEXTEND(InstrOffset1[6:0],InstrOffset0)<<2 = {base:#x} + VGPR + ({off})*4 (data term)"
                ),
                format!(
                    "LDS_Addr1 = LDS_BASE + VGPR(ADDR) = {base:#x} + VGPR (second source and final destination)"
                ),
            ]
        }
        Form::Src2 => vec![
            format!(
                "src2 mode 1 (offset1[7] = 1): LDS_Addr0 = LDS_BASE + VGPR(ADDR)[16:0] + \
                 SIGNEXTEND(VGPR(ADDR)[31:17])<<2 = {base:#x} + VGPR[16:0] + VGPR[31:17]*4 (data term)"
            ),
            format!(
                "LDS_Addr1 = LDS_BASE + VGPR(ADDR)[16:0] = {base:#x} + VGPR[16:0] (second source and final destination)"
            ),
        ],
    }
}

/// Which address of the instruction an access is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The one address of a single-address instruction.
    Addr,
    /// LDS_Addr0 (for `src2`: the data term).
    Addr0,
    /// LDS_Addr1 (for `src2`: the second source and final destination).
    Addr1,
}

/// One access of one lane.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Access {
    /// Which formula produced it.
    pub role: Role,
    /// Byte address relative to the wave's allocation (without LDS_BASE).
    pub addr: u32,
    /// `LDS_BASE + addr`: the physical byte address that selects the bank.
    pub physical: u32,
    /// Bytes accessed.
    pub bytes: u32,
    /// Outside `MIN(M0, LDS_SIZE)`: the access does not reach a bank.
    pub clamped: bool,
}

/// The accesses of one lane.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LaneAccesses {
    /// Lane number.
    pub lane: u32,
    /// The VGPR\[ADDR\] value.
    pub vgpr: u32,
    /// One or two accesses.
    pub accesses: Vec<Access>,
}

/// Converts an expression value to the 32-bit VGPR\[ADDR\] value: 0..2^32-1,
/// or a negative number down to -2^31, stored in two's complement (useful
/// for the `src2` per-thread offsets in VGPR\[31:17\]).
pub fn to_vgpr(v: i64) -> Option<u32> {
    if (0..=i64::from(u32::MAX)).contains(&v) {
        u32::try_from(v).ok()
    } else if (i64::from(i32::MIN)..0).contains(&v) {
        i32::try_from(v).ok().map(|x| x as u32)
    } else {
        None
    }
}

fn describe_vgpr(instr: &Instr, vgpr: u32, p: &Params, role: Role) -> String {
    match instr.form {
        Form::Single => format!(
            "VGPR {vgpr:#x} + offset {:#x}",
            single_offset(p.offset0, p.offset1)
        ),
        Form::Two => {
            let (o, name) = if role == Role::Addr1 {
                (p.offset1, "offset1")
            } else {
                (p.offset0, "offset0")
            };
            format!(
                "VGPR {vgpr:#x} + {name} {o} * ADJ {}",
                instr.adj().unwrap_or(4)
            )
        }
        Form::Src2 => format!("VGPR {vgpr:#x}, src2 mode {}", src2_mode(p.offset1)),
    }
}

/// Computes every lane's accesses and checks them: each must lie inside the
/// 64 KiB of LDS and be aligned to the access width; accesses beyond
/// `MIN(M0, LDS_SIZE)` are marked clamped.
pub fn compute(instr: &Instr, vgprs: &[u32], p: &Params) -> Result<Vec<LaneAccesses>, LdsError> {
    p.validate()?;
    let limit = p.limit();
    let mut out = Vec::with_capacity(vgprs.len());
    for (lane, &vgpr) in (0u32..).zip(vgprs) {
        let addrs: Vec<(Role, i64)> = match instr.form {
            Form::Single => vec![(Role::Addr, single_address(vgpr, p.offset0, p.offset1))],
            Form::Two => two_addresses(vgpr, p.offset0, p.offset1, instr.adj().unwrap_or(4)),
            Form::Src2 => src2_addresses(vgpr, p.offset0, p.offset1).to_vec(),
        };
        if instr.form != Form::Src2 && (vgpr as i32) < 0 {
            return Err(LdsError::new(
                format!(
                    "lane {lane}: VGPR[ADDR] is negative ({}, {vgpr:#x} as 32 bits)",
                    vgpr as i32
                ),
                "LDS addresses are byte offsets from 0 to 65535",
            ));
        }
        let mut accesses = Vec::with_capacity(addrs.len());
        for (role, a) in addrs {
            let how = describe_vgpr(instr, vgpr, p, role);
            let role_name = match role {
                Role::Addr => "address".to_string(),
                Role::Addr0 => "LDS_Addr0".to_string(),
                Role::Addr1 => "LDS_Addr1".to_string(),
            };
            if a < 0 {
                return Err(LdsError::new(
                    format!("lane {lane}: {role_name} is {a} ({how}), below 0"),
                    "LDS addresses are byte offsets from 0 to 65535",
                ));
            }
            let cap = p.lds_bytes;
            if a + i64::from(instr.bytes) > i64::from(cap) {
                return Err(LdsError::new(
                    format!(
                        "lane {lane}: {role_name} {a:#x} ({how}) plus {} bytes is beyond the {} KiB of LDS",
                        instr.bytes,
                        cap / 1024
                    ),
                    format!(
                        "the LDS has {} KiB: addresses must be below {cap} ({cap:#x}); `--target` sets the processor's LDS",
                        cap / 1024
                    ),
                ));
            }
            let addr = u32::try_from(a).unwrap_or(u32::MAX);
            if addr % instr.align() != 0 {
                return Err(LdsError::new(
                    format!(
                        "lane {lane}: {role_name} {addr:#x} ({how}) is not {}-byte aligned, as {} requires",
                        instr.align(),
                        instr.name
                    ),
                    format!(
                        "make every address a multiple of {} (e.g. lane*{})",
                        instr.align(),
                        instr.align()
                    ),
                ));
            }
            accesses.push(Access {
                role,
                addr,
                physical: p.lds_base.saturating_add(addr),
                bytes: instr.bytes,
                clamped: is_clamped(addr, instr.bytes, limit),
            });
        }
        out.push(LaneAccesses {
            lane,
            vgpr,
            accesses,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instr::lookup;

    fn p(offset0: u8, offset1: u8) -> Params {
        Params {
            offset0,
            offset1,
            ..Params::default()
        }
    }

    #[test]
    fn single_address_adds_the_16_bit_offset() {
        // {InstrOffset1,InstrOffset0}: offset1 = 1, offset0 = 4 -> 0x104.
        assert_eq!(single_offset(4, 1), 0x104);
        assert_eq!(single_address(0x20, 4, 1), 0x124);
        let i = lookup("ds_read_b32").unwrap();
        let l = compute(&i, &[8], &p(4, 0)).unwrap();
        assert_eq!(l[0].accesses[0].addr, 12);
        assert_eq!(l[0].accesses[0].role, Role::Addr);
    }

    #[test]
    fn two_addresses_scale_by_adj() {
        // read2_b32: ADJ 4 -> VGPR 0x100 + 1*4, 0x100 + 2*4.
        assert_eq!(
            two_addresses(0x100, 1, 2, 4),
            vec![(Role::Addr0, 0x104), (Role::Addr1, 0x108)]
        );
        // read2_b64: ADJ 8.
        assert_eq!(
            two_addresses(0x100, 1, 2, 8),
            vec![(Role::Addr0, 0x108), (Role::Addr1, 0x110)]
        );
        // Equal offsets: one access only.
        assert_eq!(two_addresses(0x100, 3, 3, 4), vec![(Role::Addr0, 0x10C)]);
    }

    #[test]
    fn src2_mode_0_uses_the_signed_dword_offset_fields() {
        // offset1[6:0] = 0, offset0 = 3 -> +3 dwords = +12 bytes.
        assert_eq!(src2_mode(0x00), 0);
        assert_eq!(
            src2_addresses(0x40, 3, 0),
            [(Role::Addr0, 0x4C), (Role::Addr1, 0x40)]
        );
        // offset1[6:0] = 0x7F, offset0 = 0xFF -> 15-bit -1 -> -4 bytes.
        assert_eq!(
            src2_addresses(0x40, 0xFF, 0x7F),
            [(Role::Addr0, 0x3C), (Role::Addr1, 0x40)]
        );
    }

    #[test]
    fn src2_mode_1_takes_the_offset_from_vgpr_31_17() {
        assert_eq!(src2_mode(0x80), 1);
        // VGPR = (5 << 17) | 0x40: low 0x40, +5 dwords.
        let v = (5u32 << 17) | 0x40;
        assert_eq!(
            src2_addresses(v, 0, 0x80),
            [(Role::Addr0, 0x54), (Role::Addr1, 0x40)]
        );
        // VGPR[31:17] all ones = -1 dword.
        let v = 0xFFFE_0000 | 0x40;
        assert_eq!(
            src2_addresses(v, 0, 0x80),
            [(Role::Addr0, 0x3C), (Role::Addr1, 0x40)]
        );
        // The offset fields are ignored in mode 1 (apart from offset1[7]).
        assert_eq!(src2_addresses(0x40, 9, 0x85), src2_addresses(0x40, 0, 0x80));
    }

    #[test]
    fn m0_clamps_to_min_of_m0_and_lds_size() {
        assert_eq!(size_limit(M0_NO_LIMIT, 65536), 65536);
        assert_eq!(size_limit(256, 65536), 256);
        assert_eq!(size_limit(M0_NO_LIMIT, 1024), 1024);
        assert!(!is_clamped(252, 4, 256));
        assert!(is_clamped(256, 4, 256));
        assert!(is_clamped(248, 16, 256)); // partly outside: whole access clamped
        let i = lookup("ds_write_b32").unwrap();
        let params = Params {
            m0: 8,
            lds_bytes: LDS_BYTES,
            ..Params::default()
        };
        let l = compute(&i, &[0, 4, 8], &params).unwrap();
        let c: Vec<bool> = l.iter().map(|l| l.accesses[0].clamped).collect();
        assert_eq!(c, [false, false, true]);
    }

    #[test]
    fn lds_base_moves_the_physical_address_only() {
        let i = lookup("ds_read_b32").unwrap();
        let params = Params {
            lds_base: 0x1000,
            lds_size: 0x100,
            ..Params::default()
        };
        let l = compute(&i, &[0x10, 0x100], &params).unwrap();
        assert_eq!(
            (l[0].accesses[0].addr, l[0].accesses[0].physical),
            (0x10, 0x1010)
        );
        assert!(!l[0].accesses[0].clamped);
        assert!(l[1].accesses[0].clamped); // 0x100 is outside the 0x100 bytes allocated
    }

    #[test]
    fn bad_addresses_are_errors() {
        let b32 = lookup("ds_read_b32").unwrap();
        let e = compute(&b32, &[0, 2], &Params::default()).unwrap_err();
        assert!(
            e.message.contains("lane 1") && e.message.contains("4-byte aligned"),
            "{e}"
        );
        let b64 = lookup("ds_read_b64").unwrap();
        let e = compute(&b64, &[4], &Params::default()).unwrap_err();
        assert!(e.message.contains("8-byte aligned"), "{e}");
        let b128 = lookup("ds_read_b128").unwrap();
        assert!(compute(&b128, &[8], &Params::default()).is_err());
        let e = compute(&b32, &[65536], &Params::default()).unwrap_err();
        assert!(e.message.contains("beyond the 64 KiB"), "{e}");
        assert!(compute(&b32, &[65532], &Params::default()).is_ok());
        assert!(compute(&b128, &[65520], &Params::default()).is_ok());
        assert!(compute(&b128, &[65536 - 8], &Params::default()).is_err());
        // Offsets count too.
        assert!(compute(&b32, &[65532], &p(4, 0)).is_err());
        // src2 mode 0 with a negative offset below 0.
        let s = lookup("ds_add_src2_u32").unwrap();
        let e = compute(&s, &[0], &p(0xFF, 0x7F)).unwrap_err();
        assert!(e.message.contains("below 0"), "{e}");
    }

    #[test]
    fn bad_params_are_errors() {
        let i = lookup("ds_read_b32").unwrap();
        let big = Params {
            lds_size: 65540,
            ..Params::default()
        };
        assert!(compute(&i, &[0], &big).is_err());
        let unaligned = Params {
            lds_base: 2,
            lds_size: 16,
            ..Params::default()
        };
        assert!(compute(&i, &[0], &unaligned).is_err());
        let past = Params {
            lds_base: 0x8000,
            lds_size: 0x8004,
            ..Params::default()
        };
        assert!(compute(&i, &[0], &past).is_err());
    }

    #[test]
    fn vgpr_values() {
        assert_eq!(to_vgpr(0), Some(0));
        assert_eq!(to_vgpr(0xFFFF_FFFF), Some(u32::MAX));
        assert_eq!(to_vgpr(-1), Some(u32::MAX));
        assert_eq!(to_vgpr(-(1 << 31)), Some(0x8000_0000));
        assert_eq!(to_vgpr(1 << 32), None);
        assert_eq!(to_vgpr(-(1 << 31) - 1), None);
    }
}
