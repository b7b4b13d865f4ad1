// Accounts (optional): logging in and signing up, the account's page (ratings, its games on any
// device, the export, the password, deletion), a player's page with his rating history drawn,
// and the leaderboards. The server keeps accounts, logins and ratings; this page asks and draws.
import { $, el } from "./dom.js";
import { L10n, SIDE, gameName, t } from "./l10n.js";
import { Net, api } from "./net.js";
import { Saved } from "./saved.js";
import { ratingPlot } from "./graph.js";

const CATEGORY = (c) => t("category-" + c);
const ratingText = (r) => L10n.rating(r);
const poolName = (r) => t("pool-name", { game: gameName({ id: (r.game || "").split(":")[0], name: r.game }), category: CATEGORY(r.category) });

// A table of `rows` (arrays of text or nodes) under headings `heads`, into `box`.
function table(box, heads, rows) {
  box.innerHTML = "";
  if (!rows.length) return;
  const tb = document.createElement("table");
  tb.className = "games";
  const tr = tb.createTHead().insertRow();
  for (const h of heads) { const th = document.createElement("th"); th.textContent = h; tr.appendChild(th); }
  const body = tb.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    for (const c of r) { const td = row.insertCell(); if (c instanceof Node) td.appendChild(c); else td.textContent = c; }
  }
  box.appendChild(tb);
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

const playerLink = (name) => link("#/player/" + encodeURIComponent(name), name);

// A game of a list, in words: its result for the side played.
function resultWord(g) {
  if (!g.over || !g.result) return t("acc-going-on");
  if (g.result.winner === "none") return t("acc-aborted");
  if (g.result.winner === "draw") return t("acc-draw");
  return g.result.winner === g.side ? t("acc-won") : t("acc-lost");
}

function gamesTable(box, games, own) {
  table(box, [t("lb-col-game"), t("acc-col-side"), t("acc-col-opponent"), t("acc-col-result"), t("acc-col-date")],
    games.map((g) => [
      link("#/game/" + g.id, gameName(g) + (g.rated ? " · " + t("acc-rated") : "")),
      SIDE(g.side),
      g.opponent_name ? playerLink(g.opponent_name) : g.opponent.startsWith("engine:") ? t("who-computer", { side: SIDE(g.side === "south" ? "north" : "south") }) : "—",
      resultWord(g),
      L10n.date(g.created),
    ]).map((row, i) => {
      // One's own games open with the seat's token on this device.
      if (own) row[0].addEventListener("click", () => Saved.put(games[i].id, { token: games[i].token, side: games[i].side, created: games[i].created, account: Account.me && Account.me.name }));
      return row;
    }));
}

export const Account = {
  me: null,
  // Who is logged in (null: nobody); the nav says so.
  async load() {
    try {
      const r = await api("GET", "/api/account");
      this.set(r.account);
    } catch (_) { this.set(null); }
    return this.me;
  },
  set(a) {
    this.me = a;
    Net.csrf = a ? a.csrf : null;
    const nav = $("nav-account");
    nav.textContent = a ? a.name : t("nav-login");
    document.querySelectorAll("[data-needs-login]").forEach((e) => { e.hidden = !a; });
  },
  wire() {
    if (this.wired) return;
    this.wired = true;
    const form = (id, f) => $(id).addEventListener("submit", async (e) => {
      e.preventDefault();
      $("acc-error").textContent = "";
      try { await f(); } catch (err) { if (!err.offline) $("acc-error").textContent = err.message; }
    });
    form("acc-login", async () => {
      const r = await api("POST", "/api/account/login", { name: $("acc-login-name").value, password: $("acc-login-password").value });
      $("acc-login-password").value = "";
      this.set(r.account);
      await this.enter();
    });
    form("acc-signup", async () => {
      const r = await api("POST", "/api/account/signup", { name: $("acc-signup-name").value, password: $("acc-signup-password").value });
      $("acc-signup-password").value = "";
      this.set(r.account);
      await this.enter();
    });
    form("acc-password", async () => {
      const r = await api("POST", "/api/account/password", { password: $("acc-pw-old").value, new_password: $("acc-pw-new").value });
      $("acc-pw-old").value = ""; $("acc-pw-new").value = "";
      this.set(r.account);
      $("acc-live").textContent = t("acc-password-changed");
    });
    form("acc-delete", async () => {
      if (!window.confirm(t("acc-delete-confirm"))) return;
      await api("POST", "/api/account/delete", { password: $("acc-del-password").value });
      $("acc-del-password").value = "";
      Saved.removeWhere((v) => v.account === (this.me && this.me.name));
      this.set(null);
      await this.enter();
      $("acc-live").textContent = t("acc-deleted");
    });
    $("acc-logout").addEventListener("click", async () => {
      try { await api("POST", "/api/account/logout", {}); } catch (_) { /* gone anyway */ }
      // The seats this browser had only from the account leave with it (a shared computer).
      Saved.removeWhere((v) => v.account === (this.me && this.me.name));
      this.set(null);
      await this.enter();
    });
  },
  // `#/account`: the forms, or the account's page.
  async enter() {
    this.wire();
    $("acc-error").textContent = "";
    await this.load();
    const a = this.me;
    $("acc-out").hidden = !!a;
    $("acc-in").hidden = !a;
    if (!a) return;
    $("acc-name").textContent = a.name;
    document.querySelectorAll(".acc-username").forEach((e) => { e.value = a.name; });
    $("acc-player-link").href = "#/player/" + encodeURIComponent(a.name);
    ratingsTable($("acc-ratings"), a.ratings);
    $("acc-ratings-none").hidden = a.ratings.length > 0;
    try {
      const r = await api("GET", "/api/account/games");
      gamesTable($("acc-games"), r.games, true);
      $("acc-games-none").hidden = r.games.length > 0;
    } catch (e) { if (!e.offline) $("acc-error").textContent = e.message; }
  },
};

function ratingsTable(box, ratings) {
  table(box, [t("acc-col-pool"), t("acc-col-rating"), t("acc-col-games")],
    ratings.map((r) => [poolName(r), ratingText(r), L10n.num(r.games)]));
}

// The rating history of one pool as an SVG line (oldest left), its points titled, its lowest
// and highest ratings written at their heights.
function historyPlot(svg, history) {
  svg.innerHTML = "";
  const w = 320, h = 120, pad = 8;
  const plot = ratingPlot(history, w, h, pad);
  if (!plot.points.length) return;
  el("path", { d: plot.d, class: "line" }, svg);
  for (const p of plot.points) {
    const c = el("circle", { cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: 3, class: "point" }, svg);
    el("title", {}, c, t("acc-plot-point", { rating: p.rating, date: L10n.date(new Date(p.at)) }));
  }
  for (const l of plot.labels) {
    el("text", { x: pad, y: Math.min(h - 2, Math.max(10, l.y + 3.5)).toFixed(1), class: "axis" }, svg, L10n.num(l.value));
  }
}

export const Player = {
  // `#/player/NAME`: ratings, the history of each pool drawn, the games.
  async open(name) {
    $("pl-error").textContent = "";
    $("pl-name").textContent = name;
    try {
      const p = await api("GET", "/api/players/" + encodeURIComponent(name));
      $("pl-name").textContent = p.name;
      ratingsTable($("pl-ratings"), p.ratings);
      $("pl-ratings-none").hidden = p.ratings.length > 0;
      const plots = $("pl-plots");
      plots.innerHTML = "";
      for (const r of p.ratings) {
        const pts = p.history.filter((h) => h.pool === r.pool);
        if (!pts.length) continue;
        const fig = document.createElement("figure");
        const cap = document.createElement("figcaption");
        cap.textContent = t("acc-plot-title", { pool: poolName(r), from: pts[0].before, to: pts[pts.length - 1].rating });
        const svg = el("svg", { viewBox: "0 0 320 120", class: "rating-plot", role: "img", "aria-label": cap.textContent });
        fig.appendChild(svg);
        fig.appendChild(cap);
        plots.appendChild(fig);
        historyPlot(svg, pts);
      }
      gamesTable($("pl-games"), p.games, false);
      $("pl-games-none").hidden = p.games.length > 0;
    } catch (e) { if (!e.offline) $("pl-error").textContent = e.message; }
  },
};

export const Leaderboard = {
  async open(pool) {
    $("ld-error").textContent = "";
    try {
      const r = await api("GET", "/api/leaderboard" + (pool ? "?pool=" + encodeURIComponent(pool) : ""));
      const sel = $("ld-pool");
      sel.innerHTML = "";
      for (const p of r.pools) sel.add(new Option(poolName(p) + " (" + L10n.num(p.players) + ")", p.pool));
      if (r.pool) sel.value = r.pool;
      sel.onchange = () => { location.hash = "#/leaderboard/" + encodeURIComponent(sel.value); };
      $("ld-none").hidden = r.players.length > 0;
      table($("ld-table"), [t("ld-col-rank"), t("ld-col-name"), t("acc-col-rating"), t("acc-col-games")],
        r.players.map((p) => [L10n.num(p.rank), playerLink(p.name), ratingText(p), L10n.num(p.games)]));
    } catch (e) { if (!e.offline) $("ld-error").textContent = e.message; }
  },
};
