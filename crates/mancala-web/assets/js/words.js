// The page's sentences made from the server's answers: a result, why a game ended, an error, an
// El mirall refusal. Pure functions of a translator `L` (`t(id, args)`, `has(id)`, `side(s)`),
// so they are tested without a browser (assets/test/).

export const other = (s) => (s === "south" ? "north" : "south");

// Variables that are themselves messages formatted here (a result, a reason) lose their own
// bidi isolation marks, so that the marks Fluent puts around them find the text's direction.
export function plainArgs(args) {
  const own = {};
  for (const [k, v] of Object.entries(args)) own[k] = typeof v === "string" ? v.replace(/[\u2068\u2069]/g, "") : v;
  return own;
}

// The parameters of an error that name a side (`south`, `north`): the server's `side_param`
// (src/error.rs: `side`, `asked`, `pit_of`) and El mirall's row (`side`). Any other parameter
// is shown as sent, whatever it says (a name `south` is a name, not a side).
export const SIDE_PARAMS = new Set(["side", "asked", "pit_of"]);

// A server error in the player's words: `error-<code>` with the error's parameters (sides
// translated, lists joined, the reason of an illegal move worded); the server's English text
// when the catalogue has no message for the code.
export function errorText(L, data, status) {
  if (!data || !data.code || !L.has("error-" + data.code)) return (data && data.error) || String(status);
  const args = {};
  for (const [k, v] of Object.entries(data.params || {})) {
    if (Array.isArray(v)) args[k] = v.join(k === "legal" || k === "pits" ? " " : ", ");
    else if (v && typeof v === "object") continue; // an error within the error, worded below
    else if (SIDE_PARAMS.has(k) && (v === "south" || v === "north")) args[k] = L.side(v);
    else args[k] = v;
  }
  if (data.code === "illegal-move" && data.params && L.has("reason-" + data.params.reason)) {
    args.reason = L.t("reason-" + data.params.reason, args);
  }
  // What is wrong in a record or a position, by its kind: the server's English detail only for
  // a kind the catalogue does not know.
  const p = data.params || {};
  if (data.code === "bad-record" && L.has("record-" + p.kind)) {
    if (p.move_error) args.why = errorText(L, p.move_error, status);
    if (p.position_error) args.why = positionText(L, p.position_error, args.why);
    args.detail = L.t("record-" + p.kind, args);
  }
  if (data.code === "bad-position" && L.has("position-" + p.kind)) args.detail = positionText(L, args, args.detail);
  return L.t("error-" + data.code, args);
}

// A position's fault (`kind` and its values) worded, or `fallback` for a kind not translated.
function positionText(L, params, fallback) {
  return L.has("position-" + params.kind) ? L.t("position-" + params.kind, params) : fallback;
}

// A game's result, worded for whoever looks. `mine`: the one side this browser plays (null for
// a spectator or a game on one screen).
export function resultText(L, s, mine) {
  const r = s.result;
  if (!r) return "";
  const sc = r.scores;
  let text;
  if (r.code === "aborted") return L.t("result-aborted");
  if (r.winner === "draw") text = L.t("result-draw", { south: sc.south, north: sc.north });
  else if (mine) text = L.t(r.winner === mine ? "result-you-win" : "result-you-lost", { mine: sc[mine], theirs: sc[other(mine)] });
  else text = L.t("result-wins", { winner: L.side(r.winner), score: sc[r.winner], other: sc[other(r.winner)] });
  return L.t("result-with-reason", { result: text, reason: endReasonText(L, s, mine) });
}

// Why a game ended: a resignation, or the rules' reason by its code (`end-<code>` messages).
export function endReasonText(L, s, mine) {
  const code = s.result.code;
  if (code === "resigned") {
    const loser = other(s.result.winner);
    if (mine && loser === mine) return L.t("reason-you-resigned");
    if (mine) return L.t(s.opponent.kind === "engine" ? "reason-computer-resigned" : "reason-opponent-resigned");
    return L.t("reason-side-resigned", { side: L.side(loser) });
  }
  if (code === "time-forfeit") {
    const loser = other(s.result.winner);
    if (mine) return L.t(loser === mine ? "reason-your-time" : "reason-their-time");
    return L.t("reason-side-time", { side: L.side(loser) });
  }
  if (code === "abandoned") {
    const loser = other(s.result.winner);
    if (mine) return L.t(loser === mine ? "reason-you-left" : "reason-they-left");
    return L.t("reason-side-left", { side: L.side(loser) });
  }
  return L.has("end-" + code) ? L.t("end-" + code) : s.result.reason;
}

// An El mirall pit the server refused (its `refusal`: code, side, pits by letter), worded; the
// server's English text for a code the page does not know.
export function refusalText(L, r) {
  if (r.code === "no-such-pit") return L.t("m-no-such-pit", { side: L.side(r.side) });
  if (r.code !== "not-next-pit") return r.text;
  const why = r.passed.length ? L.t(`m-${r.side}-why`, { empty: r.passed.join(", ") }) : L.t(`m-${r.side}-why-first`);
  return L.t(`m-${r.side}-must`, { want: r.must, pit: r.pit, why }) + (r.pit_empty ? L.t("m-pit-empty", { pit: r.pit }) : "");
}

// The messages that name the other person of a game between people: a friend, through a link;
// an opponent met in the lobby (the state's `opponent.lobby`, kept by the lobby game's
// rematches), never called a friend.
const PEOPLE = {
  title: ["game-title-remote", "game-title-lobby"],
  who: ["who-friend", "who-opponent"],
  waiting: ["status-waiting-friend", "status-waiting-opponent"],
  undoAsked: ["undo-asked", "undo-asked-opponent"],
  watching: ["watching-remote", "watching-lobby"],
  listed: ["opp-remote", "opp-lobby"],
  turn: ["turn-friend", "turn-opponent"],
};

// The message id saying `what` (a key of PEOPLE) of a game whose opponent is `opponent`.
export function peopleWord(opponent, what) {
  return PEOPLE[what][opponent && opponent.lobby ? 1 : 0];
}

// A signed number: +3, -2, +0 (`num` writes the number itself: the page's digits).
export const signed = (v, num = String) => `${v < 0 ? "-" : "+"}${num(Math.abs(v))}`;

// What the other player answered, between two states of a game (`before`, `after`), to the
// requests of this browser's side `mine`: an undo it asked for gone without its moves taken
// back (refused, or the other player moved on), a draw it offered gone without a draw
// (declined, or the other player moved on). The ids of the messages that tell it.
export function refusals(before, after, mine) {
  if (!before || !after || !mine || after.over || before.id !== after.id) return [];
  const told = [];
  if (before.undo_request === mine && !after.undo_request && after.plies.length >= before.plies.length) told.push("undo-refused");
  if (before.draw_offer === mine && !after.draw_offer) told.push("draw-declined");
  return told;
}
