// The WebAssembly build against the command line: every corpus test run by
// the .wasm the page ships (in Node) must print byte for byte what
// `amdmm run --no-time FILE` prints (stdout, stderr, exit status); the same
// for `amdmm lower --target gfx942 FILE`, for `amdmm explain FILE` and
// `amdmm compare --model seed --model proposed FILE` and `amdmm verify
// --target T [--model M] FILE` on a sample, for the
// witness graphs (DOT) of a sample, for broken tests' diagnostics and for a
// few `amdmm lds` analyses.
// Also prints the corpus time, wasm vs native (docs/performance.md).
//
//   node web/tests/corpus.mjs OUTDIR AMDMM_BINARY     (from the repository root)
import { existsSync, readFileSync, readdirSync, statSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

const [outDir, amdmm] = process.argv.slice(2);
if (!outDir || !amdmm) {
  console.error("usage: node web/tests/corpus.mjs OUTDIR AMDMM_BINARY");
  process.exit(2);
}
const glue = await import(pathToFileURL(join(process.cwd(), "web/pkg/amdmm_web.js")).href);
glue.initSync({ module: readFileSync(join(outDir, "amdmm_web_bg.wasm")) });

function litmusFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...litmusFiles(p));
    else if (e.endsWith(".litmus")) out.push(p);
  }
  return out;
}

// The command line ends every run with a `Summary:` line over all the tests
// it ran (and a blank line before it when a test block was printed); the
// playground runs one test at a time and shows no such line, so the
// comparison leaves that line out and keeps everything else byte for byte.
function withoutSummary(out) {
  return out.replace(/(\n)?Summary: [^\n]*\n$/, "");
}

function cli(args) {
  const r = spawnSync(amdmm, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  const stdout = args[0] === "run" ? withoutSummary(r.stdout) : r.stdout;
  return { stdout, stderr: r.stderr, exit: r.status };
}

let failures = 0;
let compared = 0;
function same(what, want, got) {
  compared++;
  for (const k of Object.keys(want)) {
    if (want[k] !== got[k]) {
      failures++;
      console.log(`DIFF ${what} (${k}):\n--- amdmm\n${want[k]}\n--- wasm\n${got[k]}`);
      return;
    }
  }
}

const files = litmusFiles("litmus");
let wasmMs = 0;
for (const f of files) {
  const src = readFileSync(f, "utf8");
  const t0 = performance.now();
  const r = JSON.parse(glue.run(src, JSON.stringify({ file: f })));
  wasmMs += performance.now() - t0;
  same(`run ${f}`, cli(["run", "--no-time", f]), { stdout: r.stdout, stderr: r.stderr, exit: r.exit });
  const l = JSON.parse(glue.lower(src, "gfx942", f));
  const c = cli(["lower", "--target", "gfx942", f]);
  if (c.exit === 0) same(`lower ${f}`, { stdout: c.stdout, ok: true }, { stdout: l.text, ok: l.ok });
  else same(`lower ${f} (refused)`, { ok: false }, { ok: l.ok });
}

// explain and compare (models): every eighth test and every idiom
// (finding S1's tests among them, where seed and proposed differ; the
// compare-and-swap loops end at explain's --max-candidates limit, Unknown),
// against `amdmm explain FILE` and `amdmm compare --model seed --model
// proposed FILE`.
for (const [k, f] of files.entries()) {
  const idiom = f.startsWith("litmus/idioms/");
  if (k % 8 !== 0 && !idiom) continue;
  const src = readFileSync(f, "utf8");
  const x = JSON.parse(glue.explain(src, JSON.stringify({ file: f })));
  same(`explain ${f}`, cli(["explain", f]), { stdout: x.stdout, stderr: x.stderr, exit: x.exit });
  const c = JSON.parse(glue.compare(src, JSON.stringify({ file: f, models: ["seed", "proposed"] })));
  same(`compare ${f}`, cli(["compare", "--model", "seed", "--model", "proposed", f]), { stdout: c.stdout, stderr: c.stderr, exit: c.exit });
}
{
  const f = "litmus/MP+rel-acq.agent.litmus";
  const src = readFileSync(f, "utf8");
  for (const state of ["P1:%r0=1; P1:%r1=0", "P1:%r0=1 /\\ P1:%r1=42", "P9:%r0=1", "P1:%r0=x"]) {
    const x = JSON.parse(glue.explain(src, JSON.stringify({ file: f, state })));
    same(`explain --state '${state}' ${f}`, cli(["explain", "--state", state, f]), { stdout: x.stdout, stderr: x.stderr, exit: x.exit });
  }
  const c = JSON.parse(glue.compare(src, JSON.stringify({ file: f, models: ["seed", "upstream", "proposed"] })));
  same(`compare (3 models) ${f}`, cli(["compare", "--model", "seed", "--model", "upstream", "--model", "proposed", f]), { stdout: c.stdout, stderr: c.stderr, exit: c.exit });
}

// verify on a target (--code table, the playground's only code source):
// every eighth test but litmus/wide/ (a 65-event test takes 1.77 M
// hardware states) on gfx942 and gfx1200, and under --model upstream on
// gfx942, against `amdmm verify --target T [--model M] FILE`; then the
// test whose verdict depends on the model (OK under the seed, KNOWN F3
// under upstream on gfx90a) under each model. The summary line's time (`in
// 0.1 s)`) is left out of the comparison, as it differs run to run.
const noTime = (s) => s.replace(/ hardware states in [0-9.]+ s\)$/m, " hardware states in T s)");
function sameVerify(f, target, model) {
  const src = readFileSync(f, "utf8");
  const v = JSON.parse(glue.verify(src, JSON.stringify({ file: f, target, model })));
  const flags = model ? ["--model", model] : [];
  const c = cli(["verify", "--target", target, ...flags, f]);
  same(`verify --target ${target} ${flags.join(" ")} ${f}`, { ...c, stdout: noTime(c.stdout) }, { stdout: noTime(v.stdout), stderr: v.stderr, exit: v.exit });
}
for (const [k, f] of files.entries()) {
  if (k % 8 !== 4 || f.startsWith("litmus/wide/")) continue;
  for (const [target, model] of [["gfx942"], ["gfx1200"], ["gfx942", "upstream"]]) sameVerify(f, target, model);
}
for (const model of ["seed", "upstream", "proposed"]) sameVerify("litmus/hw/MP+volatile.system.diffagent.litmus", "gfx90a", model);

// Witness graphs: the DOT the page lays out is what `run --graph DIR
// --graph-format dot` writes, for a sample of the corpus.
const graphDir = mkdtempSync(join(tmpdir(), "amdmm-web-graphs-"));
for (const f of files.filter((_, k) => k % 25 === 0)) {
  const src = readFileSync(f, "utf8");
  const r = JSON.parse(glue.run(src, JSON.stringify({ file: f })));
  if (r.status !== "ran") continue;
  const dir = join(graphDir, String(compared));
  cli(["run", "--no-time", "--graph", dir, "--graph-format", "dot", f]);
  const name = r.result.name.replace(/[^A-Za-z0-9._+-]/g, "_");
  r.witness_dots.forEach((dot, k) => {
    const path = join(dir, `${name}.state-${r.result.witnesses[k].state + 1}.dot`);
    // The command line marks the files it writes as its own (a comment after
    // the first line, docs/cli.md "Files amdmm writes"); the page's DOT is
    // text, not a file, and carries no mark.
    const want = existsSync(path)
      ? readFileSync(path, "utf8").replace("\n  // generated by amdmm\n", "\n")
      : `(amdmm wrote no ${path})`;
    same(`graph ${f} #${k + 1}`, { dot: want }, { dot });
  });
}
rmSync(graphDir, { recursive: true });

// Broken tests: the diagnostics, rendered as the command line renders them.
const tmp = mkdtempSync(join(tmpdir(), "amdmm-web-"));
const broken = {
  "undeclared.litmus": "AMDGPU U\n{ global x = 0; }\nthread P0 @ wg 0 {\n  store i32 1, ptr @z\n}\nexists (P0:%r0 == 0)\n",
  "unclosed.litmus": "AMDGPU U\n{ global x = 0; }\nthread P0 @ wg 0 {\n  store i32 1, ptr @x\n\nexists (x == 0)\n",
  "badorder.litmus": "AMDGPU U\n{ global x = 0; }\nthread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") relase, align 4\n}\nexists (x == 1)\n",
};
for (const [name, src] of Object.entries(broken)) {
  const p = join(tmp, name);
  writeFileSync(p, src);
  const r = JSON.parse(glue.run(src, JSON.stringify({ file: p })));
  same(`run ${name}`, cli(["run", "--no-time", p]), { stdout: r.stdout, stderr: r.stderr, exit: r.exit });
}
rmSync(tmp, { recursive: true });

// The LDS analyser: reports, and errors as `amdmm lds` prints them.
for (const [instr, addr] of [["ds_read_b32", "lane*4"], ["ds_read_b32", "lane*128"], ["ds_write_b64", "lane*8"],
  ["ds_read2_b32", "lane*8"], ["ds_write_b64", "lane*8+4"], ["ds_read_b32", "lane*"], ["ds_frobnicate", "0"]]) {
  const r = JSON.parse(glue.lds(JSON.stringify({ instr, addr })));
  const c = cli(["lds", instr, "--addr", addr]);
  const stderr = r.ok ? "" : `${r.rendered}\n`;
  same(`lds ${instr} ${addr}`, { stdout: c.stdout, stderr: c.stderr }, { stdout: r.text, stderr });
}

const t0 = performance.now();
cli(["run", "--no-time", "-j1", "litmus"]);
const nativeMs = performance.now() - t0;
console.log(`${compared} comparisons on ${files.length} corpus tests, ${failures} differences`);
console.log(`corpus time: wasm (Node, one thread, run() calls) ${wasmMs.toFixed(0)} ms; native amdmm run -j1 litmus (one process) ${nativeMs.toFixed(0)} ms`);
process.exit(failures ? 1 : 0);
