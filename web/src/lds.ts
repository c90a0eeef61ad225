// The LDS analyser's heat map: lanes × banks (from `amdmm lds --json`).
// A cell shows how many dwords the lane accesses in that bank; its colour
// is the load of that bank in the lane's pass (passes[].bank_load), so a
// conflicting bank glows across every lane that hits it.

type Lane = { lane: number; banks: number[] };
type Pass = { first_lane: number; last_lane: number; conflict: number; bank_load: number[] };

export function heatMap(json: any): string {
  const lanes: Lane[] = json.lanes ?? [];
  const passes: Pass[] = json.passes ?? [];
  const nbanks = passes[0]?.bank_load.length ?? 32;
  const max = Math.max(1, ...passes.flatMap((p) => p.bank_load));
  const passOf = (lane: number) => passes.findIndex((p) => p.first_lane <= lane && lane <= p.last_lane);
  let html =
    `<p><b>${json.cycles} cycles</b>, worst conflict <b>${json.max_conflict}-way</b>, ${passes.length} passes. ` +
    `Cell: dwords of the lane in the bank; colour: the bank's load in the lane's pass (green 1, red ${max}).</p>`;
  html += `<table class="heat"><tr><th>lane</th>`;
  for (let b = 0; b < nbanks; b++) html += `<th>${b}</th>`;
  html += "</tr>";
  for (const l of lanes) {
    const k = passOf(l.lane);
    html += `<tr><th>${l.lane}</th>`;
    for (let b = 0; b < nbanks; b++) {
      const n = l.banks.filter((x) => x === b).length;
      const loadB = k >= 0 ? passes[k].bank_load[b] : 0;
      const heat = max > 1 ? (loadB - 1) / (max - 1) : 0;
      const bg = n ? `hsl(${Math.round(120 - 120 * heat)}, 75%, ${Math.round(72 - 22 * heat)}%)` : "#fff";
      html += `<td style="background:${bg}" title="lane ${l.lane}, bank ${b}, pass ${k}: bank load ${loadB}">${n || ""}</td>`;
    }
    html += "</tr>";
  }
  return html + "</table>";
}
