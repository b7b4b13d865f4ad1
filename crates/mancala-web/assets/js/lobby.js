// The lobby: open challenges to accept with one click, a challenge of one's own (kept alive
// while this page looks at it, taken back when the page leaves the lobby or closes), "play
// anyone", and the games going on to watch. The server keeps every challenge and pairs
// players; this page lists, asks and goes to the game.
import { $ } from "./dom.js";
import { L10n, SIDE, gameName, t } from "./l10n.js";
import { Net, api, apiAgain, catalog, requestId } from "./net.js";
import { Saved } from "./saved.js";
import { controlName } from "./clock.js";
import { Account } from "./account.js";

const MINE = "mancala.challenge";

function own() {
  try { return JSON.parse(sessionStorage.getItem(MINE) || "null"); } catch (_) { return null; }
}
function keep(c) {
  try { if (c) sessionStorage.setItem(MINE, JSON.stringify(c)); else sessionStorage.removeItem(MINE); } catch (_) { /* no storage */ }
}

export const Lobby = {
  polling: 0, version: null, catalog: null, builtFor: null, accepting: false,
  async enter() {
    $("lb-error").textContent = "";
    try {
      if (!this.catalog) this.catalog = await catalog();
    } catch (e) { $("lb-error").textContent = e.message; return; }
    if (!this.wired) {
      this.wired = true;
      $("lb-form").addEventListener("submit", (e) => { e.preventDefault(); this.make(false); });
      $("lb-seek").addEventListener("click", () => this.make(true));
      $("lb-cancel").addEventListener("click", () => this.cancel());
    }
    if (this.builtFor !== L10n.code) {
      const game = $("lb-game").value, clock = $("lb-clock").value;
      $("lb-game").innerHTML = "";
      for (const g of this.catalog.games) $("lb-game").add(new Option(t("game-option", { name: gameName(g), pits: g.pits, seeds: g.seeds }), g.id));
      $("lb-clock").innerHTML = "";
      $("lb-clock").add(new Option(t("clock-none"), ""));
      for (const c of this.catalog.clocks || []) $("lb-clock").add(new Option(controlName(c.id), c.id));
      if (game) $("lb-game").value = game;
      $("lb-clock").value = clock || "5+5";
      this.builtFor = L10n.code;
    }
    $("lb-rated-note").hidden = !!Account.me;
    this.version = null;
    this.poll();
  },
  stop() { this.polling++; },
  async poll() {
    const my = ++this.polling;
    while (my === this.polling) {
      try {
        if (await this.checkOwn()) return;
        const q = this.version ? `?after=${this.version}&wait=5` : "";
        const l = await api("GET", "/api/lobby" + q);
        if (my !== this.polling) return;
        this.version = l.version;
        this.render(l);
      } catch (e) {
        if (my !== this.polling) return;
        if (!e.offline) $("lb-error").textContent = e.message;
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  },
  // One's own challenge: kept alive, and once accepted, its game opened (true).
  async checkOwn() {
    const c = own();
    $("lb-waiting").hidden = !c;
    if (!c) return false;
    $("lb-waiting-text").textContent = t("lb-waiting", { game: c.name, clock: c.clock ? controlName(c.clock) : t("clock-none") });
    let w;
    try {
      w = await api("GET", `/api/lobby/${c.id}`, undefined, { "Seat-Token": c.token });
    } catch (e) {
      if (e.status === 404 || e.status === 403) { keep(null); $("lb-waiting").hidden = true; return false; }
      throw e;
    }
    if (!w.game) return false;
    keep(null);
    this.go(w.game, c.token, w.side, c.name);
    return true;
  },
  go(id, token, side, name) {
    // A seat of this game the browser holds already (the other one, taken in another tab) is
    // kept: one browser's record of a game names one seat.
    const had = Saved.get(id);
    if (!had || !had.token || had.token === token) Saved.put(id, { token, side, name, created: Math.floor(Date.now() / 1000) });
    this.stop();
    location.hash = "#/game/" + id;
  },
  // The page leaves the lobby for another of its views: nobody is here to see one's own
  // challenge accepted, so it is taken back; one accepted meanwhile is a game, and opens.
  async leave() {
    const c = own();
    if (!c) return;
    keep(null);
    try {
      await api("POST", `/api/lobby/${c.id}/cancel`, { token: c.token });
    } catch (e) {
      if (e.status !== 409) return;
      try {
        const w = await api("GET", `/api/lobby/${c.id}`, undefined, { "Seat-Token": c.token });
        if (w.game) this.go(w.game, c.token, w.side, c.name);
      } catch (_) { /* gone: nothing to open */ }
    }
  },
  // The page closes, reloads or goes to another site: the challenge is taken back by a request
  // that outlives the page (a fetch kept alive, which can carry the login's CSRF header as a
  // beacon cannot). It stays remembered for this tab: a reload opens its game if it was
  // accepted meanwhile.
  closing() {
    const c = own();
    if (!c) return;
    const headers = { "Content-Type": "application/json" };
    if (Net.csrf) headers["X-CSRF-Token"] = Net.csrf;
    try {
      fetch(`/api/lobby/${c.id}/cancel`, { method: "POST", headers, body: JSON.stringify({ token: c.token }), keepalive: true }).catch(() => {});
    } catch (_) { /* the page is going anyway */ }
  },
  render(l) {
    const mine = own();
    const body = $("lb-list").querySelector("tbody");
    body.innerHTML = "";
    const open = l.challenges.filter((c) => !mine || c.id !== mine.id);
    // The logged-in account's own challenges (made in another tab or on another device) are
    // shown as his, not offered to accept.
    const me = Account.me ? Account.me.name.toLowerCase() : null;
    for (const c of open) {
      // Roles said outright: on a phone the rows are laid out as blocks.
      const tr = document.createElement("tr");
      tr.setAttribute("role", "row");
      const cell = (text) => { const td = document.createElement("td"); td.setAttribute("role", "cell"); td.textContent = text; tr.appendChild(td); return td; };
      cell(gameName(c));
      cell(c.clock ? controlName(c.clock) : t("clock-none"));
      // The maker, if he has an account (his rating in a rated challenge).
      const who = c.maker ? c.maker.name + (c.maker.rating != null ? ` (${L10n.rating(c.maker)})` : "") : t("lb-anonymous");
      cell((c.rated ? t("acc-rated") + " · " : "") + who).className = "name";
      cell(c.side === "random" ? t("lb-side-random") : SIDE(c.side));
      if (me && c.maker && c.maker.name.toLowerCase() === me) {
        cell(t("lb-yours")).className = "yours";
      } else {
        const b = document.createElement("button");
        b.textContent = t("lb-accept");
        b.setAttribute("aria-label", t("lb-accept-label", { game: gameName(c), clock: c.clock ? controlName(c.clock) : t("clock-none") }));
        b.disabled = this.accepting;
        b.addEventListener("click", () => this.accept(c));
        cell("").appendChild(b);
      }
      body.appendChild(tr);
    }
    $("lb-list").hidden = open.length === 0;
    $("lb-none").hidden = open.length > 0;
    const ul = $("lb-games");
    ul.innerHTML = "";
    for (const g of l.playing) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "#/game/" + g.id;
      a.textContent = t("lb-watch", { game: gameName(g), clock: g.clock ? controlName(g.clock) : t("clock-none"), plies: g.plies });
      li.appendChild(a);
      ul.appendChild(li);
    }
    $("lb-games-none").hidden = l.playing.length > 0;
  },
  async make(seek) {
    $("lb-error").textContent = "";
    const body = { game: $("lb-game").value, side: $("lb-side").value, request: requestId() };
    if ($("lb-clock").value) body.clock = $("lb-clock").value;
    if (Account.me && $("lb-rated").checked) body.rated = true;
    const name = gameName(this.catalog.games.find((g) => g.id === body.game) || { id: body.game, name: body.game });
    try {
      if (own()) await this.cancel();
      const r = await apiAgain("POST", seek ? "/api/lobby/seek" : "/api/lobby", body);
      if (r.matched) { this.go(r.id, r.token, r.side, r.state.name); return; }
      keep({ id: r.id, token: r.token, name, clock: body.clock || null });
      $("lb-live").textContent = t("lb-made");
      this.version = null;
      this.poll();
    } catch (e) { if (!e.offline) $("lb-error").textContent = e.message; }
  },
  async cancel() {
    const c = own();
    keep(null);
    $("lb-waiting").hidden = true;
    if (!c) return;
    try { await api("POST", `/api/lobby/${c.id}/cancel`, { token: c.token }); } catch (e) {
      // Accepted meanwhile: the game is there to play.
      if (e.status === 409) { this.version = null; keep(c); this.poll(); }
    }
    this.version = null;
  },
  // One acceptance at a time: the buttons are off while it is asked (a double click sends one).
  async accept(c) {
    if (this.accepting) return;
    $("lb-error").textContent = "";
    const mine = own();
    this.accepting = true;
    $("lb-list").querySelectorAll("tbody button").forEach((b) => { b.disabled = true; });
    try {
      const body = { request: requestId() };
      if (mine) body.token = mine.token;
      const r = await apiAgain("POST", `/api/lobby/${c.id}/accept`, body);
      if (mine) await this.cancel();
      this.go(r.id, r.token, r.side, r.state.name);
    } catch (e) {
      if (!e.offline) $("lb-error").textContent = e.message;
      this.version = null;
    } finally {
      this.accepting = false;
      $("lb-list").querySelectorAll("tbody button").forEach((b) => { b.disabled = false; });
    }
  },
};

window.addEventListener("pagehide", () => Lobby.closing());
