// The lobby with three browsers: a challenge made in one is listed live in another and accepted
// with one click; both pages go to the game with the clock asked for; a third watches it from the
// lobby; "play anyone" pairs two players asking for the same game and clock. A challenge is
// taken back when its maker's page leaves the lobby or closes; a phone accepts as a desktop
// does; a double click accepts once; a logged-in player's own challenge, seen from another tab,
// is his, not one to accept.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, shot, pit, playable, setRange, waitIdle, axe } from "./lib.mjs";

let a, b, c;
before(async () => {
  a = await browser("chromium-lobby-a-");
  b = await browser("chromium-lobby-b-");
  c = await browser("chromium-lobby-c-");
});
after(async () => { for (const x of [a, b, c]) if (x) await x.close(); });

// Makes a challenge from `page` (in the lobby); returns its id.
async function challenge(page, game, clock) {
  await page.selectOption("#lb-game", game);
  await page.selectOption("#lb-clock", clock);
  await page.click("#lb-create");
  await page.waitForSelector("#lb-waiting:not([hidden])");
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("mancala.challenge")).id);
}

// Whether the lobby lists challenge `id` now, as the server says.
async function listed(page, id) {
  return page.evaluate(async (id) => (await (await fetch("/api/lobby")).json()).challenges.some((c) => c.id === id), id);
}

async function lobby(ctx, lang = "") {
  const p = await ctx.newPage();
  await p.goto(new URL(`/${lang ? "?lang=" + lang : ""}#/lobby`, BASE).href);
  await p.waitForSelector("#lb-game option[value=modiar]", { state: "attached" });
  return p;
}

test("a challenge made in one browser is accepted from the lobby in another, and watched from a third", async () => {
  const maker = await lobby(a);
  const taker = await lobby(b);
  await taker.waitForSelector("#lb-none:not([hidden])");
  await maker.selectOption("#lb-game", "mangala-ii");
  await maker.selectOption("#lb-clock", "3+2");
  await maker.selectOption("#lb-side", "north");
  await maker.click("#lb-create");
  await maker.waitForSelector("#lb-waiting:not([hidden])");
  assert.match(await maker.textContent("#lb-waiting-text"), /Your challenge is open \(Mangala II, 3 min \+ 2 s a move\)/);
  // Listed live in the other browser, without reloading.
  const row = taker.locator("#lb-list tbody tr", { hasText: "Mangala II" });
  await row.waitFor({ timeout: 15000 });
  assert.match(await row.textContent(), /3 min \+ 2 s a move.*North/);
  await shot(taker, "lobby");
  await axe(taker, "the lobby");
  // The maker does not see his own challenge as one to accept.
  assert.equal(await maker.locator("#lb-list tbody tr", { hasText: "Mangala II" }).count(), 0);
  // One click: the taker plays South, the maker's page goes to the same game as North.
  await row.getByRole("button", { name: /Accept the challenge: Mangala II/ }).click();
  await taker.waitForURL(/#\/game\//);
  const id = taker.url().split("#/game/")[1];
  await maker.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 20000 });
  for (const p of [maker, taker]) { await waitIdle(p); await setRange(p, "#g-speed", 4); }
  assert.ok((await playable(taker)).length > 0, "the taker plays South and moves first");
  assert.deepEqual(await playable(maker), []);
  assert.equal(await maker.textContent("#g-north-clock"), "3:00");
  // Met in the lobby: the other is an opponent, not a friend.
  assert.equal(await maker.textContent("#g-south-name"), "Opponent (South)");
  assert.equal(await taker.textContent("#g-north-name"), "Opponent (North)");
  await pit(taker, "A").click();
  await maker.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
  await waitIdle(maker);
  await pit(maker, (await playable(maker))[0]).click();
  await taker.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 2, null, { timeout: 30000 });
  // A third browser finds it among the games going on, in Turkish, and watches.
  const watcher = await lobby(c, "tr");
  const link = watcher.locator("#lb-games a", { hasText: "Mangala" });
  await link.waitFor({ timeout: 15000 });
  assert.match(await link.textContent(), /İzle/);
  await link.click();
  await watcher.waitForURL(new RegExp(`#/game/${id}$`));
  await watcher.waitForSelector("#g-watch:not([hidden])");
  assert.equal(await watcher.locator("#g-moves [data-move]").count(), 2);
  assert.deepEqual(await playable(watcher), []);
});

test("play anyone pairs two players asking for the same game and clock", async () => {
  const first = await lobby(a);
  await first.selectOption("#lb-game", "oware");
  await first.selectOption("#lb-clock", "5+5");
  await first.click("#lb-seek");
  await first.waitForSelector("#lb-waiting:not([hidden])");
  const second = await lobby(b);
  await second.selectOption("#lb-game", "oware");
  await second.selectOption("#lb-clock", "5+5");
  await second.click("#lb-seek");
  await second.waitForURL(/#\/game\//);
  const id = second.url().split("#/game/")[1];
  await first.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 20000 });
  await waitIdle(first);
  await waitIdle(second);
  const moves = [(await playable(first)).length, (await playable(second)).length];
  assert.equal(moves.filter((n) => n > 0).length, 1, "one of the two moves first");
});

test("on a phone the lobby's challenges have their Accept button", async () => {
  const maker = await lobby(a);
  await challenge(maker, "kalah", "10+0");
  const phone = await c.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(new URL("/#/lobby", BASE).href);
  const row = phone.locator("#lb-list tbody tr", { hasText: "Kalah" });
  await row.waitFor({ timeout: 15000 });
  const accept = row.getByRole("button", { name: /Accept the challenge: Kalah/ });
  assert.ok(await accept.isVisible(), "the Accept button is shown on a phone");
  const box = await accept.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the button is within the screen (${JSON.stringify(box)})`);
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= 390), "the lobby fits the phone");
  await shot(phone, "lobby-phone");
  await accept.click();
  await phone.waitForURL(/#\/game\//);
  const id = phone.url().split("#/game/")[1];
  await maker.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 20000 });
  await phone.close();
  await maker.close();
});

test("a maker who leaves the lobby for another view takes the challenge back", async () => {
  const maker = await lobby(a);
  const other = await lobby(b);
  const id = await challenge(maker, "oware", "15+10");
  await other.locator("#lb-list tbody tr", { hasText: "Oware" }).waitFor({ timeout: 15000 });
  // How to play, in the same tab: nobody would see the challenge accepted.
  await maker.click("[data-nav=rules]");
  await maker.waitForURL(/#\/rules/);
  // Gone at once, not after the 30 s a challenge nobody asks about stays listed.
  await other.locator("#lb-list tbody tr", { hasText: "Oware" }).waitFor({ state: "detached", timeout: 8000 });
  assert.equal(await listed(other, id), false);
  assert.equal(await maker.evaluate(() => sessionStorage.getItem("mancala.challenge")), null);
  await maker.close();
  await other.close();
});

test("a maker who leaves the lobby just after his challenge was accepted is taken to the game", async () => {
  const maker = await lobby(a);
  const id = await challenge(maker, "mangala-ii", "15+10");
  // The maker's page has not heard of the acceptance when it leaves: until it takes the
  // challenge back, its checks of its own challenge are answered as if nobody had accepted it.
  let leaving = false;
  maker.on("request", (r) => { if (r.url().endsWith(`/api/lobby/${id}/cancel`)) leaving = true; });
  await maker.route(`**/api/lobby/${id}`, (r) => !leaving && r.request().method() === "GET"
    ? r.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ challenge: { id }, game: null }) })
    : r.continue());
  const taker = await lobby(b);
  const game = await taker.evaluate(async (id) => (await (await fetch(`/api/lobby/${id}/accept`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).json()).id, id);
  assert.ok(game, "accepted");
  await maker.click("[data-nav=rules]");
  await maker.waitForURL(new RegExp(`#/game/${game}$`), { timeout: 15000 });
  await waitIdle(maker);
  assert.match(await maker.textContent("#g-title"), /Mangala II/);
  await maker.close();
  await taker.close();
});

test("a double click on Accept accepts once, and says nothing of someone else", async () => {
  const maker = await lobby(a);
  await challenge(maker, "oware", "10+0");
  const taker = await lobby(b);
  const accepts = [];
  taker.on("request", (r) => { if (/^\/api\/lobby\/[^/]+\/accept$/.test(new URL(r.url()).pathname)) accepts.push(r.url()); });
  const row = taker.locator("#lb-list tbody tr", { hasText: /Oware.*10 min/ });
  await row.waitFor({ timeout: 15000 });
  await row.getByRole("button", { name: /Accept the challenge: Oware/ }).dblclick();
  await taker.waitForURL(/#\/game\//);
  await waitIdle(taker);
  assert.equal(accepts.length, 1, `one acceptance sent: ${accepts}`);
  assert.equal(await taker.textContent("#lb-error"), "");
  await maker.close();
  await taker.close();
});

// The acceptance reaches the server, but its answer is lost with the connection: once the
// server answers again the page sends the same request (its id) and is taken to the seat it
// got, where the maker already is; the challenge is not left taken with nobody in the seat.
test("an acceptance whose answer was lost is sent again and takes the player to his seat", async () => {
  const maker = await lobby(a);
  await challenge(maker, "kalah", "15+10");
  const taker = await lobby(b);
  const accept = /\/api\/lobby\/[^/]+\/accept$/;
  let lost;
  const gone = new Promise((resolve) => { lost = resolve; });
  const bodies = [];
  taker.on("request", (r) => { if (accept.test(new URL(r.url()).pathname)) bodies.push(r.postDataJSON()); });
  await taker.route(accept, async (r) => {
    await r.fetch();
    await r.abort("connectionreset");
    lost();
  }, { times: 1 });
  const row = taker.locator("#lb-list tbody tr", { hasText: /Kalah.*15 min/ });
  await row.waitFor({ timeout: 15000 });
  await row.getByRole("button", { name: /Accept the challenge: Kalah/ }).click();
  await gone;
  await taker.waitForURL(/#\/game\//, { timeout: 30000 });
  const id = taker.url().split("#/game/")[1];
  await maker.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 20000 });
  assert.equal(bodies.length, 2, "sent again once");
  assert.equal(bodies[0].request, bodies[1].request, "with the same id");
  for (const p of [maker, taker]) { await waitIdle(p); await setRange(p, "#g-speed", 4); }
  // Each has a seat: exactly one of the two moves first.
  const moves = [(await playable(maker)).length, (await playable(taker)).length];
  assert.equal(moves.filter((n) => n > 0).length, 1, `one of the two moves first: ${moves}`);
  assert.equal(await taker.isVisible("#g-watch"), false, "the taker plays, not watches");
  await maker.close();
  await taker.close();
});

test("a logged-in player's own challenge, seen from another tab, is his and not offered; closing its tab takes it back", async () => {
  const ctx = await browser("chromium-lobby-own-");
  try {
    const first = await ctx.newPage();
    await first.goto(new URL("/#/account", BASE).href);
    await first.waitForSelector("#acc-signup");
    await first.fill("#acc-signup-name", "Selin");
    await first.fill("#acc-signup-password", "a password of Selin");
    await first.click("#acc-signup button[type=submit]");
    await first.waitForSelector("#acc-in:not([hidden])");
    await first.goto(new URL("/#/lobby", BASE).href);
    await first.waitForSelector("#lb-game option[value=modiar]", { state: "attached" });
    const id = await challenge(first, "modiar", "1+0");
    // Another tab of the same browser: the same login, its own page.
    const second = await ctx.newPage();
    await second.goto(new URL("/#/lobby", BASE).href);
    const row = second.locator("#lb-list tbody tr", { hasText: "Selin" });
    await row.waitFor({ timeout: 15000 });
    assert.equal(await row.getByRole("button").count(), 0, "no Accept on one's own challenge");
    assert.match(await row.textContent(), /Your challenge/);
    // The other browser may accept it.
    const stranger = await lobby(b);
    const theirs = stranger.locator("#lb-list tbody tr", { hasText: "Selin" });
    await theirs.waitFor({ timeout: 15000 });
    assert.equal(await theirs.getByRole("button", { name: /Accept/ }).count(), 1);
    // The maker's tab goes to another site: the challenge is taken back (the request carries
    // the login's CSRF token, or the server would refuse it).
    await first.goto("about:blank");
    await second.waitForFunction(async (id) => !(await (await fetch("/api/lobby")).json()).challenges.some((c) => c.id === id), id, { timeout: 8000, polling: 250 });
    await theirs.waitFor({ state: "detached", timeout: 10000 });
    await stranger.close();
  } finally { await ctx.close(); }
});

test("a challenge refused for too many open ones is worded with their number, by the language's plural", async () => {
  for (const [lang, max, words] of [["en", 3, /^You have 3 open challenges already: take one back/], ["en", 1, /^You have an open challenge already: take it back/], ["hr", 3, /3 otvorena izazova/], ["hr", 5, /5 otvorenih izazova/]]) {
    const page = await lobby(c, lang);
    // The server's answer (docs/api.md: a code and its parameters beside the English).
    await page.route("**/api/lobby", (r) => r.request().method() === "POST"
      ? r.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ code: "too-many-challenges", error: "too many open challenges", params: { max }, status: 429 }) })
      : r.continue());
    await page.click("#lb-create");
    await page.waitForFunction(() => document.getElementById("lb-error").textContent !== "");
    assert.match(await page.textContent("#lb-error"), words);
    assert.ok(await page.isHidden("#lb-waiting"));
    await page.close();
  }
});
