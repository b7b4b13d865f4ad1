// Stones in cups: cups in a circle, played by the server a move at a time and drawn here, with
// a guess of the cycle's length to check.
import { $, el } from "./dom.js";
import { L10n, t } from "./l10n.js";
import { drawSeeds } from "./board.js";
import { autoplaySolitaire, countsTable, playStep, readSizes, showResult, startOf, stepBack } from "./solitaire.js";

// The cups in a circle, cup 0 at the top and clockwise on screen, each with its stones, its count
// and its number: `next` the cup to play, `origin` the one emptied, `fresh` the one with a new
// stone, `words` (at most two lines) in the middle.
export function drawCircle(svg, board, opts) {
  opts = opts || {};
  const n = board.length, R = 158, C = 230;
  svg.setAttribute("viewBox", "0 0 460 460");
  svg.innerHTML = "";
  el("circle", { cx: C, cy: C, r: 222, class: "board-frame" }, svg);
  const cupR = Math.min(50, Math.max(20, (Math.PI * R) / n * 0.8));
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    const x = C + R * Math.cos(a), y = C + R * Math.sin(a);
    const g = el("g", { id: (opts.idPrefix || "cup-") + i }, svg);
    const cls = ["pit"];
    if (i === opts.next) cls.push("next");
    if (opts.origin === i) cls.push("origin");
    el("circle", { cx: x, cy: y, r: cupR, class: cls.join(" ") }, g);
    drawSeeds(g, x, y, board[i], cupR, cupR, opts.fresh === i);
    // The cup's count on it, its number outside the circle of cups: never on each other,
    // however many cups, and the middle left to the words.
    el("text", { x, y, class: "count", "data-count": i }, g, L10n.num(board[i]));
    const out = Math.min(R + cupR + 15, 211);
    el("text", { x: C + out * Math.cos(a), y: C + out * Math.sin(a), class: "cupname" }, g, `#${i}`);
  }
  (opts.words || []).forEach((w, j) => el("text", { x: C, y: C - 10 + 26 * j, class: "centre words" }, svg, w));
}

export const Cups = {
  n: 5, k: 2, board: [], next: 0, state: null, started: 0, moves: 0, history: [], auto: false, run: 0, done: false, guess: null, cycle: null, tableKey: "",
  enter() {
    if (!this.board.length) this.reset();
    else this.draw();
    this.table();
  },
  stop() { this.auto = false; this.run++; $("c-auto").textContent = t("btn-auto"); },
  // A new game of the sizes asked; false if a size is refused.
  async reset() {
    this.stop();
    const size = readSizes([["c-cups", "c-cups"], ["c-stones", "c-stones"]], "c-size-msg");
    if (!size) return false;
    const mine = ++this.started;
    let start;
    try {
      start = await startOf(this, "stones-in-cups", size[0], size[1]);
    } catch (e) {
      $("c-status").textContent = e.message;
      return false;
    }
    if (mine !== this.started) return false;
    [this.n, this.k] = size;
    this.show(start);
    this.moves = 0;
    this.history = [];
    this.done = false;
    this.guess = null;
    $("c-result").hidden = true;
    $("c-result").classList.remove("wrong");
    this.draw();
    this.table();
    return true;
  },
  // Shows `now` (a position as the server sends it: the stones by cup, the cup to empty next).
  show(now) {
    this.board = now.board.slice();
    this.state = now.state;
    this.next = now.next[0];
  },
  draw(opt) {
    opt = opt || {};
    if (!this.board.length) return;
    drawCircle($("c-board"), this.board, {
      next: this.done ? null : this.next, origin: opt.origin, fresh: opt.fresh,
      // Words in the page's direction (right to left in Arabic), though the circle is drawn the same.
      words: [this.done ? t("c-back-at-start") : t("c-next", { cup: this.next }), t("c-size", { cups: this.n, stones: this.k })],
    });
    $("c-count").textContent = L10n.num(this.moves);
    $("c-status").textContent = this.done ? t("c-done", { moves: this.moves }) : t("c-status", { move: this.moves + 1, cup: this.next, stones: this.board[this.next] });
    $("c-back").disabled = this.history.length === 0;
    $("c-step").disabled = this.done;
    $("c-auto").disabled = this.done;
  },
  // One move, as the server's Stones in cups plays it, animated stone by stone.
  step(animate) { return playStep(this, "stones-in-cups", "c", animate); },
  kept() { return { board: this.board.slice(), state: this.state, next: [this.next] }; },
  drawSowing(st, fresh) { this.draw({ origin: st.emptied[0], fresh }); },
  finish() {
    this.done = true;
    this.stop();
    let text = t("c-done", { moves: this.moves });
    if (this.cycle !== null && this.cycle !== this.moves) text += " " + t("c-engine-counts", { cycle: this.cycle });
    if (this.guess !== null) {
      const guess = this.guess, by = Math.abs(this.moves - this.guess);
      text += " " + (guess === this.moves ? t("c-guess-right", { guess }) : t(guess < this.moves ? "c-guess-few" : "c-guess-many", { guess, by }));
      $("c-result").classList.toggle("wrong", this.guess !== this.moves);
    }
    showResult("c", text);
  },
  back() { stepBack(this, "c", (h) => this.show(h)); },
  autoplay() { return autoplaySolitaire(this, "c", 200); },
  async guessAndRun() {
    const g = Number($("c-guess").value);
    if (!Number.isInteger(g) || g < 1) { $("c-status").textContent = t("c-guess-first"); return; }
    if (!(await this.reset())) return;
    this.guess = g;
    $("c-status").textContent = t("c-guess-running", { guess: g });
    this.autoplay();
  },
  table() {
    const rows = Math.max(5, this.k), cols = Math.max(5, this.n);
    const key = `${rows}x${cols}:${this.n},${this.k}`;
    if (key === this.tableKey) return;
    this.tableKey = key;
    countsTable("stones-in-cups", cols, rows, $("c-table"), [this.k, this.n]);
  },
};
$("c-reset").addEventListener("click", () => Cups.reset());
$("c-back").addEventListener("click", () => Cups.back());
$("c-step").addEventListener("click", () => { Cups.stop(); Cups.step(true); });
$("c-auto").addEventListener("click", () => Cups.autoplay());
$("c-guess-go").addEventListener("click", () => Cups.guessAndRun());
for (const id of ["c-cups", "c-stones"]) $(id).addEventListener("change", () => Cups.reset());

