//! The launch: the grid of workgroups, the work-items of each, their
//! wavefronts, and what the kernel's parameters are bound to.

/// `--grid`, `--block`, `--wave-size`, `--lanes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// Workgroups in x and y.
    pub grid: [u32; 2],
    /// Work-items per workgroup in x and y.
    pub block: [u32; 2],
    /// 32 or 64.
    pub wave_size: u32,
    /// Model only the first K work-items of each wavefront.
    pub lanes: Option<u32>,
}

impl Default for Launch {
    fn default() -> Self {
        Launch {
            grid: [1, 1],
            block: [1, 1],
            wave_size: 64,
            lanes: None,
        }
    }
}

/// One modelled work-item: its ids and where it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkItem {
    /// `workgroup.id.{x,y}`
    pub wg: [u32; 2],
    /// `workitem.id.{x,y}`
    pub local: [u32; 2],
    /// The workgroup's number (row-major, x fastest).
    pub wg_linear: u32,
    /// The work-item's number in its workgroup (x fastest).
    pub local_linear: u32,
    /// Wavefront number, unique in the grid.
    pub wave: u32,
    /// Lane in the wavefront.
    pub lane: u32,
}

impl Launch {
    pub fn work_items_per_group(&self) -> u32 {
        self.block[0] * self.block[1]
    }

    pub fn workgroups(&self) -> u32 {
        self.grid[0] * self.grid[1]
    }

    /// The work-items amdmm models, in order: workgroup by workgroup, and
    /// in each the work-items by their linear id.
    ///
    /// AMDGPUUsage, "Memory Model": "A work-group's work-items are
    /// executed as wavefronts" of the target's wavefront size; a
    /// workgroup's work-item with linear id `L` runs in its wavefront
    /// `L / wave_size`, lane `L % wave_size` (execution-synchronization,
    /// "Hardware Model": waves of one workgroup). With `--lanes K` only
    /// lanes `0..K` of every wavefront are modelled: an
    /// under-approximation the report states.
    pub fn work_items(&self) -> Vec<WorkItem> {
        let per = self.work_items_per_group();
        let waves_per_group = per.div_ceil(self.wave_size);
        let mut out = Vec::new();
        for gy in 0..self.grid[1] {
            for gx in 0..self.grid[0] {
                let wg_linear = gy * self.grid[0] + gx;
                for ly in 0..self.block[1] {
                    for lx in 0..self.block[0] {
                        let l = ly * self.block[0] + lx;
                        let lane = l % self.wave_size;
                        if self.lanes.is_some_and(|k| lane >= k) {
                            continue;
                        }
                        out.push(WorkItem {
                            wg: [gx, gy],
                            local: [lx, ly],
                            wg_linear,
                            local_linear: l,
                            wave: wg_linear * waves_per_group + l / self.wave_size,
                            lane,
                        });
                    }
                }
            }
        }
        out
    }

    /// Is only part of each wavefront modelled?
    pub fn partial(&self) -> bool {
        self.lanes
            .is_some_and(|k| k < self.wave_size.min(self.work_items_per_group()))
    }
}

/// What a kernel parameter is bound to (`--arg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// A scalar passed by value: `--arg n=3`.
    Scalar(i64),
    /// A buffer: `--arg out=i32[4]` (element type and length).
    Buffer { elem: String, len: u32 },
}

/// `--init data[0]=5`: an initial value of a buffer element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitValue {
    pub buffer: String,
    pub index: u32,
    pub value: i64,
    /// A decimal value (`1.5`), for a floating-point buffer, as the bits of
    /// an `f64` (an integer value is the number it names there: `3` is 3.0).
    pub float: Option<u64>,
}

/// Parses `NAME=VALUE` or `NAME=TYPE[LEN]` of `--arg`.
pub fn parse_arg(s: &str) -> Result<(String, ArgValue), String> {
    let (name, v) = s.split_once('=').ok_or_else(|| {
        format!("`{s}`: expected NAME=VALUE or NAME=TYPE[LEN] (e.g. n=3, out=i32[4])")
    })?;
    if let Some((ty, rest)) = v.split_once('[') {
        let len: u32 = rest
            .strip_suffix(']')
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{s}`: the length in TYPE[LEN] must be a positive integer"))?;
        if !matches!(
            ty,
            "i8" | "i16" | "i32" | "i64" | "half" | "float" | "double"
        ) {
            return Err(format!(
                "`{s}`: element type `{ty}` is not one of i8, i16, i32, i64, half, float, double"
            ));
        }
        return Ok((
            name.to_string(),
            ArgValue::Buffer {
                elem: ty.to_string(),
                len,
            },
        ));
    }
    let value: i64 = v
        .parse()
        .map_err(|_| format!("`{s}`: `{v}` is not an integer (scalar arguments are integers)"))?;
    Ok((name.to_string(), ArgValue::Scalar(value)))
}

/// Parses `NAME[INDEX]=VALUE` (or `NAME=VALUE` for element 0) of `--init`.
pub fn parse_init(s: &str) -> Result<InitValue, String> {
    let (lhs, v) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}`: expected NAME[INDEX]=VALUE (e.g. data[0]=5)"))?;
    // An integer, or a decimal for a floating-point buffer (`1.5`).
    let (value, float) = match v.parse::<i64>() {
        Ok(n) => (n, None),
        Err(_) => match v.parse::<f64>() {
            Ok(x) if x.is_finite() => (0, Some(x.to_bits())),
            _ => return Err(format!("`{s}`: `{v}` is not a number")),
        },
    };
    let (buffer, index) = match lhs.split_once('[') {
        Some((b, rest)) => (
            b,
            rest.strip_suffix(']')
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("`{s}`: the index must be a non-negative integer"))?,
        ),
        None => (lhs, 0),
    };
    Ok(InitValue {
        buffer: buffer.to_string(),
        index,
        value,
        float,
    })
}

/// Parses `G` or `GxH` of `--grid` / `--block`.
pub fn parse_dims(s: &str) -> Result<[u32; 2], String> {
    let mut it = s.split('x');
    let x: u32 = it
        .next()
        .and_then(|v| v.parse().ok())
        .filter(|&v| v > 0)
        .ok_or_else(|| format!("`{s}`: expected N or NxM with positive integers"))?;
    let y: u32 = match it.next() {
        Some(v) => v
            .parse()
            .ok()
            .filter(|&v| v > 0)
            .ok_or_else(|| format!("`{s}`: expected N or NxM with positive integers"))?,
        None => 1,
    };
    if it.next().is_some() {
        return Err(format!("`{s}`: at most two dimensions (x and y)"));
    }
    Ok([x, y])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_of_work_items() {
        let l = Launch {
            grid: [2, 1],
            block: [3, 1],
            wave_size: 2,
            lanes: None,
        };
        let w = l.work_items();
        assert_eq!(w.len(), 6);
        // Workgroup 0: lanes 0,1 in wave 0, lane 0 of wave 1; workgroup 1 from wave 2.
        assert_eq!((w[1].wave, w[1].lane), (0, 1));
        assert_eq!((w[2].wave, w[2].lane), (1, 0));
        assert_eq!((w[3].wg_linear, w[3].wave), (1, 2));
        let l = Launch {
            lanes: Some(1),
            ..l
        };
        assert_eq!(l.work_items().len(), 4);
        assert!(l.partial());
    }

    #[test]
    fn parses_options() {
        assert_eq!(parse_arg("n=3").unwrap(), ("n".into(), ArgValue::Scalar(3)));
        assert_eq!(
            parse_arg("out=i32[4]").unwrap().1,
            ArgValue::Buffer {
                elem: "i32".into(),
                len: 4
            }
        );
        assert!(parse_arg("out=i32[0]").is_err());
        assert!(parse_arg("out").is_err());
        assert_eq!(
            parse_init("data[2]=5").unwrap(),
            InitValue {
                buffer: "data".into(),
                index: 2,
                value: 5,
                float: None,
            }
        );
        assert_eq!(
            parse_init("x[1]=1.5").unwrap().float,
            Some(1.5f64.to_bits())
        );
        assert!(parse_init("x[1]=abc").is_err());
        assert_eq!(parse_dims("2x3").unwrap(), [2, 3]);
        assert!(parse_dims("0").is_err());
    }
}

/// Everything a run needs besides the module: the launch, the bindings and
/// the loop bound (the options of `amdmm kernel`, or a `// launch:` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchSpec {
    pub grid: [u32; 2],
    pub block: [u32; 2],
    /// `None`: the target's.
    pub wave_size: Option<u32>,
    pub lanes: Option<u32>,
    pub args: Vec<(String, ArgValue)>,
    pub inits: Vec<InitValue>,
    pub loop_bound: u32,
    /// `--target GFX` on a `// launch:` line: the processor the kernel is
    /// compiled for and run on (a split barrier needs gfx1200); `None`:
    /// the command line's.
    pub target: Option<String>,
}

impl Default for LaunchSpec {
    fn default() -> Self {
        LaunchSpec {
            grid: [1, 1],
            block: [1, 1],
            wave_size: None,
            lanes: None,
            args: Vec::new(),
            inits: Vec::new(),
            loop_bound: 2,
            target: None,
        }
    }
}

/// Reads the options of a `// launch: --grid 2 --block 1 --arg n=3` line.
pub fn parse_launch_line(s: &str) -> Result<LaunchSpec, String> {
    let mut spec = LaunchSpec::default();
    let words: Vec<&str> = s.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let (opt, inline) = match words[i].split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            _ => (words[i], None),
        };
        let value = match inline {
            Some(v) => v,
            None => {
                i += 1;
                *words
                    .get(i)
                    .ok_or_else(|| format!("`{opt}` needs a value"))?
            }
        };
        let number = |v: &str| {
            v.parse::<u32>()
                .map_err(|_| format!("{opt}: `{v}` is not a number"))
        };
        match opt {
            "--grid" => spec.grid = parse_dims(value)?,
            "--block" => spec.block = parse_dims(value)?,
            "--wave-size" => spec.wave_size = Some(number(value)?),
            "--lanes" => spec.lanes = Some(number(value)?),
            "--loop-bound" => spec.loop_bound = number(value)?,
            "--arg" => spec.args.push(parse_arg(value)?),
            "--init" => spec.inits.push(parse_init(value)?),
            "--target" => spec.target = Some(value.to_string()),
            other => return Err(format!("unknown launch option `{other}` (--grid, --block, --wave-size, --lanes, --arg, --init, --loop-bound, --target)")),
        }
        i += 1;
    }
    Ok(spec)
}

/// The wavefront size a processor runs by default: 64 on GFX9 and
/// earlier, 32 on GFX10 and later (AMDGPUUsage, "Processors": GFX10+
/// supports wave32 and wave64, wave32 the compiler's default).
pub fn default_wave_size(target: &str) -> u32 {
    let digits: String = target
        .trim_start_matches("gfx")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    if digits.len() >= 4 && digits.starts_with('1') {
        32
    } else {
        64
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn launch_lines() {
        let s = parse_launch_line(
            "--grid 2 --block=4 --lanes 1 --arg n=3 --init data[1]=5 --loop-bound 3",
        )
        .unwrap();
        assert_eq!(
            (s.grid, s.block, s.lanes, s.loop_bound),
            ([2, 1], [4, 1], Some(1), 3)
        );
        assert_eq!(s.args, vec![("n".to_string(), ArgValue::Scalar(3))]);
        assert!(parse_launch_line("--grod 2").is_err());
        assert!(parse_launch_line("--grid").is_err());
        assert_eq!(default_wave_size("gfx942"), 64);
        assert_eq!(default_wave_size("gfx1100"), 32);
    }
}
