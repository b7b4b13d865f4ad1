// El mirall: watched on one screen, played by two on one screen (each sows his own row), or by
// two on two devices through a link (a room on the server). The server plays every move and
// says which pit each player must sow and why another is refused; this module draws and asks.
import { $, sleep } from "./dom.js";
import { L10n, SIDE, t } from "./l10n.js";
import { api, query } from "./net.js";
import { SavedRooms } from "./saved.js";
import { drawBoard } from "./board.js";
import { refusalText } from "./words.js";
import { autoplaySolitaire, countsTable, playStep, readSizes, showResult, startOf, stepBack } from "./solitaire.js";

// The keys of the pits of each row, from the row's first pit.
const SOUTH_KEYS = ["z", "x", "c", "v", "b", "n", "m", ",", ".", "/"];
const NORTH_KEYS = ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"];
const keysOf = (side) => (side === "south" ? SOUTH_KEYS : NORTH_KEYS);

// The position shown: `board` (seeds by cell: South's pits 0..n, North's n..2n), `state` (the
// server's string of it, passed back as it came), `next` (the cells to sow next), `names`.
export const Mirall = {
  n: 6, k: 4, board: [], state: null, next: [0, 0], names: [], moves: 0, history: [], auto: false, run: 0, animating: false,
  duo: null, cycle: null, tableKey: "", started: 0,
  enter() {
    if ($("m-mode").value === "link") {
      // Back from a game on two devices: play on this screen again.
      $("m-mode").value = "watch";
      this.reset();
    } else if (!this.board.length) this.reset();
    else this.draw();
    this.table();
  },
  stop() { this.auto = false; this.run++; this.animating = false; $("m-auto").textContent = t("btn-auto"); },
  size() {
    return readSizes([["m-pits", "m-pits"], ["m-seeds", "m-seeds"]], "m-size-msg");
  },
  // Shows `now` (a position as the server sends it).
  show(now) {
    this.board = now.board.slice();
    this.state = now.state;
    this.next = now.next.slice();
  },
  async reset() {
    this.stop();
    const size = this.size();
    if (!size) return;
    if ($("m-mode").value === "link") {
      MirallLink.create();
      return;
    }
    if (this.link) {
      // Leaving a game on two devices for one on this screen.
      MirallLink.stop();
      history.replaceState(null, "", "/#/mirall");
    }
    $("m-link").hidden = true;
    const [n, k] = size;
    const mine = ++this.started;
    let start;
    try {
      start = await startOf(this, "el-mirall", n, k);
    } catch (e) {
      $("m-status").textContent = e.message;
      return;
    }
    if (mine !== this.started) return;
    this.cycleAsked.then(() => this.draw());
    [this.n, this.k] = size;
    this.show(start);
    this.names = start.names;
    this.moves = 0;
    this.history = [];
    this.done = false;
    this.duo = $("m-mode").value === "duo" ? { south: null, north: null, errors: { south: 0, north: 0 }, gaps: [], t0: null, tFirst: null } : null;
    $("m-duo").hidden = !this.duo;
    $("m-result").hidden = true;
    $("m-north-msg").textContent = "";
    $("m-south-msg").textContent = "";
    this.draw();
    this.table();
  },
  model() {
    return { pits: this.board, scores: [0, 0], names: this.names };
  },
  draw(extra) {
    if (!this.board.length) return;
    const marked = {};
    if (this.duo) {
      if (this.duo.south !== null) marked[this.duo.south] = "next";
      if (this.duo.north !== null) marked[this.n + this.duo.north] = "next";
    }
    const keyLabel = this.duo ? (side, i) => (keysOf(side)[i] || "").toUpperCase()
      : this.link ? (side, i) => (side === this.link.side ? (keysOf(side)[i] || "").toUpperCase() : "") : null;
    const onPit = (name, c) => {
      const side = c < this.n ? "south" : "north", pit = c < this.n ? c : c - this.n;
      if (this.link) MirallLink.sow(side, pit); else this.press(side, pit);
    };
    if (this.link && this.linkState) {
      if (this.linkState.pending.south) marked[this.next[0]] = "next";
      if (this.linkState.pending.north) marked[this.next[1]] = "next";
    }
    const o = Object.assign({ noStores: true, marked, keyLabel, idPrefix: "m-pit-", anyPit: this.duo ? ["south", "north"] : this.link ? [this.link.side] : null, whose: this.link ? (side) => (side === this.link.side ? "mine" : "theirs") : null, onPit }, extra || {});
    if (!extra && !this.done && !this.duo) {
      o.origin = undefined;
    }
    drawBoard($("m-board"), this.n, this.model(), o);
    $("m-count").textContent = L10n.num(this.moves);
    let st;
    const move = this.moves + 1;
    if (this.done) st = t("m-back-at-start", { moves: this.moves });
    else if (this.link) {
      const me = this.link.side, other = me === "south" ? "north" : "south";
      const p = this.linkState ? this.linkState.pending : { south: false, north: false };
      st = p[me] ? t("m-status-link-sown", { move, other: SIDE(other) })
        : t(`m-status-link-sow-${me}` + (p[other] ? "-other" : ""), { move, other: SIDE(other) });
    }
    else if (this.duo) st = t("m-status-duo", { move });
    else st = t("m-status-watch", { move, south: this.names[this.next[0]], north: this.names[this.next[1]] });
    $("m-status").textContent = st;
    $("m-back").disabled = this.history.length === 0 || !!this.link;
    $("m-step").disabled = this.done || !!this.duo || !!this.link;
    $("m-auto").disabled = this.done || !!this.duo || !!this.link;
  },
  // One move, as the server's El mirall plays it, animated seed by seed in both rows at once.
  step(animate) { return playStep(this, "el-mirall", "m", animate); },
  kept() { return { board: this.board.slice(), state: this.state, next: this.next.slice() }; },
  drawSowing(st, fresh) { this.draw({ origin: st.emptied[0], marked: { [st.emptied[1]]: "origin" }, fresh }); },
  finish() {
    this.done = true;
    this.stop();
    let text = t("m-result", { moves: this.moves });
    if (this.cycle !== null && this.cycle !== this.moves) text += " " + t("m-result-differs", { cycle: this.cycle });
    if (this.duo) {
      const d = this.duo;
      const secs = d.t0 ? ((performance.now() - d.t0) / 1000).toFixed(1) : "0";
      text += " " + t("m-result-duo", { secs: Number(secs), south: d.errors.south, north: d.errors.north, gap: meanGap(d) });
    }
    showResult("m", text);
  },
  back() { stepBack(this, "m", (h) => this.show(h)); },
  autoplay() { return autoplaySolitaire(this, "m", 50); },
  // Two-player mode: a player names a pit of his row; the server says whether it is his to sow.
  async press(side, pit) {
    const d = this.duo;
    if (!d || this.done || this.animating) return;
    if (d.t0 === null) d.t0 = performance.now();
    const at = performance.now();
    const msg = $(side === "south" ? "m-south-msg" : "m-north-msg");
    const cell = side === "south" ? pit : this.n + pit;
    if (pit >= this.n) { msg.textContent = t("m-no-such-pit", { side: SIDE(side) }); return; }
    const state = this.state;
    let r;
    try {
      r = await api("GET", `/api/solitaires/el-mirall/check?${query({ state, side, pit: this.names[cell] })}`);
    } catch (e) {
      msg.textContent = e.message;
      return;
    }
    // The board moved on while the server answered: this press was for a move already played.
    if (this.duo !== d || this.state !== state || this.animating) return;
    if (!r.accepted) {
      d.errors[side]++;
      msg.textContent = refusalText(L10n, r.refusal);
      this.draw({ marked: { [cell]: "wrong" } });
      return;
    }
    msg.textContent = "";
    if (d[side] !== null) return;
    d[side] = pit;
    if (d.tFirst === null) d.tFirst = at; else d.gaps.push(Math.round(at - d.tFirst));
    this.draw();
    if (d.south !== null && d.north !== null) {
      this.animating = true;
      $("m-board").dataset.busy = "1";
      await this.step(true);
      this.animating = false;
      delete $("m-board").dataset.busy;
      d.south = null; d.north = null; d.tFirst = null;
      $("m-duo-stats").textContent = t("m-stats", { moves: this.moves, south: d.errors.south, north: d.errors.north, gap: meanGap(d) });
      this.draw();
    }
  },
  table() {
    const rows = Math.max(6, this.n), cols = Math.max(6, this.k);
    const key = `${rows}x${cols}:${this.n},${this.k}`;
    if (key === this.tableKey) return;
    this.tableKey = key;
    countsTable("el-mirall", rows, cols, $("m-table"), [this.n, this.k]);
  },
};

// The mean time between the two players' sowings of a move, in ms.
function meanGap(d) {
  return d.gaps.length ? Math.round(d.gaps.reduce((a, b) => a + b, 0) / d.gaps.length) : 0;
}

$("m-reset").addEventListener("click", () => Mirall.reset());
$("m-back").addEventListener("click", () => Mirall.back());
$("m-step").addEventListener("click", () => { if (!Mirall.animating) { Mirall.stop(); Mirall.step(true); } });
$("m-auto").addEventListener("click", () => Mirall.autoplay());
for (const id of ["m-pits", "m-seeds", "m-mode"]) $(id).addEventListener("change", () => Mirall.reset());
document.addEventListener("keydown", (e) => {
  // Letter and punctuation keys mean pits here, even when a size field has the focus.
  if ($("view-mirall").hidden || !(Mirall.duo || Mirall.link) || e.target.tagName === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  if (Mirall.link) {
    const i = keysOf(Mirall.link.side).indexOf(k);
    if (i >= 0) { e.preventDefault(); MirallLink.sow(Mirall.link.side, i); }
    return;
  }
  let i = SOUTH_KEYS.indexOf(k);
  if (i >= 0) { e.preventDefault(); Mirall.press("south", i); return; }
  i = NORTH_KEYS.indexOf(k);
  if (i >= 0) { e.preventDefault(); Mirall.press("north", i); }
});

// ---------- El mirall on two devices ----------
export const MirallLink = {
  room: null, polling: 0,
  async create() {
    const size = Mirall.size();
    if (!size) return;
    const [n, k] = size;
    try {
      const r = await api("POST", "/api/mirall", { pits: n, seeds: k });
      SavedRooms.put(r.id, { token: r.token, side: "south", link: r.invite.link });
      location.hash = "#/mirall/" + r.id;
    } catch (e) {
      $("m-status").textContent = e.message;
    }
  },
  async open(id) {
    let s;
    try {
      s = await api("GET", "/api/mirall/" + id);
    } catch (e) {
      $("m-status").textContent = e.message;
      return;
    }
    const saved = SavedRooms.get(id) || {};
    this.room = { id, token: saved.token || null, side: saved.side || null, version: s.version };
    Mirall.duo = null;
    Mirall.link = this.room;
    Mirall.history = [];
    $("m-mode").value = "link";
    $("m-duo").hidden = true;
    $("m-link").hidden = false;
    $("m-result").hidden = true;
    $("m-link-row").hidden = !saved.link;
    if (saved.link) $("m-link-url").value = location.origin + saved.link;
    $("m-link-who").textContent = this.room.token
      ? t(this.room.side === "south" ? "m-you-play-south" : "m-you-play-north")
      : t("m-watching");
    await this.apply(s, false);
    this.poll();
  },
  stop() {
    this.polling++;
    this.room = null;
    Mirall.link = null;
    Mirall.linkState = null;
  },
  // Shows a state from the server; a single new move is animated first.
  async apply(s, animate) {
    const grew = s.moves === Mirall.moves + 1 && Mirall.n === s.pits && Mirall.k === s.seeds;
    Mirall.linkState = s;
    if (animate && grew && !Mirall.done) {
      Mirall.animating = true;
      await Mirall.step(true);
      Mirall.animating = false;
    }
    Mirall.n = s.pits;
    Mirall.k = s.seeds;
    $("m-pits").value = s.pits;
    $("m-seeds").value = s.seeds;
    Mirall.show(s.now);
    Mirall.names = s.names;
    Mirall.moves = s.moves;
    Mirall.done = s.done;
    const stats = t("m-stats", { moves: s.moves, south: s.errors.south, north: s.errors.north, gap: s.mean_gap_ms });
    $("m-link-stats").textContent = stats;
    if (s.done) showResult("m", t("m-link-result", { moves: s.moves, secs: Math.round(s.elapsed_ms / 100) / 10 }) + " " + stats);
    Mirall.draw();
    Mirall.table();
  },
  async poll() {
    const my = ++this.polling;
    while (my === this.polling && this.room && !Mirall.done) {
      try {
        const s = await api("GET", `/api/mirall/${this.room.id}?after=${this.room.version}&wait=20`);
        if (my !== this.polling || !this.room) return;
        if (s.version > this.room.version) {
          this.room.version = s.version;
          await this.apply(s, true);
        }
      } catch (_) {
        await sleep(2000);
      }
    }
  },
  async sow(side, pit) {
    const room = this.room;
    if (!room || !room.token || Mirall.animating) return;
    if (side !== room.side) {
      $("m-link-msg").textContent = t(room.side === "south" ? "m-your-row-south" : "m-your-row-north");
      return;
    }
    const name = Mirall.names[side === "south" ? pit : Mirall.n + pit];
    if (!name) { $("m-link-msg").textContent = t("m-no-such-pit", { side: SIDE(side) }); return; }
    try {
      const r = await api("POST", `/api/mirall/${room.id}/sow`, { token: room.token, pit: name, moves: Mirall.linkState ? Mirall.linkState.moves : 0 });
      // A wrong pit: the server's reason, in the player's words.
      $("m-link-msg").textContent = r.accepted ? "" : refusalText(L10n, r.refusal);
      if (r.state.version > room.version) {
        room.version = r.state.version;
        await this.apply(r.state, true);
      }
    } catch (e) {
      if (e.offline) return;
      $("m-link-msg").textContent = e.message;
      // The move had been completed meanwhile: the room as it is.
      if (e.state && e.state.version > room.version) {
        room.version = e.state.version;
        await this.apply(e.state, true);
      }
    }
  },
};
