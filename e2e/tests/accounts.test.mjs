// Accounts with two browsers: each signs up, one makes a rated challenge with a clock in the
// lobby, the other accepts it; they play, one resigns, and both pages show the ratings moved;
// the game is on both players' pages and the leaderboard lists both.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, shot, pit, playable, setRange, waitIdle, axe } from "./lib.mjs";

let a, b;
before(async () => {
  a = await browser("chromium-acc-a-");
  b = await browser("chromium-acc-b-");
});
after(async () => { for (const x of [a, b]) if (x) await x.close(); });

async function signUp(ctx, name) {
  const p = await ctx.newPage();
  await p.goto(new URL("/#/account", BASE).href);
  await p.waitForSelector("#acc-signup");
  await p.fill("#acc-signup-name", name);
  await p.fill("#acc-signup-password", "a password of " + name);
  await p.click("#acc-signup button[type=submit]");
  await p.waitForSelector("#acc-in:not([hidden])");
  assert.equal(await p.textContent("#acc-name"), name);
  assert.equal(await p.textContent("#nav-account"), name);
  return p;
}

test("two accounts play a rated game with a clock, and both ratings move", async () => {
  const pa = await signUp(a, "Ayla");
  await axe(pa, "the account page");
  const pb = await signUp(b, "Baran");
  // A rated challenge, 5+5, Ayla South.
  await pa.goto(new URL("/#/lobby", BASE).href);
  await pa.waitForSelector("#lb-game option[value=modiar]", { state: "attached" });
  await pa.selectOption("#lb-game", "modiar");
  await pa.selectOption("#lb-clock", "5+5");
  await pa.selectOption("#lb-side", "south");
  assert.equal(await pa.isVisible("#lb-rated"), true, "the rated box is there when logged in");
  await pa.check("#lb-rated");
  await pa.click("#lb-create");
  await pa.waitForSelector("#lb-waiting:not([hidden])");
  await pb.goto(new URL("/#/lobby", BASE).href);
  const row = pb.locator("#lb-list tbody tr", { hasText: "Ayla" });
  await row.waitFor({ timeout: 15000 });
  assert.match(await row.textContent(), /rated · Ayla \(1500\?\)/);
  await row.getByRole("button", { name: /Accept the challenge/ }).click();
  await pb.waitForURL(/#\/game\//);
  const id = pb.url().split("#/game/")[1];
  await pa.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 20000 });
  for (const p of [pa, pb]) { await waitIdle(p); await setRange(p, "#g-speed", 4); }
  assert.equal(await pa.textContent("#g-north-name"), "Baran (1500?) (North)");
  assert.equal(await pb.textContent("#g-north-name"), "You, Baran (1500?) (North)");
  assert.equal(await pa.textContent("#g-south-clock"), "5:00");
  await pit(pa, (await playable(pa))[0]).click();
  await pb.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
  await waitIdle(pb);
  pb.once("dialog", (d) => d.accept());
  await pb.click("#g-resign");
  for (const p of [pa, pb]) {
    await p.waitForFunction(() => /\(\+\d+\)/.test(document.getElementById("g-result").textContent), null, { timeout: 20000 });
  }
  const result = await pa.textContent("#g-result");
  assert.match(result, /Ayla: [\d,.]+ \(\+\d+\)/, result);
  assert.match(result, /Baran: [\d,.]+ \(-\d+\)/, result);
  await shot(pa, "rated-game");
  // The game on both players' pages, with the rating history drawn.
  for (const [p, name, word] of [[pa, "Ayla", "won"], [pb, "Baran", "lost"]]) {
    await p.goto(new URL("/#/player/" + name, BASE).href);
    await p.waitForSelector("#pl-plots svg circle");
    const games = await p.textContent("#pl-games");
    assert.match(games, new RegExp(word), games);
    assert.match(await p.textContent("#pl-ratings"), /Modiar, rapid/);
  }
  await shot(pa, "player");
  await axe(pa, "a player's page");
  // The leaderboard of that pool: Ayla first.
  await pa.goto(new URL("/#/leaderboard", BASE).href);
  await pa.waitForSelector("#ld-table tbody tr");
  const first = await pa.textContent("#ld-table tbody tr:first-child");
  assert.match(first, /1.*Ayla/, first);
  await axe(pa, "the leaderboard");
  // A rated game against the computer from the new-game form: the box is offered only for a
  // level with a measured rating in the game, which it names; the computer is shown with it, and
  // a resignation moves Ayla's rating.
  await pa.goto(new URL("/#/", BASE).href);
  await pa.waitForSelector("#ng-game option[value=oware]", { state: "attached" });
  await pa.selectOption("#ng-game", "oware");
  await pa.selectOption("#ng-opponent", "engine");
  await pa.selectOption("#ng-level", "random");
  assert.equal(await pa.isVisible("#ng-rated"), false, "no rated box for a level without a rating");
  await pa.selectOption("#ng-level", "beginner");
  await pa.waitForSelector("#ng-rated-row:not([hidden])");
  const offered = await pa.textContent("#ng-rated-text");
  assert.match(offered, /^Rated: the computer plays at \d+$/, offered);
  await pa.check("#ng-rated");
  await pa.click("#ng-start");
  await pa.waitForURL(/#\/game\//);
  await pa.waitForFunction(() => /^Computer, rated \d+ \(North\)$/.test(document.getElementById("g-north-name").textContent), null, { timeout: 15000 });
  await waitIdle(pa);
  assert.match(await pa.textContent("#g-hints-note"), /takebacks are off in a rated game/);
  // A move and the computer's answer: no takeback offered.
  await pit(pa, (await playable(pa))[0]).click();
  await pa.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length >= 2, null, { timeout: 30000 });
  await waitIdle(pa);
  assert.equal(await pa.isDisabled("#g-undo"), true, "no takeback in a rated game against the computer");
  pa.once("dialog", (d) => d.accept());
  await pa.click("#g-resign");
  await pa.waitForFunction(() => /Ayla: [\d,.]+ \(-\d+\)/.test(document.getElementById("g-result").textContent), null, { timeout: 20000 });
  await pa.goto(new URL("/#/player/Ayla", BASE).href);
  await pa.waitForSelector("#pl-plots svg circle");
  assert.match(await pa.textContent("#pl-ratings"), /Oware/);
  // On another device, Baran logs in and finds the game among his own, and opens its seat.
  const c = await browser("chromium-acc-c-");
  try {
    const pc = await c.newPage();
    await pc.goto(new URL("/#/account", BASE).href);
    await pc.waitForSelector("#acc-login");
    await pc.fill("#acc-login-name", "baran");
    await pc.fill("#acc-login-password", "a password of Baran");
    await pc.click("#acc-login button[type=submit]");
    await pc.waitForSelector("#acc-in:not([hidden])");
    await pc.goto(new URL("/#/", BASE).href);
    await pc.waitForSelector("#my-games tr");
    assert.match(await pc.textContent("#my-games"), /Modiar/);
    await pc.goto(new URL("/#/game/" + id, BASE).href);
    await pc.waitForSelector("#g-north-name");
    await pc.waitForFunction(() => /You, Baran/.test(document.getElementById("g-north-name").textContent));
    // Logged out there, the seats it had from the account leave that browser.
    await pc.goto(new URL("/#/account", BASE).href);
    await pc.click("#acc-logout");
    await pc.waitForSelector("#acc-out:not([hidden])");
    assert.equal(await pc.evaluate((g) => !!(JSON.parse(localStorage.getItem("mancala.games") || "{}")[g]), id), false);
  } finally { await c.close(); }
  // Logged out, the page is a guest's again.
  await pa.goto(new URL("/#/account", BASE).href);
  await pa.click("#acc-logout");
  await pa.waitForSelector("#acc-out:not([hidden])");
  assert.equal(await pa.textContent("#nav-account"), "Log in");
});
