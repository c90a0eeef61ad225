// The page's handle on the worker: one request at a time per call, a time
// limit that terminates the worker, and Stop.
import type { Request, Response } from "./worker";

export class Stopped extends Error {}

export class Engine {
  private worker!: Worker;
  private nextId = 1;
  private pending = new Map<number, { resolve: (r: { reply: any; ms: number }) => void; reject: (e: Error) => void }>();

  constructor(private url: string) {
    this.spawn();
  }

  private spawn() {
    this.worker = new Worker(this.url, { type: "module" });
    this.worker.onmessage = (e: MessageEvent<Response>) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      if (e.data.ok) p.resolve({ reply: e.data.reply, ms: e.data.ms });
      else {
        p.reject(new Error(e.data.error));
        this.restart(null);
      }
    };
    this.worker.onerror = (e) => {
      this.restart(new Error(`the engine failed to load: ${e.message}`));
    };
  }

  /** Calls `cmd`; after `limitMs` (if given) the worker is ended and the call rejects with Stopped. */
  call(cmd: Request["cmd"], args: string[], limitMs?: number): Promise<{ reply: any; ms: number }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = (f: () => void) => {
        if (timer) clearTimeout(timer);
        f();
      };
      this.pending.set(id, {
        resolve: (r) => done(() => resolve(r)),
        reject: (e) => done(() => reject(e)),
      });
      if (limitMs !== undefined) {
        timer = setTimeout(() => this.restart(new Stopped(`stopped: no answer within ${Math.round(limitMs / 1000)} s`)), limitMs);
      }
      this.worker.postMessage({ id, cmd, args } as Request);
    });
  }

  /** Ends the running call (the worker is terminated and replaced). */
  stop() {
    this.restart(new Stopped("stopped"));
  }

  get busy() {
    return this.pending.size > 0;
  }

  private restart(reason: Error | null) {
    this.worker.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.spawn();
    if (reason) for (const p of waiting) p.reject(reason);
  }
}
