// The lobby with three browsers: a challenge made in one is listed live in another and accepted
// with one click; both pages go to the game with the clock asked for; a third watches it from the
// lobby; "play anyone" pairs two players asking for the same game and clock.
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
