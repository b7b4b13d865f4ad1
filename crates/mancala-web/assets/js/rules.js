// How to play: the rules pages, in the page's language where translated, of every game in the
// server's catalogue.
import { $, el } from "./dom.js";
import { L10n, SIDE, gameName, t } from "./l10n.js";
import { Home } from "./home.js";
import { drawBoard } from "./board.js";
import { drawCircle } from "./cups.js";

// The boards of a page (each `figure.rules-boards` the server made of a board fence, its boards
// in `data-boards`), drawn as the game draws its own, the rows named in the page's language and
// one after another with an arrow between.
function div(cls, parent, text, tag) {
  const e = document.createElement(tag || "div");
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

function drawBoards(body) {
  body.querySelectorAll("figure.rules-boards").forEach((fig, i) => {
    const boards = JSON.parse(fig.getAttribute("data-boards"));
    boards.forEach((b, j) => {
      if (j > 0) div("rules-arrow", fig, "→", "span").setAttribute("aria-hidden", "true");
      const one = div("rules-board", fig);
      // A small board drawn small: a few boards of two pits a line, even on a phone.
      one.style.flexBasis = b.kind === "circle" ? "9rem" : `${Math.min(18, 3 + 2.6 * b.pits)}rem`;
      const svg = el("svg", { class: "board", role: "img" });
      const prefix = `rb${i}-${j}-`;
      if (b.kind === "circle") {
        drawCircle(svg, b.cups, { next: b.next, idPrefix: prefix });
        svg.setAttribute("aria-label", b.cups.map((c, k) => `#${k}: ${L10n.num(c)}`).join(", "));
        one.appendChild(svg);
        return;
      }
      const n = b.pits;
      const row = (from) => b.names.slice(from, from + n).map((name, k) => `${name} ${L10n.num(b.board[from + k])}`).join(", ");
      svg.setAttribute("aria-label", `${SIDE("south")}: ${row(0)}; ${SIDE("north")}: ${row(n)}`);
      drawBoard(svg, n, { pits: b.board, scores: b.stores || [0, 0], names: b.names }, { noStores: !b.stores, idPrefix: prefix });
      div("rules-row", one, SIDE("north")).setAttribute("aria-hidden", "true");
      one.appendChild(svg);
      div("rules-row", one, SIDE("south")).setAttribute("aria-hidden", "true");
    });
  });
}

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
      drawBoards(body);
    } catch (e) {
      body.textContent = e.message;
    }
  },
};

