#!/usr/bin/env bash
# Builds the browser playground (web/) into OUTDIR, a directory any static
# host can serve: index.html, main.js, worker.js, the .wasm, the corpus as
# examples. Installs what it needs (like .ci/run): the wasm32 target,
# wasm-bindgen-cli pinned to crates/web's wasm-bindgen, and the npm packages
# of web/package-lock.json.
#
#   scripts/web-build.sh OUTDIR
#   cd OUTDIR && python3 -m http.server 8000    # then open http://localhost:8000
# `--help` prints the comment above.
case "${1:-}" in -h | --help) sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: scripts/web-build.sh OUTDIR" >&2
    exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
cd "$root"

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
fi

# The wasm-bindgen CLI must be the version of the wasm-bindgen crate.
wb_version="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' crates/web/Cargo.toml)"
if [ -z "$wb_version" ]; then
    echo "web-build: cannot read the wasm-bindgen version from crates/web/Cargo.toml" >&2
    exit 1
fi

need_root() {
    if [ "$(id -u)" -ne 0 ]; then echo sudo; fi
}

# 1. Toolchain: the wasm32 target and wasm-bindgen-cli.
if command -v rustup >/dev/null 2>&1; then
    rustup target list --installed | grep -qx wasm32-unknown-unknown ||
        rustup target add wasm32-unknown-unknown
fi
# No registry this project may use ships a wasm-bindgen-cli build (npm: no
# such package; PyPI: none; Debian: only the library's sources), so it is
# compiled from crates.io, once: ~/.cargo/bin/wasm-bindgen is the cache (the
# step is skipped while it prints the pinned version), and the build's own
# target directory is kept, so a new pinned version recompiles only what
# changed (docs/web.md, "Installing wasm-bindgen-cli").
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wb_version" ]; then
    echo "web-build: installing wasm-bindgen-cli $wb_version (a few minutes, once)" >&2
    CARGO_TARGET_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/amdmm/wasm-bindgen-cli" \
        cargo install --locked wasm-bindgen-cli --version "$wb_version"
fi

# 2. Node and the npm packages (esbuild, @viz-js/viz; playwright-core for the tests).
if ! command -v npm >/dev/null 2>&1; then
    SUDO="$(need_root)"
    $SUDO apt-get update
    $SUDO apt-get install -y --no-install-recommends nodejs npm
fi
if [ ! -d web/node_modules ] || ! cmp -s web/package-lock.json web/node_modules/.package-lock.json; then
    (cd web && npm ci --no-audit --no-fund)
fi

# 3. The engine: crates/web for wasm32 (profile `web`: small), then the JS glue.
cargo build --profile web --target wasm32-unknown-unknown -p amdmm-web
wasm-bindgen --target web --no-typescript --out-dir web/pkg \
    target/wasm32-unknown-unknown/web/amdmm_web.wasm

# 4. The page: TypeScript bundled by esbuild (the worker carries the glue,
# Graphviz is a chunk loaded on the first graph).
rm -rf "$out"/*
web/node_modules/.bin/esbuild web/src/main.ts web/src/worker.ts \
    --bundle --splitting --format=esm --minify --target=es2022 \
    --outdir="$out" --log-level=warning
cp web/index.html web/style.css "$out"/
cp web/pkg/amdmm_web_bg.wasm "$out"/

# 5. The corpus as examples, grouped by directory as in litmus/.
mkdir -p "$out/examples"
(cd litmus && find . -name '*.litmus' -printf '%P\n' | sort) > "$out/examples/.list"
while IFS= read -r f; do
    mkdir -p "$out/examples/$(dirname "$f")"
    cp "litmus/$f" "$out/examples/$f"
done < "$out/examples/.list"
node -e '
const fs = require("fs");
const files = fs.readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
const groups = new Map();
for (const f of files) {
  const g = f.includes("/") ? "litmus/" + f.slice(0, f.lastIndexOf("/")) : "litmus";
  if (!groups.has(g)) groups.set(g, []);
  groups.get(g).push(f);
}
const index = [...groups].map(([group, files]) => ({ group, files }));
fs.writeFileSync(process.argv[2], JSON.stringify(index));
' "$out/examples/.list" "$out/examples/index.json"
rm "$out/examples/.list"

echo "web-build: $out ($(du -sh "$out" | cut -f1); wasm $(stat -c %s "$out/amdmm_web_bg.wasm") bytes)" >&2
