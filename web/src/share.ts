// Share links: the test and the options in the URL's fragment (never sent
// to a server), compressed with the browser's deflate.

export type Shared = { code: string; model?: string; target?: string };

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(s: string): Uint8Array {
  const b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function encode(s: Shared): Promise<string> {
  const z = await through(new TextEncoder().encode(s.code), new CompressionStream("deflate-raw"));
  const p = new URLSearchParams();
  p.set("code", toBase64Url(z));
  if (s.model) p.set("model", s.model);
  if (s.target) p.set("target", s.target);
  return p.toString();
}

/** The shared test in `hash` (`#code=...`), or null. */
export async function decode(hash: string): Promise<Shared | null> {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const code = p.get("code");
  if (!code) return null;
  const raw = await through(fromBase64Url(code), new DecompressionStream("deflate-raw"));
  return { code: new TextDecoder().decode(raw), model: p.get("model") ?? undefined, target: p.get("target") ?? undefined };
}
