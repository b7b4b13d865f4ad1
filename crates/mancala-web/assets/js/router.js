// The router: the address's `#/...` picks the view (home, a game, El mirall, Stones in cups, the
// rules pages); a link to a seat (`?game=&token=`, `?mirall=&token=`) is taken once.
import { $ } from "./dom.js";
import { Net, api } from "./net.js";
import { Saved, SavedRooms } from "./saved.js";
import { Home } from "./home.js";
import { Play } from "./play.js";
import { Mirall, MirallLink } from "./mirall.js";
import { Cups } from "./cups.js";
import { Rules } from "./rules.js";
import { Lobby } from "./lobby.js";
import { Clock } from "./clock.js";
import { Account, Leaderboard, Player } from "./account.js";

const views = ["home", "game", "lobby", "mirall", "cups", "rules", "account", "player", "leaderboard"];
function show(view) {
  for (const v of views) $("view-" + v).hidden = v !== view;
  document.querySelectorAll("nav a").forEach((a) => {
    const nav = a.getAttribute("data-nav");
    const on = (nav === "play" && (view === "home" || view === "game")) || nav === view || (nav === "account" && (view === "player" || view === "leaderboard"));
    a.classList.toggle("active", on);
    if (on) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  });
}

export async function route() {
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
    SavedRooms.put(params.get("mirall"), { token: params.get("token"), side: params.get("side") === "south" ? "south" : "north" });
    history.replaceState(null, "", "/#/mirall/" + params.get("mirall"));
  }
  const h = location.hash.replace(/^#/, "");
  stopAll();
  // Away from the lobby, one's own challenge is taken back (or its game opened).
  if (h !== "/lobby") Lobby.leave();
  if (h.startsWith("/game/")) {
    show("game");
    // `#/game/ID?ply=N`: the game with ply N shown.
    const [id, query] = h.slice(6).split("?");
    const ply = Number(new URLSearchParams(query || "").get("ply"));
    await Play.open(id, Number.isInteger(ply) && query ? ply : null);
  } else if (h.startsWith("/mirall/")) {
    show("mirall");
    await MirallLink.open(h.slice(8));
  } else if (h === "/lobby") {
    show("lobby");
    await Lobby.enter();
  } else if (h === "/account") {
    show("account");
    await Account.enter();
  } else if (h.startsWith("/player/")) {
    show("player");
    await Player.open(decodeURIComponent(h.slice(8)));
  } else if (h === "/leaderboard" || h.startsWith("/leaderboard/")) {
    show("leaderboard");
    await Leaderboard.open(h.length > 13 ? decodeURIComponent(h.slice(13)) : null);
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

// Every view's running work stopped: polls, auto-play.
export function stopAll() {
  MirallLink.stop();
  Mirall.stop();
  Cups.stop();
  Play.stopPolling();
  Lobby.stop();
  Clock.stop();
}

window.addEventListener("hashchange", route);

// A lost connection shows on the game; once back, every view is shown as the server has it.
Net.onLost = () => {
  if (!$("view-game").hidden && Play.state) Play.render();
};
Net.onBack = async () => {
  if (!$("view-game").hidden && Play.id) await Play.open(Play.id);
  else if (!$("view-home").hidden) Home.enter();
};
