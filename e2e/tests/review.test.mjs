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

// Which way a button's arrow points, read from its pixels: the glyph's tip is the dark pixels
// of its middle rows, which lie left of its ends (‹ «) or right of them (› »).
async function pointing(page, sel) {
  const png = (await page.locator(sel).screenshot()).toString("base64");
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const img = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = new OffscreenCanvas(img.width, img.height);
      const g = canvas.getContext("2d");
      g.drawImage(img, 0, 0);
      const { data, width, height } = g.getImageData(0, 0, img.width, img.height);
      // The glyph's dark pixels, inside the button's border.
      const rows = new Map();
      for (let y = 5; y < height - 5; y++) for (let x = 5; x < width - 5; x++) {
        const i = 4 * (y * width + x);
        if ((data[i] + data[i + 1] + data[i + 2]) / 3 < 140) { if (!rows.has(y)) rows.set(y, []); rows.get(y).push(x); }
      }
      const ys = [...rows.keys()].sort((p, q) => p - q);
      if (ys.length < 3) return "blank";
      const mean = (list) => list.reduce((s, x) => s + x, 0) / list.length;
      const at = (y) => mean(rows.get(y));
      const mid = at(ys[Math.floor(ys.length / 2)]);
      const ends = (at(ys[0]) + at(ys[ys.length - 1])) / 2;
      return mid < ends ? "left" : "right";
    }, png);
  } finally { await blank.close(); }
}

// The glyphs are the same characters in every language: the browser turns them in a
// right-to-left page (Unicode's mirrored characters), as the buttons are laid out.
test("each review button's arrow points the way it goes, in English and in Arabic", async () => {
  const page = await ctx.newPage();
  const g = await finishedGame(page, "modiar");
  for (const [lang, back, next] of [["en", "left", "right"], ["ar", "right", "left"]]) {
    await page.goto(new URL(`/?lang=${lang}#/game/${g.id}?ply=3`, BASE).href);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.waitForSelector("#g-review:not([hidden])");
    await page.waitForFunction(() => !document.getElementById("g-review-back").disabled && !document.getElementById("g-review-next").disabled);
    const x = async (id) => (await page.locator(id).boundingBox()).x;
    // Next sits where the arrows lead: on the right in English, on the left in Arabic.
    assert.equal(await x("#g-review-next") > await x("#g-review-back"), lang === "en", `${lang}: where Next sits`);
    assert.equal(await pointing(page, "#g-review-first"), back, `${lang}: « the start`);
    assert.equal(await pointing(page, "#g-review-back"), back, `${lang}: ‹ back`);
    assert.equal(await pointing(page, "#g-review-next"), next, `${lang}: › next`);
    assert.equal(await pointing(page, "#g-review-last"), next, `${lang}: » the end`);
    // The keys follow the buttons, and are named so: the arrow pointing at Next goes forward.
    const [backKey, nextKey] = next === "right" ? ["ArrowLeft", "ArrowRight"] : ["ArrowRight", "ArrowLeft"];
    assert.equal(await page.getAttribute("#g-review-back", "aria-keyshortcuts"), backKey, lang);
    assert.equal(await page.getAttribute("#g-review-next", "aria-keyshortcuts"), nextKey, lang);
    await page.keyboard.press(nextKey);
    await page.waitForFunction(() => /\?ply=4$/.test(location.hash));
  }
  await page.close();
});
