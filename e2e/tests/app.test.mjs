// End-to-end tests of the page in headless Chromium. Started by e2e/run.sh, which gives
// BASE_URL (a running `mancala serve`), MANCALA_BIN (the command, to check the page against
// the rules core through `mancala replay` and `mancala cycle`) and, optionally, SCREENSHOT_DIR.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, countsOf, mancala, movesShown, setRange, shot } from "./lib.mjs";

let context;

before(async () => {
  context = await browser();
});

after(async () => {
  if (context) await context.close();
});

// The board as the page shows it: counts by pit letter.
async function boardCounts(page, n) {
  const counts = {};
  for (let i = 0; i < n; i++) {
    for (const L of [String.fromCharCode(65 + i), String.fromCharCode(97 + i)]) {
      counts[L] = Number(await page.textContent(`#board [data-count="${L}"]`));
    }
  }
  return counts;
}

async function waitIdle(page) {
  // The page is idle when it shows the state it got (no animation, no request pending).
  await page.waitForFunction(() => {
    const s = document.getElementById("g-status").textContent;
    return !document.getElementById("view-game").hasAttribute("data-busy") && (s.startsWith("Your turn") || s.startsWith("Game over"));
  }, null, { timeout: 30000 });
}

test("a Modiar game against the computer, played to its end and found again after a reload", async () => {
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForSelector("#ng-game option[value=modiar]", { state: "attached" });
  await page.selectOption("#ng-game", "modiar");
  await page.selectOption("#ng-opponent", "engine");
  await page.selectOption("#ng-level", "greedy");
  await page.selectOption("#ng-side", "south");
  await shot(page, "new-game");
  await page.click("#ng-start");
  await page.waitForURL(/#\/game\//);
  const id = page.url().split("#/game/")[1];
  await page.waitForSelector("#pit-A .pit.legal");
  // The start position, drawn with North's row on top.
  assert.deepEqual(await boardCounts(page, 3), countsOf("7-7-7-7-7-7-0-0-S", 3));
  const yA = await page.$eval("#pit-A circle", (c) => Number(c.getAttribute("cy")));
  const ya = await page.$eval("#pit-a circle", (c) => Number(c.getAttribute("cy")));
  assert.ok(ya < yA, "North's row is drawn above South's");
  // Only legal pits are highlighted: all of South's, none of North's.
  assert.equal(await page.$$eval("#board .pit.legal", (p) => p.length), 3);

  // The first move, animated seed by seed: the page shows the sowing in progress.
  await page.click("#pit-A");
  await page.waitForFunction(() => document.getElementById("g-status").textContent.startsWith("South plays A"));
  await waitIdle(page);
  let moves = await movesShown(page);
  assert.equal(moves[0], "A");
  assert.ok(moves.length >= 2, "the computer answered");
  // The board now is the position the rules core gives for the same moves.
  let want = mancala("replay", "modiar", ...moves);
  assert.deepEqual(await boardCounts(page, 3), countsOf(want, 3));
  await shot(page, "game");

  // Play on quickly to the end: always the first highlighted pit.
  await setRange(page, "#g-speed", 4);
  for (let i = 0; i < 200; i++) {
    const over = await page.isVisible("#g-result");
    if (over) break;
    const legal = await page.$$eval("#board .pit.legal", (ps) => ps.map((p) => p.parentNode.getAttribute("data-pit")));
    assert.ok(legal.length > 0, "a legal pit is shown while the game goes on");
    const before = (await movesShown(page)).length;
    await page.click(`#pit-${legal[0]}`);
    await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n, before, { timeout: 30000 });
    await waitIdle(page);
    moves = await movesShown(page);
    want = mancala("replay", "modiar", ...moves);
    const shown = await boardCounts(page, 3);
    if (!(await page.isVisible("#g-result"))) assert.deepEqual(shown, countsOf(want, 3), `after ${moves.join(" ")}`);
  }
  assert.ok(await page.isVisible("#g-result"), "the game reached its end");
  const result = await page.textContent("#g-result");
  const core = JSON.parse(mancala("replay", "modiar", "--json", ...moves));
  assert.equal(core.over, true);
  const [s, n] = core.score;
  // Worded for the player (South here): his score first.
  if (core.winner === "draw") assert.match(result, new RegExp(`^Draw ${s}–${n}`));
  else assert.match(result, new RegExp(`^${core.winner === "south" ? "You win" : "You lost"} ${s}–${n}`));
  assert.equal(await page.textContent("#g-south-score"), String(s));
  assert.equal(await page.textContent("#g-north-score"), String(n));
  await shot(page, "game-over");

  // The analysis weighs every move, as `mancala analyze` does at the same depth.
  await page.click("#g-analyse");
  await page.waitForFunction((n) => document.querySelectorAll("#g-analysis li").length === n, moves.length, { timeout: 60000 });
  const summary = await page.textContent("#g-analysis-sum");
  // The same depth as the page says it searched.
  const depth = summary.match(/searched (\d+) plies deep/)[1];
  const cli = JSON.parse(mancala("analyze", "modiar", "--no-db", "--depth", depth, "--json", ...moves));
  assert.match(summary, new RegExp(`South: ${cli.south.mistakes} mistakes?, ${cli.south.lost} seeds? lost`));
  assert.match(summary, new RegExp(`North: ${cli.north.mistakes} mistakes?, ${cli.north.lost} seeds? lost`));
  const rows = await page.$$eval("#g-analysis li", (l) => l.map((x) => x.textContent));
  cli.plies.forEach((p, i) => {
    const head = `${p.side === "south" ? "South" : "North"} ${p.move} ${p.score >= 0 ? "+" : ""}${p.score}`;
    assert.ok(/^\d+\.(\.\.)? /.test(rows[i]) && rows[i].includes(" " + head + " "), `${rows[i]} / ${head}`);
    assert.equal(rows[i].includes("mistake"), p.mistake, rows[i]);
  });
  await shot(page, "analysis");

  // A reload finds the same game, the same moves and the same result.
  await page.reload();
  await page.waitForSelector("#g-result:not([hidden])");
  assert.deepEqual(await movesShown(page), moves);
  assert.equal(await page.textContent("#g-result"), result);
  assert.ok(page.url().endsWith(id));
  await page.close();
});

test("an illegal click is refused with the reason and changes nothing", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#ng-game option[value=mangala-ii]", { state: "attached" });
  await page.selectOption("#ng-game", "mangala-ii");
  await page.selectOption("#ng-opponent", "local");
  await page.click("#ng-start");
  await page.waitForSelector("#pit-A .pit.legal");
  await page.click("#pit-a", { force: true });
  // The server is asked, and says why.
  await page.waitForFunction(() => document.getElementById("g-error").textContent.length > 0);
  assert.match(await page.textContent("#g-error"), /cannot be played now/);
  assert.deepEqual(await movesShown(page), []);
  // Both sides play on this screen.
  await setRange(page, "#g-speed", 4);
  await page.click("#pit-C");
  await page.waitForSelector("#pit-a .pit.legal");
  await page.click("#pit-b");
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 2);
  const moves = await movesShown(page);
  assert.deepEqual(moves, ["C", "b"]);
  await page.waitForSelector("#pit-A .pit.legal");
  assert.deepEqual(await boardCounts(page, 6), countsOf(mancala("replay", "mangala-ii", "C", "b"), 6));
  // The OGN record names the game and the moves.
  const gid = page.url().split("#/game/")[1];
  const ogn = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/ogn`)).text(), gid);
  assert.match(ogn, /\[Variant "Mangala II"\]/);
  assert.match(ogn, /1\. C b/);
  await page.close();
});

// The new game reaches the server, but its answer is lost with the connection: once the
// server answers again the page asks again with the same request id and opens the game made,
// which plays; one game is made, not two. A double click on Start asks once.
test("a new game whose answer was lost is asked for again and opened, made once", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#ng-game option[value=oware]", { state: "attached" });
  const count = async () => page.evaluate(async () => (await (await fetch("/api/health")).json()).games);
  const before = await count();
  const bodies = [];
  page.on("request", (r) => { if (r.method() === "POST" && new URL(r.url()).pathname === "/api/games") bodies.push(r.postDataJSON()); });
  let lost;
  const gone = new Promise((resolve) => { lost = resolve; });
  await page.route("**/api/games", async (r) => {
    if (r.request().method() !== "POST") return r.continue();
    await r.fetch();
    await r.abort("connectionreset");
    lost();
  }, { times: 1 });
  await page.selectOption("#ng-game", "oware");
  await page.selectOption("#ng-opponent", "local");
  await page.click("#ng-start");
  await gone;
  await page.waitForURL(/#\/game\//, { timeout: 30000 });
  await page.waitForSelector("#pit-A .pit.legal", { timeout: 30000 });
  assert.equal(bodies.length, 2, "asked again once");
  assert.equal(bodies[0].request, bodies[1].request, "with the same id");
  assert.equal(await count(), before + 1, "one game made");
  // A double click on Start: one request, one game.
  bodies.length = 0;
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#ng-game option[value=oware]", { state: "attached" });
  await page.selectOption("#ng-game", "oware");
  await page.selectOption("#ng-opponent", "local");
  await page.dblclick("#ng-start");
  await page.waitForURL(/#\/game\//);
  await page.waitForSelector("#pit-A .pit.legal", { timeout: 30000 });
  assert.equal(bodies.length, 1, `one request: ${JSON.stringify(bodies)}`);
  assert.equal(await count(), before + 2);
  await page.close();
});

test("the moves list shows the move numbers of the game's record", async () => {
  // A Kalah game North opens, with an extra turn at once (his c ends in his store).
  const post = async (path, body) => {
    const r = await fetch(new URL(path, BASE), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    assert.ok(r.ok, `${path}: ${r.status}`);
    return r.json();
  };
  const c = await post("/api/games", { game: "kalah", opponent: "local", position: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N" });
  let s = c.state;
  for (let i = 0; i < 9 && s.legal.length; i++) s = (await post(`/api/games/${c.id}/moves`, { token: c.token, move: i === 0 ? "c" : s.legal[0], version: s.version })).state;
  assert.equal(s.plies[0].extra_turn, true);
  const ogn = await (await fetch(new URL(`/api/games/${c.id}/ogn`, BASE))).text();
  const movetext = ogn.split("\n").filter((l) => !l.startsWith("[")).join(" ").split(/\s+/);
  const written = movetext.filter((w) => /^\d+\.(\.\.)?$/.test(w));
  const page = await context.newPage();
  await page.goto(new URL(`/#/game/${c.id}`, BASE).href);
  await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length === n, s.plies.length);
  const rows = await page.$$eval("#g-moves li", (l) => l.map((li) => [li.querySelector(".num")?.textContent ?? "", [...li.querySelectorAll("[data-move]")].map((m) => m.dataset.move)]));
  assert.deepEqual(rows.map(([label]) => label), written);
  assert.deepEqual(written.slice(0, 3), ["1...", "1...", "2."]);
  // Each label stands before the moves the record writes after it.
  const record = [];
  for (const w of movetext) {
    if (/^\d+\.(\.\.)?$/.test(w)) record.push([w, []]);
    else if (/^[A-Za-z]/.test(w) && record.length) record[record.length - 1][1].push(w.replace(/\+\d+$/, ""));
  }
  assert.deepEqual(rows, record);
  await page.close();
});

test("El mirall plays to its end and shows the count", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/mirall", BASE).href);
  await page.waitForSelector("#m-board [data-count=A]");
  await page.fill("#m-pits", "6");
  await page.fill("#m-seeds", "4");
  await page.$eval("#m-seeds", (e) => e.dispatchEvent(new Event("change")));
  // Step and back.
  await page.click("#m-step");
  await page.waitForFunction(() => document.getElementById("m-count").textContent === "1");
  // South sowed A (4 seeds into B C D E); North mirrored him.
  assert.equal(await page.textContent("#m-board [data-count=A]"), "0");
  assert.equal(await page.textContent("#m-board [data-count=B]"), "5");
  assert.equal(await page.textContent("#m-board [data-count=f]"), "0");
  assert.equal(await page.textContent("#m-board [data-count=e]"), "5");
  await shot(page, "el-mirall");
  await page.click("#m-back");
  assert.equal(await page.textContent("#m-count"), "0");
  assert.equal(await page.textContent("#m-board [data-count=A]"), "4");
  // Auto-play at full speed to the end.
  await setRange(page, "#m-speed", 5);
  await page.click("#m-auto");
  await page.waitForSelector("#m-result:not([hidden])", { timeout: 60000 });
  const want = mancala("cycle", "el-mirall", "--pits", "6", "--seeds", "4");
  assert.equal(await page.textContent("#m-count"), want);
  assert.match(await page.textContent("#m-result"), new RegExp(`after ${want} moves\\.`));
  assert.doesNotMatch(await page.textContent("#m-result"), /rules engine/, "no words for developers");
  // The table of counts marks the seed's values, and they agree.
  await page.waitForSelector("#m-table table");
  const seedCells = await page.$$eval("#m-table td.seed", (t) => t.length);
  assert.equal(seedCells, 20);
  assert.equal(await page.$$eval("#m-table td.mismatch", (t) => t.length), 0);
  await shot(page, "el-mirall-end");
  await page.close();
});

test("El mirall for two players refuses a wrong pit with the reason", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/mirall", BASE).href);
  await page.waitForSelector("#m-board [data-count=A]");
  await page.fill("#m-pits", "2");
  await page.fill("#m-seeds", "2");
  await page.selectOption("#m-mode", "duo");
  await page.$eval("#m-seeds", (e) => e.dispatchEvent(new Event("change")));
  await setRange(page, "#m-speed", 5);
  // The rows are redrawn at the new size for two players (each change starts them anew and
  // clears the messages: a key pressed before the last start is lost).
  await page.waitForFunction(() => !document.querySelector("#m-board [data-count=C]") && !document.getElementById("m-duo").hidden);
  await page.waitForTimeout(500);
  // [2,2] -> [1,3] -> [0,4] -> [2,2]: South sows A, A, B; North mirrors with b, b, a.
  await page.keyboard.press("x"); // South's pit B: wrong
  // The server is asked whether the pit is South's to sow, and says why not.
  await page.waitForFunction(() => document.getElementById("m-south-msg").textContent.length > 0);
  assert.match(await page.textContent("#m-south-msg"), /South must sow A, not B/);
  const plan = [["z", "w"], ["z", "w"], ["x", "q"]];
  for (const [s, n] of plan) {
    await page.keyboard.press(s);
    await page.keyboard.press(n);
    await page.waitForFunction(() => !document.getElementById("m-board").dataset.busy, null, { timeout: 5000 });
    await page.waitForTimeout(150);
  }
  await page.waitForSelector("#m-result:not([hidden])", { timeout: 10000 });
  const text = await page.textContent("#m-result");
  assert.match(text, /after 3 moves/);
  assert.match(text, /mistakes: South 1, North 0/);
  await shot(page, "el-mirall-two-players");
  await page.close();
});

test("Stones in cups: guess, run, and see the count", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/cups", BASE).href);
  await page.waitForSelector("#c-board #cup-0");
  await page.fill("#c-cups", "2");
  await page.fill("#c-stones", "1");
  await page.$eval("#c-stones", (e) => e.dispatchEvent(new Event("change")));
  await setRange(page, "#c-speed", 5);
  await page.fill("#c-guess", "4");
  await page.click("#c-guess-go");
  await page.waitForSelector("#c-result:not([hidden])", { timeout: 20000 });
  assert.equal(await page.textContent("#c-count"), mancala("cycle", "stones-in-cups", "--cups", "2", "--stones", "1"));
  assert.match(await page.textContent("#c-result"), /Your guess, 4, was right/);
  // A bigger one, stepped by hand: the state after one move.
  await page.fill("#c-cups", "5");
  await page.fill("#c-stones", "2");
  await page.$eval("#c-stones", (e) => e.dispatchEvent(new Event("change")));
  await page.click("#c-step");
  await page.waitForFunction(() => document.getElementById("c-count").textContent === "1");
  // Cup 0's two stones go to cups 1 and 2; cup 2 is next.
  const counts = await page.$$eval("#c-board [data-count]", (t) => t.map((x) => Number(x.textContent)));
  assert.deepEqual(counts, [0, 3, 3, 2, 2]);
  assert.match(await page.textContent("#c-status"), /empty cup 2/);
  await page.waitForSelector("#c-table table");
  assert.equal(await page.$$eval("#c-table td.mismatch", (t) => t.length), 0);
  assert.equal(await page.$$eval("#c-table td.seed", (t) => t.length), 25);
  await shot(page, "stones-in-cups");
  await page.close();
});

test("El mirall on two devices: each sows his own row through a link", async () => {
  const northCtx = await browser("chromium-north-");
  try {
    const south = await context.newPage();
    await south.goto(new URL("/#/mirall", BASE).href);
    await south.waitForSelector("#m-board [data-count=A]");
    await south.fill("#m-pits", "2");
    await south.fill("#m-seeds", "2");
    await south.$eval("#m-seeds", (e) => e.dispatchEvent(new Event("change")));
    await setRange(south, "#m-speed", 5);
    await south.selectOption("#m-mode", "link");
    await south.waitForURL(/#\/mirall\/\w+/);
    await south.waitForFunction(() => document.getElementById("m-link-url").value.includes("mirall="));
    const link = await south.inputValue("#m-link-url");

    const north = await northCtx.newPage();
    await north.goto(link);
    await north.waitForURL(/#\/mirall\/\w+/);
    await north.waitForFunction(() => document.getElementById("m-link-who").textContent.includes("North"));
    await setRange(north, "#m-speed", 5);
    // A wrong pit is refused with the reason: North must sow b (his right-most), not a.
    await north.keyboard.press("q");
    await north.waitForFunction(() => document.getElementById("m-link-msg").textContent.length > 0);
    assert.match(await north.textContent("#m-link-msg"), /North must sow b, not a/);
    // [2,2] -> [1,3] -> [0,4] -> [2,2]: South A, A, B; North b, b, a.
    const plan = [["z", "w"], ["z", "w"], ["x", "q"]];
    for (let i = 0; i < plan.length; i++) {
      await south.keyboard.press(plan[i][0]);
      await north.waitForFunction(() => document.getElementById("m-status").textContent.includes("South has sown"), null, { timeout: 30000 });
      await north.keyboard.press(plan[i][1]);
      for (const p of [south, north]) {
        await p.waitForFunction((n) => document.getElementById("m-count").textContent === String(n), i + 1, { timeout: 30000 });
      }
    }
    for (const p of [south, north]) {
      await p.waitForSelector("#m-result:not([hidden])", { timeout: 30000 });
      const text = await p.textContent("#m-result");
      assert.match(text, /after 3 moves/);
      assert.match(text, /Mistakes: South 0, North 1/);
    }
    await shot(north, "el-mirall-two-devices");
    await south.close();
    await north.close();
  } finally {
    await northCtx.close();
  }
});
