// Two people through a link, a third who watches, and a server that goes away mid-game.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { BASE, BIN, browser, shot, pit, pitName, playable, pitLabels, setRange, movesShown, waitIdle, newGame, countsOf, boardCounts, mancala } from "./lib.mjs";

let me;
before(async () => { me = await browser("chromium-me-"); });
after(async () => { if (me) await me.close(); });

test("a game through a link: the invite opens its seat once, a third browser watches, the seat reopens on another device", async () => {
  const friendCtx = await browser("chromium-friend-");
  const thirdCtx = await browser("chromium-third-");
  const otherDevice = await browser("chromium-device-");
  try {
    const a = await me.newPage();
    await newGame(a, { game: "modiar", opponent: "remote", side: "south" });
    await a.waitForSelector("#g-invite:not([hidden])");
    const link = await a.inputValue("#g-invite-link");
    assert.match(link, /\?game=\w+&token=\w+&side=north/);
    await setRange(a, "#g-speed", 4);
    // Hints and analysis are off for both while two people play.
    assert.ok(await a.getByRole("button", { name: "Hint" }).isDisabled());
    assert.ok(await a.isVisible("#g-hints-note"));

    const friend = await friendCtx.newPage();
    await friend.goto(link);
    await friend.waitForURL(/#\/game\//);
    await friend.waitForFunction(() => document.getElementById("g-status").textContent.startsWith("Waiting for your friend"));
    assert.deepEqual(await playable(friend), []);
    await setRange(friend, "#g-speed", 4);
    // The friend plays North: his board is turned.
    assert.ok((await pit(friend, "a").boundingBox()).y > (await pit(friend, "A").boundingBox()).y);
    await a.waitForSelector("#g-invite", { state: "hidden", timeout: 30000 });

    // A third browser with the same link only watches.
    const third = await thirdCtx.newPage();
    await third.goto(link);
    await third.waitForURL(/#\/game\//);
    await third.waitForSelector("#g-watch:not([hidden])");
    assert.match(await third.textContent("#g-watch"), /You are watching: South against North, two people.*read-only/);
    assert.deepEqual(await playable(third), []);
    assert.ok(await third.getByRole("button", { name: "Resign" }).isDisabled());
    assert.ok(await third.getByRole("button", { name: "Undo" }).isDisabled());
    await setRange(third, "#g-speed", 4);

    // South moves; the friend's and the watcher's pages follow by themselves.
    await pit(a, "A").click();
    await friend.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
    await third.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
    await waitIdle(friend);
    assert.ok((await playable(friend)).length > 0);
    // A click on the watcher's board changes nothing.
    await pit(third, "a").click({ force: true });
    assert.match(await third.textContent("#g-error"), /read-only/);
    await waitIdle(third);
    assert.deepEqual(await playable(third), []);
    await shot(third, "spectator");
    // South may not move for North.
    await pit(a, "b").click({ force: true });
    assert.match(await a.textContent("#g-error"), /not your turn/);

    // The friend reopens his seat on another device with his own link.
    const own = await friend.inputValue("#g-own-link");
    assert.match(own, /token=/);
    const device = await otherDevice.newPage();
    await device.goto(own);
    await device.waitForURL(/#\/game\//);
    await waitIdle(device);
    assert.ok(await device.isHidden("#g-watch"));
    const ls = await playable(device);
    assert.ok(ls.length > 0, "his own link opens his seat again");
    await setRange(device, "#g-speed", 4);
    await pit(device, ls[0]).click();
    for (const p of [a, friend, third]) await p.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 2, null, { timeout: 30000 });
    const moves = await movesShown(a);
    assert.deepEqual(await movesShown(third), moves);
    await waitIdle(third);
    assert.deepEqual(await boardCounts(third), countsOf(mancala("replay", "modiar", ...moves), 3));
    await shot(a, "two-people");

    // Undo between two people: asked, agreed, both boards back at the start.
    await waitIdle(a);
    await a.getByRole("button", { name: "Undo" }).click();
    await friend.waitForSelector("#g-undo-ask:not([hidden])", { timeout: 30000 });
    await friend.getByRole("button", { name: "Agree" }).click();
    await a.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 0, null, { timeout: 30000 });
    await waitIdle(a);
    assert.deepEqual(await boardCounts(a), countsOf("7-7-7-7-7-7-0-0-S", 3));
    // After the end, hints and analysis open: South resigns.
    a.once("dialog", (d) => d.accept());
    await a.getByRole("button", { name: "Resign" }).click();
    await a.waitForSelector("#g-result:not([hidden])");
    assert.match(await a.textContent("#g-result"), /^You lost/);
    await friend.waitForSelector("#g-result:not([hidden])", { timeout: 30000 });
    assert.match(await friend.textContent("#g-result"), /^You win/);
    await third.waitForSelector("#g-result:not([hidden])", { timeout: 30000 });
    assert.match(await third.textContent("#g-result"), /^North wins/);
    for (const p of [a, friend, third, device]) await p.close();
  } finally {
    await friendCtx.close();
    await thirdCtx.close();
    await otherDevice.close();
  }
});

// A server of this test's own, so it can be stopped and started again on the same port.
function startServer(db, port) {
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ["serve", "--host", "127.0.0.1", "--port", String(port), "--db", db, "--games-per-minute", "1000000"], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    p.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/^open (http\S+)/m);
      if (m) resolve({ proc: p, url: m[1] });
    });
    p.stderr.on("data", (d) => { err += d; });
    p.on("exit", (code) => reject(new Error(`the server stopped (${code}): ${err}`)));
  });
}

test("a server killed mid-game: the page says so, locks the pits, and shows the game again when it is back", async () => {
  const dir = mkdtempSync(join(process.env.E2E_PROFILE_ROOT || tmpdir(), "restart-"));
  const db = join(dir, "games.sqlite");
  let server = await startServer(db, 0);
  const port = new URL(server.url).port;
  const page = await me.newPage();
  try {
    await page.goto(new URL("/#/", server.url).href);
    await page.waitForSelector("#ng-game option[value=modiar]", { state: "attached" });
    await page.selectOption("#ng-game", "modiar");
    await page.selectOption("#ng-opponent", "engine");
    await page.selectOption("#ng-level", "greedy");
    await page.getByRole("button", { name: "Start" }).click();
    await page.waitForURL(/#\/game\//);
    await setRange(page, "#g-speed", 4);
    await pit(page, "A").click();
    await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length >= 2, null, { timeout: 30000 });
    await waitIdle(page);
    const moves = await movesShown(page);
    const counts = await boardCounts(page);

    server.proc.kill("SIGKILL");
    await new Promise((r) => server.proc.once("exit", r));
    const notice = page.getByRole("alert").filter({ hasText: "Connection lost" });
    await notice.waitFor({ state: "visible", timeout: 30000 });
    assert.match(await notice.textContent(), /Connection lost — retrying/);
    // A click while the server is away: nothing is played, no raw browser error.
    const any = (await pitLabels(page)).map(pitName);
    await pit(page, any[0]).click({ force: true });
    assert.deepEqual(await playable(page), [], "the pits are locked");
    assert.ok(!(await page.textContent("body")).includes("Failed to fetch"));
    assert.match(await page.textContent("#g-status"), /Connection lost/);

    server = await startServer(db, port);
    await notice.waitFor({ state: "hidden", timeout: 30000 });
    await waitIdle(page);
    assert.deepEqual(await movesShown(page), moves, "the game is back as saved");
    assert.deepEqual(await boardCounts(page), counts);
    assert.ok((await playable(page)).length > 0, "the pits play again");
    const ls = await playable(page);
    await pit(page, ls[0]).click();
    await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n, moves.length, { timeout: 30000 });
  } finally {
    await page.close();
    server.proc.kill("SIGKILL");
  }
});

// A move whose request is lost on the way (the connection drops, the server is stopping): the
// page says the move did not reach the server and, once the server answers again, offers it;
// a move that reached the server but whose answer was lost is shown once, never offered again.
test("a move that did not reach the server is said and offered again; one that did is not", async () => {
  const page = await me.newPage();
  try {
    await newGame(page, { game: "modiar", opponent: "local" });
    await setRange(page, "#g-speed", 4);
    await waitIdle(page);
    const moves = "**/api/games/*/moves";
    // Lost on the way: the server never sees it.
    await page.route(moves, (r) => r.abort("connectionreset"), { times: 1 });
    await pit(page, "A").click();
    await page.waitForSelector("#g-unsent:not([hidden])");
    assert.equal(await page.textContent("#g-unsent-text"), "Your move A did not reach the server.");
    await page.unroute(moves);
    const again = page.getByRole("button", { name: "Play A again" });
    await again.waitFor({ state: "visible" });
    await page.waitForFunction(() => !document.getElementById("g-unsent-again").disabled, null, { timeout: 30000 });
    assert.deepEqual(await movesShown(page), [], "nothing was played");
    await again.click();
    await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
    await waitIdle(page);
    assert.ok(await page.isHidden("#g-unsent"));

    // Played, but the answer lost: after the connection is back the move is there once, and
    // nothing is offered.
    let answered;
    const lost = new Promise((resolve) => { answered = resolve; });
    await page.route(moves, async (r) => {
      await r.fetch();
      await r.abort("connectionreset");
      answered();
    }, { times: 1 });
    const next = (await playable(page))[0];
    await pit(page, next).click();
    await lost;
    await page.unroute(moves);
    await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 2, null, { timeout: 30000 });
    await waitIdle(page);
    assert.ok(await page.isHidden("#g-unsent"), "a move that went in is not offered again");
    const shown = await movesShown(page);
    assert.equal(shown.length, 2, JSON.stringify(shown));
  } finally {
    await page.close();
  }
});

// Undo and draw between two people, as the asker sees them: a request stands (said as news,
// not as an error) until the other player answers; the asker may withdraw it, and is told when
// it is refused or declined.
test("an undo request and a draw offer stand, may be withdrawn, and their refusal is told to the asker", async () => {
  const friendCtx = await browser("chromium-offers-");
  try {
    const a = await me.newPage();
    await newGame(a, { game: "modiar", opponent: "remote", side: "south" });
    const link = await a.inputValue("#g-invite-link");
    const friend = await friendCtx.newPage();
    await friend.goto(link);
    await friend.waitForURL(/#\/game\//);
    for (const p of [a, friend]) { await waitIdle(p); await setRange(p, "#g-speed", 4); }
    await pit(a, "A").click();
    await friend.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
    await waitIdle(a);

    // Asked: a standing request, not an error; the Undo button waits for the answer.
    await a.getByRole("button", { name: "Undo" }).click();
    const mine = a.locator("#g-undo-mine");
    await mine.waitFor({ state: "visible" });
    assert.equal(await a.textContent("#g-undo-mine-text"), "Asked your friend to agree to take the move back.");
    assert.equal(await a.textContent("#g-live"), "Asked your friend to agree to take the move back.", "said to a screen reader");
    assert.equal(await a.textContent("#g-error"), "", "nothing failed");
    assert.ok(await a.getByRole("button", { name: "Undo" }).isDisabled());
    // Refused: the asker is told (in a polite live region, not an alert).
    await friend.waitForSelector("#g-undo-ask:not([hidden])", { timeout: 30000 });
    await friend.getByRole("button", { name: "Refuse" }).click();
    await a.waitForFunction(() => document.getElementById("g-note").textContent === "The other player did not agree to take your move back.", null, { timeout: 30000 });
    assert.ok(await mine.isHidden());
    assert.equal(await a.textContent("#g-error"), "");
    assert.deepEqual(await movesShown(a), ["A"]);

    // Asked again, then withdrawn: the friend's question goes, and nobody refused anything.
    await a.getByRole("button", { name: "Undo" }).click();
    await friend.waitForSelector("#g-undo-ask:not([hidden])", { timeout: 30000 });
    assert.equal(await a.textContent("#g-note"), "", "a new request clears the old answer");
    await a.getByRole("button", { name: "Withdraw the request" }).click();
    await mine.waitFor({ state: "hidden" });
    await friend.waitForSelector("#g-undo-ask", { state: "hidden", timeout: 30000 });
    assert.equal(await a.textContent("#g-note"), "");
    assert.ok(await a.getByRole("button", { name: "Undo" }).isEnabled());

    // A draw offered stands, and may be withdrawn.
    await a.getByRole("button", { name: "Offer a draw" }).click();
    await a.waitForSelector("#g-draw-mine:not([hidden])");
    assert.equal(await a.textContent("#g-draw-mine span"), "You offered a draw; waiting for the other player.");
    assert.ok(await a.isHidden("#g-draw"));
    await friend.waitForSelector("#g-draw-ask:not([hidden])", { timeout: 30000 });
    await a.getByRole("button", { name: "Withdraw the offer" }).click();
    await a.waitForSelector("#g-draw-mine", { state: "hidden" });
    await friend.waitForSelector("#g-draw-ask", { state: "hidden", timeout: 30000 });
    assert.ok(await a.isVisible("#g-draw"));
    // Offered again and declined: the asker is told.
    await a.getByRole("button", { name: "Offer a draw" }).click();
    await friend.waitForSelector("#g-draw-ask:not([hidden])", { timeout: 30000 });
    await friend.getByRole("button", { name: "Decline" }).click();
    await a.waitForFunction(() => document.getElementById("g-note").textContent === "The other player declined your draw offer.", null, { timeout: 30000 });
    assert.ok(await a.isHidden("#g-draw-mine"));
    assert.equal(await a.textContent("#g-error"), "");
    await shot(a, "offer-declined");
    await a.close();
    await friend.close();
  } finally { await friendCtx.close(); }
});

// A player away for a minute may be claimed against; one who never moved may never have seen the
// game (a lobby challenge accepted while its maker was elsewhere), so the server calls the game
// off instead, and says so beforehand (`claim_aborts`): the page offers that, not a win.
test("a claim against a player who never moved offers to call the game off, not to win it", async () => {
  const friendCtx = await browser("chromium-claim-");
  try {
    const a = await me.newPage();
    const id = await newGame(a, { game: "modiar", opponent: "remote", side: "south" });
    const friend = await friendCtx.newPage();
    await friend.goto(await a.inputValue("#g-invite-link"));
    await friend.waitForURL(/#\/game\//);
    await a.waitForSelector("#g-invite", { state: "hidden", timeout: 30000 });
    // The friend away for a minute, as the server would tell it then.
    for (const aborts of [true, false]) {
      await a.route(`**/api/games/${id}*`, async (r) => {
        if (r.request().method() !== "GET") return r.continue();
        try {
          const res = await r.fetch();
          const s = await res.json();
          if (s.presence) s.presence.north = { here: false, away_ms: 61000, claimable: true, claim_aborts: aborts };
          await r.fulfill({ response: res, json: s });
        } catch (_) { /* a long poll the reload ended */ }
      });
      await a.reload();
      await a.waitForSelector("#g-claim:not([hidden])", { timeout: 30000 });
      assert.equal(await a.textContent("#g-claim-text"), aborts
        ? "North has left the game without making a move: it can only be called off, with no result."
        : "North has left the game.");
      assert.equal(await a.textContent("#g-claim-go"), aborts ? "Call the game off" : "Claim the win");
      await a.unrouteAll({ behavior: "ignoreErrors" });
    }
    await a.close();
    await friend.close();
  } finally { await friendCtx.close(); }
});
