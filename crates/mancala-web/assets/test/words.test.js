// The page's sentences from the server's answers, with a translator that shows what it was
// asked (message id and arguments), so each test sees which message is chosen with what.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { endReasonText, errorText, peopleWord, plainArgs, refusalText, refusals, resultText, signed } from "../js/words.js";

function translator(known) {
  return {
    has: (id) => known.includes(id),
    t: (id, args) => (args ? `${id}(${Object.entries(args).map(([k, v]) => `${k}=${v}`).join(",")})` : id),
    side: (s) => (s === "south" ? "Güney" : "Kuzey"),
  };
}

test("an error is worded by its code with its sides and lists translated", () => {
  const L = translator(["error-illegal-move", "reason-too-few-seeds"]);
  const data = { error: "English", code: "illegal-move", params: { move: "C", reason: "too-few-seeds", legal: ["A", "B"], min: 2, held: 1 } };
  assert.equal(errorText(L, data, 422), "error-illegal-move(move=C,reason=reason-too-few-seeds(move=C,reason=too-few-seeds,legal=A B,min=2,held=1),legal=A B,min=2,held=1)");
  const side = { error: "x", code: "not-your-turn", params: { side: "north", pits: ["a", "b"], ids: ["x", "y"] } };
  assert.equal(errorText(translator(["error-not-your-turn"]), side, 409), "error-not-your-turn(side=Kuzey,pits=a b,ids=x, y)");
});

test("an error of a code the catalogue lacks keeps the server's English, else the status", () => {
  const L = translator([]);
  assert.equal(errorText(L, { error: "no game 'x'", code: "no-game" }, 404), "no game 'x'");
  assert.equal(errorText(L, null, 502), "502");
});

test("isolation marks of a formatted variable are dropped, other values kept", () => {
  assert.deepEqual(plainArgs({ a: "\u2068South\u2069 wins", n: 3 }), { a: "South wins", n: 3 });
});

test("a result says who won, to a player or to a spectator", () => {
  const L = translator(["end-no-legal-move"]);
  const s = { result: { winner: "south", scores: { south: 30, north: 18 }, code: "no-legal-move", reason: "x" }, opponent: { kind: "remote" } };
  assert.equal(resultText(L, s, "north"), "result-with-reason(result=result-you-lost(mine=18,theirs=30),reason=end-no-legal-move)");
  assert.equal(resultText(L, s, null), "result-with-reason(result=result-wins(winner=Güney,score=30,other=18),reason=end-no-legal-move)");
  assert.equal(resultText(L, { result: null }, null), "");
});

test("a resignation is told as the loser's, and an unknown end code by the server's reason", () => {
  const L = translator([]);
  const r = (winner) => ({ result: { winner, code: "resigned" }, opponent: { kind: "engine" } });
  assert.equal(endReasonText(L, r("north"), "south"), "reason-you-resigned");
  assert.equal(endReasonText(L, r("south"), "south"), "reason-computer-resigned");
  assert.equal(endReasonText(L, r("south"), null), "reason-side-resigned(side=Kuzey)");
  assert.equal(endReasonText(L, { result: { code: "new-rule", reason: "the server's words" } }, null), "the server's words");
});

test("an El mirall refusal is worded from the server's code and pits", () => {
  const L = translator([]);
  const passed = { code: "not-next-pit", side: "south", must: "B", pit: "C", passed: ["A"], pit_empty: false, text: "English" };
  assert.equal(refusalText(L, passed), "m-south-must(want=B,pit=C,why=m-south-why(empty=A))");
  const first = { code: "not-next-pit", side: "north", must: "f", pit: "d", passed: [], pit_empty: true, text: "English" };
  assert.equal(refusalText(L, first), "m-north-must(want=f,pit=d,why=m-north-why-first)m-pit-empty(pit=d)");
  assert.equal(refusalText(L, { code: "no-such-pit", side: "north", pit: "g", pits: 6 }), "m-no-such-pit(side=Kuzey)");
  assert.equal(refusalText(L, { code: "later-code", text: "English text" }), "English text");
});

test("a value is signed, its number written as the page writes numbers", () => {
  assert.deepEqual([signed(3), signed(0), signed(-2)], ["+3", "+0", "-2"]);
  const arabic = (n) => new Intl.NumberFormat("ar-SA", { useGrouping: false }).format(n);
  assert.deepEqual([signed(12, arabic), signed(-3, arabic)], ["+١٢", "-٣"]);
});

test("the asker is told when the other player refuses his undo or declines his draw, not when he withdraws or is agreed with", () => {
  const game = (o) => Object.assign({ id: "g", over: false, undo_request: null, draw_offer: null, plies: [1, 2] }, o);
  // Refused (the request gone, the moves still there), and declined.
  assert.deepEqual(refusals(game({ undo_request: "south" }), game({}), "south"), ["undo-refused"]);
  assert.deepEqual(refusals(game({ draw_offer: "south" }), game({}), "south"), ["draw-declined"]);
  // The other player moved on: the request and the offer are gone, unanswered.
  assert.deepEqual(refusals(game({ undo_request: "south", draw_offer: "south" }), game({ plies: [1, 2, 3] }), "south"), ["undo-refused", "draw-declined"]);
  // Agreed: the move is taken back; the draw agreed ends the game.
  assert.deepEqual(refusals(game({ undo_request: "south" }), game({ plies: [1] }), "south"), []);
  assert.deepEqual(refusals(game({ draw_offer: "south" }), game({ over: true }), "south"), []);
  // Still standing, the other player's own requests, a spectator, another game.
  assert.deepEqual(refusals(game({ undo_request: "south" }), game({ undo_request: "south" }), "south"), []);
  assert.deepEqual(refusals(game({ undo_request: "north", draw_offer: "north" }), game({}), "south"), []);
  assert.deepEqual(refusals(game({ draw_offer: "south" }), game({}), null), []);
  assert.deepEqual(refusals(game({ draw_offer: "south" }), game({ id: "h" }), "south"), []);
});

test("a record's fault is worded by its kind, a refused move within it by the move's own error", () => {
  const L = translator(["error-bad-record", "record-move", "error-no-such-pit", "record-syntax-not-a-move", "record-fen", "position-total"]);
  const move = { error: "English", code: "bad-record", params: { kind: "move", number: "2", text: "Z", ply: "3", detail: "English", move_error: { code: "no-such-pit", params: { pit: "Z", pits: 6 } } } };
  assert.equal(errorText(L, move, 422), "error-bad-record(kind=move,number=2,text=Z,ply=3,detail=record-move(kind=move,number=2,text=Z,ply=3,detail=English,why=error-no-such-pit(pit=Z,pits=6)),why=error-no-such-pit(pit=Z,pits=6))");
  const syntax = { error: "English", code: "bad-record", params: { kind: "syntax-not-a-move", line: "2", text: "Z", detail: "English" } };
  assert.equal(errorText(L, syntax, 422), "error-bad-record(kind=syntax-not-a-move,line=2,text=Z,detail=record-syntax-not-a-move(kind=syntax-not-a-move,line=2,text=Z,detail=English))");
  const fen = { error: "E", code: "bad-record", params: { kind: "fen", detail: "E", position_error: { kind: "total", found: "41", expected: "42" } } };
  assert.match(errorText(L, fen, 422), /detail=record-fen\(kind=fen,detail=E,why=position-total\(kind=total,found=41,expected=42\)\)/);
  // A kind the catalogue does not know keeps the server's English detail.
  const odd = { error: "E", code: "bad-record", params: { kind: "new-kind", detail: "English detail" } };
  assert.equal(errorText(L, odd, 422), "error-bad-record(kind=new-kind,detail=English detail)");
});

test("a position's fault is worded by its kind", () => {
  const L = translator(["error-bad-position", "position-side"]);
  const data = { error: "E", code: "bad-position", params: { kind: "side", index: "9", value: "W", position: "7-W", detail: "E" } };
  assert.equal(errorText(L, data, 400), "error-bad-position(kind=side,index=9,value=W,position=7-W,detail=position-side(kind=side,index=9,value=W,position=7-W,detail=E))");
});

test("only the parameters that are sides are worded as sides, not a name that reads like one", () => {
  const L = translator(["error-name-taken", "error-name-reserved", "error-resign-other-side", "error-illegal-move"]);
  assert.equal(errorText(L, { error: "E", code: "name-reserved", params: { name: "south" } }, 400), "error-name-reserved(name=south)");
  assert.equal(errorText(L, { error: "E", code: "name-taken", params: { name: "north" } }, 409), "error-name-taken(name=north)");
  assert.equal(errorText(L, { error: "E", code: "resign-other-side", params: { side: "south", asked: "north" } }, 403), "error-resign-other-side(side=Güney,asked=Kuzey)");
  const pit = { error: "E", code: "illegal-move", params: { move: "a", reason: "not-your-pit", pit_of: "north", legal: ["A"] } };
  assert.equal(errorText(L, pit, 422), "error-illegal-move(move=a,reason=not-your-pit,pit_of=Kuzey,legal=A)");
});

test("a stranger met in the lobby is an opponent, never a friend, in every word of his game", () => {
  const en = readFileSync(new URL("../../../mancala-locale/locales/en.ftl", import.meta.url), "utf8");
  const message = (id) => {
    const m = new RegExp(`^${id} = (.*)$`, "m").exec(en);
    assert.ok(m, `en.ftl has no ${id}`);
    return m[1];
  };
  const kinds = ["title", "who", "waiting", "undoAsked", "watching", "listed", "turn"];
  const lobby = { kind: "remote", invited: null, hints: false, lobby: true };
  const link = { kind: "remote", invited: null, hints: false };
  for (const what of kinds) {
    const a = peopleWord(lobby, what), b = peopleWord(link, what);
    assert.notEqual(a, b, what);
    assert.doesNotMatch(message(a), /friend|through a link/i, `${what}: ${a}`);
    assert.match(message(b), /friend|through a link/i, `${what}: ${b}`);
  }
  assert.equal(peopleWord(lobby, "waiting"), "status-waiting-opponent");
  assert.equal(peopleWord(null, "who"), "who-friend");
});

test("the time categories are worded in every language, none left in English but French's bullet and blitz", () => {
  const categories = (lang) => {
    const text = readFileSync(new URL(`../../../mancala-locale/locales/${lang}.ftl`, import.meta.url), "utf8");
    return Object.fromEntries([...text.matchAll(/^category-([a-z]+) = (.+)$/gm)].map((m) => [m[1], m[2].trim()]));
  };
  const en = categories("en");
  assert.deepEqual(Object.keys(en).sort(), ["blitz", "bullet", "classical", "correspondence", "rapid", "untimed"]);
  for (const lang of ["ar", "ca", "es", "fr", "hr", "tr"]) {
    const words = categories(lang);
    for (const [id, english] of Object.entries(en)) {
      // French players say "bullet" and "blitz" as English does.
      if (lang === "fr" && (id === "bullet" || id === "blitz")) continue;
      assert.ok(words[id], `${lang}: category-${id}`);
      assert.notEqual(words[id], english, `${lang}: category-${id} is left in English`);
    }
  }
});
