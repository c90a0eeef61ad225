// Syntax highlighting of the litmus format (shared design document "The
// .litmus format for AMDGPU tests") for the editor's overlay, with the
// diagnostics' spans marked. Purely lexical: it never decides validity; the
// parser in the WebAssembly module does.

export type Mark = { line: number; column: number; endLine: number; endColumn: number };

const KEYWORDS = new Set([
  "AMDGPU", "global", "lds", "thread", "define", "declare", "call", "ret", "br", "label", "exists", "forall", "locations",
  "expect", "Always", "Sometimes", "Never", "Unknown", "store", "load", "atomic", "atomicrmw", "cmpxchg", "fence",
  "syncscope", "align", "ptr", "void", "i1", "i8", "i16", "i32", "i64", "monotonic", "acquire", "release", "acq_rel",
  "seq_cst", "unordered", "weak", "volatile", "add", "sub", "and", "or", "xor", "xchg", "max", "min", "umax", "umin",
  "icmp", "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", "phi", "select", "mul", "shl", "lshr",
  "ashr", "undef", "true", "false", "race", "ub", "deadlock", "cutoff", "agent", "cluster", "wg", "wave", "wavefront",
  "workgroup", "system", "singlethread", "addrspace", "size", "barrier", "assume", "mmra", "tail", "to",
]);

const TOKEN =
  /(\/\/[^\n]*|\(\*[\s\S]*?(?:\*\)|$))|("(?:[^"\\\n]|\\.)*"?)|(%[\w.$-]+)|(@[\w.$-]+)|(0x[0-9a-fA-F]+|-?\b\d+\b)|(\/\\|\\\/|~exists|==|!=|->|[{}()[\],=~])|([A-Za-z_][\w.]*)|(;)|(\s+|.)/gy;

function escape(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** String index of 1-based line and column (columns count characters). */
export function offsetOf(src: string, line: number, column: number): number {
  let i = 0;
  for (let l = 1; l < line; l++) {
    const nl = src.indexOf("\n", i);
    if (nl < 0) return src.length;
    i = nl + 1;
  }
  let c = 1;
  while (c < column && i < src.length && src[i] !== "\n") {
    const cp = src.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    c++;
  }
  return i;
}

/** Token classes: [start, end, class] over `src`. */
function tokens(src: string): [number, number, string][] {
  const out: [number, number, string][] = [];
  TOKEN.lastIndex = 0;
  let depth = 0; // brace depth
  let bodyDepth = -1; // depth of the innermost thread/define body, where `;` starts a comment
  let expectBody = false;
  let m: RegExpExecArray | null;
  while (TOKEN.lastIndex < src.length && (m = TOKEN.exec(src))) {
    const start = m.index;
    let end = start + m[0].length;
    let cls = "";
    if (m[1]) cls = "tk-com";
    else if (m[2]) cls = "tk-str";
    else if (m[3]) cls = "tk-reg";
    else if (m[4]) cls = "tk-glob";
    else if (m[5]) cls = "tk-num";
    else if (m[6]) {
      cls = "tk-op";
      if (m[6] === "{") {
        depth++;
        if (expectBody) {
          bodyDepth = depth;
          expectBody = false;
        }
      } else if (m[6] === "}") {
        if (depth === bodyDepth) bodyDepth = -1;
        depth--;
      }
    } else if (m[7]) {
      if (m[7] === "thread" || m[7] === "define") expectBody = true;
      if (KEYWORDS.has(m[7])) cls = "tk-kw";
    } else if (m[8]) {
      if (bodyDepth > 0 && depth >= bodyDepth) {
        const nl = src.indexOf("\n", start);
        end = nl < 0 ? src.length : nl;
        TOKEN.lastIndex = end;
        cls = "tk-com";
      }
    }
    out.push([start, end, cls]);
  }
  return out;
}

/** HTML for the overlay: highlighted tokens, diagnostics' spans marked. */
export function highlight(src: string, marks: Mark[]): string {
  const bad = new Uint8Array(src.length + 1);
  const badLines = new Set<number>();
  for (const k of marks) {
    const a = offsetOf(src, k.line, k.column);
    let b = offsetOf(src, k.endLine, k.endColumn);
    if (b <= a) b = Math.min(a + 1, src.length + 1);
    bad.fill(1, a, b);
    badLines.add(k.line);
  }
  let html = "";
  for (const [s, e, cls] of tokens(src)) {
    // Split a token where the error marking changes.
    let i = s;
    while (i < e) {
      let j = i + 1;
      while (j < e && bad[j] === bad[i]) j++;
      const text = escape(src.slice(i, j));
      const inner = cls ? `<span class="${cls}">${text}</span>` : text;
      html += bad[i] ? `<span class="err-mark">${inner}</span>` : inner;
      i = j;
    }
  }
  // A diagnostic at the very end (e.g. "expected `}`") marks a space there.
  if (bad[src.length]) html += `<span class="err-mark"> </span>`;
  return html + "\n";
}
