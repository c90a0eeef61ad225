// End-to-end tests of the playground in a real browser: Debian's chromium
// driven by playwright-core. Builds nothing: run by scripts/web-test.sh
// against a fresh build (env OUTDIR; AMDMM = the command-line binary the
// page must agree with; SHOTS = where the screenshots go).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join, extname, normalize } from "node:path";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";

const OUT = process.env.OUTDIR;
const AMDMM = process.env.AMDMM;
const SHOTS = process.env.SHOTS ?? "target/web-shots";
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
assert.ok(OUT && AMDMM, "set OUTDIR and AMDMM (scripts/web-test.sh does)");

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".litmus": "text/plain" };
let server, browser, base;

before(async () => {
  server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    try {
      const body = await readFile(join(OUT, path.endsWith("/") ? path + "index.html" : path));
      res.writeHead(200, { "content-type": TYPES[extname(path) || ".html"] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${server.address().port}/`;
  await mkdir(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The network is closed: no background services, no sandbox in containers.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function openPage(hash = "") {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + hash);
  await page.waitForFunction(() => (window).amdmmReady !== undefined, null, { timeout: 30000 });
  return { page, errors };
}

function cli(args) {
  return spawnSync(AMDMM, args, { encoding: "utf8" });
}

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

test("the page loads and becomes interactive", async () => {
  const { page, errors } = await openPage();
  const ready = await page.evaluate(() => (window).amdmmReady);
  console.log(`interactive ${ready.sinceNavigationMs.toFixed(0)} ms after navigation (engine ${ready.engineMs.toFixed(0)} ms)`);
  assert.match(await page.textContent("#status"), /ready/);
  assert.equal(await page.isEnabled("#run"), true);
  // The examples menu holds the corpus, grouped by directory.
  const groups = await page.$$eval("#examples optgroup", (gs) => gs.map((g) => g.label));
  assert.ok(groups.includes("litmus") && groups.includes("litmus/barrier") && groups.includes("litmus/async"), groups.join());
  await shot(page, "01-loaded");
  assert.deepEqual(errors, []);
});

test("an example runs and shows what the command line prints", async () => {
  const { page } = await openPage();
  const file = "MP+rel-acq.workgroup.diffwg.litmus";
  await page.selectOption("#examples", file);
  await page.waitForFunction((f) => document.querySelector("#source").value.includes("MP+rel-acq.workgroup.diffwg"), file);
  await page.click("#run");
  await page.waitForSelector("[data-testid=states]");
  // The command line's end-of-run `Summary:` line covers all the tests of a
  // run; the page runs one test and shows no such line.
  const want = cli(["run", "--no-time", `litmus/${file}`]).stdout.replace(/(\n)?Summary: [^\n]*\n$/, "");
  // States: each row of the table as the herd text prints it.
  const rows = await page.$$eval("[data-testid=states] tbody tr", (trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
  const cols = await page.$$eval("[data-testid=states] thead th", (ths) => ths.map((t) => t.textContent).slice(1, -1));
  const stateLines = rows.map((r) => cols.map((c, k) => `${c}=${r[k + 1]};`).join(" "));
  const wantStates = want.split("\n").filter((l) => /^\S+:\S+=/.test(l) || /^\S+=\S*;/.test(l));
  assert.deepEqual(stateLines, wantStates);
  // The verdict.
  const obs = want.match(/^Observation \S+ (\S+)/m)[1];
  assert.equal(await page.textContent("[data-testid=observation]"), obs);
  // The condition's states are marked.
  const sat = await page.$$eval("[data-testid=states] tbody tr.sat", (t) => t.length);
  const pos = Number(want.match(/^Positive: (\d+)/m)[1]);
  assert.equal(sat > 0, pos > 0);
  // The Text tab is the command line's output, byte for byte.
  assert.equal(await page.textContent("#output"), want);
  await shot(page, "02-result");
});

test("a flag is explained in words", async () => {
  const { page } = await openPage();
  await page.click("#run"); // the default test: MP with a racy plain read
  await page.waitForSelector("[data-testid=flags]");
  assert.match(await page.textContent("[data-testid=flags]"), /race: in some execution a read returns undef/);
});

test("a broken test shows its diagnostic at the right line", async () => {
  const { page } = await openPage();
  const src = await page.inputValue("#source");
  const broken = src.replace("%r1 = load i32, ptr @x", "%r1 = load i32, ptr @z");
  await page.fill("#source", broken);
  await page.click("#run");
  await page.waitForSelector("#diagnostics li");
  const at = await page.$eval("#diagnostics li", (li) => [Number(li.dataset.line), Number(li.dataset.column)]);
  const line = broken.split("\n").findIndex((l) => l.includes("@z")) + 1;
  const column = broken.split("\n")[line - 1].indexOf("@z") + 1;
  assert.deepEqual(at, [line, column]);
  assert.match(await page.textContent("#diagnostics li"), /undeclared|not declared|unknown/i);
  // Marked in the editor, on the offending text.
  assert.equal(await page.textContent("#highlight .err-mark"), "@z");
  await shot(page, "03-diagnostic");
});

test("a witness is drawn as a graph", async () => {
  const { page } = await openPage();
  await page.click("#run");
  await page.waitForSelector("[data-testid=states] tbody tr");
  await page.click("[data-testid=states] tbody tr >> nth=0");
  await page.waitForSelector("#graph svg", { timeout: 30000 });
  assert.ok((await page.$$("#graph svg g.node")).length >= 4, "events drawn as nodes");
  assert.match(await page.textContent("#witness-text"), /^Witness for state 1/);
  await shot(page, "04-graph");
});

/** A test with a large search: four threads storing to and loading one location. */
function longTest() {
  const lines = ["AMDGPU Long", "{", "  global x = 0;", "}"];
  for (let t = 0; t < 4; t++) {
    lines.push(`thread P${t} @ wg ${t} {`);
    for (let i = 0; i < 3; i++) {
      lines.push(`  store atomic i32 ${t * 10 + i + 1}, ptr @x syncscope("agent") monotonic, align 4`);
      lines.push(`  %r${i} = load atomic i32, ptr @x syncscope("agent") monotonic, align 4`);
    }
    lines.push("}");
  }
  lines.push("exists (P0:%r0 == 1)");
  return lines.join("\n") + "\n";
}

test("a long run can be stopped, and the page goes on working", async () => {
  const { page } = await openPage();
  await page.fill("#timeout", "600");
  await page.fill("#source", longTest());
  await page.click("#run");
  await page.waitForTimeout(1500);
  assert.equal(await page.isEnabled("#stop"), true, "still running after 1.5 s");
  // The page stays responsive while the worker explores.
  assert.equal(await page.evaluate(() => 1 + 1), 2);
  await shot(page, "05-running");
  await page.click("#stop");
  await page.waitForSelector("[data-testid=stopped]");
  assert.match(await page.textContent("[data-testid=stopped]"), /stopped/);
  assert.equal(await page.isEnabled("#run"), true);
  // A fresh worker answers the next run.
  await page.selectOption("#examples", "SB+sc.litmus");
  await page.waitForFunction(() => document.querySelector("#source").value.startsWith("AMDGPU SB+sc"));
  await page.click("#run");
  await page.waitForSelector("[data-testid=observation]");
  await shot(page, "06-after-stop");
});

/** Eight one-load readers of two writers: many cheap candidates, seconds in all. */
function readersTest() {
  const lines = ["AMDGPU Readers", "{", "  global x = 0;", "}"];
  for (let t = 0; t < 2; t++) {
    lines.push(`thread W${t} @ wg ${t} {`);
    for (let i = 0; i < 3; i++) lines.push(`  store atomic i32 ${t * 10 + i + 1}, ptr @x syncscope("agent") monotonic, align 4`);
    lines.push("}");
  }
  for (let t = 0; t < 8; t++) {
    lines.push(`thread R${t} @ wg ${t + 2} {`, `  %r0 = load atomic i32, ptr @x syncscope("agent") monotonic, align 4`, "}");
  }
  lines.push("exists (R0:%r0 == 1)");
  return lines.join("\n") + "\n";
}

test("the time limit ends a run with Unknown", async () => {
  const { page } = await openPage();
  await page.fill("#timeout", "1");
  await page.fill("#source", readersTest());
  await page.click("#run");
  await page.waitForSelector("[data-testid=unknown], [data-testid=stopped], [data-testid=states]", { timeout: 30000 });
  const text = await page.textContent("#tab-result");
  // The engine's own limit (web-time's clock works in the worker): an
  // honest Unknown with the command line's reason, not a killed worker.
  assert.match(text, /Unknown: limit reached: --timeout 1s \(per test\)/);
  await shot(page, "09-timeout");
});

test("a share link reopens the test", async () => {
  const { page } = await openPage();
  await page.selectOption("#examples", "CoRR.litmus");
  await page.waitForFunction(() => document.querySelector("#source").value.startsWith("AMDGPU CoRR"));
  await page.selectOption("#model", "upstream");
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#code="));
  const url = page.url();
  const { page: other } = await openPage(url.slice(url.indexOf("#")));
  assert.equal(await other.inputValue("#source"), await page.inputValue("#source"));
  assert.equal(await other.inputValue("#model"), "upstream");
});

test("lower shows the table code of a target", async () => {
  const { page } = await openPage();
  await page.selectOption("#examples", "MP+rel-acq.agent.litmus");
  await page.waitForFunction(() => document.querySelector("#source").value.startsWith("AMDGPU MP+rel-acq.agent\n"));
  await page.click("#tabs button[data-tab=lower]");
  await page.selectOption("#lower-target", "gfx90a:tgsplit");
  await page.click("#lower-run");
  await page.waitForFunction(() => document.querySelector("#lower-output").textContent.length > 0);
  const want = cli(["lower", "--target", "gfx90a:tgsplit", "litmus/MP+rel-acq.agent.litmus"]).stdout;
  assert.equal(await page.textContent("#lower-output"), want);
  await shot(page, "07-lower");
});

test("the LDS analyser draws its heat map", async () => {
  const { page } = await openPage();
  await page.click("#tabs button[data-tab=lds]");
  await page.fill("#lds-addr", "lane*128");
  await page.click("#lds-run");
  await page.waitForSelector("#lds-heat table");
  assert.equal((await page.$$("#lds-heat table tr")).length, 65, "a header and 64 lanes");
  assert.match(await page.textContent("#lds-heat"), /64 cycles, worst conflict 32-way/);
  assert.equal(await page.textContent("#lds-output"), cli(["lds", "ds_read_b32", "--addr", "lane*128"]).stdout);
  await shot(page, "08-lds");
  await page.fill("#lds-addr", "lane*");
  await page.click("#lds-run");
  await page.waitForSelector("[data-testid=lds-error]");
});

async function openExample(page, file) {
  await page.selectOption("#examples", file);
  const name = file.split("/").pop().replace(/\.litmus$/, "");
  await page.waitForFunction((n) => document.querySelector("#source").value.startsWith(`AMDGPU ${n}\n`), name);
}

test("explain prints the command line's explanation and draws each class", async () => {
  const { page, errors } = await openPage();
  await openExample(page, "CoRR.litmus");
  await page.click("#tabs button[data-tab=explain]");
  await page.click("#explain-run");
  await page.waitForFunction(() => document.querySelector("#explain-output").textContent.startsWith("Explain "));
  const want = cli(["explain", "litmus/CoRR.litmus"]);
  assert.equal(await page.textContent("#explain-output"), want.stdout + want.stderr);
  assert.match(await page.textContent("#explain-output"), /the cycle: e1 -rf-> e2 -hb-> e3 -fr-> e1/);
  await page.waitForSelector("#explain-graph svg", { timeout: 30000 });
  // The rule's edges are drawn (highlighted) in the class's graph.
  assert.ok((await page.$$("#explain-graph svg g.edge")).length >= 3);
  // A state of one's own, in herd's syntax.
  await page.fill("#explain-state", "P1:%r0=1 /\\ P1:%r1=1");
  await page.click("#explain-run");
  await page.waitForFunction(() => document.querySelector("#explain-output").textContent.includes("state P1:%r0=1 /\\ P1:%r1=1"));
  const want2 = cli(["explain", "--state", "P1:%r0=1 /\\ P1:%r1=1", "litmus/CoRR.litmus"]);
  assert.equal(await page.textContent("#explain-output"), want2.stdout + want2.stderr);
  await shot(page, "10-explain");
  assert.deepEqual(errors, []);
});

test("verify runs a test on a target's hardware model as the command line does", async () => {
  const { page, errors } = await openPage();
  const noTime = (s) => s.replace(/ hardware states in [0-9.]+ s\)$/m, " hardware states in T s)");
  // Known finding F2 (docs/findings.md) on gfx600; MP allowed on gfx942.
  for (const [file, target, verdict] of [
    ["ISA2+avs.wg+fence-rel.agent+avl.agent.litmus", "gfx600", /known findings/],
    ["MP+rel-acq.agent.litmus", "gfx942", /every hardware outcome is allowed/],
  ]) {
    await openExample(page, file);
    await page.click("#tabs button[data-tab=verify]");
    await page.selectOption("#verify-target", target);
    await page.click("#verify-run");
    await page.waitForFunction((v) => new RegExp(v).test(document.querySelector("#verify-verdict").textContent), verdict.source);
    const want = cli(["verify", "--target", target, `litmus/${file}`]);
    assert.equal(noTime(await page.textContent("#verify-output")), noTime(want.stdout + want.stderr));
    assert.equal(await page.getAttribute("#verify-output", "data-exit"), String(want.status));
  }
  // The page's model is the one checked against (`--model`): finding F3
  // under upstream's volatile rule, nothing forbidden under the seed.
  const file = "hw/MP+volatile.system.diffagent.litmus";
  for (const [model, verdict] of [["upstream", /known findings/], ["seed", /every hardware outcome is allowed/]]) {
    await openExample(page, file);
    await page.selectOption("#model", model);
    await page.click("#tabs button[data-tab=verify]");
    await page.selectOption("#verify-target", "gfx90a");
    await page.click("#verify-run");
    await page.waitForFunction((v) => new RegExp(v).test(document.querySelector("#verify-verdict").textContent), verdict.source);
    const want = cli(["verify", "--target", "gfx90a", "--model", model, `litmus/${file}`]);
    assert.equal(noTime(await page.textContent("#verify-output")), noTime(want.stdout + want.stderr));
    assert.equal(await page.getAttribute("#verify-output", "data-exit"), String(want.status));
  }
  assert.match(await page.textContent("#tab-verify"), /--code llc/);
  await shot(page, "12-verify");
  assert.deepEqual(errors, []);
});

test("compare runs the chosen models as the command line does", async () => {
  const { page } = await openPage();
  // Finding S1 (docs/findings.md): undef under the seed, 2 under proposed.
  const file = "idioms/Counter+rmw.wg+syncthreads+plain.litmus";
  await openExample(page, file);
  await page.click("#tabs button[data-tab=compare]");
  await page.click("#compare-run");
  await page.waitForFunction(() => document.querySelector("#compare-verdict").textContent.length > 0);
  const want = cli(["compare", "--model", "seed", "--model", "proposed", `litmus/${file}`]);
  assert.equal(want.status, 1, "the command line says they differ");
  assert.equal(await page.textContent("#compare-output"), want.stdout + want.stderr);
  assert.equal(await page.getAttribute("#compare-output", "data-exit"), "1");
  assert.match(await page.textContent("#compare-verdict"), /differ/);
  // seed against upstream: both undef, the same.
  await page.uncheck("#compare-models input[value=proposed]");
  await page.check("#compare-models input[value=upstream]");
  await page.click("#compare-run");
  await page.waitForFunction(() => /agree/.test(document.querySelector("#compare-verdict").textContent));
  const want2 = cli(["compare", "--model", "seed", "--model", "upstream", `litmus/${file}`]);
  assert.equal(await page.textContent("#compare-output"), want2.stdout + want2.stderr);
  await shot(page, "11-compare");
});

test("pasted text is test.litmus in diagnostics, not the previous example", async () => {
  const { page } = await openPage();
  await openExample(page, "CoRR.litmus");
  const broken = (await page.inputValue("#source")).replace("ptr @x monotonic, align 4\n}", "ptr @q monotonic, align 4\n}");
  await page.fill("#source", broken);
  await page.click("#run");
  await page.waitForSelector("#diagnostics li");
  const text = await page.textContent("#diagnostics li pre");
  assert.match(text, /--> test\.litmus:\d+:\d+/);
  assert.doesNotMatch(text, /CoRR\.litmus/);
  // The example itself, unchanged, keeps its name.
  await openExample(page, "CoWW+plain.single.litmus");
  const other = (await page.inputValue("#source")).replace("{", "{ oops");
  await page.fill("#source", other);
  await page.click("#run");
  await page.waitForSelector("#diagnostics li");
  assert.match(await page.textContent("#diagnostics li pre"), /--> test\.litmus:/);
});

test("the time shown includes the graph layout", async () => {
  const { page } = await openPage();
  await openExample(page, "LB+mono.litmus");
  const t0 = Date.now();
  await page.click("#run");
  await page.waitForFunction(() => /^done in/.test(document.querySelector("#status").textContent));
  const wall = Date.now() - t0;
  const [, total, engine, layout] = (await page.textContent("#status")).match(/^done in (\d+) ms \(engine (\d+) ms, graph layout (\d+) ms\)/).map(Number);
  // Engine and layout one after the other, both inside the total, the
  // total inside what the test itself waited.
  assert.ok(total + 1 >= engine + layout, `${total} >= ${engine} + ${layout}`);
  assert.ok(total <= wall + 1, `${total} <= ${wall}`);
  assert.ok(layout > 0, "the first graph was laid out before the time was taken");
  assert.ok(await page.$("#graph svg"), "the graph is drawn when the time is shown");
  assert.match(await page.textContent("[data-testid=time]"), new RegExp(`^${total} ms \\(engine ${engine} ms, graph layout ${layout} ms\\)`));
});

test("a long description line wraps inside the editor", async () => {
  const { page } = await openPage();
  await openExample(page, "CoRR.litmus");
  const longest = Math.max(...(await page.inputValue("#source")).split("\n").map((l) => l.length));
  assert.ok(longest > 150, "CoRR's description is one long line");
  const m = await page.$eval("#source", (t) => ({ sw: t.scrollWidth, cw: t.clientWidth }));
  assert.ok(m.sw <= m.cw, `no horizontal overflow (${m.sw} > ${m.cw})`);
  // The highlighted copy wraps the same way: same height, so the marks stay
  // under their text.
  const h = await page.evaluate(() => [document.querySelector("#source").scrollHeight, document.querySelector("#highlight").scrollHeight]);
  assert.ok(Math.abs(h[0] - h[1]) <= 2, `${h[0]} vs ${h[1]}`);
  await shot(page, "12-wrapped");
});

test("the Witnesses tab opens on the state that satisfies the condition", async () => {
  const { page } = await openPage();
  // LB+mono: four states; the condition's (both 1) is the fourth.
  await openExample(page, "LB+mono.litmus");
  await page.click("#run");
  await page.waitForSelector("[data-testid=states]");
  await page.click("#tabs button[data-tab=witness]");
  await page.waitForSelector("#graph svg", { timeout: 30000 });
  const chosen = await page.$eval("#witness-state", (s) => s.options[s.selectedIndex].textContent);
  assert.equal(chosen, "4: P0:%r0=1; P1:%r1=1;");
  assert.match(await page.textContent("#witness-text"), /^Witness for state 4/);
});

test("the graph zooms, pans and downloads as SVG", async () => {
  const { page } = await openPage();
  await openExample(page, "MP+rel-acq.agent.litmus");
  await page.click("#run");
  await page.click("#tabs button[data-tab=witness]");
  await page.waitForSelector("#graph svg", { timeout: 30000 });
  const at = () => page.$eval("#graph .graph-stage", (s) => [Number(s.dataset.scale), Number(s.dataset.x), Number(s.dataset.y)]);
  assert.deepEqual(await at(), [1, 0, 0]);
  await page.click("#graph [data-zoom=in]");
  assert.equal((await at())[0], 1.25);
  const box0 = await page.$eval("#graph svg", (s) => s.getBoundingClientRect().width);
  await page.click("#graph [data-zoom=in]");
  const box1 = await page.$eval("#graph svg", (s) => s.getBoundingClientRect().width);
  assert.ok(box1 > box0 * 1.2, `drawn larger: ${box0} -> ${box1}`);
  // The wheel zooms out around the pointer.
  const pane = await page.$eval("#graph .graph-pane", (p) => { const r = p.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  await page.mouse.move(pane.x, pane.y);
  await page.mouse.wheel(0, 100);
  await page.waitForFunction(() => Number(document.querySelector("#graph .graph-stage").dataset.scale) < 1.5);
  // Dragging pans.
  const [, x0, y0] = await at();
  await page.mouse.down();
  await page.mouse.move(pane.x + 60, pane.y + 40, { steps: 4 });
  await page.mouse.up();
  const [, x1, y1] = await at();
  assert.deepEqual([Math.round(x1 - x0), Math.round(y1 - y0)], [60, 40]);
  await page.click("#graph [data-zoom=fit]");
  assert.deepEqual(await at(), [1, 0, 0]);
  // Download: the drawing as a standalone SVG file named after its state.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#graph [data-download]")]);
  assert.match(download.suggestedFilename(), /^MP\+rel-acq\.agent\.state-\d+\.svg$/);
  const svg = readFileSync(await download.path(), "utf8");
  assert.match(svg, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg /);
  assert.match(svg, /<\/svg>\n$/);
  assert.ok(svg.includes("class=\"node\""), "the events are in the file");
  await shot(page, "13-zoomed");
});
