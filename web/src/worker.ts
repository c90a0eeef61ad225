// The Web Worker that owns the WebAssembly module: the page never runs the
// engine on its own thread, so a long exploration cannot freeze it, and the
// Stop button can end one at once (Worker.terminate).
import init, { run, explain, compare, verify, lower, lds, catalogue } from "../pkg/amdmm_web.js";

export type Request = { id: number; cmd: "run" | "explain" | "compare" | "verify" | "lower" | "lds" | "catalogue"; args: string[] };
export type Response =
  | { id: number; ok: true; reply: unknown; ms: number }
  | { id: number; ok: false; error: string };

// Rust's panic hook calls this before the module traps (crates/web/src/lib.rs).
let panicMessage: string | null = null;
(globalThis as Record<string, unknown>).amdmmPanic = (m: string) => {
  panicMessage = m;
};

const ready = init({ module_or_path: new URL("amdmm_web_bg.wasm", self.location.href) });

self.onmessage = async (e: MessageEvent<Request>) => {
  const { id, cmd, args } = e.data;
  try {
    await ready;
    const t0 = performance.now();
    let text: string;
    switch (cmd) {
      case "run":
        text = run(args[0], args[1]);
        break;
      case "explain":
        text = explain(args[0], args[1]);
        break;
      case "compare":
        text = compare(args[0], args[1]);
        break;
      case "verify":
        text = verify(args[0], args[1]);
        break;
      case "lower":
        text = lower(args[0], args[1], args[2]);
        break;
      case "lds":
        text = lds(args[0]);
        break;
      case "catalogue":
        text = catalogue();
        break;
    }
    const ms = performance.now() - t0;
    (self as unknown as Worker).postMessage({ id, ok: true, reply: JSON.parse(text), ms } as Response);
  } catch (err) {
    const error = panicMessage ? `internal error: ${panicMessage}` : `internal error: ${String(err)}`;
    (self as unknown as Worker).postMessage({ id, ok: false, error } as Response);
    // A trapped module is not safe to reuse: the page starts a fresh worker.
    self.close();
  }
};
