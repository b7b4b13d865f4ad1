// The page of `mancala serve`: new games, the board, the solitaires. Plain JavaScript and
// SVG; the server (docs/api.md) decides every rule, this page only shows and asks.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SIDE = (s) => L10n.side(s);
const other = (s) => (s === "south" ? "north" : "south");

// ---------- Languages ----------
// The page's words are in Fluent catalogues (crates/mancala-locale/locales/<lang>.ftl, served as
// /locales/<lang>.ftl), formatted by @fluent/bundle: plurals by Intl.PluralRules and numbers by
// Intl.NumberFormat of the player's locale. A message a catalogue lacks is taken from English.
// The language: `?lang=` in the address, else the one chosen in the menu (remembered), else the
// server's choice from the browser's languages (Accept-Language), given as <html lang>.
const L10n = {
  code: "en", dir: "ltr", bundles: [],
  menu() { return $("lang-menu"); },
  known(code) {
    return [...this.menu().options].find((o) => o.value === code) || null;
  },
  wanted() {
    const asked = new URLSearchParams(location.search).get("lang");
    const pick = (c) => (c ? this.known(c.toLowerCase().split(/[-_]/)[0]) : null);
    let stored = null;
    try { stored = localStorage.getItem("mancala.lang"); } catch (_) { /* no storage */ }
    return (pick(asked) || pick(stored) || pick(document.documentElement.lang) || this.known("en") || { value: "en", dataset: {} }).value;
  },
  // The browser's own tag of that language (ar-MA, tr-TR) for Intl, else the code.
  locales(code) {
    const tags = (navigator.languages || []).filter((t) => t.toLowerCase().split(/[-_]/)[0] === code);
    return tags.length ? [tags[0], code] : [code];
  },
  async bundle(code, rtl) {
    const r = await fetch(`/locales/${code}.ftl`);
    if (!r.ok) return null;
    const text = await r.text();
    const { FluentBundle, FluentResource } = window.FluentBundle;
    // Bidi isolation of the variables (pit letters, numbers) only where the text is right to left.
    const b = new FluentBundle(this.locales(code), { useIsolating: rtl });
    const errors = b.addResource(new FluentResource(text));
    if (errors.length) console.warn(`${code}.ftl:`, errors);
    return b;
  },
  async use(code) {
    const opt = this.known(code);
    const dir = opt && opt.dataset.dir === "rtl" ? "rtl" : "ltr";
    const bundles = [];
    try {
      const b = code === "en" ? null : await this.bundle(code, dir === "rtl");
      if (b) bundles.push(b);
      const en = await this.bundle("en", false);
      if (en) bundles.push(en);
    } catch (_) { /* the server is unreachable: the words already shown stay */ }
    if (!bundles.length) return;
    this.bundles = bundles;
    this.code = code;
    this.dir = dir;
    document.documentElement.lang = code;
    document.documentElement.dir = dir;
    this.menu().value = code;
    this.translate(document);
  },
  has(id) { return this.bundles.some((b) => b.hasMessage(id)); },
  // The message `id` formatted with `args`, in the first catalogue that has it.
  t(id, args) {
    if (args) {
      // A variable that is itself a message formatted here (a result, a reason) loses its own
      // isolation marks, so that the mark Fluent puts around it finds the text's direction.
      const own = {};
      for (const [k, v] of Object.entries(args)) own[k] = typeof v === "string" ? v.replace(/[\u2068\u2069]/g, "") : v;
      args = own;
    }
    for (const b of this.bundles) {
      const m = b.getMessage(id);
      if (m && m.value) {
        const errors = [];
        const text = b.formatPattern(m.value, args || null, errors);
        if (errors.length) console.warn(id, errors);
        return text;
      }
    }
    return id;
  },
  // The page's fixed words: each [data-l10n-id] gets its message, as text or as the attribute
  // named by data-l10n-attr.
  translate(root) {
    for (const e of root.querySelectorAll("[data-l10n-id]")) {
      const text = this.t(e.dataset.l10nId);
      if (e.dataset.l10nAttr) e.setAttribute(e.dataset.l10nAttr, text);
      else e.textContent = text;
    }
  },
  side(s) { return this.t(s === "south" ? "side-south" : "side-north"); },
  // A server error in the player's words: `error-<code>` with the error's parameters (sides
  // translated, lists joined, the reason of an illegal move worded); the server's English text
  // when the catalogue has no message for the code.
  error(data, status) {
    if (!data || !data.code || !this.has("error-" + data.code)) return (data && data.error) || String(status);
    const args = {};
    for (const [k, v] of Object.entries(data.params || {})) {
      if (Array.isArray(v)) args[k] = v.join(k === "legal" || k === "pits" ? " " : ", ");
      else if (v === "south" || v === "north") args[k] = this.side(v);
      else args[k] = v;
    }
    if (data.code === "illegal-move" && data.params && this.has("reason-" + data.params.reason)) {
      args.reason = this.t("reason-" + data.params.reason, args);
    }
    return this.t("error-" + data.code, args);
  },
  // A number in the player's locale.
  num(n) { return new Intl.NumberFormat(this.locales(this.code)).format(n); },
};
const t = (id, args) => L10n.t(id, args);

// A game's name as players say it in the language (the server's name for a resized game).
function gameName(g) {
  const id = g.game || g.id;
  return L10n.has("game-" + id) ? t("game-" + id) : g.name;
}

// ---------- API ----------
// An error the server could not be asked about: the connection is lost.
class Offline extends Error {
  constructor() {
    super(t("connection-lost"));
    this.offline = true;
  }
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let r, text;
  try {
    r = await fetch(path, opts);
    text = await r.text();
  } catch (_) {
    // fetch fails only when the server cannot be reached ("Failed to fetch"): say so.
    Net.lost();
    throw new Offline();
  }
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = { error: text }; }
  if (!r.ok) {
    const e = new Error(data && data.error ? L10n.error(data, r.status) : `${r.status} ${r.statusText}`);
    e.status = r.status;
    e.code = (data && data.code) || null;
    throw e;
  }
  return data;
}

// ---------- Connection: told when lost, the game reloaded when back ----------
const Net = {
  down: false,
  lost() {
    if (this.down) return;
    this.down = true;
    $("offline").hidden = false;
    if (!$("view-game").hidden && Play.state) Play.render();
    this.retry();
  },
  async retry() {
    while (this.down) {
      await sleep(1500);
      try {
        const r = await fetch("/api/health", { cache: "no-store" });
        if (r.ok) break;
      } catch (_) { /* still down */ }
    }
    this.down = false;
    $("offline").hidden = true;
    // Back: show every view as the server has it.
    if (!$("view-game").hidden && Play.id) await Play.open(Play.id);
    else if (!$("view-home").hidden) Home.enter();
  },
};

// ---------- Saved seats (this browser's tokens) ----------
const Saved = {
  all() {
    try { return JSON.parse(localStorage.getItem("mancala.games") || "{}"); } catch (_) { return {}; }
  },
  get(id) { return this.all()[id] || null; },
  put(id, v) {
    const a = this.all();
    a[id] = Object.assign(a[id] || {}, v);
    localStorage.setItem("mancala.games", JSON.stringify(a));
  },
};

// ---------- Drawing helpers ----------
function el(tag, attrs, parent, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// Seeds laid out in a pit: a sunflower spiral, always the same place for seed i.
function seedSpots(count, rx, ry, max) {
  const spots = [];
  const shown = Math.min(count, max);
  const golden = Math.PI * (3 - Math.sqrt(5));
  const scale = Math.sqrt(Math.max(shown, 6));
  for (let i = 0; i < shown; i++) {
    const r = Math.sqrt(i + 0.5) / scale;
    const a = i * golden;
    spots.push([Math.cos(a) * r * rx * 0.78, Math.sin(a) * r * ry * 0.78]);
  }
  return spots;
}

function drawSeeds(g, cx, cy, count, rx, ry, fresh) {
  const max = 40;
  const spots = seedSpots(count, rx, ry, max);
  const sr = Math.max(3.2, Math.min(7, rx / Math.sqrt(Math.max(count, 4)) * 0.75));
  spots.forEach(([dx, dy], i) => {
    const newest = fresh && i === spots.length - 1;
    el("circle", { cx: cx + dx, cy: cy + dy, r: newest ? sr + 1 : sr, class: "seed" + (newest ? " new" : "") }, g);
    // The newest seed: a ring around it, not only another colour.
    if (newest) el("circle", { cx: cx + dx, cy: cy + dy, r: sr + 4.5, class: "newring" }, g);
  });
}

function letter(side, i) {
  return String.fromCharCode((side === "south" ? 65 : 97) + i);
}

function parsePosition(s, n) {
  const f = s.split("-");
  const nums = f.slice(0, 2 * n + 2).map(Number);
  return { pits: nums.slice(0, 2 * n), scores: [nums[2 * n], nums[2 * n + 1]], side: f[2 * n + 2] === "S" ? "south" : "north" };
}

// The cell a move sows from (-1 for a pass).
function cellOf(move, side, n) {
  if (move === "pass") return -1;
  return side === "south" ? move.charCodeAt(0) - 65 : n + move.charCodeAt(0) - 97;
}

// ---------- The two-row board ----------
// Cells: 0..n-1 South's pits (A.. left to right on the bottom row), n..2n-1 North's pits
// (a.. from North's left, i.e. right to left on the top row), 2n South's store (right),
// 2n+1 North's store (left). `flip` turns the board for North: his row at the bottom, read
// from his left, and the stores swap ends.
function compact() { return window.innerWidth < 600; }

function boardGeometry(n, stores, flip) {
  const small = compact();
  const pitW = 100, storeW = stores ? (small ? 50 : 90) : 10, pad = small ? 6 : 20;
  const width = 2 * pad + 2 * storeW + n * pitW;
  const height = 280;
  const x0 = pad + storeW;
  const at = (c) => {
    if (c < n) return { x: x0 + c * pitW + pitW / 2, y: 200 };
    if (c < 2 * n) return { x: x0 + (2 * n - 1 - c) * pitW + pitW / 2, y: 80 };
    if (c === 2 * n) return { x: width - pad - storeW / 2, y: 140 };
    return { x: pad + storeW / 2, y: 140 };
  };
  const cell = flip ? (c) => { const p = at(c); return { x: width - p.x, y: height - p.y }; } : at;
  return { width, height, cell, pitR: small ? 47 : 40, storeRx: small ? 22 : 36, storeRy: 105 };
}

function drawBoard(svg, n, model, opts) {
  opts = opts || {};
  const focused = document.activeElement && svg.contains(document.activeElement) ? document.activeElement.getAttribute("data-pit") : null;
  const G = boardGeometry(n, !opts.noStores, !!opts.flip);
  const bottom = opts.flip ? "north" : "south";
  svg.setAttribute("viewBox", `0 0 ${G.width} ${G.height}`);
  svg.innerHTML = "";
  el("rect", { x: 4, y: 10, width: G.width - 8, height: G.height - 20, rx: 60, class: "board-frame" }, svg);
  // Letters, counts and keys are drawn above the pits, outside the pits' buttons: a pit's name
  // says them already (and they never catch a click).
  const labels = el("g", { "aria-hidden": "true", class: "labels" });
  for (let c = 0; c < 2 * n + 2; c++) {
    const p = G.cell(c);
    const isStore = c >= 2 * n;
    const count = isStore ? model.scores[c - 2 * n] : model.pits[c];
    if (isStore && opts.noStores) continue;
    const g = el("g", { "data-cell": c }, svg);
    if (!isStore) {
      const side = c < n ? "south" : "north";
      const low = side === bottom;
      const idx = c < n ? c : c - n;
      const name = letter(side, idx);
      const legal = !!(opts.legal && opts.legal.includes(name));
      const hint = opts.hint === name;
      const captured = !!(opts.captured && opts.captured.includes(c));
      const last = opts.last === c;
      g.setAttribute("data-pit", name);
      g.setAttribute("id", (opts.idPrefix || "pit-") + name);
      const cls = ["pit"];
      if (legal) cls.push("legal");
      if (hint) cls.push("hint");
      if (captured) cls.push("captured");
      if (opts.origin === c) cls.push("origin");
      if (last) cls.push("lastmove");
      if (opts.marked && opts.marked[c]) cls.push(opts.marked[c]);
      // Each marker has its own shape: legal a dashed ring, hint a diamond, capture a cross,
      // last move a solid ring and a triangle, the newest seed a ring round the seed.
      if (legal) el("circle", { cx: p.x, cy: p.y, r: G.pitR + 4, class: "ring-legal" }, g);
      if (last) el("circle", { cx: p.x, cy: p.y, r: G.pitR + 4, class: "ring-last" }, g);
      el("circle", { cx: p.x, cy: p.y, r: G.pitR, class: cls.join(" ") }, g);
      drawSeeds(g, p.x, p.y, count, G.pitR, G.pitR, opts.fresh === c);
      if (captured) {
        const d = G.pitR * 0.6;
        el("path", { d: `M${p.x - d},${p.y - d}L${p.x + d},${p.y + d}M${p.x + d},${p.y - d}L${p.x - d},${p.y + d}`, class: "mark-capture" }, g);
      }
      if (hint) {
        const hy = low ? p.y - G.pitR - 2 : p.y + G.pitR + 2;
        el("path", { d: `M${p.x},${hy - 11}L${p.x + 11},${hy}L${p.x},${hy + 11}L${p.x - 11},${hy}Z`, class: "mark-hint" }, g);
      }
      if (last) {
        const ty = low ? p.y + G.pitR + 2 : p.y - G.pitR - 2;
        const dir = low ? 1 : -1;
        el("path", { d: `M${p.x - 30},${ty}L${p.x - 20},${ty + 12 * dir}L${p.x - 40},${ty + 12 * dir}Z`, class: "mark-last" }, g);
      }
      const key = opts.keyLabel ? opts.keyLabel(side, idx) : "";
      if (key) {
        // The player's key for this pit, as a key cap on the inner side of the pit.
        const ky = low ? p.y - 34 : p.y + 34;
        el("rect", { x: p.x - 46, y: ky - 13, width: 26, height: 26, rx: 5, class: "keycap" }, labels);
        el("text", { x: p.x - 33, y: ky + 1, class: "keytext" }, labels, key);
      }
      const ly = low ? p.y + 60 : p.y - 58;
      if (opts.keyRows && opts.keyRows.includes(side)) {
        // A key cap: this letter's key plays the pit.
        const kc = compact() ? 38 : 28;
        el("rect", { x: p.x - kc / 2, y: ly - kc / 2, width: kc, height: kc, rx: 5, class: "keycap" }, labels);
        el("text", { x: p.x, y: ly + 1, class: "keytext" }, labels, name);
      } else el("text", { x: p.x, y: ly, class: "letter" }, labels, name);
      el("text", { x: p.x + 30, y: low ? p.y - 32 : p.y + 32, class: "count", "data-count": name }, labels, L10n.num(count));
      if (opts.onPit) {
        const playable = opts.anyPit || legal;
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        let label = t("pit-label", { pit: name, count, playable: playable ? "yes" : "no" });
        if (hint) label += t("pit-label-hint");
        if (last) label += t("pit-label-last");
        g.setAttribute("aria-label", label);
        if (!playable) g.setAttribute("aria-disabled", "true");
        g.style.cursor = playable ? "pointer" : "default";
        g.addEventListener("click", () => opts.onPit(name, c));
        g.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); opts.onPit(name, c); }
        });
      }
    } else {
      const who = SIDE(c === 2 * n ? "south" : "north");
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", t("store-label", { side: who, count }));
      el("ellipse", { cx: p.x, cy: p.y, rx: G.storeRx, ry: G.storeRy, class: "store" + (opts.last === c ? " lastmove" : "") }, g);
      drawSeeds(g, p.x, p.y, count, G.storeRx, G.storeRy, opts.fresh === c);
      el("text", { x: p.x, y: p.y + G.storeRy - 18, class: "count", "data-count": c === 2 * n ? "south-store" : "north-store" }, labels, L10n.num(count));
      el("text", { x: p.x, y: p.y - G.storeRy + 22, class: "rowname" }, labels, who);
    }
  }
  svg.appendChild(labels);
  if (focused) {
    const again = svg.querySelector(`[data-pit="${focused}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

// ---------- Router ----------
const views = ["home", "game", "mirall", "cups", "rules"];
function show(view) {
  for (const v of views) $("view-" + v).hidden = v !== view;
  document.querySelectorAll("nav a").forEach((a) => {
    const nav = a.getAttribute("data-nav");
    const on = (nav === "play" && (view === "home" || view === "game")) || nav === view;
    a.classList.toggle("active", on);
    if (on) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  });
}

async function route() {
  const params = new URLSearchParams(location.search);
  if (params.get("game") && params.get("token")) {
    // A link to a seat: an invitation opens it once, a seat's own link again; anything else
    // makes this browser a spectator.
    const id = params.get("game");
    history.replaceState(null, "", "/#/game/" + id);
    try {
      const r = await api("POST", `/api/games/${id}/join`, { token: params.get("token") });
      Saved.put(id, { token: r.token, side: r.side, invited: true, spectator: false, created: r.state.created });
    } catch (e) {
      if (e.status === 403 || e.status === 401) {
        const had = Saved.get(id);
        if (!had || !had.token) Saved.put(id, { spectator: true, created: Date.now() / 1000, notice: e.message });
      }
    }
  }
  if (params.get("mirall") && params.get("token")) {
    MirallLink.put(params.get("mirall"), { token: params.get("token"), side: params.get("side") === "south" ? "south" : "north" });
    history.replaceState(null, "", "/#/mirall/" + params.get("mirall"));
  }
  const h = location.hash.replace(/^#/, "");
  MirallLink.stop();
  Mirall.stop();
  Cups.stop();
  Play.stopPolling();
  if (h.startsWith("/game/")) {
    show("game");
    await Play.open(h.slice(6));
  } else if (h.startsWith("/mirall/")) {
    show("mirall");
    await MirallLink.open(h.slice(8));
  } else if (h === "/mirall") {
    show("mirall");
    Mirall.enter();
  } else if (h === "/cups") {
    show("cups");
    Cups.enter();
  } else if (h === "/rules" || h.startsWith("/rules/")) {
    show("rules");
    await Rules.open(h.slice(7) || null);
  } else {
    show("home");
    Home.enter();
  }
}
window.addEventListener("hashchange", route);

// ---------- Results, worded for whoever looks ----------
// `mine`: the one side this browser plays (null for a spectator or a game on one screen).
function resultWords(s, mine) {
  const r = s.result;
  if (!r) return "";
  const sc = r.scores;
  let text;
  if (r.winner === "draw") text = t("result-draw", { south: sc.south, north: sc.north });
  else if (mine) text = t(r.winner === mine ? "result-you-win" : "result-you-lost", { mine: sc[mine], theirs: sc[other(mine)] });
  else text = t("result-wins", { winner: SIDE(r.winner), score: sc[r.winner], other: sc[other(r.winner)] });
  return t("result-with-reason", { result: text, reason: endReason(s, mine) });
}

// Why a game ended: a resignation, or the rules' reason by its code (`end-<code>` messages).
function endReason(s, mine) {
  const code = s.result.code;
  if (code === "resigned") {
    const loser = s.result.winner === "south" ? "north" : "south";
    if (mine && loser === mine) return t("reason-you-resigned");
    if (mine) return t(s.opponent.kind === "engine" ? "reason-computer-resigned" : "reason-opponent-resigned");
    return t("reason-side-resigned", { side: SIDE(loser) });
  }
  return L10n.has("end-" + code) ? t("end-" + code) : s.result.reason;
}

// The move labels of OGN (NOTATION.md): `k.` before South's moves, `k...` before a North move
// that does not follow South's; the number grows each time South moves after North. Each ply
// gets its number and whether the label is written.
function moveNumbers(plies) {
  let number = 1, prev = null;
  return plies.map((p) => {
    let shown;
    if (prev === null) shown = true;
    else if (prev === "north") { if (p.side === "south") number += 1; shown = true; }
    else shown = false;
    prev = p.side;
    return { number, shown, label: p.side === "south" ? `${number}.` : `${number}...` };
  });
}

// ---------- Home: new game, your games, import ----------
const Home = {
  catalog: null,
  async load() {
    if (!this.catalog) this.catalog = await api("GET", "/api/rules");
    return this.catalog;
  },
  async enter() {
    let cat;
    try { cat = await this.load(); } catch (e) { $("ng-error").textContent = e.message; return; }
    const sel = $("ng-game");
    if (!this.wired) {
      this.wired = true;
      sel.addEventListener("change", () => this.summary());
      $("ng-opponent").addEventListener("change", () => this.opponentChanged());
    }
    if (this.builtFor !== L10n.code) {
      // The menus in the page's language; what was chosen stays chosen.
      const game = sel.value, level = $("ng-level").value || "novice";
      sel.innerHTML = "";
      $("ng-level").innerHTML = "";
      for (const g of cat.games) sel.add(new Option(t("game-option", { name: gameName(g), pits: g.pits, seeds: g.seeds }), g.id));
      for (const l of cat.levels) $("ng-level").add(new Option(L10n.has("level-" + l.id) ? t("level-" + l.id) : l.label, l.id));
      if (game) sel.value = game;
      $("ng-level").value = level;
      this.builtFor = L10n.code;
    }
    this.summary();
    this.opponentChanged();
    this.listGames();
  },
  summary() {
    const g = this.catalog.games.find((x) => x.id === $("ng-game").value);
    $("ng-summary").textContent = g ? (L10n.has("summary-" + g.id) ? t("summary-" + g.id) : g.summary) : "";
  },
  opponentChanged() {
    const o = $("ng-opponent").value;
    $("ng-level-row").hidden = o !== "engine";
    $("ng-side-row").hidden = o === "local";
    $("ng-hints-row").hidden = o !== "remote";
  },
  // Your games: each saved game with its opponent, whose turn or the result, the score, the date.
  async listGames() {
    const all = Saved.all();
    const ids = Object.keys(all).sort((a, b) => (all[b].created || 0) - (all[a].created || 0)).slice(0, 20);
    $("continue-card").hidden = ids.length === 0;
    const body = $("my-games");
    const states = await Promise.all(ids.map((id) => api("GET", "/api/games/" + id).catch((e) => ({ missing: e.message }))));
    body.innerHTML = "";
    ids.forEach((id, i) => {
      const s = states[i], saved = all[id];
      const tr = body.insertRow();
      const cell = (text) => { const td = tr.insertCell(); td.textContent = text; return td; };
      if (s.missing) {
        cell(saved.name || t("game-fallback"));
        cell("—"); cell(s.missing); cell("—"); cell("—"); cell("");
        return;
      }
      const mine = Play.seatOf(s, saved);
      const one = mine.length === 1 ? mine[0] : null;
      const opp = s.opponent.kind === "engine" ? t("opp-engine", { level: levelName(s.opponent.level) })
        : s.opponent.kind === "local" ? t("opp-local")
        : saved.spectator || !saved.token ? t("opp-watching") : t("opp-remote");
      let turn;
      if (s.over) turn = resultWords(s, one);
      else if (one) turn = s.to_move === one ? t("turn-yours") : s.seats[s.to_move].startsWith("engine") ? t("turn-computer") : t("turn-friend");
      else turn = t("to-move", { side: SIDE(s.to_move) });
      cell(one ? t("game-you", { name: gameName(s), side: SIDE(one) }) : gameName(s));
      cell(opp);
      cell(turn);
      cell(t("score-pair", { south: s.shown_scores.south, north: s.shown_scores.north }));
      cell(new Date(s.updated * 1000).toLocaleString(L10n.locales(L10n.code)));
      const a = document.createElement("a");
      a.href = "#/game/" + id;
      a.textContent = s.over || !saved.token ? t("open-view") : t("open-resume");
      a.setAttribute("aria-label", t("open-label", { action: a.textContent, name: gameName(s), opponent: opp }));
      tr.insertCell().appendChild(a);
    });
  },
  async create(ev) {
    ev.preventDefault();
    $("ng-error").textContent = "";
    const opponent = $("ng-opponent").value;
    const body = { game: $("ng-game").value, opponent };
    if (opponent === "engine") body.level = $("ng-level").value;
    if (opponent !== "local") body.side = $("ng-side").value;
    if (opponent === "remote") body.hints = $("ng-hints").checked;
    try {
      const r = await api("POST", "/api/games", body);
      Home.remember(r);
      location.hash = "#/game/" + r.id;
    } catch (e) {
      $("ng-error").textContent = e.message;
    }
  },
  remember(r) {
    const s = r.state;
    const side = s.opponent.kind === "engine" ? other(s.opponent.side) : r.invite ? other(r.invite.side) : null;
    Saved.put(r.id, { token: r.token, side, name: s.name, created: s.created, invite: r.invite ? r.invite.link : null });
  },
  async importGame() {
    $("import-error").textContent = "";
    try {
      const r = await api("POST", "/api/games/import", { ogn: $("import-text").value, opponent: "local" });
      Home.remember(r);
      location.hash = "#/game/" + r.id;
    } catch (e) {
      $("import-error").textContent = e.message;
    }
  },
};
$("new-game").addEventListener("submit", (e) => Home.create(e));
$("import-go").addEventListener("click", () => Home.importGame());
$("import-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("import-text").value = await f.text();
});

// ---------- Playing a game ----------
const SPEEDS = [420, 260, 150, 80, 0];
const Play = {
  id: null, state: null, token: null, busy: false, busyText: "", hint: null, polling: 0, analysed: null,
  lastCell: null, lastCaptured: [],
  // The sides a browser may move in game `s`, given what it saved of the game.
  seatOf(s, saved) {
    if (!s || !saved || !saved.token) return [];
    if (s.opponent.kind === "local") return ["south", "north"];
    if (s.opponent.kind === "engine") return [other(s.opponent.side)];
    return saved.side ? [saved.side] : [];
  },
  seat() {
    if (!this.token) return [];
    return this.seatOf(this.state, Object.assign({}, Saved.get(this.id), { token: this.token }));
  },
  // The one side this browser plays (against the computer or a friend), else null.
  mine() {
    const m = this.seat();
    return this.state && this.state.opponent.kind !== "local" && m.length === 1 ? m[0] : null;
  },
  myTurn() {
    const s = this.state;
    return !!s && !s.over && !Net.down && !!s.to_move && this.seat().includes(s.to_move) && !s.seats[s.to_move].startsWith("engine");
  },
  engineToMove() {
    const s = this.state;
    return !!s && !s.over && !!s.to_move && s.seats[s.to_move].startsWith("engine");
  },
  setBusy(b) {
    // Marked on the view too, so a test (or a style) can tell when the page is settled.
    this.busy = b;
    $("view-game").toggleAttribute("data-busy", b);
  },
  say(text) {
    // The live region: moves, captures, the result, read out by screen readers.
    $("g-live").textContent = text;
  },
  async open(id) {
    this.id = id;
    this.hint = null;
    this.analysed = null;
    this.setBusy(false);
    $("g-analysis-card").hidden = true;
    $("g-error").textContent = "";
    const saved = Saved.get(id);
    this.token = saved ? saved.token || null : null;
    try {
      this.state = await api("GET", "/api/games/" + id);
    } catch (e) {
      if (e.offline) { $("g-status").textContent = t("connection-lost"); return; }
      $("g-title").textContent = t("game-not-found");
      $("g-status").textContent = e.message;
      $("board").innerHTML = "";
      this.state = null;
      return;
    }
    this.markLast(this.state);
    this.render();
    if (this.engineToMove() && this.token) {
      // The computer had not answered yet (the page was closed while it thought).
      this.setBusy(true);
      try { await this.engineTurn(); } catch (e) { if (!e.offline) $("g-error").textContent = e.message; }
      this.setBusy(false);
      this.render();
    }
    this.poll();
  },
  markLast(s) {
    const p = s.plies[s.plies.length - 1];
    this.lastCell = p ? cellOf(p.move, p.side, s.pits) : null;
    this.lastCaptured = p ? p.captured_pits : [];
  },
  stopPolling() { this.polling++; },
  async poll() {
    const my = ++this.polling;
    // Every unfinished game is followed: a friend's moves arrive, and a lost connection shows.
    const follows = () => this.state && !this.state.over;
    while (my === this.polling && follows()) {
      try {
        const s = await api("GET", `/api/games/${this.id}?after=${this.state.version}&wait=20`);
        if (my !== this.polling) return;
        if (s.version > this.state.version && !this.busy) {
          $("g-error").textContent = "";
          const old = this.state.plies.length;
          const fresh = s.plies.length > old ? s.plies.slice(old) : [];
          if (fresh.length) {
            this.setBusy(true);
            await this.animate(fresh, s);
            this.setBusy(false);
          } else if (s.plies.length < old) {
            this.say(t("taken-back-one"));
          }
          this.state = s;
          this.markLast(s);
          if (s.over) this.say(t("status-over", { result: resultWords(s, this.mine()) }));
          this.render();
        }
      } catch (e) {
        if (my !== this.polling) return;
        if (e.offline) return; // Net reopens the game when the server is back.
        await sleep(2000);
      }
    }
  },
  speed() { return SPEEDS[Number($("g-speed").value)] ?? 150; },
  flip() { return this.mine() === "north"; },
  who(side) {
    const s = this.state;
    const seat = s.seats[side];
    if (seat.startsWith("engine")) return t("who-computer", { side: SIDE(side) });
    if (s.opponent.kind === "local") return SIDE(side);
    const mine = this.mine();
    if (mine) return t(mine === side ? "who-you" : "who-friend", { side: SIDE(side) });
    return s.opponent.kind === "engine" ? t("who-person", { side: SIDE(side) }) : SIDE(side);
  },
  drawState(extra) {
    const s = this.state;
    const n = s.pits;
    const pos = parsePosition(s.over && s.final_position ? s.final_position : s.position, n);
    const model = { pits: pos.pits, scores: [s.shown_scores.south, s.shown_scores.north] };
    const myTurn = this.myTurn() && !this.busy;
    const keyRows = s.over ? [] : this.myTurn() ? [s.to_move] : this.mine() ? [this.mine()] : [];
    drawBoard($("board"), n, model, Object.assign({
      flip: this.flip(),
      legal: myTurn ? s.legal.filter((m) => m !== "pass") : [],
      hint: this.hint,
      last: this.lastCell,
      captured: this.lastCaptured,
      keyRows,
      onPit: (name) => this.click(name),
    }, extra || {}));
    $("board").setAttribute("aria-label", t(this.flip() ? "board-label-north" : "board-label-south"));
  },
  render() {
    const s = this.state;
    if (!s) return;
    const n = s.pits;
    const mine = this.mine();
    const seat = this.seat();
    const spectator = seat.length === 0;
    const name = gameName(s);
    $("g-title").textContent = s.opponent.kind === "engine" ? t("game-title-engine", { name, level: levelName(s.opponent.level) })
      : t(s.opponent.kind === "local" ? "game-title-local" : "game-title-remote", { name });
    const base = (s.game || "").split(":")[0];
    $("g-rules").hidden = !base;
    $("g-rules").href = "#/rules/" + base;
    $("g-rules").textContent = t("rules-of-game", { name: L10n.has("game-" + base) ? t("game-" + base) : name });
    const myTurn = this.myTurn();
    this.drawState();
    $("g-south-name").textContent = this.who("south");
    $("g-north-name").textContent = this.who("north");
    $("g-south-score").textContent = s.shown_scores.south;
    $("g-north-score").textContent = s.shown_scores.north;
    $("g-scores").classList.toggle("flipped", this.flip());
    document.querySelector(".score.south").classList.toggle("tomove", s.to_move === "south");
    document.querySelector(".score.north").classList.toggle("tomove", s.to_move === "north");
    // A spectator sees who plays, and that the board is read-only.
    $("g-watch").hidden = !spectator;
    if (spectator) {
      const saved = Saved.get(this.id);
      const players = s.opponent.kind === "remote" ? t("watching-remote")
        : s.opponent.kind === "engine" ? t("watching-engine", { south: this.who("south"), north: this.who("north") })
        : t("watching-local");
      $("g-watch").textContent = t("watching", { players }) + (saved && saved.notice ? " " + t("watching-used") : "");
    }
    const last = s.plies[s.plies.length - 1];
    let status;
    let thinking = false;
    if (Net.down) status = t("connection-lost");
    else if (s.over) status = t("status-over", { result: resultWords(s, mine) });
    else if (this.busy) { status = this.busyText || "…"; thinking = this.busyText === t("status-thinking"); }
    else if (myTurn) {
      const who = s.opponent.kind === "local" ? t("to-move", { side: SIDE(s.to_move) }) : t("turn-yours");
      const moves = s.legal.filter((m) => m !== "pass");
      status = (last && last.extra_turn && last.side === s.to_move ? t("status-extra-turn") + " " : "") +
        (moves.length ? t("status-choose", { who, moves: moves.join(" ") }) : t("status-must-pass", { who }));
    } else if (this.engineToMove()) { status = t("status-thinking"); thinking = true; }
    else if (spectator) status = t("to-move", { side: SIDE(s.to_move) });
    else status = s.opponent.kind === "remote" ? t("status-waiting-friend", { side: SIDE(s.to_move) }) : t("status-waiting", { side: SIDE(s.to_move) });
    $("g-status").textContent = status;
    // Whatever the language: whether the computer is thinking, for a test or a style.
    $("g-status").toggleAttribute("data-thinking", thinking);
    $("g-result").hidden = !s.result;
    if (s.result) $("g-result").textContent = resultWords(s, mine);
    // Moves, numbered as in OGN: `k.` before South's moves, `k...` before a North move that
    // does not follow South's.
    const ol = $("g-moves");
    ol.innerHTML = "";
    let li = null;
    const nums = moveNumbers(s.plies);
    s.plies.forEach((p, i) => {
      if (nums[i].shown) {
        li = document.createElement("li");
        const lab = document.createElement("span");
        lab.className = "num";
        lab.textContent = nums[i].label;
        li.appendChild(lab);
        ol.appendChild(li);
      }
      const span = document.createElement("span");
      span.className = "mv" + (i === s.plies.length - 1 ? " last" : "");
      span.textContent = p.move + (p.captured ? "+" + p.captured : "");
      span.setAttribute("data-move", p.move);
      span.title = t("ply-title", { side: SIDE(p.side), move: p.move }) + (p.captured ? t("ply-title-captured", { count: p.captured }) : "") + (p.extra_turn ? t("ply-title-extra") : "");
      li.appendChild(span);
    });
    const canPass = myTurn && s.legal.includes("pass");
    $("g-pass").hidden = !canPass;
    $("g-pass").disabled = !canPass || this.busy;
    const locked = this.busy || Net.down;
    $("g-undo").disabled = s.over || s.plies.length === 0 || spectator || locked;
    $("g-undo").title = s.over ? t("undo-over-title") : "";
    $("g-undo-note").hidden = !(s.over && !spectator);
    $("g-resign").disabled = s.over || spectator || locked;
    $("g-hint").disabled = s.over || !s.hints || !myTurn || locked;
    $("g-analyse").disabled = s.plies.length === 0 || !s.hints || locked;
    const agreed = s.opponent.kind === "remote" && s.opponent.hints && !s.over;
    $("g-hints-note").hidden = s.hints && !agreed;
    $("g-hints-note").textContent = t(agreed ? "hints-on-note" : "hints-off-note");
    // An analysis shown is of the moves as they were: gone once the game moves on.
    if (this.analysed !== null && this.analysed !== s.plies.length) {
      this.analysed = null;
      $("g-analysis-card").hidden = true;
    }
    const saved = Saved.get(this.id);
    $("g-invite").hidden = !(saved && saved.invite && s.opponent.kind === "remote" && s.opponent.invited && !s.over);
    if (saved && saved.invite) $("g-invite-link").value = location.origin + saved.invite;
    if (saved && saved.invite) $("g-invite-hints").textContent = t(s.opponent.hints ? "invite-hints-on" : "invite-hints-off");
    const own = s.opponent.kind === "remote" && mine && this.token;
    $("g-own").hidden = !own;
    if (own) $("g-own-link").value = `${location.origin}/?game=${this.id}&token=${this.token}&side=${mine}`;
    const ask = s.undo_request && mine && s.undo_request !== mine;
    $("g-undo-ask").hidden = !ask;
    if (ask) $("g-undo-ask-text").textContent = t("undo-asks", { side: SIDE(s.undo_request) });
  },
  async click(name) {
    const s = this.state;
    if (this.busy || !s || s.over || Net.down) return;
    const mine = this.seat();
    if (!mine.includes(s.to_move) || s.seats[s.to_move].startsWith("engine")) {
      $("g-error").textContent = t(mine.length ? "not-your-turn" : "read-only");
      return;
    }
    // A move the rules refuse is still asked: the server says why (a singleton, a grand slam,
    // an opponent to feed ...), in the player's words.
    $("g-error").textContent = "";
    this.hint = null;
    this.setBusy(true);
    this.busyText = "…";
    this.render();
    try {
      // The move alone first, so it is drawn at once; then the computer's answer.
      const r = await api("POST", `/api/games/${this.id}/moves`, { token: this.token, move: name, reply: false });
      await this.animate(r.plies, r.state);
      this.state = r.state;
      this.markLast(r.state);
      await this.engineTurn();
      if (this.state.over) this.say(t("status-over", { result: resultWords(this.state, this.mine()) }));
    } catch (e) {
      if (!e.offline) $("g-error").textContent = e.message;
    }
    this.setBusy(false);
    this.render();
    this.poll();
  },
  // While the computer is to move: "thinking…", then its moves, drawn seed by seed.
  async engineTurn() {
    while (this.engineToMove()) {
      this.busyText = t("status-thinking");
      this.render();
      const r = await api("POST", `/api/games/${this.id}/reply`, { token: this.token });
      await this.animate(r.plies, r.state);
      this.state = r.state;
      this.markLast(r.state);
      if (!r.plies.length) break;
    }
  },
  // Shows plies seed by seed, then the captures; the last one stays marked.
  async animate(plies, finalState) {
    const n = finalState.pits;
    const delay = this.speed();
    for (const p of plies) {
      const before = parsePosition(p.before, n);
      const model = { pits: before.pits.slice(), scores: before.scores.slice() };
      const idx = cellOf(p.move, p.side, n);
      const side = SIDE(p.side);
      const words = p.move === "pass" ? t("ply-passes", { side }) : t(p.captured ? "ply-plays-capturing" : "ply-plays", { side, move: p.move, count: p.captured });
      const extra = p.extra_turn ? ". " + t("ply-extra-turn", { side }) : "";
      this.busyText = words + extra;
      $("g-status").textContent = this.busyText;
      $("g-status").removeAttribute("data-thinking");
      this.say(words + extra + ".");
      const draw = (o) => drawBoard($("board"), n, model, Object.assign({ flip: this.flip(), onPit: (name) => this.click(name) }, o));
      if (p.path && delay > 0) {
        model.pits[idx] = 0;
        draw({ origin: idx, last: idx });
        await sleep(delay);
        for (const c of p.path) {
          if (c < 2 * n) model.pits[c] += 1; else model.scores[c - 2 * n] += 1;
          draw({ origin: idx, last: idx, fresh: c });
          await sleep(delay);
        }
        if (p.captured_pits.length) {
          draw({ captured: p.captured_pits, last: idx });
          await sleep(delay * 3);
        }
      }
      const after = parsePosition(p.after, n);
      model.pits = after.pits;
      model.scores = after.scores;
      this.lastCell = idx;
      this.lastCaptured = p.captured_pits;
      draw({ last: idx, captured: p.captured_pits });
      $("g-south-score").textContent = after.scores[0];
      $("g-north-score").textContent = after.scores[1];
      if (delay > 0) await sleep(delay);
    }
  },
  async undo() {
    $("g-error").textContent = "";
    try {
      const r = await api("POST", `/api/games/${this.id}/undo`, { token: this.token });
      this.state = r.state;
      this.markLast(r.state);
      if (r.asked) $("g-error").textContent = t("undo-asked");
      else this.say(t("taken-back", { count: r.taken_back }));
    } catch (e) { if (!e.offline) $("g-error").textContent = e.message; }
    this.hint = null;
    this.render();
  },
  async declineUndo() {
    try {
      const r = await api("POST", `/api/games/${this.id}/undo/decline`, { token: this.token });
      this.state = r.state;
    } catch (e) { if (!e.offline) $("g-error").textContent = e.message; }
    this.render();
  },
  async resign() {
    if (!confirm(t("resign-confirm"))) return;
    try {
      const r = await api("POST", `/api/games/${this.id}/resign`, { token: this.token });
      this.state = r.state;
      this.say(t("status-over", { result: resultWords(r.state, this.mine()) }));
    } catch (e) { if (!e.offline) $("g-error").textContent = e.message; }
    this.render();
  },
  async analyse() {
    $("g-error").textContent = "";
    const n = this.state ? this.state.plies.length : 0;
    $("g-analysis").textContent = "";
    $("g-analysis-sum").textContent = t("analysis-weighing");
    $("g-analysis-card").hidden = false;
    try {
      const a = await api("GET", `/api/games/${this.id}/analysis`);
      const sign = (v) => `${v >= 0 ? "+" : ""}${v}`;
      const list = $("g-analysis");
      const nums = moveNumbers(a.plies);
      a.plies.forEach((p, i) => {
        const li = document.createElement("li");
        li.dataset.ply = p.ply;
        li.dataset.best = p.best;
        li.dataset.move = p.move;
        let note = p.forced ? t("analysis-forced") : p.loss <= 0 ? t("analysis-best") : t("analysis-loses", { loss: p.loss, best: p.best, score: sign(p.best_score) });
        if (p.mistake) {
          li.className = "mistake";
          note = t("analysis-mistake", { note });
        }
        const deep = p.depth !== undefined ? `, ${p.exact ? t("analysis-exact") : t("analysis-depth", { depth: p.depth })}` : "";
        li.textContent = `${nums[i].label} ${SIDE(p.side)} ${p.move} ${sign(p.score)} — ${note}${deep}`;
        list.appendChild(li);
      });
      const side = (s, x) => t("analysis-side", { side: SIDE(s), mistakes: x.mistakes, lost: x.lost });
      const how = a.depth !== undefined ? t(a.database ? "analysis-how-deep-db" : "analysis-how-deep", { depth: a.depth }) : t("analysis-how");
      $("g-analysis-sum").textContent = t("analysis-summary", { how, south: side("south", a.south), north: side("north", a.north) });
      this.analysed = n;
    } catch (e) {
      $("g-analysis-card").hidden = true;
      if (!e.offline) $("g-error").textContent = e.message;
    }
  },
  async getHint() {
    $("g-error").textContent = "";
    try {
      const h = await api("GET", `/api/games/${this.id}/hint`);
      this.hint = h.move;
      const lead = `${h.score >= 0 ? "+" : ""}${h.score}`;
      const side = h.side === "south" || h.side === "north" ? SIDE(h.side) : h.side;
      this.render();
      $("g-status").textContent = h.source === "database"
        ? t("hint-database", { move: h.move, side, score: lead, moves: h.moves.map((m) => `${m.move} ${m.value >= 0 ? "+" : ""}${m.value}`).join(", ") })
        : t("hint-search", { move: h.move, side, score: lead, depth: h.depth });
      this.say(t("hint-said", { move: h.move }));
    } catch (e) { if (!e.offline) $("g-error").textContent = e.message; }
  },
};
$("g-pass").addEventListener("click", () => Play.click("pass"));
$("g-undo").addEventListener("click", () => Play.undo());
$("g-undo-accept").addEventListener("click", () => Play.undo());
$("g-undo-decline").addEventListener("click", () => Play.declineUndo());
$("g-resign").addEventListener("click", () => Play.resign());
$("g-hint").addEventListener("click", () => Play.getHint());
$("g-analyse").addEventListener("click", () => Play.analyse());
$("g-ogn").addEventListener("click", () => { location.href = `/api/games/${Play.id}/ogn`; });
$("g-invite-copy").addEventListener("click", () => { $("g-invite-link").select(); navigator.clipboard && navigator.clipboard.writeText($("g-invite-link").value); });
document.addEventListener("keydown", (e) => {
  // Your own pits' letters play, in either case; P passes.
  const t = e.target.tagName;
  if ($("view-game").hidden || t === "INPUT" || t === "TEXTAREA" || t === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
  const s = Play.state;
  if (!s || !Play.myTurn() || e.key.length !== 1) return;
  if (e.key === "p" || e.key === "P") {
    if (s.legal.includes("pass")) { e.preventDefault(); Play.click("pass"); }
    return;
  }
  const i = e.key.toLowerCase().charCodeAt(0) - 97;
  if (i >= 0 && i < s.pits) {
    e.preventDefault();
    Play.click(letter(s.to_move, i));
  }
});

// ---------- Counts tables (both solitaires) ----------
async function countsTable(game, n, k, target, current) {
  target.textContent = t("counting");
  try {
    const t = await api("GET", `/api/solitaires/${game}/table?n=${n}&k=${k}`);
    const table = document.createElement("table");
    table.className = "counts";
    const cols = t.cells[0].length;
    const head = table.insertRow();
    const corner = document.createElement("th");
    corner.textContent = `${sizeWord(t.rows)} \\ ${sizeWord(t.cols)}`;
    head.appendChild(corner);
    for (let c = 1; c <= cols; c++) { const th = document.createElement("th"); th.textContent = c; head.appendChild(th); }
    t.cells.forEach((row, r) => {
      const tr = table.insertRow();
      const th = document.createElement("th");
      th.textContent = r + 1;
      tr.appendChild(th);
      row.forEach((v, c) => {
        const td = tr.insertCell();
        const seed = t.seed[r][c];
        if (v === null) {
          // Not counted in the time the server gives a table: unknown, not a disagreement.
          td.textContent = "?";
          td.classList.add("unknown");
          td.title = seed !== null ? L10n.t("not-counted-seed", { seed }) : L10n.t("not-counted");
          td.setAttribute("aria-label", td.title);
          if (seed !== null) td.classList.add("seed");
        } else {
          td.textContent = String(v);
          if (seed !== null) {
            td.classList.add("seed");
            if (v === seed) td.textContent += " ✓";
            else { td.classList.add("mismatch"); td.textContent += " ✗"; td.title = L10n.t("seed-gives", { seed }); }
          }
        }
        if (current && current[0] === r + 1 && current[1] === c + 1) td.classList.add("current");
      });
    });
    target.innerHTML = "";
    target.appendChild(table);
  } catch (e) {
    target.textContent = e.message;
  }
}

// A size field read strictly: a whole number within the field's range. A value out of range or
// not a number is refused with a message by the fields (never replaced by another size).
function readSizes(fields, msg) {
  const out = [];
  const wrong = [];
  for (const [id, name] of fields) {
    const input = $(id);
    const t = input.value.trim();
    const v = Number(t);
    const ok = t !== "" && Number.isInteger(v) && v >= Number(input.min) && v <= Number(input.max);
    input.setAttribute("aria-invalid", ok ? "false" : "true");
    if (ok) out.push(v);
    else {
      const args = { field: L10n.t(name), min: Number(input.min), max: Number(input.max), value: t };
      wrong.push(L10n.t(t !== "" ? "size-wrong" : input.validity && input.validity.badInput ? "size-not-number" : "size-empty", args));
    }
  }
  $(msg).textContent = wrong.length ? wrong.join("; ") + "." : "";
  return wrong.length ? null : out;
}

// The most moves auto-play runs in the page: beyond, it says so instead of running for minutes.
const AUTO_LIMIT = 200000;

// Whether auto-play can finish in the page; if not, the reason is shown in `msg`.
async function autoCanFinish(game, msg) {
  try { await game.cycleAsked; } catch (_) { /* the reason is in cycleError */ }
  if (game.cycleError) {
    $(msg).textContent = t("auto-cannot", { why: game.cycleError });
    return false;
  }
  if (game.cycle !== null && game.cycle - game.moves > AUTO_LIMIT) {
    $(msg).textContent = t("auto-too-long", { cycle: game.cycle, limit: AUTO_LIMIT });
    return false;
  }
  return true;
}

function delayOf(input) {
  return [700, 400, 220, 110, 45, 8][Number(input.value)] ?? 110;
}

// ---------- The solitaires' moves ----------
// The solitaires are played by the server (GET /api/solitaires/{game}/steps): the page asks for
// the next moves from the state it shows, a batch at a time, and only draws them.
const SOWING_BATCH = 64;
async function nextSowing(owner, game, state) {
  const b = owner.sowings;
  if (!b || b.from !== state || !b.list.length) {
    const r = await api("GET", `/api/solitaires/${game}/steps?state=${encodeURIComponent(state)}&count=${SOWING_BATCH}`);
    owner.sowings = { list: r.steps, from: state };
  }
  const st = owner.sowings.list.shift();
  owner.sowings.from = st.state;
  return st;
}

// Auto-play of a solitaire (its views' ids start with `prefix`): a move at a time at the speed
// chosen, or at the fastest `batch` moves a frame without seed-by-seed animation; the button
// pauses it.
async function autoplaySolitaire(s, prefix, batch) {
  if (s.auto) { s.stop(); s.draw(); return; }
  if (!(await autoCanFinish(s, `${prefix}-size-msg`))) return;
  s.auto = true;
  const run = ++s.run;
  $(`${prefix}-auto`).textContent = t("btn-pause");
  while (s.auto && run === s.run && !s.done) {
    const d = delayOf($(`${prefix}-speed`));
    if (d <= 10) {
      for (let i = 0; i < batch && !s.done; i++) await s.step(false);
      s.draw();
      await sleep(16);
    } else {
      await s.step(true);
      await sleep(d);
    }
  }
  if (run === s.run) s.stop();
  s.draw();
}

// ---------- El mirall ----------
const SOUTH_KEYS = ["z", "x", "c", "v", "b", "n", "m", ",", ".", "/"];
const NORTH_KEYS = ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"];
const Mirall = {
  n: 6, k: 4, south: [], north: [], moves: 0, history: [], auto: false, run: 0, animating: false,
  duo: null, cycle: null, tableKey: "",
  enter() {
    if ($("m-mode").value === "link") {
      // Back from a game on two devices: play on this screen again.
      $("m-mode").value = "watch";
      this.reset();
    } else if (!this.south.length) this.reset();
    else this.draw();
    this.table();
  },
  stop() { this.auto = false; this.run++; this.animating = false; $("m-auto").textContent = t("btn-auto"); },
  size() {
    return readSizes([["m-pits", "m-pits"], ["m-seeds", "m-seeds"]], "m-size-msg");
  },
  reset() {
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
    [this.n, this.k] = size;
    this.south = Array(this.n).fill(this.k);
    this.north = Array(this.n).fill(this.k);
    this.moves = 0;
    this.history = [];
    this.done = false;
    this.duo = $("m-mode").value === "duo" ? { south: null, north: null, errors: { south: 0, north: 0 }, gaps: [], t0: null, tFirst: null } : null;
    $("m-duo").hidden = !this.duo;
    $("m-result").hidden = true;
    $("m-north-msg").textContent = "";
    $("m-south-msg").textContent = "";
    this.cycle = null;
    this.cycleError = null;
    this.cycleAsked = api("GET", `/api/solitaires/el-mirall/cycle?n=${this.n}&k=${this.k}`)
      .then((r) => { this.cycle = r.moves; this.draw(); })
      .catch((e) => { this.cycleError = e.message; });
    this.draw();
    this.table();
  },
  southPit() { return this.south.findIndex((x) => x > 0); },
  northPit() { for (let i = this.n - 1; i >= 0; i--) if (this.north[i] > 0) return i; return -1; },
  model() {
    return { pits: this.south.concat(this.north), scores: [0, 0] };
  },
  draw(extra) {
    const marked = {};
    if (this.duo) {
      if (this.duo.south !== null) marked[this.duo.south] = "next";
      if (this.duo.north !== null) marked[this.n + this.duo.north] = "next";
    }
    const keysOf = (side) => (side === "south" ? SOUTH_KEYS : NORTH_KEYS);
    const keyLabel = this.duo ? (side, i) => (keysOf(side)[i] || "").toUpperCase()
      : this.link ? (side, i) => (side === this.link.side ? (keysOf(side)[i] || "").toUpperCase() : "") : null;
    const onPit = (name, c) => {
      const side = c < this.n ? "south" : "north", pit = c < this.n ? c : c - this.n;
      if (this.link) MirallLink.sow(side, pit); else this.press(side, pit);
    };
    if (this.link && this.linkState) {
      if (this.linkState.pending.south) marked[this.southPit()] = "next";
      if (this.linkState.pending.north) marked[this.n + this.northPit()] = "next";
    }
    const o = Object.assign({ noStores: true, marked, keyLabel, idPrefix: "m-pit-", anyPit: !!(this.duo || this.link), onPit }, extra || {});
    if (!extra && !this.done && !this.duo) {
      o.origin = undefined;
    }
    drawBoard($("m-board"), this.n, this.model(), o);
    $("m-count").textContent = this.moves;
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
    else st = t("m-status-watch", { move, south: letter("south", this.southPit()), north: letter("north", this.northPit()) });
    $("m-status").textContent = st;
    $("m-back").disabled = this.history.length === 0 || !!this.link;
    $("m-step").disabled = this.done || !!this.duo || !!this.link;
    $("m-auto").disabled = this.done || !!this.duo || !!this.link;
  },
  // One move, as the server's El mirall plays it, animated seed by seed in both rows at once.
  async step(animate) {
    if (this.done) return;
    const run = this.run;
    let st;
    try {
      st = await nextSowing(this, "el-mirall", this.south.concat(this.north).join("-"));
    } catch (e) {
      this.stop();
      $("m-status").textContent = e.message;
      return;
    }
    this.history.push([this.south.slice(), this.north.slice()]);
    if (this.history.length > 200000) this.history.shift();
    const n = this.n, [si, nj] = st.emptied, [ps, pn] = st.paths;
    const delay = animate ? delayOf($("m-speed")) : 0;
    if (delay > 0) {
      const cells = this.south.concat(this.north);
      const show = (fresh) => {
        this.south = cells.slice(0, n);
        this.north = cells.slice(n);
        this.draw({ origin: si, marked: { [nj]: "origin" }, fresh });
      };
      cells[si] = 0;
      cells[nj] = 0;
      show();
      await sleep(delay);
      // Stopped mid-animation: the move is still played whole (the board below is the server's).
      for (let x = 0; x < Math.max(ps.length, pn.length) && run === this.run; x++) {
        if (x < ps.length) cells[ps[x]]++;
        if (x < pn.length) cells[pn[x]]++;
        show(x < ps.length ? ps[x] : pn[x]);
        await sleep(delay);
      }
    }
    this.south = st.board.slice(0, n);
    this.north = st.board.slice(n);
    this.moves++;
    if (st.start) this.finish();
    this.draw();
  },
  finish() {
    this.done = true;
    this.stop();
    let text = t("m-result", { moves: this.moves });
    if (this.cycle !== null) text += " " + t(this.cycle === this.moves ? "m-result-agrees" : "m-result-differs", { cycle: this.cycle });
    if (this.duo) {
      const d = this.duo;
      const secs = d.t0 ? ((performance.now() - d.t0) / 1000).toFixed(1) : "0";
      const avg = d.gaps.length ? Math.round(d.gaps.reduce((a, b) => a + b, 0) / d.gaps.length) : 0;
      text += " " + t("m-result-duo", { secs: Number(secs), south: d.errors.south, north: d.errors.north, gap: avg });
    }
    $("m-result").textContent = text;
    $("m-result").hidden = false;
  },
  back() {
    if (!this.history.length) return;
    this.stop();
    [this.south, this.north] = this.history.pop();
    this.moves--;
    this.done = false;
    $("m-result").hidden = true;
    this.draw();
  },
  autoplay() { return autoplaySolitaire(this, "m", 50); },
  // Two-player mode: a player names a pit of his row.
  async press(side, pit) {
    const d = this.duo;
    if (!d || this.done || this.animating) return;
    if (d.t0 === null) d.t0 = performance.now();
    const want = side === "south" ? this.southPit() : this.northPit();
    const msg = $(side === "south" ? "m-south-msg" : "m-north-msg");
    if (pit >= this.n) { msg.textContent = t("m-no-such-pit", { side: SIDE(side) }); return; }
    if (pit !== want) {
      d.errors[side]++;
      msg.textContent = this.reason(side, pit, want);
      this.draw({ marked: Object.assign({ [side === "south" ? pit : this.n + pit]: "wrong" }) });
      return;
    }
    msg.textContent = "";
    if (d[side] !== null) return;
    d[side] = pit;
    const now = performance.now();
    if (d.tFirst === null) d.tFirst = now; else d.gaps.push(Math.round(now - d.tFirst));
    this.draw();
    if (d.south !== null && d.north !== null) {
      this.animating = true;
      $("m-board").dataset.busy = "1";
      await this.step(true);
      this.animating = false;
      delete $("m-board").dataset.busy;
      d.south = null; d.north = null; d.tFirst = null;
      const avg = d.gaps.length ? Math.round(d.gaps.reduce((a, b) => a + b, 0) / d.gaps.length) : 0;
      $("m-duo-stats").textContent = t("m-stats", { moves: this.moves, south: d.errors.south, north: d.errors.north, gap: avg });
      this.draw();
    }
  },
  reason(side, pit, want) {
    const L = (i) => letter(side, i);
    const empty = [];
    let first;
    if (side === "south") {
      for (let i = 0; i < want; i++) empty.push(L(i));
      first = want === 0;
    } else {
      for (let i = this.n - 1; i > want; i--) empty.push(L(i));
      first = want === this.n - 1;
    }
    const why = first ? t(`m-${side}-why-first`) : t(`m-${side}-why`, { empty: empty.join(", ") });
    const row = side === "south" ? this.south : this.north;
    return t(`m-${side}-must`, { want: L(want), pit: L(pit), why }) + (row[pit] === 0 ? t("m-pit-empty", { pit: L(pit) }) : "");
  },
  table() {
    const rows = Math.max(6, this.n), cols = Math.max(6, this.k);
    const key = `${rows}x${cols}:${this.n},${this.k}`;
    if (key === this.tableKey) return;
    this.tableKey = key;
    countsTable("el-mirall", rows, cols, $("m-table"), [this.n, this.k]);
  },
};
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
    const keys = Mirall.link.side === "south" ? SOUTH_KEYS : NORTH_KEYS;
    const i = keys.indexOf(k);
    if (i >= 0) { e.preventDefault(); MirallLink.sow(Mirall.link.side, i); }
    return;
  }
  let i = SOUTH_KEYS.indexOf(k);
  if (i >= 0) { e.preventDefault(); Mirall.press("south", i); return; }
  i = NORTH_KEYS.indexOf(k);
  if (i >= 0) { e.preventDefault(); Mirall.press("north", i); }
});

// ---------- El mirall on two devices ----------
const MirallLink = {
  room: null, polling: 0,
  all() {
    try { return JSON.parse(localStorage.getItem("mancala.mirall") || "{}"); } catch (_) { return {}; }
  },
  put(id, v) {
    const a = this.all();
    a[id] = Object.assign(a[id] || {}, v);
    localStorage.setItem("mancala.mirall", JSON.stringify(a));
  },
  async create() {
    const size = Mirall.size();
    if (!size) return;
    const [n, k] = size;
    try {
      const r = await api("POST", "/api/mirall", { pits: n, seeds: k });
      this.put(r.id, { token: r.token, side: "south", link: r.invite.link });
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
    const saved = this.all()[id] || {};
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
    Mirall.south = s.south.slice();
    Mirall.north = s.north.slice();
    Mirall.moves = s.moves;
    Mirall.done = s.done;
    const stats = t("m-stats", { moves: s.moves, south: s.errors.south, north: s.errors.north, gap: s.mean_gap_ms });
    $("m-link-stats").textContent = stats;
    if (s.done) {
      $("m-result").textContent = t("m-link-result", { moves: s.moves, secs: Math.round(s.elapsed_ms / 100) / 10 }) + " " + stats;
      $("m-result").hidden = false;
    }
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
    try {
      const r = await api("POST", `/api/mirall/${room.id}/sow`, { token: room.token, pit: letter(side, pit) });
      // A wrong pit: the reason worded here, from the position (the server's is English).
      $("m-link-msg").textContent = r.accepted ? "" : Mirall.reason(side, pit, side === "south" ? Mirall.southPit() : Mirall.northPit());
      if (r.state.version > room.version) {
        room.version = r.state.version;
        await this.apply(r.state, true);
      }
    } catch (e) {
      $("m-link-msg").textContent = e.message;
    }
  },
};

// ---------- Stones in cups ----------
const Cups = {
  n: 5, k: 2, board: [], next: 0, moves: 0, history: [], auto: false, run: 0, done: false, guess: null, cycle: null, tableKey: "",
  enter() {
    if (!this.board.length) this.reset();
    else this.draw();
    this.table();
  },
  stop() { this.auto = false; this.run++; $("c-auto").textContent = t("btn-auto"); },
  reset() {
    this.stop();
    const size = readSizes([["c-cups", "c-cups"], ["c-stones", "c-stones"]], "c-size-msg");
    if (!size) return false;
    [this.n, this.k] = size;
    this.board = Array(this.n).fill(this.k);
    this.next = 0;
    this.moves = 0;
    this.history = [];
    this.done = false;
    this.guess = null;
    this.cycle = null;
    this.cycleError = null;
    $("c-result").hidden = true;
    $("c-result").classList.remove("wrong");
    this.cycleAsked = api("GET", `/api/solitaires/stones-in-cups/cycle?n=${this.n}&k=${this.k}`)
      .then((r) => { this.cycle = r.moves; })
      .catch((e) => { this.cycleError = e.message; });
    this.draw();
    this.table();
    return true;
  },
  draw(opt) {
    opt = opt || {};
    const svg = $("c-board");
    const n = this.n, R = 158, C = 230;
    svg.setAttribute("viewBox", "0 0 460 460");
    svg.innerHTML = "";
    el("circle", { cx: C, cy: C, r: 222, class: "board-frame" }, svg);
    const cupR = Math.min(50, Math.max(20, (Math.PI * R) / n * 0.8));
    for (let i = 0; i < n; i++) {
      // Cup 0 at the top; clockwise on screen.
      const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
      const x = C + R * Math.cos(a), y = C + R * Math.sin(a);
      const g = el("g", { id: "cup-" + i }, svg);
      const cls = ["pit"];
      if (!this.done && i === this.next) cls.push("next");
      if (opt.origin === i) cls.push("origin");
      el("circle", { cx: x, cy: y, r: cupR, class: cls.join(" ") }, g);
      drawSeeds(g, x, y, this.board[i], cupR, cupR, opt.fresh === i);
      const lx = C + (R - cupR - 22) * Math.cos(a), ly = C + (R - cupR - 22) * Math.sin(a);
      el("text", { x: lx, y: ly, class: "letter" }, g, `#${i}`);
      el("text", { x: x + cupR * 0.7, y: y - cupR * 0.7, class: "count", "data-count": i }, g, L10n.num(this.board[i]));
    }
    el("text", { x: C, y: C - 8, class: "letter" }, svg, this.done ? t("c-back-at-start") : t("c-next", { cup: this.next }));
    el("text", { x: C, y: C + 22, class: "letter" }, svg, t("c-size", { cups: this.n, stones: this.k }));
    $("c-count").textContent = this.moves;
    $("c-status").textContent = this.done ? t("c-done", { moves: this.moves }) : t("c-status", { move: this.moves + 1, cup: this.next, stones: this.board[this.next] });
    $("c-back").disabled = this.history.length === 0;
    $("c-step").disabled = this.done;
    $("c-auto").disabled = this.done;
  },
  // One move, as the server's Stones in cups plays it, animated stone by stone.
  async step(animate) {
    if (this.done) return;
    const run = this.run;
    let st;
    try {
      st = await nextSowing(this, "stones-in-cups", this.board.join("-") + "@" + this.next);
    } catch (e) {
      this.stop();
      $("c-status").textContent = e.message;
      return;
    }
    this.history.push([this.board.slice(), this.next]);
    if (this.history.length > 200000) this.history.shift();
    const p = st.emptied[0], path = st.paths[0];
    const delay = animate ? delayOf($("c-speed")) : 0;
    if (delay > 0) {
      this.board[p] = 0;
      this.draw({ origin: p });
      await sleep(delay);
      for (let x = 0; x < path.length && run === this.run; x++) {
        this.board[path[x]]++;
        this.draw({ origin: p, fresh: path[x] });
        await sleep(delay);
      }
    }
    this.board = st.board.slice();
    this.next = Number(st.state.split("@")[1]);
    this.moves++;
    if (st.start) this.finish();
    this.draw();
  },
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
    $("c-result").textContent = text;
    $("c-result").hidden = false;
  },
  back() {
    if (!this.history.length) return;
    this.stop();
    [this.board, this.next] = this.history.pop();
    this.moves--;
    this.done = false;
    $("c-result").hidden = true;
    this.draw();
  },
  autoplay() { return autoplaySolitaire(this, "c", 200); },
  guessAndRun() {
    const g = Number($("c-guess").value);
    if (!Number.isInteger(g) || g < 1) { $("c-status").textContent = t("c-guess-first"); return; }
    if (!this.reset()) return;
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

// ---------- How to play: the rules pages, in the page's language where translated ----------
const Rules = {
  async open(game) {
    const sel = $("rules-game");
    const body = $("rules-body");
    if (!this.wired) {
      this.wired = true;
      sel.addEventListener("change", () => { location.hash = "#/rules/" + sel.value; });
    }
    body.textContent = t("rules-loading");
    try {
      // Every game of the server's catalogue has its page: the two-row games, then the solitaires.
      const cat = await Home.load();
      const games = cat.games.concat(cat.solitaires);
      const chosen = games.find((g) => g.id === game) ? game : sel.value || games[0].id;
      sel.innerHTML = "";
      for (const g of games) sel.add(new Option(gameName(g), g.id));
      sel.value = chosen;
      const r = await fetch(`/rules/${L10n.code}/${chosen}`);
      if (!r.ok) throw new Error(await r.text());
      // The server's own rules page, rendered from Markdown with any markup in it escaped.
      body.innerHTML = await r.text();
    } catch (e) {
      body.textContent = e.message;
    }
  },
};

// Sizes named by the server (the counts tables' rows and columns).
function sizeWord(w) {
  const id = { pits: "m-pits", seeds: "m-seeds", cups: "c-cups", stones: "c-stones" }[w];
  return id ? t(id) : w;
}

// A level's name as a menu gives it, shorter: "Novice".
function levelName(id) {
  return L10n.has("level-name-" + id) ? t("level-name-" + id) : id;
}

// The language menu: the page changes language at once, and remembers the choice.
$("lang-menu").addEventListener("change", async () => {
  const code = $("lang-menu").value;
  try { localStorage.setItem("mancala.lang", code); } catch (_) { /* no storage */ }
  const params = new URLSearchParams(location.search);
  if (params.has("lang")) {
    params.delete("lang");
    const q = params.toString();
    history.replaceState(null, "", location.pathname + (q ? "?" + q : "") + location.hash);
  }
  await L10n.use(code);
  Mirall.stop();
  Cups.stop();
  route();
});

L10n.use(L10n.wanted()).then(route);
