// The page of `mancala serve`: new games, the board, the solitaires. Plain JavaScript modules
// (js/) and SVG; the server (docs/api.md) decides every rule, this page only shows and asks.
// This entry loads the page's language, then shows the view the address names.
import { $ } from "./js/dom.js";
import { L10n } from "./js/l10n.js";
import { Mirall } from "./js/mirall.js";
import { Cups } from "./js/cups.js";
import { route } from "./js/router.js";
import "./js/settings.js";
import { Account } from "./js/account.js";

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
  Account.set(Account.me);
  Mirall.stop();
  Cups.stop();
  route();
});

L10n.use(L10n.wanted()).then(() => Account.load()).then(route);
