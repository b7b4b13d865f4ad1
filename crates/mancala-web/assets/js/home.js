// Home: a new game, your games (this browser's saved seats), an OGN record to import.
import { $ } from "./dom.js";
import { L10n, SIDE, gameName, levelName, t } from "./l10n.js";
import { api } from "./net.js";
import { Saved } from "./saved.js";
import { seatOf } from "./plies.js";
import { other, resultText } from "./words.js";

export const Home = {
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
      const mine = seatOf(s, saved);
      const one = mine.length === 1 ? mine[0] : null;
      const opp = s.opponent.kind === "engine" ? t("opp-engine", { level: levelName(s.opponent.level) })
        : s.opponent.kind === "local" ? t("opp-local")
        : saved.spectator || !saved.token ? t("opp-watching") : t("opp-remote");
      let turn;
      if (s.over) turn = resultText(L10n, s, one);
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

