// Stepping through a game: any ply shown on the board (buttons, ←/→ as the buttons sit,
// Home/End, a move in the list or a line of the analysis), the address naming it (`#/game/ID?ply=N`, a link to the ply),
// and the analysis drawn as a graph of the evaluation (mistakes marked, a point jumps there).
// The boards are the server's (each ply's seeds before and after); this module only picks one.
import { $ } from "./dom.js";
import { L10n, SIDE, t } from "./l10n.js";
import { arrowStep, evalGraph } from "./graph.js";

const SVG = "http://www.w3.org/2000/svg";

export const Review = {
  // The ply shown (0..n), or null: the game as it is.
  at: null,
  play: null,
  bind(play) { this.play = play; },
  reset(at = null) { this.at = at; },
  shown(s) { return this.at === null || this.at >= s.plies.length ? s.plies.length : Math.max(0, this.at); },
  go(k) {
    const s = this.play.state;
    if (!s || !s.plies.length) return;
    const n = s.plies.length;
    k = Math.max(0, Math.min(n, k));
    this.at = k >= n ? null : k;
    const base = `#/game/${s.id}`;
    history.replaceState(null, "", location.pathname + location.search + (this.at === null ? base : `${base}?ply=${k}`));
    this.play.render();
    $("g-live").textContent = this.words(s);
  },
  step(d) { this.go(this.shown(this.play.state) + d); },
  // Where the shown ply is, in words: "Ply 5 of 24: North a".
  words(s) {
    const k = this.shown(s), n = s.plies.length;
    if (k === 0) return t("review-start", { total: n });
    const p = s.plies[k - 1];
    return t("review-at", { ply: k, total: n, side: SIDE(p.side), move: p.move });
  },
  render(s) {
    const n = s.plies.length;
    $("g-review").hidden = n === 0;
    if (!n) return;
    const k = this.shown(s);
    $("g-review-first").disabled = k === 0;
    $("g-review-back").disabled = k === 0;
    $("g-review-next").disabled = k === n;
    $("g-review-last").disabled = k === n;
    // The arrows' glyphs (« ‹ › ») are turned by the page's writing, as the buttons are laid out;
    // the keys that go back and on are the arrows pointing the same way.
    const rtl = document.documentElement.dir === "rtl";
    $("g-review-back").setAttribute("aria-keyshortcuts", rtl ? "ArrowRight" : "ArrowLeft");
    $("g-review-next").setAttribute("aria-keyshortcuts", rtl ? "ArrowLeft" : "ArrowRight");
    $("g-review-at").textContent = this.words(s);
    document.querySelectorAll("#g-moves .mv").forEach((el, i) => {
      el.classList.toggle("current", this.at !== null && i === k - 1);
      if (this.at !== null && i === k - 1) el.setAttribute("aria-current", "step"); else el.removeAttribute("aria-current");
    });
    document.querySelectorAll("#g-analysis li").forEach((li) => li.classList.toggle("current", this.at !== null && Number(li.dataset.ply) === k));
    this.markGraph(k);
  },
  // The analysis as a graph: South's expected margin after each ply.
  graph(plies) {
    const box = $("g-graph");
    box.innerHTML = "";
    if (!plies.length) { box.hidden = true; return; }
    const w = 600, h = 140;
    const g = evalGraph(plies, w, h);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("graph-label", { top: g.top, mistakes: plies.filter((p) => p.mistake).length }));
    const line = (tag, attrs) => { const el = document.createElementNS(SVG, tag); for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v); svg.appendChild(el); return el; };
    line("line", { x1: 0, x2: w, y1: g.zero, y2: g.zero, class: "zero" });
    line("path", { d: g.d, class: "eval" });
    line("line", { x1: 0, x2: 0, y1: 0, y2: h, class: "cursor", id: "g-graph-cursor", visibility: "hidden" });
    for (const p of g.points) {
      const c = line("circle", { cx: p.x, cy: p.y, r: p.mistake ? 5 : 3, class: p.mistake ? "mistake" : "point", "data-ply": p.ply });
      const title = document.createElementNS(SVG, "title");
      title.textContent = t("graph-point", { ply: p.ply, value: L10n.signed(p.value) });
      c.appendChild(title);
      c.addEventListener("click", () => this.go(p.ply));
    }
    box.appendChild(svg);
    box.hidden = false;
    this.points = g.points;
    this.markGraph(this.shown(this.play.state));
  },
  markGraph(k) {
    const cur = document.getElementById("g-graph-cursor");
    if (!cur || !this.points) return;
    const p = this.points.find((q) => q.ply === k);
    cur.setAttribute("visibility", p && this.at !== null ? "visible" : "hidden");
    if (p) { cur.setAttribute("x1", p.x); cur.setAttribute("x2", p.x); }
  },
};

$("g-review-first").addEventListener("click", () => Review.go(0));
$("g-review-back").addEventListener("click", () => Review.step(-1));
$("g-review-next").addEventListener("click", () => Review.step(1));
$("g-review-last").addEventListener("click", () => Review.go(Infinity));
document.addEventListener("keydown", (e) => {
  const tag = e.target.tagName;
  if ($("view-game").hidden || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
  const s = Review.play && Review.play.state;
  if (!s || !s.plies.length) return;
  // The arrows as the review's buttons sit: Next on the right, or on the left in a
  // right-to-left page.
  const step = arrowStep(e.key, document.documentElement.dir);
  if (step) { e.preventDefault(); Review.step(step); }
  else if (e.key === "Home") { e.preventDefault(); Review.go(0); }
  else if (e.key === "End") { e.preventDefault(); Review.go(Infinity); }
});
