// Home: a new game, your games (this browser's saved seats), an OGN record to import.
import { $ } from "./dom.js";
import { L10n, SIDE, gameName, levelName, t } from "./l10n.js";
import { api, apiAgain, catalog, query, requestId } from "./net.js";
import { drawBoard } from "./board.js";
import { Saved } from "./saved.js";
import { Account } from "./account.js";
import { controlName } from "./clock.js";
import { boardModel, seatOf } from "./plies.js";
import { other, peopleWord, resultText } from "./words.js";

// A name as a menu starts it: its first letter a capital, by the page's language's rules.
const capital = (w) => w.charAt(0).toLocaleUpperCase(L10n.code) + w.slice(1);

export const Home = {
  catalog: null,
  async load() {
    if (!this.catalog) this.catalog = await catalog();
    return this.catalog;
  },
  async enter() {
    let cat;
    try { cat = await this.load(); } catch (e) { $("ng-error").textContent = e.message; return; }
    const sel = $("ng-game");
    if (!this.wired) {
      this.wired = true;
      sel.addEventListener("change", () => { this.summary(); this.fromChanged(true); });
      $("ng-from").addEventListener("change", () => this.fromChanged(true));
      $("ng-position").addEventListener("input", () => this.positionChanged());
      $("ng-level").addEventListener("change", () => { this.levelAbout(); this.ratedRow(); });
      $("ng-opponent").addEventListener("change", () => this.opponentChanged());
      $("ng-from").addEventListener("change", () => this.ratedRow());
      sel.addEventListener("change", () => this.ratedRow());
    }
    if (this.builtFor !== L10n.code) {
      // The menus in the page's language; what was chosen stays chosen.
      const game = sel.value, level = $("ng-level").value || "novice";
      sel.innerHTML = "";
      $("ng-level").innerHTML = "";
      for (const g of cat.games) sel.add(new Option(t("game-option", { name: gameName(g), pits: g.pits, seeds: g.seeds }), g.id));
      // A level's short name in the menu (a phone's width), what it does below it.
      for (const l of cat.levels) $("ng-level").add(new Option(capital(levelName(l.id)), l.id));
      if (game) sel.value = game;
      $("ng-level").value = level;
      this.clocks(cat);
      this.builtFor = L10n.code;
    }
    this.summary();
    this.levelAbout();
    this.opponentChanged();
    this.fromChanged(false);
    this.listGames();
  },
  summary() {
    const g = this.catalog.games.find((x) => x.id === $("ng-game").value);
    $("ng-summary").textContent = g ? (L10n.has("summary-" + g.id) ? t("summary-" + g.id) : g.summary) : "";
  },
  // Start from a position: the field begins at the game's start; each change is checked by the
  // server (as a new game is) and the board it is drawn; a refusal says what is wrong.
  fromChanged(gameChanged) {
    const on = $("ng-from").value === "position";
    $("ng-position-row").hidden = !on;
    if (!on) return;
    const g = this.catalog.games.find((x) => x.id === $("ng-game").value);
    if (!g) return;
    if (gameChanged || !$("ng-position").value) $("ng-position").value = g.start;
    $("ng-position-help").textContent = t("ng-position-help", { start: g.start });
    this.positionChanged();
  },
  async positionChanged() {
    const asked = (this.positionAsked = (this.positionAsked || 0) + 1);
    const game = $("ng-game").value, position = $("ng-position").value.trim();
    let p = null, error = "";
    try {
      p = await api("GET", `/api/rules/${encodeURIComponent(game)}/position?${query({ position })}`);
    } catch (e) { error = e.message; }
    if (asked !== this.positionAsked) return;
    this.position = p;
    $("ng-position").setAttribute("aria-invalid", p ? "false" : "true");
    $("ng-position-msg").textContent = error;
    $("ng-position-about").textContent = !p ? ""
      : p.over ? t("ng-position-over")
      : t("ng-position-to-move", { side: SIDE(p.to_move), moves: p.legal.join(" ") });
    const svg = $("ng-board");
    if (!p) { svg.innerHTML = ""; return; }
    const model = boardModel(p, p.board);
    model.scores = [p.board.stores.south, p.board.stores.north];
    drawBoard(svg, p.pits, model, {});
  },
  levelAbout() {
    const id = $("ng-level").value;
    const l = this.catalog.levels.find((x) => x.id === id);
    $("ng-level-about").textContent = !l ? "" : L10n.has("level-" + id) ? t("level-" + id) : l.label;
  },
  opponentChanged() {
    const o = $("ng-opponent").value;
    $("ng-level-row").hidden = o !== "engine";
    $("ng-side-row").hidden = o === "local";
    $("ng-hints-row").hidden = o !== "remote";
    $("ng-clock-row").hidden = o !== "remote";
    this.ratedRow();
  },
  // A rated game against the computer: logged in, from the game's start, against a level the
  // server lists with a measured rating in that game (its rating said beside the box).
  ratedRow() {
    const l = this.catalog && this.catalog.levels.find((x) => x.id === $("ng-level").value);
    const rating = l && l.ratings ? l.ratings[$("ng-game").value] : undefined;
    const on = !!Account.me && $("ng-opponent").value === "engine" && $("ng-from").value === "start" && rating != null;
    $("ng-rated-row").hidden = !on;
    if (on) $("ng-rated-text").textContent = t("ng-rated", { rating });
  },
  // The time controls the server offers, worded: none, minutes and increment, days a move.
  clocks(cat) {
    const sel = $("ng-clock"), was = sel.value;
    sel.innerHTML = "";
    sel.add(new Option(t("clock-none"), ""));
    for (const c of cat.clocks || []) {
      sel.add(new Option(controlName(c.id), c.id));
    }
    sel.value = was;
  },
  // Your games: each saved game with its opponent, whose turn or the result, the score, the date.
  async listGames() {
    // Logged in, the account's games join this browser's (with their seats' tokens).
    if (Account.me) {
      try {
        const r = await api("GET", "/api/account/games");
        for (const g of r.games) if (!Saved.get(g.id)) Saved.put(g.id, { token: g.token, side: g.side, name: g.name, created: g.created, account: Account.me.name });
      } catch (_) { /* the browser's own list still shows */ }
    }
    const all = Saved.all();
    const ids = Object.keys(all).sort((a, b) => (all[b].created || 0) - (all[a].created || 0)).slice(0, 20);
    $("continue-card").hidden = ids.length === 0;
    const body = $("my-games");
    const states = await Promise.all(ids.map((id) => api("GET", "/api/games/" + id).catch((e) => ({ missing: e.message }))));
    body.innerHTML = "";
    ids.forEach((id, i) => {
      const s = states[i], saved = all[id];
      // Roles said outright: on a phone the rows are laid out as blocks, which would hide the
      // table from a screen reader.
      const tr = body.insertRow();
      tr.setAttribute("role", "row");
      const cell = (text) => { const td = tr.insertCell(); td.setAttribute("role", "cell"); td.textContent = text; return td; };
      if (s.missing) {
        cell(saved.name || t("game-fallback"));
        cell("—"); cell(s.missing); cell("—"); cell("—"); cell("");
        return;
      }
      const mine = seatOf(s, saved);
      const one = mine.length === 1 ? mine[0] : null;
      const opp = s.opponent.kind === "engine" ? t("opp-engine", { level: levelName(s.opponent.level) })
        : s.opponent.kind === "local" ? t("opp-local")
        : saved.spectator || !saved.token ? t("opp-watching") : t(peopleWord(s.opponent, "listed"));
      let turn;
      if (s.over) turn = resultText(L10n, s, one);
      else if (one) turn = s.to_move === one ? t("turn-yours") : s.seats[s.to_move].startsWith("engine") ? t("turn-computer") : t(peopleWord(s.opponent, "turn"));
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
      const open = tr.insertCell();
      open.setAttribute("role", "cell");
      open.appendChild(a);
    });
  },
  // One new game at a time: a second submit while the first is asked is ignored, and the
  // request, with its id, is sent again after a lost connection (never two games).
  async create(ev) {
    ev.preventDefault();
    if (this.creating) return;
    $("ng-error").textContent = "";
    const opponent = $("ng-opponent").value;
    const body = { game: $("ng-game").value, opponent, request: requestId() };
    if (opponent === "engine") body.level = $("ng-level").value;
    if (!$("ng-rated-row").hidden && $("ng-rated").checked) body.rated = true;
    if (opponent !== "local") body.side = $("ng-side").value;
    if (opponent === "remote") body.hints = $("ng-hints").checked;
    if (opponent === "remote" && $("ng-clock").value) body.clock = $("ng-clock").value;
    if ($("ng-from").value === "position") body.position = $("ng-position").value.trim();
    this.creating = true;
    try {
      const r = await apiAgain("POST", "/api/games", body);
      Home.remember(r);
      location.hash = "#/game/" + r.id;
    } catch (e) {
      $("ng-error").textContent = e.message;
    } finally {
      this.creating = false;
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
      const r = await apiAgain("POST", "/api/games/import", { ogn: $("import-text").value, opponent: "local", request: requestId() });
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

