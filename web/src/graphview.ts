// A laid-out graph with zoom, pan and download: the witness and explain
// graphs are drawn into one of these. Zoom with the buttons or the mouse
// wheel (around the pointer), pan by dragging, "Fit" resets; "Download SVG"
// saves the drawing as Graphviz laid it out.

export interface GraphView {
  /** The current transform: scale and translation in CSS pixels. */
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

const STEP = 1.25;
const MIN = 0.1;
const MAX = 16;

/** Puts `svg` into `host` with a toolbar; `fileName` names the download. */
export function mountGraph(host: HTMLElement, svg: SVGSVGElement, fileName: string): GraphView {
  const view = { scale: 1, x: 0, y: 0 };
  const bar = document.createElement("div");
  bar.className = "graph-bar";
  bar.innerHTML =
    `<button type="button" data-zoom="in" title="zoom in">+</button>` +
    `<button type="button" data-zoom="out" title="zoom out">−</button>` +
    `<button type="button" data-zoom="fit" title="fit the graph to the panel">Fit</button>` +
    `<button type="button" data-download title="save the drawing as an SVG file">Download SVG</button>` +
    `<span class="hint">wheel: zoom · drag: pan</span>`;
  const pane = document.createElement("div");
  pane.className = "graph-pane";
  const stage = document.createElement("div");
  stage.className = "graph-stage";
  stage.append(svg);
  pane.append(stage);
  host.replaceChildren(bar, pane);

  const apply = () => {
    stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    stage.dataset.scale = view.scale.toFixed(4);
    stage.dataset.x = view.x.toFixed(1);
    stage.dataset.y = view.y.toFixed(1);
  };
  // Zoom by `f` keeping the point (px, py) of the pane where it is.
  const zoom = (f: number, px: number, py: number) => {
    const s = Math.min(MAX, Math.max(MIN, view.scale * f));
    const k = s / view.scale;
    view.x = px - (px - view.x) * k;
    view.y = py - (py - view.y) * k;
    view.scale = s;
    apply();
  };
  const centre = () => [pane.clientWidth / 2, pane.clientHeight / 2] as const;
  bar.querySelector("[data-zoom=in]")!.addEventListener("click", () => zoom(STEP, ...centre()));
  bar.querySelector("[data-zoom=out]")!.addEventListener("click", () => zoom(1 / STEP, ...centre()));
  bar.querySelector("[data-zoom=fit]")!.addEventListener("click", () => {
    view.scale = 1;
    view.x = 0;
    view.y = 0;
    apply();
  });
  bar.querySelector("[data-download]")!.addEventListener("click", () => download(svg, fileName));
  pane.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      const r = pane.getBoundingClientRect();
      zoom(e.deltaY < 0 ? STEP : 1 / STEP, e.clientX - r.left, e.clientY - r.top);
    },
    { passive: false },
  );
  let drag: { x: number; y: number; vx: number; vy: number } | null = null;
  pane.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
    pane.setPointerCapture(e.pointerId);
    pane.classList.add("dragging");
  });
  pane.addEventListener("pointermove", (e) => {
    if (!drag) return;
    view.x = drag.vx + e.clientX - drag.x;
    view.y = drag.vy + e.clientY - drag.y;
    apply();
  });
  const end = () => {
    drag = null;
    pane.classList.remove("dragging");
  };
  pane.addEventListener("pointerup", end);
  pane.addEventListener("pointercancel", end);
  apply();
  return view;
}

/** Saves the drawing: the SVG element as a standalone file. */
function download(svg: SVGSVGElement, fileName: string) {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a test name, as `amdmm_report::file_stem` makes it. */
export function fileStem(name: string): string {
  return name.replace(/[^A-Za-z0-9._+-]/g, "_");
}
