// A phone held upright (390 × 844): the longest names an account may have (24 letters, no space)
// wrap or are cut inside their boxes on every page that shows them, and never widen the page;
// the board's store names are readable.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, shot, pit, playable, setRange, waitIdle, apiGame } from "./lib.mjs";

const PHONE = { width: 390, height: 844 };
const SOUTH = "W".repeat(24), NORTH = "m".repeat(23) + "W";
const contexts = [];
after(async () => { for (const c of contexts) await c.close(); });

async function phone(name, options = {}) {
  const ctx = await browser(name, options);
  contexts.push(ctx);
  const page = await ctx.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

async function signUp(page, name) {
  await page.goto(new URL("/#/account", BASE).href);
  await page.waitForSelector("#acc-signup");
  await page.fill("#acc-signup-name", name);
  await page.fill("#acc-signup-password", "a password of " + name);
  await page.click("#acc-signup button[type=submit]");
  await page.waitForSelector("#acc-in:not([hidden])");
}

// The page is no wider than the phone, and each of `selectors` (those shown) lies within it
// and within its own box (nothing runs out of it).
async function fits(page, where, selectors = []) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= PHONE.width, `${where}: the page is ${wide} px wide`);
  for (const sel of selectors) {
    const bad = await page.$$eval(sel, (es) => es.filter((e) => e.offsetParent !== null).map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent.slice(0, 40), left: r.left, right: r.right, overflow: e.scrollWidth - e.clientWidth };
    }).filter((b) => b.left < 0 || b.right > 390 || b.overflow > 1));
    assert.deepEqual(bad, [], `${where}: ${sel}`);
  }
}

test("the longest names fit a phone: lobby, game, spectator, result, account, player page, leaderboard", async () => {
  const south = await phone("chromium-phone-s-");
  const north = await phone("chromium-phone-n-");
  await signUp(south, SOUTH);
  await fits(south, "the account page", ["#acc-name", ".card"]);
  await shot(south, "phone-account-long-name");
  await signUp(north, NORTH);
  await south.goto(new URL("/#/lobby", BASE).href);
  await south.waitForSelector("#lb-game option[value=modiar]", { state: "attached" });
  await south.selectOption("#lb-game", "modiar");
  await south.selectOption("#lb-clock", "10+0");
  await south.selectOption("#lb-side", "south");
  await south.check("#lb-rated");
  await south.click("#lb-create");
  await south.waitForSelector("#lb-waiting:not([hidden])");
  await north.goto(new URL("/#/lobby", BASE).href);
  const row = north.locator("#lb-list tbody tr", { hasText: SOUTH });
  await row.waitFor({ timeout: 15000 });
  await fits(north, "the lobby", ["#lb-list td", "#lb-list button"]);
  await row.getByRole("button", { name: /Accept the challenge/ }).click();
  await north.waitForURL(/#\/game\//);
  const id = north.url().split("#/game/")[1];
  await south.waitForURL(new RegExp(`#/game/${id}$`), { timeout: 20000 });
  for (const p of [south, north]) { await waitIdle(p); await setRange(p, "#g-speed", 4); }
  for (const [p, who] of [[south, "South"], [north, "North"]]) {
    assert.match(await p.textContent(`#g-${who.toLowerCase()}-name`), new RegExp(who === "South" ? SOUTH : NORTH));
    await fits(p, `${who}'s game page`, [".score", "#g-title"]);
  }
  await shot(north, "phone-game-long-names", false);
  // A spectator's banner names both players.
  const watcher = await phone("chromium-phone-w-");
  await watcher.goto(new URL("/#/game/" + id, BASE).href);
  await watcher.waitForSelector("#g-watch:not([hidden])");
  const banner = await watcher.textContent("#g-watch");
  assert.ok(banner.includes(SOUTH) && banner.includes(NORTH), banner);
  assert.ok(banner.indexOf(SOUTH) < banner.indexOf(NORTH), `South first: ${banner}`);
  assert.match(banner, /^You are watching: W{24} \(1500\?\) \(South\) against m{23}W \(1500\?\) \(North\), two players who met in the lobby/);
  await fits(watcher, "the spectator's page", [".watch", ".score"]);
  // A move, a resignation: the result names both with their new ratings.
  await pit(south, (await playable(south))[0]).click();
  await north.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
  await waitIdle(north);
  north.once("dialog", (d) => d.accept());
  await north.click("#g-resign");
  await south.waitForFunction(() => /\(\+\d+\)/.test(document.getElementById("g-result").textContent), null, { timeout: 20000 });
  await fits(south, "the result", [".result"]);
  // The players' pages and the leaderboard.
  await north.goto(new URL("/#/player/" + SOUTH, BASE).href);
  await north.waitForSelector("#pl-plots svg circle");
  await fits(north, "a player's page", ["#pl-name", "#pl-games td", "#pl-ratings td"]);
  // The plot is labelled with the ratings held, not the box's padded range.
  const history = await north.evaluate(async (n) => (await (await fetch("/api/players/" + n)).json()).history, SOUTH);
  const held = [history[0].before, ...history.map((h) => h.rating)];
  const labels = (await north.$$eval("#pl-plots svg text", (ts) => ts.map((t) => Number(t.textContent)))).sort((x, y) => x - y);
  assert.deepEqual(labels, [Math.min(...held), Math.max(...held)]);
  await north.goto(new URL("/#/leaderboard", BASE).href);
  await north.waitForSelector("#ld-table tbody tr");
  await fits(north, "the leaderboard", ["#ld-table td"]);
  await north.goto(new URL("/#/account", BASE).href);
  await north.waitForSelector("#acc-games td");
  await fits(north, "the account's games", ["#acc-name", "#acc-games td"]);
  // A game's date is shown on a phone too: only "Your games" leaves a column out.
  const date = north.locator("#acc-games tbody td").nth(4);
  assert.ok(await date.isVisible(), "the date of an account's game");
  await shot(north, "phone-account-games", false);
});

test("on a phone the stores' names are readable and inside their stores, in every script", async () => {
  for (const [locale, lang] of [["en-GB", "en"], ["tr-TR", "tr"], ["ar-MA", "ar"], ["hr-HR", "hr"]]) {
    const page = await phone("chromium-phone-stores-", { locale });
    await apiGame(page, { game: "mangala-ii", opponent: "local", position: "4-4-4-4-4-4-4-4-4-4-4-4-10-14-S" });
    await page.waitForSelector("#board .rowname");
    const names = await page.$$eval("#board .rowname", (ts) => ts.map((t) => {
      const svg = t.ownerSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const r = t.getBoundingClientRect();
      // The store this name is drawn in: the one whose box holds the name's middle.
      const stores = [...svg.querySelectorAll(".store")].map((s) => s.getBoundingClientRect());
      const mid = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      const box = stores.find((s) => s.left <= mid.x && mid.x <= s.right && s.top <= mid.y && mid.y <= s.bottom);
      return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale, r: { left: r.left, right: r.right, top: r.top, bottom: r.bottom }, box: box && { left: box.left, right: box.right, top: box.top, bottom: box.bottom } };
    }));
    assert.equal(names.length, 2, lang);
    for (const n of names) {
      assert.ok(n.px >= 11, `${lang}: "${n.text}" is ${n.px.toFixed(1)} px high`);
      assert.ok(n.box, `${lang}: "${n.text}" lies in a store`);
      const inside = n.r.left >= n.box.left - 1 && n.r.right <= n.box.right + 1 && n.r.top >= n.box.top - 1 && n.r.bottom <= n.box.bottom + 1;
      assert.ok(inside, `${lang}: "${n.text}" ${JSON.stringify(n.r)} inside its store ${JSON.stringify(n.box)}`);
    }
    if (lang === "ar") await shot(page, "phone-board-arabic", false);
    await page.close();
  }
});
