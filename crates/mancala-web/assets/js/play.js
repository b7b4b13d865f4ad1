// Playing a game: the board, the moves list, the status, and the buttons (pass, undo, resign,
// hint, analysis, the OGN record, invitations). Every move is asked of the server, which says
// what is legal, what a ply did and how it is numbered; this module draws and animates.
import { $, sleep } from "./dom.js";
import { L10n, SIDE, gameName, levelName, t } from "./l10n.js";
import { api, Net, catalog } from "./net.js";
import { Saved } from "./saved.js";
import { drawBoard } from "./board.js";
import { Settings, Sound } from "./settings.js";
import { boardModel, lastMarks, moveRows, seatOf } from "./plies.js";
import { peopleWord, refusals, resultText } from "./words.js";
import { Clock } from "./clock.js";
import { Review } from "./review.js";
import { boardAt } from "./graph.js";

const SPEEDS = [420, 260, 150, 80, 0];
// The set phrases, as the server lists them (`/api/rules`'s `phrases`), once asked.
let PHRASES = null;
export const Play = {
  id: null, state: null, token: null, busy: false, busyText: "", hint: null, polling: 0, analysed: null,
  lastCell: null, lastCaptured: [],
  // What the other player answered to this seat's undo request or draw offer (message ids),
  // said to it.
  told: [],
  seat() {
    if (!this.token) return [];
    return seatOf(this.state, Object.assign({}, Saved.get(this.id), { token: this.token }));
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
  async open(id, ply = null) {
    this.id = id;
    Review.reset(ply);
    this.hint = null;
    this.analysed = null;
    this.setBusy(false);
    this.told = [];
    $("g-analysis-card").hidden = true;
    $("g-error").textContent = "";
    const saved = Saved.get(id);
    this.token = saved ? saved.token || null : null;
    // A game opened shows nothing of the one shown before until it has come.
    if (this.shown !== id) this.missing(false);
    try {
      this.state = await api("GET", "/api/games/" + id, undefined, this.seatHeaders());
    } catch (e) {
      if (e.offline) { $("g-status").textContent = t("connection-lost"); return; }
      this.state = null;
      this.missing(true);
      $("g-title").textContent = t("game-not-found");
      $("g-status").textContent = e.message;
      return;
    }
    this.missing(false);
    this.shown = id;
    // Which game the view shows, for a test (or a style) to tell it from the one before.
    $("view-game").dataset.game = id;
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
  // No game to show (`gone`: the address names none): only the title, the reason and a way on;
  // the board, scores, moves and buttons of any game shown before are cleared.
  missing(gone) {
    const v = $("view-game");
    v.toggleAttribute("data-missing", gone);
    this.shown = null;
    delete v.dataset.game;
    $("board").innerHTML = "";
    $("g-moves").innerHTML = "";
    $("g-result").hidden = true;
    $("g-analysis-card").hidden = true;
    $("g-live").textContent = "";
    $("g-missing").hidden = !gone;
    if (gone) $("g-title").textContent = t("game-not-found");
  },
  // A refused change in the player's words; when the game had moved on (the request was for
  // an earlier version, or a repeat), the game as the server has it is shown.
  failed(e) {
    if (e.offline) return;
    if (e.state && e.state.id === this.id) {
      this.state = e.state;
      this.markLast(e.state);
    }
    $("g-error").textContent = e.message;
  },
  markLast(s) {
    const m = lastMarks(s);
    this.lastCell = m.cell;
    this.lastCaptured = m.captured;
  },
  stopPolling() { this.polling++; },
  async poll() {
    const my = ++this.polling;
    // Every unfinished game is followed: a friend's moves arrive, and a lost connection shows;
    // a finished one between people while a rematch may be offered or agreed.
    const follows = () => this.state && (!this.state.over || (this.between() && !this.state.rematch));
    while (my === this.polling && follows()) {
      try {
        const s = await api("GET", `/api/games/${this.id}?after=${this.state.version}&wait=20`, undefined, this.seatHeaders());
        if (my !== this.polling) return;
        // Whether the other player is there changes without a new version.
        const seen = (p) => p ? ["south", "north"].map((x) => `${p[x].here}${p[x].claimable}`).join() : "";
        if (s.version === this.state.version && s.presence && seen(s.presence) !== seen(this.state.presence)) {
          this.state.presence = s.presence;
          this.renderBetween();
        }
        if (s.version > this.state.version && !this.busy) {
          $("g-error").textContent = "";
          this.heard(s);
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
          if (s.over) this.say(t("status-over", { result: resultText(L10n, s, this.mine()) }));
          this.render();
        }
      } catch (e) {
        if (my !== this.polling) return;
        if (e.offline) return; // Net reopens the game when the server is back.
        await sleep(2000);
      }
    }
  },
  // A newer state of the game has come: the other player's refusal of this seat's undo request
  // or draw offer is said (the next move, or the end, clears what was said).
  heard(s) {
    const told = refusals(this.state, s, this.mine());
    if (told.length) this.told = told;
    else if (s.plies.length !== this.state.plies.length || s.over) this.told = [];
  },
  // Whether this browser plays one side of a game between people.
  between() {
    return !!this.state && this.state.opponent.kind === "remote" && !!this.mine();
  },
  // The running clock reached zero here: the server is asked, and says what it decided.
  async refresh() {
    try {
      const s = await api("GET", `/api/games/${this.id}`);
      if (s.id !== this.id || this.busy) return;
      if (s.version !== this.state.version) {
        this.heard(s);
        this.state = s;
        this.markLast(s);
        if (s.over) this.say(t("status-over", { result: resultText(L10n, s, this.mine()) }));
      }
      this.render();
    } catch (e) { this.failed(e); }
  },
  // Reduced motion: each ply is shown at once.
  speed() { return Settings.reduced() ? 0 : SPEEDS[Number($("g-speed").value)] ?? 150; },
  flip() { return this.mine() === "north"; },
  // Whose a row is, for the pits' names: this browser's, its opponent's, or a side's.
  whose(side) {
    const mine = this.mine();
    return !mine ? "side" : side === mine ? "mine" : "theirs";
  },
  who(side) {
    const s = this.state;
    const seat = s.seats[side];
    // An account playing the side is named, with his rating in a rated game.
    const p = s.players && s.players[side];
    if (p) {
      const name = p.name + (p.rating != null ? ` (${L10n.rating(p)})` : "");
      return this.mine() === side ? t("who-you-named", { name, side: SIDE(side) }) : t("who-named", { name, side: SIDE(side) });
    }
    if (seat.startsWith("engine")) {
      // The computer of a rated game plays at its level's fixed rating.
      const r = s.rated && s.rated.engine_rating;
      return r != null ? t("who-computer-rated", { rating: r, side: SIDE(side) }) : t("who-computer", { side: SIDE(side) });
    }
    if (s.opponent.kind === "local") return SIDE(side);
    const mine = this.mine();
    if (mine) return t(mine === side ? "who-you" : this.other(), { side: SIDE(side) });
    return s.opponent.kind === "engine" ? t("who-person", { side: SIDE(side) }) : SIDE(side);
  },
  // The other player, as this browser names him: a friend through a link, an opponent met in
  // the lobby.
  other() {
    return peopleWord(this.state && this.state.opponent, "who");
  },
  drawState(extra) {
    const s = this.state;
    const n = s.pits;
    // A ply stepped back to shows its board, read-only; else the game as it is.
    const at = boardAt(s, Review.at);
    const model = boardModel(s, at ? at.board : s.shown_board);
    model.scores = at ? [at.board.stores.south, at.board.stores.north] : [s.shown_scores.south, s.shown_scores.north];
    const myTurn = this.myTurn() && !this.busy && !at;
    const keyRows = s.over || at ? [] : this.myTurn() ? [s.to_move] : this.mine() ? [this.mine()] : [];
    drawBoard($("board"), n, model, Object.assign({
      flip: this.flip(),
      legal: myTurn ? s.legal.filter((m) => m !== "pass") : [],
      hint: at ? null : this.hint,
      last: at ? at.cell : this.lastCell,
      captured: at ? at.captured : this.lastCaptured,
      keyRows,
      whose: (side) => this.whose(side),
      onPit: (name) => this.click(name),
    }, extra || {}));
    $("board").setAttribute("aria-label", t(this.flip() ? "board-label-north" : "board-label-south"));
  },
  render() {
    const s = this.state;
    if (!s) return;
    this.showUnsent();
    const mine = this.mine();
    const seat = this.seat();
    const spectator = seat.length === 0;
    const name = gameName(s);
    $("g-title").textContent = s.opponent.kind === "engine" ? t("game-title-engine", { name, level: levelName(s.opponent.level) })
      : t(s.opponent.kind === "local" ? "game-title-local" : peopleWord(s.opponent, "title"), { name });
    const base = s.game_id;
    $("g-rules").hidden = !base;
    $("g-rules").href = "#/rules/" + base;
    $("g-rules").textContent = t("rules-of-game", { name: L10n.has("game-" + base) ? t("game-" + base) : name });
    const myTurn = this.myTurn();
    this.drawState();
    $("g-south-name").textContent = this.who("south");
    $("g-north-name").textContent = this.who("north");
    const at = boardAt(s, Review.at);
    const shownScores = at ? at.board.stores : s.shown_scores;
    $("g-south-score").textContent = L10n.num(shownScores.south);
    $("g-north-score").textContent = L10n.num(shownScores.north);
    $("g-scores").classList.toggle("flipped", this.flip());
    document.querySelector(".score.south").classList.toggle("tomove", s.to_move === "south");
    document.querySelector(".score.north").classList.toggle("tomove", s.to_move === "north");
    // A spectator sees who plays, and that the board is read-only.
    $("g-watch").hidden = !spectator;
    if (spectator) {
      const saved = Saved.get(this.id);
      const players = s.opponent.kind === "remote" ? t(peopleWord(s.opponent, "watching"), { south: this.who("south"), north: this.who("north") })
        : s.opponent.kind === "engine" ? t("watching-engine", { south: this.who("south"), north: this.who("north") })
        : t("watching-local");
      $("g-watch").textContent = t("watching", { players }) + (saved && saved.notice ? " " + t("watching-used") : "");
    }
    const last = s.plies[s.plies.length - 1];
    let status;
    let thinking = false;
    if (Net.down) status = t("connection-lost");
    else if (s.over) status = t("status-over", { result: resultText(L10n, s, mine) });
    else if (this.busy) { status = this.busyText || "…"; thinking = this.busyText === t("status-thinking"); }
    else if (myTurn) {
      const who = s.opponent.kind === "local" ? t("to-move", { side: SIDE(s.to_move) }) : t("turn-yours");
      const moves = s.legal.filter((m) => m !== "pass");
      status = (last && last.extra_turn && last.side === s.to_move ? t("status-extra-turn") + " " : "") +
        (moves.length ? t("status-choose", { who, moves: moves.join(" ") }) : t("status-must-pass", { who }));
    } else if (this.engineToMove()) { status = t("status-thinking"); thinking = true; }
    else if (spectator) status = t("to-move", { side: SIDE(s.to_move) });
    else status = s.opponent.kind === "remote" ? t(peopleWord(s.opponent, "waiting"), { side: SIDE(s.to_move) }) : t("status-waiting", { side: SIDE(s.to_move) });
    $("g-status").textContent = status;
    // Whatever the language: whether the computer is thinking, for a test or a style.
    $("g-status").toggleAttribute("data-thinking", thinking);
    $("g-result").hidden = !s.result;
    if (s.result) {
      // A rated game's result moves the ratings: each player's new one and the change.
      const moved = ["south", "north"].map((side) => s.players && s.players[side]).filter((p) => p && p.change != null)
        .map((p) => t("rating-change", { name: p.name, rating: p.rating, change: L10n.signed(p.change) }));
      $("g-result").textContent = [resultText(L10n, s, mine)].concat(moved).join(" · ");
    }
    // Moves, with the labels of their OGN record (the server's): a row a number.
    const ol = $("g-moves");
    ol.innerHTML = "";
    for (const row of moveRows(s.plies)) {
      const li = document.createElement("li");
      if (row.label) {
        const lab = document.createElement("span");
        lab.className = "num";
        lab.textContent = row.label;
        li.appendChild(lab);
      }
      // The row's plies in a box of their own: on a narrow screen a reply wraps under the
      // plies, never under the number.
      const plies = document.createElement("span");
      plies.className = "plies";
      li.appendChild(plies);
      for (const { ply: p, index: i } of row.plies) {
        const span = document.createElement("span");
        span.className = "mv" + (i === s.plies.length - 1 ? " last" : "");
        span.textContent = p.move + (p.captured ? "+" + p.captured : "");
        span.setAttribute("data-move", p.move);
        // A click on a move in the list shows the board after it (the keyboard steps with the
        // arrows, Home and End, and the buttons above the list).
        span.addEventListener("click", () => Review.go(i + 1));
        span.title = t("ply-title", { side: SIDE(p.side), move: p.move }) + (p.captured ? t("ply-title-captured", { count: p.captured }) : "") + (p.extra_turn ? t("ply-title-extra") : "");
        plies.appendChild(span);
      }
      ol.appendChild(li);
    }
    const canPass = myTurn && s.legal.includes("pass");
    $("g-pass").hidden = !canPass;
    $("g-pass").disabled = !canPass || this.busy;
    const locked = this.busy || Net.down;
    const undoAsked = !!(mine && s.undo_request === mine && !s.over);
    $("g-undo").disabled = s.over || s.plies.length === 0 || spectator || locked || s.takebacks === false || undoAsked;
    $("g-undo").title = s.over ? t("undo-over-title") : "";
    $("g-undo-note").hidden = !(s.over && !spectator);
    $("g-resign").disabled = s.over || spectator || locked;
    $("g-hint").disabled = s.over || !s.hints || !myTurn || locked;
    $("g-analyse").disabled = s.plies.length === 0 || !s.hints || (!s.over && !this.token) || locked;
    const agreed = s.opponent.kind === "remote" && s.opponent.hints && !s.over;
    $("g-hints-note").hidden = s.hints && !agreed;
    $("g-hints-note").textContent = t(agreed ? "hints-on-note" : s.rated && s.opponent.kind === "engine" && !s.over ? "hints-rated-note" : "hints-off-note");
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
    // This seat's own request, standing until the other player answers; it may be withdrawn.
    $("g-undo-mine").hidden = !undoAsked;
    if (undoAsked) $("g-undo-mine-text").textContent = t(peopleWord(s.opponent, "undoAsked"));
    $("g-undo-withdraw").disabled = locked;
    $("g-note").textContent = this.told.map((id) => t(id)).join(" ");
    this.renderBetween();
    this.renderChat();
    Review.render(s);
    if (at) $("g-status").textContent = t("review-status", { where: Review.words(s) });
  },
  // What only a game between people has: clocks, draw offers, a rematch.
  renderBetween() {
    const s = this.state, mine = this.mine(), between = this.between();
    Clock.show(s, () => this.refresh());
    const locked = this.busy || Net.down;
    // This seat's own offer stands until the other player answers or moves; it may be withdrawn.
    const offered = between && !s.over && s.draw_offer === mine;
    $("g-draw").hidden = !between || s.over || offered;
    $("g-draw").disabled = locked;
    $("g-draw-mine").hidden = !offered;
    $("g-draw-withdraw").disabled = locked;
    const drawAsk = between && !s.over && s.draw_offer && s.draw_offer !== mine;
    $("g-draw-ask").hidden = !drawAsk;
    if (drawAsk) $("g-draw-ask-text").textContent = t("draw-asks", { side: SIDE(s.draw_offer) });
    // Whether the other player is there, and a win to claim from one who left.
    const them = mine === "south" ? "north" : "south";
    const p = between && s.presence ? s.presence[them] : null;
    const here = $(`g-${them}-here`), away = $(`g-${mine}-here`);
    if (away) away.hidden = true;
    if (here) {
      here.hidden = !p || s.over;
      if (p) {
        here.textContent = t(p.here ? "presence-here" : "presence-away");
        here.classList.toggle("away", !p.here);
      }
    }
    const claim = !!(p && p.claimable && !s.over);
    $("g-claim").hidden = !claim;
    if (claim) {
      // One who never moved may never have seen the game: a claim calls it off, no win.
      $("g-claim-text").textContent = t(p.claim_aborts ? "claim-text-abort" : "claim-text", { side: SIDE(them) });
      $("g-claim-go").textContent = t(p.claim_aborts ? "btn-claim-abort" : "btn-claim");
    }
    const box = between && s.over && s.result && s.result.code !== "aborted" || !!(s.over && s.rematch && between);
    $("g-rematch-box").hidden = !box;
    if (!box) return;
    const agreed = s.rematch;
    $("g-rematch").hidden = !!agreed;
    $("g-rematch").disabled = locked || s.rematch_offer === mine;
    $("g-rematch").textContent = t(s.rematch_offer && s.rematch_offer !== mine ? "rematch-accept" : "btn-rematch");
    $("g-rematch-text").textContent = agreed ? t("rematch-agreed")
      : s.rematch_offer === mine ? t("rematch-offered")
      : s.rematch_offer ? t("rematch-asks", { side: SIDE(s.rematch_offer) }) : "";
    $("g-rematch-open").hidden = !agreed;
    if (agreed) {
      // Each player's token opens his seat of the rematch (the sides swapped).
      Saved.put(agreed, { token: this.token, side: mine === "south" ? "north" : "south", name: s.name, created: Math.floor(Date.now() / 1000) });
      $("g-rematch-open").href = "#/game/" + agreed;
    }
  },
  // The set phrases: buttons for a seat, the ones said in the reader's language (the other
  // player's hidden when muted).
  renderChat() {
    const s = this.state, mine = this.mine(), between = s.opponent.kind === "remote";
    $("g-chat").hidden = !between;
    if (!between) return;
    const say = $("g-say");
    say.hidden = !this.between();
    if (!PHRASES && this.between()) {
      PHRASES = [];
      catalog().then((c) => { PHRASES = c.phrases || []; say.dataset.lang = ""; this.renderChat(); }).catch(() => { PHRASES = null; });
    }
    if (PHRASES && PHRASES.length && say.dataset.lang !== L10n.code) {
      say.querySelectorAll("button").forEach((b) => b.remove());
      for (const id of PHRASES) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.phrase = id;
        b.textContent = t("phrase-" + id);
        b.addEventListener("click", () => this.sayPhrase(id));
        say.appendChild(b);
      }
      say.dataset.lang = L10n.code;
    }
    say.querySelectorAll("button").forEach((b) => { b.disabled = this.busy || Net.down; });
    let muted = false;
    try { muted = localStorage.getItem("mancala.mute") === "1"; } catch (_) { /* no storage */ }
    $("g-chat-mute").checked = muted;
    const list = $("g-chat-list");
    list.innerHTML = "";
    for (const c of s.chat || []) {
      if (muted && c.side !== mine) continue;
      const li = document.createElement("li");
      const who = mine ? t(c.side === mine ? "who-you" : this.other(), { side: SIDE(c.side) }) : SIDE(c.side);
      li.textContent = t("chat-said", { who, phrase: L10n.has("phrase-" + c.phrase) ? t("phrase-" + c.phrase) : c.phrase });
      list.appendChild(li);
    }
  },
  async sayPhrase(id) {
    try {
      const r = await api("POST", `/api/games/${this.id}/say`, { token: this.token, version: this.state.version, phrase: id });
      this.state = r.state;
    } catch (e) { this.failed(e); }
    this.render();
  },
  async claim() {
    try {
      const r = await api("POST", `/api/games/${this.id}/claim`, { token: this.token, version: this.state.version });
      this.state = r.state;
      this.say(t("status-over", { result: resultText(L10n, r.state, this.mine()) }));
    } catch (e) { this.failed(e); }
    this.render();
  },
  async offerDraw() {
    $("g-error").textContent = "";
    this.told = [];
    try {
      const r = await api("POST", `/api/games/${this.id}/draw`, { token: this.token, version: this.state.version });
      this.state = r.state;
      this.say(t(r.drawn ? "draw-agreed-said" : "draw-offered"));
    } catch (e) { this.failed(e); }
    this.render();
  },
  // Declines the other player's offer, or withdraws this seat's own.
  async declineDraw() {
    $("g-error").textContent = "";
    this.told = [];
    try {
      const r = await api("POST", `/api/games/${this.id}/draw/decline`, { token: this.token, version: this.state.version });
      this.state = r.state;
      // Withdrawn, not refused (a poll answered first may have taken it for a refusal).
      this.told = [];
    } catch (e) { this.failed(e); }
    this.render();
  },
  async rematch() {
    $("g-error").textContent = "";
    try {
      const r = await api("POST", `/api/games/${this.id}/rematch`, { token: this.token });
      this.state = r.state;
      this.say(t(r.agreed ? "rematch-agreed" : "rematch-offered"));
    } catch (e) { this.failed(e); }
    this.render();
    this.poll();
  },
  async click(name) {
    const s = this.state;
    if (this.busy || !s || s.over || Net.down) return;
    // Stepped back: a click on the board comes back to the game as it is.
    if (Review.at !== null) { Review.go(Infinity); return; }
    const mine = this.seat();
    if (!mine.includes(s.to_move) || s.seats[s.to_move].startsWith("engine")) {
      $("g-error").textContent = t(mine.length ? "not-your-turn" : "read-only");
      return;
    }
    // A move the rules refuse is still asked: the server says why (a singleton, a grand slam,
    // an opponent to feed ...), in the player's words.
    $("g-error").textContent = "";
    this.told = [];
    this.hint = null;
    this.setBusy(true);
    this.busyText = "…";
    this.render();
    try {
      // The move alone first, so it is drawn at once; then the computer's answer.
      const r = await api("POST", `/api/games/${this.id}/moves`, { token: this.token, move: name, reply: false, version: s.version });
      await this.animate(r.plies, r.state);
      this.state = r.state;
      this.markLast(r.state);
      await this.engineTurn();
      if (this.state.over) this.say(t("status-over", { result: resultText(L10n, this.state, this.mine()) }));
    } catch (e) {
      // The server could not be reached: the move may not be played. Once it is back, the
      // move is offered again if the game is as it was (the version sent is still the
      // game's); a move that went in shows on the board instead.
      if (e.offline) this.unsent = { id: this.id, move: name, version: s.version };
      this.failed(e);
    }
    this.setBusy(false);
    this.render();
    this.poll();
  },
  // A move that did not reach the server, said, and offered again while the game is as it was.
  showUnsent() {
    const u = this.unsent, s = this.state;
    if (u && s && u.id === this.id && s.version !== u.version) this.unsent = null;
    const shown = !!(this.unsent && s && this.unsent.id === this.id && !s.over);
    $("g-unsent").hidden = !shown;
    if (!shown) return;
    $("g-unsent-text").textContent = t("move-unsent", { move: u.move });
    $("g-unsent-again").textContent = t("move-unsent-again", { move: u.move });
    $("g-unsent-again").disabled = Net.down || this.busy;
  },
  again() {
    const u = this.unsent;
    if (!u || Net.down || this.busy) return;
    this.unsent = null;
    this.click(u.move);
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
      const model = boardModel(finalState, p.before_board);
      const idx = p.cell;
      const side = SIDE(p.side);
      const words = p.move === "pass" ? t("ply-passes", { side }) : t(p.captured ? "ply-plays-capturing" : "ply-plays", { side, move: p.move, count: p.captured });
      const extra = p.extra_turn ? ". " + t("ply-extra-turn", { side }) : "";
      this.busyText = words + extra;
      $("g-status").textContent = this.busyText;
      $("g-status").removeAttribute("data-thinking");
      this.say(words + extra + ".");
      Sound.play(p.captured ? "capture" : "move");
      const draw = (o) => drawBoard($("board"), n, model, Object.assign({ flip: this.flip(), whose: (side) => this.whose(side), onPit: (name) => this.click(name) }, o));
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
      const after = boardModel(finalState, p.after_board);
      model.pits = after.pits;
      model.scores = after.scores;
      this.lastCell = idx;
      this.lastCaptured = p.captured_pits;
      draw({ last: idx, captured: p.captured_pits });
      $("g-south-score").textContent = L10n.num(after.scores[0]);
      $("g-north-score").textContent = L10n.num(after.scores[1]);
      if (delay > 0) await sleep(delay);
    }
  },
  async undo() {
    $("g-error").textContent = "";
    this.told = [];
    try {
      const r = await api("POST", `/api/games/${this.id}/undo`, { token: this.token, version: this.state.version });
      this.state = r.state;
      this.markLast(r.state);
      // Asked, not failed: the request is shown as standing (render), and said.
      if (r.asked) this.say(t(peopleWord(this.state.opponent, "undoAsked")));
      else this.say(t("taken-back", { count: r.taken_back }));
    } catch (e) { this.failed(e); }
    this.hint = null;
    this.render();
  },
  // Refuses the other player's request, or withdraws this seat's own.
  async declineUndo() {
    $("g-error").textContent = "";
    this.told = [];
    try {
      const r = await api("POST", `/api/games/${this.id}/undo/decline`, { token: this.token, version: this.state.version });
      this.state = r.state;
      // Withdrawn, not refused (a poll answered first may have taken it for a refusal).
      this.told = [];
    } catch (e) { this.failed(e); }
    this.render();
  },
  async resign() {
    if (!confirm(t("resign-confirm"))) return;
    try {
      const r = await api("POST", `/api/games/${this.id}/resign`, { token: this.token, version: this.state.version });
      this.state = r.state;
      this.say(t("status-over", { result: resultText(L10n, r.state, this.mine()) }));
    } catch (e) { this.failed(e); }
    this.render();
  },
  async analyse() {
    $("g-error").textContent = "";
    const n = this.state ? this.state.plies.length : 0;
    $("g-analysis").textContent = "";
    $("g-analysis-sum").textContent = t("analysis-weighing");
    $("g-analysis-card").hidden = false;
    try {
      const a = await api("GET", `/api/games/${this.id}/analysis`, undefined, this.seatHeaders());
      const sign = (v) => L10n.signed(v);
      const list = $("g-analysis");
      a.plies.forEach((p) => {
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
        li.textContent = `${p.label} ${SIDE(p.side)} ${p.move} ${sign(p.score)} — ${note}${deep}`;
        li.tabIndex = 0;
        li.addEventListener("click", () => Review.go(p.ply));
        li.addEventListener("keydown", (e) => { if (e.key === "Enter") Review.go(p.ply); });
        list.appendChild(li);
      });
      Review.graph(a.plies);
      const side = (s, x) => t("analysis-side", { side: SIDE(s), mistakes: x.mistakes, lost: x.lost });
      const how = a.depth !== undefined ? t(a.database ? "analysis-how-deep-db" : "analysis-how-deep", { depth: a.depth }) : t("analysis-how");
      $("g-analysis-sum").textContent = t("analysis-summary", { how, south: side("south", a.south), north: side("north", a.north) });
      this.analysed = n;
    } catch (e) {
      $("g-analysis-card").hidden = true;
      if (!e.offline) $("g-error").textContent = e.message;
    }
  },
  // A hint or an analysis of a game going on is for its seats: the token goes in a header.
  seatHeaders() {
    return this.token ? { "Seat-Token": this.token } : {};
  },
  async getHint() {
    $("g-error").textContent = "";
    try {
      const h = await api("GET", `/api/games/${this.id}/hint`, undefined, this.seatHeaders());
      this.hint = h.move;
      // The score is a margin for the side named: ahead, behind or level by so many seeds.
      const lead = h.score > 0 ? "ahead" : h.score < 0 ? "behind" : "even";
      const by = Math.abs(h.score);
      const side = h.side === "south" || h.side === "north" ? SIDE(h.side) : h.side;
      this.render();
      $("g-status").textContent = h.source === "database"
        ? t("hint-database", { move: h.move, side, lead, by, moves: h.moves.map((m) => `${m.move} ${L10n.signed(m.value)}`).join(", ") })
        : t("hint-search", { move: h.move, side, lead, by, depth: h.depth });
      this.say(t("hint-said", { move: h.move }));
    } catch (e) { if (!e.offline) $("g-error").textContent = e.message; }
  },
};
$("g-pass").addEventListener("click", () => Play.click("pass"));
$("g-unsent-again").addEventListener("click", () => Play.again());
$("g-undo").addEventListener("click", () => Play.undo());
$("g-undo-accept").addEventListener("click", () => Play.undo());
$("g-undo-decline").addEventListener("click", () => Play.declineUndo());
$("g-undo-withdraw").addEventListener("click", () => Play.declineUndo());
$("g-resign").addEventListener("click", () => Play.resign());
$("g-draw").addEventListener("click", () => Play.offerDraw());
$("g-claim-go").addEventListener("click", () => Play.claim());
$("g-draw-accept").addEventListener("click", () => Play.offerDraw());
$("g-draw-decline").addEventListener("click", () => Play.declineDraw());
$("g-draw-withdraw").addEventListener("click", () => Play.declineDraw());
$("g-rematch").addEventListener("click", () => Play.rematch());
$("g-chat-mute").addEventListener("change", () => {
  try { localStorage.setItem("mancala.mute", $("g-chat-mute").checked ? "1" : "0"); } catch (_) { /* no storage */ }
  Play.render();
});
$("g-hint").addEventListener("click", () => Play.getHint());
$("g-analyse").addEventListener("click", () => Play.analyse());
$("g-ogn").addEventListener("click", () => { location.href = `/api/games/${Play.id}/ogn`; });
$("g-invite-copy").addEventListener("click", () => { $("g-invite-link").select(); navigator.clipboard && navigator.clipboard.writeText($("g-invite-link").value); });
document.addEventListener("keydown", (e) => {
  // Your own pits' letters play, in either case; P passes.
  const tag = e.target.tagName;
  if ($("view-game").hidden || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
  const s = Play.state;
  if (!s || !Play.myTurn() || e.key.length !== 1) return;
  if (e.key === "p" || e.key === "P") {
    if (s.legal.includes("pass")) { e.preventDefault(); Play.click("pass"); }
    return;
  }
  // A pit's key is its name, in either case (the names are the server's).
  const name = s.pit_names[s.to_move].find((p) => p.toLowerCase() === e.key.toLowerCase());
  if (name) {
    e.preventDefault();
    Play.click(name);
  }
});


Review.bind(Play);
