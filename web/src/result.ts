// The Result and Witnesses tabs, drawn from the run's JSON (the `--json`
// test object of docs/json.md, with witnesses).

export const FLAG_WORDS: Record<string, string> = {
  race:
    "in some execution a read returns undef: it may see a write that is not location-ordered before it, or more than one write (including atomics with non-inclusive scopes).",
  ub: "some execution performs undefined behaviour (e.g. barrier drop without join, an uninitialised barrier object, barrier divergence in a wavefront).",
  deadlock: "in some execution a barrier wait never completes or a thread is blocked forever (such executions have no final state).",
  cutoff: "the loop bound cut some execution short (those executions are counted apart); raise the loop bound to look further.",
};

const OBSERVATION_WORDS: Record<string, string> = {
  Always: "every complete execution satisfies the condition",
  Sometimes: "some complete executions satisfy the condition, others do not",
  Never: "no complete execution satisfies the condition",
  Unknown: "no verdict",
};

const KIND_WORDS: Record<string, string> = {
  Allowed: "exists: Ok when some execution satisfies the condition",
  Required: "forall: Ok when every execution satisfies it",
  Forbidden: "~exists: Ok when no execution satisfies it",
};

export function esc(s: unknown): string {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

export function renderResult(r: any, ms: number): string {
  const check = r.check;
  let h = `<p class="verdict ${check?.passed ? "pass" : "fail"}" data-testid="verdict">`;
  h += `Test <b>${esc(r.name)}</b> ${esc(r.kind)}: <span class="obs" data-testid="observation">${esc(r.observation)}</span>`;
  h += ` <span title="${esc(KIND_WORDS[r.kind] ?? "")}">(${r.ok ? "Ok" : "No"})</span>,`;
  h += ` positive ${r.positive}, negative ${r.negative}.`;
  if (r.expect) {
    h += ` <span class="check">${check?.passed ? "✔ as expected" : "✘ " + esc(check?.message ?? "not as expected")}</span>`;
  }
  h += `</p><p class="hint">${esc(OBSERVATION_WORDS[r.observation] ?? "")}; condition <code>${esc(r.condition)}</code>; ` +
    `${r.candidates} candidate executions; time <span data-testid="time">${ms.toFixed(0)} ms</span>.</p>`;
  if (r.unknown_reason) h += `<p class="unknown" data-testid="unknown">Unknown: ${esc(r.unknown_reason)}</p>`;
  if (r.description) h += `<p class="hint">${esc(r.description)}</p>`;
  const flags: string[] = r.flags ?? [];
  if (flags.length) {
    h += `<ul class="flags" data-testid="flags">`;
    for (const f of flags) h += `<li><span class="flag">${esc(f)}</span>: ${esc(FLAG_WORDS[f] ?? "")}</li>`;
    h += `</ul>`;
  }
  if (r.notes?.length) {
    // As the command line heads them: `note:` for a specification finding,
    // `warning:` for the undef trap, else the flag.
    const head = (f: string) => (f === "finding" ? "note" : f === "undef" ? "warning" : f);
    const note = (n: any) => (typeof n === "string" ? n : n?.text ? `${head(n.flag)}: ${n.text}` : JSON.stringify(n));
    h += `<ul class="flags" data-testid="notes">${r.notes.map((n: unknown) => `<li>${esc(note(n))}</li>`).join("")}</ul>`;
  }
  h += `<table class="states" data-testid="states"><thead><tr><th title="satisfies the condition">cond</th>`;
  for (const c of r.columns) h += `<th>${esc(c)}</th>`;
  h += `<th>flags</th></tr></thead><tbody>`;
  r.states.forEach((s: any, i: number) => {
    h += `<tr class="${s.satisfies ? "sat" : ""}" data-state="${i}" title="show the witness"><td>${s.satisfies ? "✔" : ""}</td>`;
    for (const v of s.values) h += `<td>${esc(v)}</td>`;
    h += `<td>${esc(s.flags.join(" "))}</td></tr>`;
  });
  h += `</tbody></table><p class="hint">${r.states.length} final states; ✔ marks the states that satisfy the condition. Click a state for its witness execution.</p>`;
  return h;
}

/** The state's text as the herd output prints it (`P1:%r0=1; ...`). */
export function stateText(r: any, i: number): string {
  const s = r.states[i];
  return r.columns.map((c: string, k: number) => `${c}=${s.values[k]};`).join(" ");
}

export function renderWitnessPicker(r: any, current: number): string {
  if (!r.witnesses?.length) return `<p class="hint">No witness executions (no final state).</p>`;
  let h = `<label class="witness-pick">Final state <select id="witness-state">`;
  r.witnesses.forEach((w: any, k: number) => {
    h += `<option value="${k}" ${k === current ? "selected" : ""}>${k + 1}: ${esc(stateText(r, w.state))}</option>`;
  });
  return h + `</select></label><div id="graph" data-testid="graph"></div><pre id="witness-text"></pre>`;
}

let vizPromise: Promise<any> | null = null;

/** Lays out DOT with Graphviz compiled to WebAssembly (@viz-js/viz, loaded on first use). */
export async function dotToSvg(dot: string): Promise<SVGSVGElement> {
  vizPromise ??= import("@viz-js/viz").then((m) => m.instance());
  const viz = await vizPromise;
  return viz.renderSVGElement(dot);
}
