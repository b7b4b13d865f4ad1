// How to play: the rules pages, in the page's language where translated, of every game in the
// server's catalogue.
import { $ } from "./dom.js";
import { L10n, gameName, t } from "./l10n.js";
import { Home } from "./home.js";

export const Rules = {
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

