// The playground page: editor, examples, options, and the tabs that show
// what the WebAssembly engine (in a worker, see engine.ts) answers.
import { Engine, Stopped } from "./engine";
import { highlight, offsetOf, type Mark } from "./highlight";
import { renderResult, renderWitnessPicker, dotToSvg, esc } from "./result";
import { heatMap } from "./lds";
import { encode, decode } from "./share";
import { mountGraph, fileStem } from "./graphview";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const source = $<HTMLTextAreaElement>("source");
const overlay = $("highlight");
const status = $("status");
const runButton = $<HTMLButtonElement>("run");
const stopButton = $<HTMLButtonElement>("stop");
const engine = new Engine("worker.js");

let marks: Mark[] = [];
let last: { result: any; witnessTexts: string[]; dots: string[] } | null = null;
// The example last loaded and its text: diagnostics name its file only
// while the editor still holds that text (pasted or edited text is
// `test.litmus`, never the previous example's name).
let example: { name: string; text: string } | null = null;
function fileName(): string {
  return example && example.text === source.value ? example.name : "test.litmus";
}

function setStatus(text: string) {
  status.textContent = text;
}

function redraw() {
  overlay.innerHTML = highlight(source.value, marks);
  overlay.scrollTop = source.scrollTop;
  overlay.scrollLeft = source.scrollLeft;
}
source.addEventListener("input", () => {
  marks = [];
  redraw();
});
source.addEventListener("scroll", () => {
  overlay.scrollTop = source.scrollTop;
  overlay.scrollLeft = source.scrollLeft;
});
source.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    void runTest();
  } else if (e.key === "Tab" && !e.shiftKey) {
    e.preventDefault();
    source.setRangeText("  ", source.selectionStart, source.selectionEnd, "end");
    redraw();
  }
});

function setSource(text: string, name: string | null) {
  source.value = text;
  example = name ? { name, text } : null;
  marks = [];
  $("diagnostics").innerHTML = "";
  redraw();
}

function showTab(name: string) {
  document.querySelectorAll("#tabs button").forEach((b) => b.classList.toggle("active", (b as HTMLElement).dataset.tab === name));
  document.querySelectorAll(".tab").forEach((t) => t.classList.toggle("active", t.id === `tab-${name}`));
}
document.querySelectorAll<HTMLButtonElement>("#tabs button").forEach((b) => b.addEventListener("click", () => showTab(b.dataset.tab!)));

type Diag = { message: string; line: number; column: number; end_line: number; end_column: number; rendered: string };

function showDiagnostics(ds: Diag[]) {
  marks = ds.map((d) => ({ line: d.line, column: d.column, endLine: d.end_line, endColumn: d.end_column }));
  redraw();
  const list = $("diagnostics");
  list.innerHTML = ds
    .map((d, k) => `<li data-k="${k}" data-line="${d.line}" data-column="${d.column}"><b>${d.line}:${d.column}</b> ${esc(d.message)}<pre>${esc(d.rendered)}</pre></li>`)
    .join("");
  list.querySelectorAll("li").forEach((li) =>
    li.addEventListener("click", () => {
      const at = offsetOf(source.value, Number(li.dataset.line), Number(li.dataset.column));
      source.focus();
      source.setSelectionRange(at, at);
    }),
  );
}

function options() {
  return {
    file: fileName(),
    model: $<HTMLSelectElement>("model").value,
    barrier_target: $<HTMLSelectElement>("barrier-target").value,
    loop_bound: Number($<HTMLInputElement>("loop-bound").value) || 2,
    timeout: Number($<HTMLInputElement>("timeout").value) || 20,
    show_executions: false,
  };
}

function busy(on: boolean) {
  runButton.disabled = on;
  stopButton.disabled = !on;
}

async function runTest() {
  const o = options();
  // The time shown is the whole answer: the engine, then laying out the
  // first graph (Graphviz), as the user waits for both.
  const t0 = performance.now();
  busy(true);
  setStatus("running…");
  $("diagnostics").innerHTML = "";
  try {
    // The engine gives up at the time limit with an honest Unknown; the
    // worker is ended 2 s later if it has not answered by then.
    const { reply, ms } = await engine.call("run", [source.value, JSON.stringify(o)], o.timeout * 1000 + 2000);
    $("output").textContent = reply.stdout + reply.stderr;
    if (reply.status === "input_error") {
      showDiagnostics(reply.diagnostics);
      $("tab-result").innerHTML = `<p class="error" data-testid="input-error">The test does not parse: ${reply.diagnostics.length} error(s), marked in the editor.</p>`;
      setStatus("input error");
    } else if (reply.status !== "ran") {
      $("tab-result").innerHTML = `<p class="error">${esc(reply.stderr || reply.error)}</p>`;
      setStatus("error");
    } else {
      marks = [];
      redraw();
      last = { result: reply.result, witnessTexts: reply.witness_texts, dots: reply.witness_dots ?? [] };
      $("tab-result").innerHTML = renderResult(reply.result, ms);
      $("tab-result").querySelectorAll<HTMLTableRowElement>("tr[data-state]").forEach((tr) =>
        tr.addEventListener("click", () => {
          const k = last!.result.witnesses.findIndex((w: any) => w.state === Number(tr.dataset.state));
          if (k >= 0) void showWitness(k, true);
        }),
      );
      const layoutMs = await showWitness(firstSatisfying(reply.result), false);
      const total = performance.now() - t0;
      $("tab-result").querySelector("[data-testid=time]")!.textContent =
        `${total.toFixed(0)} ms (engine ${ms.toFixed(0)} ms, graph layout ${layoutMs.toFixed(0)} ms)`;
      setStatus(`done in ${total.toFixed(0)} ms (engine ${ms.toFixed(0)} ms, graph layout ${layoutMs.toFixed(0)} ms)`);
    }
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    $("tab-result").innerHTML = `<p class="${e instanceof Stopped ? "unknown" : "error"}" data-testid="stopped">${esc(msg)}</p>`;
    setStatus(msg);
  } finally {
    busy(false);
  }
}

/** The first witness whose state satisfies the condition (else the first). */
function firstSatisfying(result: any): number {
  const k = (result.witnesses ?? []).findIndex((w: any) => result.states[w.state]?.satisfies);
  return k >= 0 ? k : 0;
}

/** Shows witness `k`; answers the time spent laying out its graph (ms). */
async function showWitness(k: number, switchTab: boolean): Promise<number> {
  if (!last) return 0;
  const tab = $("tab-witness");
  tab.innerHTML = renderWitnessPicker(last.result, k);
  if (switchTab) showTab("witness");
  const pick = document.getElementById("witness-state") as HTMLSelectElement | null;
  pick?.addEventListener("change", () => void showWitness(Number(pick.value), false));
  if (!last.result.witnesses?.length) return 0;
  $("witness-text").textContent = last.witnessTexts[k] ?? "";
  const dot = last.dots[k];
  const graph = $("graph");
  if (!dot) {
    graph.innerHTML = `<p class="hint">No graph for this witness.</p>`;
    return 0;
  }
  const t0 = performance.now();
  try {
    const state = last.result.witnesses[k].state + 1;
    mountGraph(graph, await dotToSvg(dot), `${fileStem(last.result.name)}.state-${state}.svg`);
  } catch (e) {
    graph.innerHTML = `<p class="error">cannot lay out the graph: ${esc(String(e))}</p>`;
  }
  return performance.now() - t0;
}

runButton.addEventListener("click", () => void runTest());
stopButton.addEventListener("click", () => engine.stop());

$("lower-run").addEventListener("click", async () => {
  const out = $("lower-output");
  try {
    const { reply } = await engine.call("lower", [source.value, $<HTMLSelectElement>("lower-target").value, fileName()], 20000);
    if (reply.ok) out.textContent = reply.text;
    else {
      out.innerHTML = `<span class="error">${esc(reply.error)}</span>`;
      if (reply.diagnostics?.length) showDiagnostics(reply.diagnostics);
    }
  } catch (e) {
    out.innerHTML = `<span class="error">${esc(String(e))}</span>`;
  }
});

// Explain: `amdmm explain` on the editor's test, one graph per class.
let explained: { name: string; dots: string[] } | null = null;
async function showClass(k: number) {
  const host = $("explain-graph");
  if (!explained || !explained.dots[k]) {
    host.innerHTML = "";
    return;
  }
  try {
    mountGraph(host, await dotToSvg(explained.dots[k]), `${fileStem(explained.name)}.explain-${k + 1}.svg`);
  } catch (e) {
    host.innerHTML = `<p class="error">cannot lay out the graph: ${esc(String(e))}</p>`;
  }
}
$("explain-run").addEventListener("click", async () => {
  const o = options();
  const state = $<HTMLInputElement>("explain-state").value.trim();
  const args = { file: o.file, model: o.model, loop_bound: o.loop_bound, timeout: o.timeout, state: state || undefined };
  const out = $("explain-output");
  const pick = $<HTMLSelectElement>("explain-class");
  out.textContent = "explaining…";
  try {
    const { reply } = await engine.call("explain", [source.value, JSON.stringify(args)], o.timeout * 1000 + 2000);
    out.textContent = reply.stdout + reply.stderr;
    out.dataset.exit = String(reply.exit);
    if (reply.status === "input_error") showDiagnostics(reply.diagnostics);
    const dots: string[] = reply.class_dots ?? [];
    const name = (reply.stdout.match(/^Explain (\S+):/) ?? [])[1] ?? "test";
    explained = { name: name.replace(/:$/, ""), dots };
    pick.innerHTML = dots.map((_, k) => `<option value="${k}">class ${k + 1}</option>`).join("");
    pick.hidden = dots.length === 0;
    await showClass(0);
  } catch (e) {
    out.innerHTML = `<span class="error">${esc(String(e))}</span>`;
  }
});
$<HTMLSelectElement>("explain-class").addEventListener("change", (e) => void showClass(Number((e.target as HTMLSelectElement).value)));

// Compare: `amdmm compare --model A --model B ...` on the editor's test.
$("compare-run").addEventListener("click", async () => {
  const o = options();
  const models = [...document.querySelectorAll<HTMLInputElement>("#compare-models input:checked")].map((i) => i.value);
  const args = { file: o.file, models, barrier_target: o.barrier_target, loop_bound: o.loop_bound, timeout: o.timeout };
  const out = $("compare-output");
  out.textContent = "comparing…";
  try {
    const { reply } = await engine.call("compare", [source.value, JSON.stringify(args)], o.timeout * 1000 * Math.max(1, models.length) + 2000);
    out.textContent = reply.stdout + reply.stderr;
    out.dataset.exit = String(reply.exit);
    $("compare-verdict").textContent =
      reply.status !== "ran" ? "" : reply.differs ? `the models differ on this test (exit 1)` : `the models agree on this test (exit 0)`;
    if (reply.status === "input_error") showDiagnostics(reply.diagnostics);
  } catch (e) {
    out.innerHTML = `<span class="error">${esc(String(e))}</span>`;
  }
});

// Verify: `amdmm verify --target T --model M` (code-sequence tables) on the editor's test.
const VERIFY_WORDS: Record<string, string> = {
  ok: "every hardware outcome is allowed (exit 0)",
  known: "the only forbidden outcomes are known findings (exit 0)",
  forbidden: "a hardware outcome the memory model forbids (exit 1)",
  skip: "not run on this target (see the reason)",
  limit: "a limit ended the run: no verdict",
};
$("verify-run").addEventListener("click", async () => {
  const o = options();
  const args = { file: o.file, target: $<HTMLSelectElement>("verify-target").value, model: o.model, loop_bound: o.loop_bound, timeout: o.timeout };
  const out = $("verify-output");
  out.textContent = "verifying…";
  $("verify-verdict").textContent = "";
  try {
    const { reply } = await engine.call("verify", [source.value, JSON.stringify(args)], o.timeout * 2000 + 2000);
    out.textContent = reply.stdout + reply.stderr;
    out.dataset.exit = String(reply.exit);
    $("verify-verdict").textContent = reply.verdict ? VERIFY_WORDS[reply.verdict] ?? reply.verdict : "";
    if (reply.status === "input_error") showDiagnostics(reply.diagnostics);
  } catch (e) {
    out.innerHTML = `<span class="error">${esc(String(e))}</span>`;
  }
});

$("lds-run").addEventListener("click", async () => {
  const o = {
    instr: $<HTMLSelectElement>("lds-instr").value,
    addr: $<HTMLInputElement>("lds-addr").value,
    offset0: Number($<HTMLInputElement>("lds-offset0").value) || 0,
    offset1: Number($<HTMLInputElement>("lds-offset1").value) || 0,
    wave: Number($<HTMLSelectElement>("lds-wave").value),
  };
  try {
    const { reply } = await engine.call("lds", [JSON.stringify(o)], 20000);
    if (reply.ok) {
      $("lds-heat").innerHTML = heatMap(reply.json);
      $("lds-output").textContent = reply.text;
    } else {
      $("lds-heat").innerHTML = `<p class="error" data-testid="lds-error">${esc(reply.error)}${reply.hint ? `\nhint: ${esc(reply.hint)}` : ""}</p>`;
      $("lds-output").textContent = "";
    }
  } catch (e) {
    $("lds-heat").innerHTML = `<p class="error">${esc(String(e))}</p>`;
  }
});

$("share").addEventListener("click", async () => {
  const hash = await encode({ code: source.value, model: options().model, target: options().barrier_target });
  history.replaceState(null, "", `#${hash}`);
  try {
    await navigator.clipboard.writeText(location.href);
    setStatus("link copied");
  } catch {
    setStatus("link in the address bar");
  }
});

function fillSelect(id: string, values: string[], selected?: string) {
  const s = $<HTMLSelectElement>(id);
  s.innerHTML = values.map((v) => `<option ${v === selected ? "selected" : ""}>${esc(v)}</option>`).join("");
}

async function loadExamples() {
  const index: { group: string; files: string[] }[] = await (await fetch("examples/index.json")).json();
  const select = $<HTMLSelectElement>("examples");
  for (const g of index) {
    const og = document.createElement("optgroup");
    og.label = g.group;
    for (const f of g.files) {
      const o = document.createElement("option");
      o.value = f;
      o.textContent = f.split("/").pop()!.replace(/\.litmus$/, "");
      og.append(o);
    }
    select.append(og);
  }
  select.addEventListener("change", async () => {
    if (!select.value) return;
    const text = await (await fetch(`examples/${select.value}`)).text();
    setSource(text, select.value);
    history.replaceState(null, "", location.pathname);
  });
}

const DEFAULT_TEST = `AMDGPU MP+rel-acq.agent
"Message passing across workgroups: agent-scope release/acquire forbids a stale read."

{
  global x = 0;
  global y = 0;
}

thread P0 @ wg 0 {
  store i32 42, ptr @x
  store atomic i32 1, ptr @y syncscope("agent") release, align 4
}

thread P1 @ wg 1 {
  %r0 = load atomic i32, ptr @y syncscope("agent") acquire, align 4
  %r1 = load i32, ptr @x
}

exists (P1:%r0 == 1 /\\ P1:%r1 != 42)
expect Never race
`;

async function start() {
  const t0 = performance.now();
  const shared = await decode(location.hash).catch(() => null);
  setSource(shared?.code ?? DEFAULT_TEST, null);
  const [{ reply: cat }] = await Promise.all([engine.call("catalogue", []), loadExamples().catch(() => setStatus("no examples"))]);
  fillSelect("model", cat.models, shared?.model ?? cat.models[0]);
  fillSelect("barrier-target", cat.barrier_targets, shared?.target ?? cat.default_barrier_target);
  fillSelect("lower-target", cat.lower_targets, "gfx942");
  fillSelect("verify-target", cat.lower_targets, "gfx942");
  fillSelect("lds-instr", cat.lds_instructions, "ds_read_b32");
  busy(false);
  const ready = performance.now();
  (window as any).amdmmReady = { engineMs: ready - t0, sinceNavigationMs: ready };
  setStatus(`ready (amdmm ${cat.version}, engine loaded in ${(ready - t0).toFixed(0)} ms)`);
}

start().catch((e) => setStatus(`failed to start: ${e}`));
