// The evaluation graph of an analysed game, as numbers: a point after each ply (South's view:
// the seeds South can expect, the mover's score turned for a North move), scaled into a box;
// and what the review steps to (a ply's board, an arrow key's step). Pure, tested in
// assets/test/.

// `plies`: the analysis's plies ({ply, side, score, mistake}); `w`, `h`: the box. Returns the
// points ({ply, x, y, value, mistake}), the polyline's `d`, and the zero line's `y`.
export function evalGraph(plies, w, h, pad = 6) {
  const values = plies.map((p) => (p.side === "south" ? p.score : -p.score));
  const top = Math.max(1, ...values.map(Math.abs));
  const n = plies.length;
  const x = (i) => pad + (n <= 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (n - 1));
  const y = (v) => h / 2 - (v / top) * (h / 2 - pad);
  const points = plies.map((p, i) => ({ ply: p.ply, x: x(i), y: y(values[i]), value: values[i], mistake: !!p.mistake }));
  const d = points.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
  return { points, d, zero: h / 2, top };
}

// The board shown at ply `k` (0: the start, n: after the last) of the server's state `s`, with
// the marks of the ply that led there; `null` for the game as it is (its end).
export function boardAt(s, k) {
  const n = s.plies.length;
  if (k === null || k === undefined || k >= n) return null;
  if (k <= 0) return { board: s.plies[0].before_board, cell: null, captured: [] };
  const p = s.plies[k - 1];
  return { board: p.after_board, cell: p.cell, captured: p.captured_pits };
}

// The step an arrow key makes through the plies (+1: the next, -1: the one before), or 0 for
// another key: the arrow pointing where the review's Next button sits goes forward, so in a
// right-to-left page (`dir` "rtl", where Next is on the left) Left goes forward and Right back.
export function arrowStep(key, dir) {
  const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
  const back = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
  return key === forward ? 1 : key === back ? -1 : 0;
}

// A player's rating history in a box `w` by `h`: the line (oldest left) from the rating before
// the first game through the rating after each, and the labels of the lowest and the highest
// rating it reached, each at its height (the box itself reaches a little beyond both, so no
// label names a rating that was never held). `history`: the server's points ({before, rating,
// at}).
export function ratingPlot(history, w, h, pad = 8) {
  if (!history.length) return { points: [], d: "", labels: [] };
  const points = [{ rating: history[0].before, at: history[0].at }].concat(history.map((p) => ({ rating: p.rating, at: p.at })));
  const values = points.map((p) => p.rating);
  const low = Math.min(...values), high = Math.max(...values);
  const lo = low - 10, hi = high + 10;
  const n = points.length;
  const x = (i) => pad + (n <= 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (n - 1));
  const y = (v) => h - pad - ((v - lo) / (hi - lo)) * (h - 2 * pad);
  const shown = points.map((p, i) => ({ x: x(i), y: y(p.rating), rating: p.rating, at: p.at }));
  const d = shown.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
  const labels = (low === high ? [high] : [high, low]).map((value) => ({ value, y: y(value) }));
  // Two ratings a few points apart: their labels moved apart so both can be read.
  if (labels.length === 2 && labels[1].y - labels[0].y < 11) {
    const mid = (labels[0].y + labels[1].y) / 2;
    labels[0].y = mid - 5.5;
    labels[1].y = mid + 5.5;
  }
  return { points: shown, d, labels };
}
