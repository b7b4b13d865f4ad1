// Looking back at a finished game: stepped by keyboard (Home, →, ←, End) with the board at each
// ply checked against `mancala replay`, a move in the list and a point of the evaluation graph
// jumping there, a link to a ply, and an OGN record opened the same way.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, shot, boardCounts, countsOf, mancala, movesShown, playable, axe } from "./lib.mjs";

let ctx;
before(async () => { ctx = await browser("chromium-review-"); });
after(async () => { if (ctx) await ctx.close(); });

// A finished game on one screen, played through the API (the first legal move each time).
async function finishedGame(page, game) {
  await page.goto(new URL("/#/", BASE).href);
  return page.evaluate(async (game) => {
    const post = async (path, body) => (await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
    const r = await post("/api/games", { game, opponent: "local" });
    let s = r.state;
    while (!s.over) s = (await post(`/api/games/${r.id}/moves`, { token: r.token, move: s.legal[0], version: s.version })).state;
    const all = JSON.parse(localStorage.getItem("mancala.games") || "{}");
    all[r.id] = { token: r.token, side: null, name: s.name, created: s.created };
    localStorage.setItem("mancala.games", JSON.stringify(all));
    return { id: r.id, moves: s.plies.map((p) => p.move), pits: s.pits };
  }, game);
}

test("a finished game stepped through by keyboard shows at each ply the board `mancala replay` gives", async () => {
  const page = await ctx.newPage();
  const g = await finishedGame(page, "modiar");
  await page.goto(new URL("/#/game/" + g.id, BASE).href);
  await page.waitForSelector("#g-result:not([hidden])");
  await page.waitForSelector("#g-review:not([hidden])");
  assert.deepEqual(await movesShown(page), g.moves);
  const at = async (k) => assert.deepEqual(await boardCounts(page), countsOf(mancala("replay", "modiar", ...g.moves.slice(0, k)), g.pits), `ply ${k}`);
  await page.keyboard.press("Home");
  await page.waitForFunction(() => /^The start/.test(document.getElementById("g-review-at").textContent));
  assert.ok(await page.isDisabled("#g-review-back"));
  await at(0);
  for (let k = 1; k <= g.moves.length; k++) {
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((k) => document.getElementById("g-review-at").textContent.startsWith(k === 0 ? "The start" : `Ply ${k} of`), k);
    await at(k);
    if (k < g.moves.length) {
      assert.match(await page.textContent("#g-status"), /Looking back/);
      assert.equal(page.url().split("?ply=")[1], String(k), "the address names the ply");
      assert.deepEqual(await playable(page), [], "a ply looked back at is not played");
    }
  }
  assert.ok(await page.isDisabled("#g-review-next"));
  // Back one, then End: the game as it is.
  await page.keyboard.press("ArrowLeft");
  await at(g.moves.length - 1);
  await page.keyboard.press("End");
  await at(g.moves.length);
  assert.doesNotMatch(page.url(), /ply=/);
  // A move in the list jumps there; a link to a ply opens it.
  await page.click(`#g-moves [data-move]:nth-of-type(1)`);
  await page.locator("#g-moves [data-move]").nth(2).click();
  await at(3);
  assert.equal(await page.getAttribute("#g-moves .mv.current", "aria-current"), "step");
  const other = await ctx.newPage();
  await other.goto(new URL(`/#/game/${g.id}?ply=5`, BASE).href);
  await other.waitForFunction(() => document.getElementById("g-review-at").textContent.startsWith("Ply 5 of"));
  assert.deepEqual(await boardCounts(other), countsOf(mancala("replay", "modiar", ...g.moves.slice(0, 5)), g.pits));
  await other.close();

  // The analysis drawn as a graph; a point jumps to its ply.
  await page.click("#g-analyse");
  await page.waitForSelector("#g-graph:not([hidden]) svg", { timeout: 120000 });
  const points = await page.locator("#g-graph circle").count();
  assert.equal(points, g.moves.length, "a point a ply");
  assert.match(await page.getAttribute("#g-graph svg", "aria-label"), /Evaluation after each ply/);
  await page.locator("#g-graph circle[data-ply='4']").click();
  await at(4);
  assert.match(await page.textContent("#g-review-at"), /^Ply 4 of/);
  await page.locator("#g-analysis li[data-ply='2']").click();
  await at(2);
  await shot(page, "viewer");
  await axe(page, "the viewer with its graph");
});

test("an OGN record is opened and stepped through the same way", async () => {
  const page = await ctx.newPage();
  const g = await finishedGame(page, "mangala-ii");
  const ogn = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/ogn`)).text(), g.id);
  await page.goto(new URL("/#/", BASE).href);
  await page.fill("#import-text", ogn);
  await page.click("#import-go");
  await page.waitForURL(/#\/game\//);
  await page.waitForSelector("#g-review:not([hidden])");
  assert.deepEqual(await movesShown(page), g.moves);
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.getElementById("g-review-at").textContent.startsWith("Ply 2 of"));
  assert.deepEqual(await boardCounts(page), countsOf(mancala("replay", "mangala-ii", ...g.moves.slice(0, 2)), g.pits));
});
