// What players expect of the game page (issue: every game finishable, your side at the bottom,
// keyboard and screen reader, honest feedback). Pits are found by their accessible names
// ("C, 7 seeds, playable"), passing by the button named Pass.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, mancala, shot, pit, pitName, playable, pitLabels, setRange, movesShown, waitIdle, newGame, apiGame, boardCounts, countsOf, playOne } from "./lib.mjs";

let context;
before(async () => { context = await browser(); });
after(async () => { if (context) await context.close(); });

test("Mangala II against the computer is played to its end when you must pass", async () => {
  const page = await context.newPage();
  await apiGame(page, { game: "mangala-ii", opponent: "engine", level: "greedy", side: "south", position: "0-0-0-0-0-0-1-3-1-1-1-1-30-34-S" });
  await setRange(page, "#g-speed", 4);
  const pass = page.getByRole("button", { name: "Pass", exact: true });
  await pass.waitFor({ state: "visible", timeout: 30000 });
  // No pit is playable; the status says why, and nobody passes for you.
  assert.deepEqual(await playable(page), []);
  assert.match(await page.textContent("#g-status"), /pass/);
  await page.waitForTimeout(300);
  assert.deepEqual(await movesShown(page), [], "no move is made for you");
  await shot(page, "pass");
  let passes = 0;
  const played = [];
  for (let i = 0; i < 200 && !(await page.isVisible("#g-result")); i++) {
    const m = await playOne(page);
    played.push(m);
    if (m === "pass") passes++;
    const moves = await movesShown(page);
    const core = JSON.parse(mancala("replay", "mangala-ii", "--position", "0-0-0-0-0-0-1-3-1-1-1-1-30-34-S", "--json", ...moves));
    if (!core.over) assert.deepEqual(await boardCounts(page), countsOf(core.position, 6), `after ${moves.join(" ")}`);
  }
  assert.ok(passes >= 2, `the human passed at least twice (${played.join(" ")})`);
  assert.ok(await page.isVisible("#g-result"), "the game reached its end");
  const moves = await movesShown(page);
  const core = JSON.parse(mancala("replay", "mangala-ii", "--position", "0-0-0-0-0-0-1-3-1-1-1-1-30-34-S", "--json", ...moves));
  assert.equal(core.over, true);
  const [s, n] = core.score;
  const words = core.winner === "draw" ? `Draw ${s}–${n}` : core.winner === "south" ? `You win ${s}–${n}` : `You lost ${s}–${n}`;
  assert.ok((await page.textContent("#g-result")).startsWith(words), await page.textContent("#g-result"));
  // The pass key: a second game, passed with P.
  await apiGame(page, { game: "mangala-ii", opponent: "engine", level: "greedy", side: "south", position: "0-0-0-0-0-0-1-3-1-1-1-1-30-34-S" });
  await pass.waitFor({ state: "visible", timeout: 30000 });
  await page.keyboard.press("p");
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length >= 2, null, { timeout: 30000 });
  assert.equal((await movesShown(page))[0], "pass");
  await page.close();
});

test("two players on one screen pass with the button too", async () => {
  const page = await context.newPage();
  await apiGame(page, { game: "mangala-ii", opponent: "local", position: "0-0-0-0-0-0-1-3-1-1-1-1-30-34-S" });
  await setRange(page, "#g-speed", 4);
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1);
  await waitIdle(page);
  assert.deepEqual(await movesShown(page), ["pass"]);
  assert.ok(!(await page.getByRole("button", { name: "Pass", exact: true }).isVisible()), "North has pits to play: no Pass");
  assert.deepEqual((await playable(page)).sort(), ["a", "b", "c", "d", "e", "f"]);
  await page.close();
});

test("as North the board is turned: your row at the bottom, read from your left; results worded for you", async () => {
  const page = await context.newPage();
  await newGame(page, { game: "modiar", level: "greedy", side: "north" });
  await setRange(page, "#g-speed", 4);
  // The computer (South) opened; North's pits are the playable ones.
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
  await waitIdle(page);
  const ls = await playable(page);
  assert.ok(ls.length > 0 && ls.every((l) => "abc".includes(l)), `North's pits are playable (${ls})`);
  const box = async (L) => pit(page, L).boundingBox();
  const [a, b, c, A] = [await box("a"), await box("b"), await box("c"), await box("A")];
  assert.ok(a.y > A.y, "North's row is at the bottom");
  assert.ok(a.x < b.x && b.x < c.x, "North's row reads from his left");
  const north = await page.locator(".score.north").boundingBox();
  const south = await page.locator(".score.south").boundingBox();
  assert.ok(north.x > south.x, "North's score sits at North's end (right, as turned)");
  assert.match(await page.textContent("#g-north-name"), /^You/);
  assert.match(await page.textContent("#g-status"), /^Your turn/);
  await shot(page, "north");
  for (let i = 0; i < 200 && !(await page.isVisible("#g-result")); i++) await playOne(page);
  const moves = await movesShown(page);
  const core = JSON.parse(mancala("replay", "modiar", "--json", ...moves));
  assert.equal(core.over, true);
  const [s, n] = core.score;
  const words = core.winner === "draw" ? `Draw ${s}–${n}` : core.winner === "north" ? `You win ${n}–${s}` : `You lost ${n}–${s}`;
  assert.ok((await page.textContent("#g-result")).startsWith(words), `${await page.textContent("#g-result")} / ${words}`);
  // Undo after the end does not reopen the game.
  assert.ok(await page.getByRole("button", { name: "Undo" }).isDisabled());
  await page.close();
});

test("feedback: your sowing is drawn at once, the computer is seen thinking, the last move stays marked", async () => {
  const page = await context.newPage();
  await newGame(page, { game: "oware", level: "novice", side: "south" });
  await pit(page, "C").waitFor();
  await setRange(page, "#g-speed", 0);
  const seen = page.evaluate(() => new Promise((resolve) => {
    const st = document.getElementById("g-status");
    const got = [];
    new MutationObserver(() => { got.push(st.textContent); if (st.textContent.startsWith("The computer is thinking")) resolve(got.slice()); }).observe(st, { childList: true, characterData: true, subtree: true });
  }));
  await pit(page, "C").click();
  const statuses = await seen;
  assert.ok(statuses.some((t) => t.startsWith("South plays C")), "the move is drawn before the computer answers");
  await waitIdle(page);
  const moves = await movesShown(page);
  const last = moves[moves.length - 1];
  const label = (await pitLabels(page)).find((l) => pitName(l) === last);
  assert.match(label, /last move/, "the computer's last move stays marked");
  assert.equal(await page.locator("#board .ring-last").count(), 1);
  // The live region told the moves.
  assert.match(await page.textContent("#g-live"), /North plays|Your turn|North/);
  await page.close();
});

test("Kalah says Extra turn, and the move numbers match the OGN record", async () => {
  const page = await context.newPage();
  await newGame(page, { game: "kalah", opponent: "local" });
  await setRange(page, "#g-speed", 4);
  // C (4 seeds) ends in South's store: South moves again.
  await pit(page, "C").click();
  await page.waitForFunction(() => document.getElementById("g-status").textContent.startsWith("Extra turn"), null, { timeout: 30000 });
  assert.match(await page.textContent("#g-live"), /Extra turn/);
  await waitIdle(page);
  await pit(page, "F").click();
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 2);
  await waitIdle(page);
  await pit(page, "a").click();
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 3);
  await waitIdle(page);
  const gid = page.url().split("#/game/")[1];
  const ogn = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/ogn`)).text(), gid);
  const movetext = ogn.trim().split("\n").pop().replace(/ \*$/, "");
  const shown = await page.$$eval("#g-moves li", (lis) => lis.map((li) => [...li.querySelectorAll(".num, [data-move]")].map((c) => c.textContent).join(" ")).join(" "));
  assert.equal(shown, movetext);
  assert.equal(shown, "1. C F a");
  await page.close();
});

test("keyboard only: a whole Modiar game with letters, Tab and Enter", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#ng-game option[value=modiar]", { state: "attached" });
  // The form, by keyboard: focus the game list, pick Modiar, and start.
  await page.focus("#ng-game");
  await page.selectOption("#ng-game", "modiar");
  await page.selectOption("#ng-level", "greedy");
  for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement.id)) !== "ng-start"; i++) await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "ng-start");
  await page.keyboard.press("Enter");
  await page.waitForURL(/#\/game\//);
  await pit(page, "A").waitFor();
  await setRange(page, "#g-speed", 4);
  // The keys are shown on the board (a key cap by each of your pits).
  assert.equal(await page.locator("#board .keycap").count(), 3);
  let i = 0;
  for (; i < 200 && !(await page.isVisible("#g-result")); i++) {
    const ls = await playable(page);
    assert.ok(ls.length > 0);
    const L = ls[ls.length - 1];
    const before = (await movesShown(page)).length;
    if (i % 3 === 0) await page.keyboard.press(L);                 // the letter
    else if (i % 3 === 1) await page.keyboard.press(L.toLowerCase()); // either case
    else {
      // Tab to the pit, then Enter (or Space).
      let name = "";
      for (let t = 0; t < 40; t++) {
        await page.keyboard.press("Tab");
        name = await page.evaluate(() => document.activeElement.getAttribute("aria-label") || "");
        if (name && pitName(name) === L) break;
      }
      assert.ok(pitName(name) === L, `Tab reached pit ${L}`);
      await page.keyboard.press(i % 2 ? "Enter" : " ");
    }
    await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n, before, { timeout: 60000 });
    await waitIdle(page);
  }
  assert.ok(await page.isVisible("#g-result"), "the game reached its end");
  const moves = await movesShown(page);
  assert.equal(JSON.parse(mancala("replay", "modiar", "--json", ...moves)).over, true);
  // The result was announced.
  assert.match(await page.textContent("#g-live"), /Game over: (You win|You lost|Draw)/);
  await page.close();
});

test("the hint is the analysis' best move on the same position", async () => {
  const page = await context.newPage();
  await newGame(page, { game: "modiar", level: "greedy", side: "south" });
  await pit(page, "A").waitFor();
  await setRange(page, "#g-speed", 4);
  const hints = [];
  for (let k = 0; k < 2; k++) {
    await page.getByRole("button", { name: "Hint" }).click();
    await page.waitForFunction(() => document.getElementById("g-status").textContent.startsWith("Hint: play"), null, { timeout: 120000 });
    const h = (await page.textContent("#g-status")).match(/^Hint: play (\w+)/)[1];
    assert.match((await pitLabels(page)).find((l) => pitName(l) === h), /the hint/);
    hints.push([(await movesShown(page)).length, h]);
    await pit(page, h).click();
    await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n, hints[k][0], { timeout: 60000 });
    await waitIdle(page);
    if (await page.isVisible("#g-result")) break;
  }
  await page.getByRole("button", { name: "Analyse" }).click();
  await page.waitForSelector("#g-analysis li", { timeout: 120000 });
  const rows = await page.$$eval("#g-analysis li", (l) => l.map((x) => ({ best: x.dataset.best, move: x.dataset.move, text: x.textContent })));
  for (const [ply, h] of hints) {
    assert.equal(rows[ply].move, h);
    assert.equal(rows[ply].best, h, `the hint ${h} is the analysis' best move (${rows[ply].text})`);
    assert.ok(!rows[ply].text.includes("mistake"), rows[ply].text);
  }
  assert.match(await page.textContent("#g-analysis-sum"), /\d+ plies deep|exact/);
  await page.close();
});
