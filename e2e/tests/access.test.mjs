// Solitaire sizes refused with the reason, the phone, and an accessibility check (axe-core,
// run in the page) of the home page, a game and both solitaires.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, shot, pit, playable, setRange, waitIdle, newGame, axe } from "./lib.mjs";

let context;
before(async () => { context = await browser(); });
after(async () => { if (context) await context.close(); });

async function sizeField(page, sel, typed) {
  await page.fill(sel, "");
  await page.focus(sel);
  await page.keyboard.type(typed);
  await page.$eval(sel, (e) => e.dispatchEvent(new Event("change")));
}

test("solitaire sizes out of range are refused next to the field, never replaced", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/mirall", BASE).href);
  await page.waitForSelector("#m-board [data-count=A]");
  const pits = () => page.$$eval("#m-board [data-count]", (t) => t.length);
  assert.equal(await pits(), 12);
  for (const [typed, want] of [["0", /Pits must be a whole number from 1 to 12, not 0/], ["-1", /from 1 to 12, not -1/], ["1000", /from 1 to 12, not 1000/], ["abc", /Pits must be a whole number from 1 to 12/]]) {
    await sizeField(page, "#m-pits", typed);
    assert.match(await page.textContent("#m-size-msg"), want, `typed ${typed}`);
    assert.equal(await pits(), 12, `typed ${typed}: the board keeps its size`);
    assert.equal(await page.getAttribute("#m-pits", "aria-invalid"), "true");
    if (typed === "1000") await shot(page, "size-error", false);
  }
  await sizeField(page, "#m-pits", "3");
  assert.equal(await page.textContent("#m-size-msg"), "");
  await page.waitForFunction(() => document.querySelectorAll("#m-board [data-count]").length === 6);

  await page.goto(new URL("/#/cups", BASE).href);
  await page.waitForSelector("#c-board #cup-0");
  await sizeField(page, "#c-stones", "13");
  assert.match(await page.textContent("#c-size-msg"), /Stones must be a whole number from 1 to 12, not 13/);
  assert.equal(await page.$$eval("#c-board [data-count]", (t) => t.length), 5);
  // A size the page cannot finish: auto-play says so (the server's reason), and does not run.
  await sizeField(page, "#c-stones", "12");
  await sizeField(page, "#c-cups", "12");
  assert.equal(await page.textContent("#c-size-msg"), "");
  await setRange(page, "#c-speed", 5);
  await page.getByRole("button", { name: "Auto-play" }).click();
  await page.waitForFunction(() => document.getElementById("c-size-msg").textContent.startsWith("Auto-play cannot finish"), null, { timeout: 30000 });
  assert.match(await page.textContent("#c-size-msg"), /takes longer than the page waits|moves/);
  assert.equal(await page.textContent("#c-count"), "0");
  assert.equal(await page.textContent("#c-auto"), "Auto-play");
  await shot(page, "cups-cannot-finish");
  await page.close();
});

test("cells of the counts table not counted in time do not look like disagreements", async () => {
  const page = await context.newPage();
  // The server's answer when it ran out of time: null cells, here where the seed has values.
  await page.route(/\/api\/solitaires\/el-mirall\/table/, async (route) => {
    const r = await route.fetch();
    const t = await r.json();
    t.cells = t.cells.map((row, i) => row.map((v, j) => (i + j >= 5 ? null : v)));
    await route.fulfill({ response: r, json: t });
  });
  await page.goto(new URL("/#/mirall", BASE).href);
  await page.waitForSelector("#m-table table");
  const cells = await page.$$eval("#m-table td", (tds) => tds.map((td) => ({ text: td.textContent, cls: td.className })));
  // Every cell here agrees with the seed where it was counted: none may look like a mismatch.
  assert.deepEqual(cells.filter((c) => c.cls.includes("mismatch")), [], "no cell looks like a disagreement with the seed");
  const unknown = cells.filter((c) => c.cls.includes("unknown"));
  assert.ok(unknown.length > 0, "cells not counted are shown as unknown");
  assert.ok(unknown.every((c) => c.text === "?"), JSON.stringify(unknown.slice(0, 3)));
  await page.close();
});

test("the game page on a phone: pits of 44 px and more, labels legible, the buttons in view on its side", async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await newGame(page, { game: "oware", level: "greedy" });
  await pit(page, "C").waitFor();
  await setRange(page, "#g-speed", 4);
  await pit(page, "C").click();
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length >= 2, null, { timeout: 30000 });
  await waitIdle(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (page is ${width}px wide)`);
  for (const L of ["A", "F", "a", "f"]) {
    const b = await page.$eval(`#pit-${L} circle.pit`, (c) => c.getBoundingClientRect().width);
    assert.ok(b >= 44, `pit ${L} is ${b.toFixed(1)} px wide`);
  }
  const text = await page.$eval("#board [data-count=A]", (t) => t.getBoundingClientRect().height);
  assert.ok(text >= 12, `the counts are legible (${text.toFixed(1)} px)`);
  await shot(page, "phone");
  // On its side: the action buttons are in view without scrolling.
  await page.setViewportSize({ width: 844, height: 390 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  for (const name of ["Undo", "Hint", "Resign"]) {
    const b = await page.getByRole("button", { name }).boundingBox();
    assert.ok(b && b.y >= 0 && b.y + b.height <= 390, `${name} is in view (${JSON.stringify(b)})`);
  }
  const p = await page.$eval("#pit-A circle.pit", (c) => c.getBoundingClientRect().width);
  assert.ok(p >= 44, `pits stay large on its side (${p.toFixed(1)} px)`);
  await shot(page, "phone-landscape", false);
  await page.close();
});

test("no serious or critical accessibility violation (axe-core) on the home page, a game and both solitaires", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#ng-game option[value=modiar]", { state: "attached" });
  await axe(page, "home");
  await newGame(page, { game: "kalah", level: "greedy" });
  await pit(page, "A").waitFor();
  await setRange(page, "#g-speed", 4);
  await axe(page, "game (your turn)");
  await pit(page, "A").click();
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length >= 2, null, { timeout: 30000 });
  await waitIdle(page);
  await page.getByRole("button", { name: "Hint" }).click();
  await page.waitForFunction(() => document.getElementById("g-status").textContent.startsWith("Hint"), null, { timeout: 120000 });
  await axe(page, "game (a hint, the last move marked)");
  // Your games, once there are some.
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#my-games tr");
  await axe(page, "home with your games");
  await page.goto(new URL("/#/mirall", BASE).href);
  await page.waitForSelector("#m-table table");
  await axe(page, "El mirall");
  await page.selectOption("#m-mode", "duo");
  await axe(page, "El mirall for two");
  await page.goto(new URL("/#/cups", BASE).href);
  await page.waitForSelector("#c-table table");
  await axe(page, "Stones in cups");
  await page.close();
});

test("your games: each with its opponent, whose turn or the result, the score and the date; resumed from the list", async () => {
  const page = await context.newPage();
  const id = await newGame(page, { game: "modiar", level: "greedy" });
  await pit(page, "A").waitFor();
  await setRange(page, "#g-speed", 4);
  await pit(page, "A").click();
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length >= 2, null, { timeout: 30000 });
  await waitIdle(page);
  const score = `${await page.textContent("#g-south-score")}–${await page.textContent("#g-north-score")}`;
  await page.goto(new URL("/#/", BASE).href);
  const row = page.locator("#my-games tr", { has: page.locator(`a[href="#/game/${id}"]`) });
  await row.waitFor();
  const cells = await row.locator("td").allTextContents();
  assert.match(cells[0], /^Modiar \(you: South\)/);
  assert.match(cells[1], /^Computer \(greedy\)/);
  assert.equal(cells[2], "Your turn");
  assert.equal(cells[3], score);
  assert.ok(cells[4].length > 4, "a date");
  await row.getByRole("link", { name: /^Resume/ }).click();
  await page.waitForURL(new RegExp(`#/game/${id}$`));
  await waitIdle(page);
  assert.ok((await playable(page)).length > 0);
  await page.close();
});
