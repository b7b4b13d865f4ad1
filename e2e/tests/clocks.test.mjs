// Two people with a clock: it counts down on both pages, a draw offered is declined, a flag
// falls and the game is lost on time (the server decides, both pages say it), a rematch with
// the sides swapped is offered and accepted, and the record has the times.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, shot, pit, playable, setRange, waitIdle, newGame, apiGame, axe } from "./lib.mjs";

let a, b;
before(async () => { a = await browser("chromium-clock-a-"); b = await browser("chromium-clock-b-"); });
after(async () => { if (a) await a.close(); if (b) await b.close(); });

const seconds = (text) => {
  const m = text.match(/^(?:(\d+):)?(\d+):(\d+)(?:\.(\d))?$/);
  assert.ok(m, `a clock's text: ${text}`);
  return (Number(m[1] || 0) * 3600) + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] || 0) / 10;
};

test("a game with a clock: counted down on both pages, a draw declined, a flag fall, a rematch", async () => {
  const south = await a.newPage();
  await south.goto(new URL("/#/", BASE).href);
  await south.waitForSelector("#ng-game option[value=modiar]", { state: "attached" });
  await south.selectOption("#ng-opponent", "remote");
  // The clocks the server offers are in the menu, worded.
  const options = await south.$$eval("#ng-clock option", (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options[0], ["", "No clock"]);
  assert.ok(options.some(([v, t]) => v === "3+2" && t === "3 min + 2 s a move"), JSON.stringify(options));
  assert.ok(options.some(([v, t]) => v === "1d" && t === "One day a move"), JSON.stringify(options));
  // The form makes a game with the clock chosen ...
  await newGame(south, { game: "modiar", opponent: "remote", side: "south", clock: "3+2" });
  await south.waitForSelector("#g-south-clock:not([hidden])");
  assert.equal(await south.textContent("#g-south-clock"), "3:00");
  // ... and this one has a quarter of a minute each (the shortest the server takes), made
  // through the API so that the flag falls soon.
  const made = await apiGame(south, { game: "modiar", opponent: "remote", side: "south", clock: "0.25+0" });
  const id = made.id;
  // apiGame waits until the page shows this game (not the last one, with its three minutes).
  await south.waitForSelector("#g-invite:not([hidden])");
  const link = await south.inputValue("#g-invite-link");
  await setRange(south, "#g-speed", 4);
  // Both clocks shown, a quarter of a minute each, none running before the friend comes.
  await south.waitForSelector("#g-south-clock:not([hidden])");
  assert.equal(await south.textContent("#g-south-clock"), "0:15");
  assert.equal(await south.textContent("#g-north-clock"), "0:15");

  const north = await b.newPage();
  await north.goto(link);
  await north.waitForURL(/#\/game\//);
  await setRange(north, "#g-speed", 4);
  await waitIdle(north);
  // The minute for the first move: said on both pages.
  await south.waitForSelector("#g-clock-start:not([hidden])", { timeout: 30000 });
  assert.match(await south.textContent("#g-clock-start"), /South must make the first move within \d+ s/);

  // Each sees the other is there.
  await south.waitForFunction(() => document.getElementById("g-north-here").textContent === "here", null, { timeout: 30000 });
  await north.waitForFunction(() => document.getElementById("g-south-here").textContent === "here", null, { timeout: 30000 });

  // A draw offered by South and declined by North.
  await south.click("#g-draw");
  await north.waitForSelector("#g-draw-ask:not([hidden])", { timeout: 30000 });
  assert.match(await north.textContent("#g-draw-ask-text"), /South offers a draw/);
  await axe(north, "a draw offered");
  await north.click("#g-draw-decline");
  await north.waitForSelector("#g-draw-ask", { state: "hidden" });
  await south.waitForFunction(() => document.getElementById("g-draw").textContent === "Offer a draw", null, { timeout: 30000 });

  // A set phrase, in the reader's words; muted, the other player's are hidden.
  await south.waitForSelector("#g-say button[data-phrase=hello]");
  await south.click("#g-say button[data-phrase=hello]");
  await north.waitForFunction(() => document.getElementById("g-chat-list").textContent.includes("Friend (South): Hello!"), null, { timeout: 30000 });
  await south.waitForFunction(() => document.getElementById("g-chat-list").textContent.includes("You (South): Hello!"));
  await north.check("#g-chat-mute");
  assert.doesNotMatch(await north.textContent("#g-chat-list"), /Hello/);
  await north.uncheck("#g-chat-mute");

  // The first two moves; then South's clock runs, on both pages, and counts down.
  await pit(south, "A").click();
  await north.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
  await waitIdle(north);
  await pit(north, (await playable(north))[0]).click();
  await south.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 2, null, { timeout: 30000 });
  await waitIdle(south);
  await south.waitForSelector("#g-south-clock.running");
  await north.waitForSelector("#g-south-clock.running", { timeout: 30000 });
  const t0 = seconds(await south.textContent("#g-south-clock"));
  await south.waitForTimeout(1500);
  const t1 = seconds(await south.textContent("#g-south-clock"));
  assert.ok(t1 < t0 && t1 > t0 - 3, `counting down: ${t0} then ${t1}`);
  assert.equal(await south.getAttribute("#g-south-clock", "role"), "timer");
  await shot(south, "clock-game");
  await axe(south, "a game with clocks");

  // South does not move: his flag falls; both pages say he lost on time, without a move.
  await south.waitForSelector("#g-south-clock.low", { timeout: 30000 });
  await south.waitForSelector("#g-result:not([hidden])", { timeout: 30000 });
  assert.match(await south.textContent("#g-result"), /You lost .*your time ran out/);
  await north.waitForSelector("#g-result:not([hidden])", { timeout: 30000 });
  assert.match(await north.textContent("#g-result"), /You win .*your opponent's time ran out/);
  assert.equal(await south.textContent("#g-south-clock"), "0:00.0");
  assert.deepEqual(await playable(south), []);

  // The record has the control, the times and the ending.
  const ogn = await south.evaluate(async (id) => (await fetch(`/api/games/${id}/ogn`)).text(), id);
  assert.match(ogn, /\[TimeControl "15\+0"\]/);
  assert.match(ogn, /\[Termination "South lost on time"\]/);
  assert.match(ogn, /\{\[%clk 0:00:15\]\}/);

  // A rematch: North offers, South accepts; both go to the new game with the sides swapped.
  await north.waitForSelector("#g-rematch-box:not([hidden])");
  await north.click("#g-rematch");
  await north.waitForFunction(() => /offered a rematch/.test(document.getElementById("g-rematch-text").textContent));
  await south.waitForFunction(() => /North offers a rematch/.test(document.getElementById("g-rematch-text").textContent), null, { timeout: 30000 });
  await axe(south, "a rematch offered");
  await south.click("#g-rematch");
  await south.waitForSelector("#g-rematch-open:not([hidden])");
  await north.waitForSelector("#g-rematch-open:not([hidden])", { timeout: 30000 });
  await north.click("#g-rematch-open");
  await north.waitForFunction((old) => !location.hash.includes(old), id);
  // waitIdle waits for the game the address names, not the old one (idle until the new one
  // comes). The old North plays South now, and moves first.
  await waitIdle(north);
  assert.ok((await playable(north)).length > 0, "the old North moves first");
  assert.ok((await pit(north, "A").boundingBox()).y > (await pit(north, "a").boundingBox()).y, "seen from South");
  await south.click("#g-rematch-open");
  await south.waitForFunction((old) => !location.hash.includes(old), id);
  await waitIdle(south);
  assert.deepEqual(await playable(south), []);
  assert.ok((await pit(south, "a").boundingBox()).y > (await pit(south, "A").boundingBox()).y, "the old South sees the board from North");
  assert.equal(await south.textContent("#g-north-clock"), "0:15");
});
