// Three servers on one PostgreSQL database behind nginx (scripts/multi-server-test.sh starts
// them): two people play a whole game through the proxy, whose requests go to the servers in
// turn, and a spectator watches on the third server directly; every move is seen by the other
// two pages within a second of the server's answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execSync } from "node:child_process";
import { BASE, browser, pit, playable, setRange, movesShown, waitIdle, newGame } from "../tests/lib.mjs";

const SPECTATOR = process.env.SPECTATOR_URL;
assert.ok(SPECTATOR, "SPECTATOR_URL must name the third server (use scripts/multi-server-test.sh)");

test("a whole game through three servers: both players and a spectator see every move within a second", async () => {
  const meCtx = await browser("chromium-me-");
  const friendCtx = await browser("chromium-friend-");
  const watchCtx = await browser("chromium-watch-");
  try {
    const me = await meCtx.newPage();
    const id = await newGame(me, { game: "modiar", opponent: "remote", side: "south" });
    await me.waitForSelector("#g-invite:not([hidden])");
    const link = await me.inputValue("#g-invite-link");
    const friend = await friendCtx.newPage();
    await friend.goto(link);
    await friend.waitForURL(/#\/game\//);
    const watcher = await watchCtx.newPage();
    await watcher.goto(new URL(`/#/game/${id}`, SPECTATOR).href);
    await watcher.waitForSelector("#g-watch:not([hidden])");
    for (const p of [me, friend, watcher]) await setRange(p, "#g-speed", 4);
    await waitIdle(me);
    await waitIdle(friend);

    const players = [me, friend];
    let worst = 0;
    let plies = 0;
    for (let turn = 0; turn < 200; turn++) {
      await waitIdle(me);
      await waitIdle(friend);
      let mover = null;
      let moves = [];
      for (const p of players) {
        const mine = await playable(p);
        if (mine.length) { mover = p; moves = mine; }
      }
      if (!mover) break; // the game is over
      const others = [me, friend, watcher].filter((p) => p !== mover);
      const answered = mover.waitForResponse((r) => r.url().includes(`/api/games/${id}/moves`) && r.request().method() === "POST");
      await pit(mover, moves[turn % moves.length]).click();
      const r = await answered;
      assert.equal(r.status(), 200, await r.text());
      const at = Date.now();
      plies = (await r.json()).state.plies.length;
      for (const p of others) {
        await p.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length >= n, plies, { timeout: 10000 });
        worst = Math.max(worst, Date.now() - at);
      }
    }
    assert.ok(plies > 5, `only ${plies} plies were played`);
    // The game ended, and all three show the same moves.
    for (const p of [me, friend, watcher]) await p.waitForFunction(() => /over|wins|draw/i.test(document.getElementById("g-status").textContent), null, { timeout: 10000 });
    const shown = await movesShown(me);
    assert.equal(shown.length, plies);
    assert.deepEqual(await movesShown(friend), shown);
    assert.deepEqual(await movesShown(watcher), shown);
    console.log(`multi-server: ${plies} plies; the slowest other page showed a move ${worst} ms after the server answered it`);
    assert.ok(worst < 1000, `a move took ${worst} ms to reach another page`);
  } finally {
    await meCtx.close();
    await friendCtx.close();
    await watchCtx.close();
  }
});

test("PostgreSQL down mid-game: the page says it is reconnecting, the API answers 503, and the game goes on when it is back", async () => {
  assert.ok(process.env.PG_PAUSE && process.env.PG_RESUME, "PG_PAUSE and PG_RESUME must stop and start the database");
  const ctx = await browser("chromium-down-");
  let paused = false;
  try {
    const page = await ctx.newPage();
    const id = await newGame(page, { game: "mangala-ii", opponent: "local" });
    await setRange(page, "#g-speed", 4);
    for (let i = 0; i < 2; i++) {
      await waitIdle(page);
      const mine = await playable(page);
      await pit(page, mine[0]).click();
      await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length === n, i + 1);
    }
    await waitIdle(page);
    const before = await movesShown(page);
    execSync(process.env.PG_PAUSE);
    paused = true;
    // The API: JSON 503 naming the cause, through nginx.
    const answer = await page.evaluate(async (id) => {
      const r = await fetch(`/api/games/${id}`);
      return { status: r.status, body: await r.json() };
    }, id);
    assert.equal(answer.status, 503);
    assert.equal(answer.body.code, "database-unavailable");
    // A move tried now: not made, and the page says the connection is lost and it retries.
    const mine = await playable(page);
    await pit(page, mine[0]).click();
    await page.waitForSelector("#offline:not([hidden])", { timeout: 10000 });
    assert.match(await page.textContent("#offline"), /retrying/);
    execSync(process.env.PG_RESUME);
    paused = false;
    // Back: the banner goes, the game is shown as saved (the acknowledged moves, not the one
    // tried while the database was down), and it can be played on.
    await page.waitForSelector("#offline", { state: "hidden", timeout: 20000 });
    await waitIdle(page);
    assert.deepEqual(await movesShown(page), before);
    const again = await playable(page);
    await pit(page, again[0]).click();
    await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length === n, before.length + 1);
  } finally {
    if (paused) execSync(process.env.PG_RESUME);
    await ctx.close();
  }
});
