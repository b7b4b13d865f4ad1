// The page as players find it: phones in every language, answers that belong to the question
// asked, a missing game, whose pit is whose, words for players, a game from a set-up position,
// dark colours, reduced motion and sound. Started by e2e/run.sh (BASE_URL, MANCALA_BIN).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, shot, pit, pitLabels, setRange, movesShown, waitIdle, newGame, apiGame, countsOf, boardCounts, axe, mancala } from "./lib.mjs";

const LANGS = ["en", "ar", "ca", "es", "fr", "hr", "tr"];
const SIZES = [[360, 780], [390, 844], [780, 360], [844, 390]];

let context;
before(async () => { context = await browser("page-"); });
after(async () => { if (context) await context.close(); });

// A game made through the API and played `moves` plies on (the first legal move each time).
async function playedGame(page, body, moves) {
  const r = await apiGame(page, body);
  await page.evaluate(async ({ r, moves }) => {
    let s = r.state;
    for (let i = 0; i < moves && !s.over; i++) {
      const res = await fetch(`/api/games/${r.id}/moves`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: r.token, move: s.legal[0], reply: false, version: s.version }),
      });
      s = (await res.json()).state;
    }
  }, { r, moves });
  await page.reload();
  await waitIdle(page);
  return r;
}

test("every view fits a phone in every language, upright and on its side: no sideways scrolling", async () => {
  const page = await context.newPage();
  const r = await playedGame(page, { game: "mangala-ii", opponent: "local" }, 14);
  const views = ["#/", "#/game/" + r.id, "#/lobby", "#/mirall", "#/cups", "#/rules/modiar", "#/account", "#/leaderboard"];
  const wide = [];
  for (const lang of LANGS) {
    for (const view of views) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(new URL(`/?lang=${lang}${view}`, BASE).href);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.waitForTimeout(250);
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(60);
        const [doc, win, header] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth, document.querySelector("header.top").getBoundingClientRect().height]);
        if (doc > win) wide.push(`${lang} ${view} at ${width}x${height}: ${doc}px`);
        if (width < height && header > 110) wide.push(`${lang} ${view} at ${width}x${height}: the header takes ${header}px`);
      }
    }
  }
  assert.deepEqual(wide, []);
  await page.close();
});

test("New game on a phone: the level menu is no wider than the form, what the level does said below it", async () => {
  const page = await context.newPage();
  for (const lang of ["en", "ar", "tr"]) {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(new URL(`/?lang=${lang}#/`, BASE).href);
    await page.waitForSelector("#ng-level option[value=expert]", { state: "attached" });
    const [menu, form] = await page.evaluate(() => [document.getElementById("ng-level").getBoundingClientRect(), document.getElementById("new-game").getBoundingClientRect()].map((b) => [b.left, b.right]));
    assert.ok(menu[0] >= form[0] - 1 && menu[1] <= form[1] + 1, `${lang}: the menu ${menu} lies within the form ${form}`);
    await page.selectOption("#ng-level", "expert");
    assert.ok((await page.textContent("#ng-level-about")).length > 5, "the level is described");
    if (lang === "ar") await shot(page, "home-phone-ar");
    if (lang !== "en") continue;
    assert.equal((await page.textContent("#ng-level option[value=expert]")).trim(), "Expert");
    assert.match(await page.textContent("#ng-level-about"), /twelve plies/);
    await shot(page, "home-phone");
  }
  await page.close();
});

test("Stones in cups never shows an answer for an earlier size: 12 x 12, then quickly 5 x 2", async () => {
  const page = await context.newPage();
  // The answers for the sizes asked first come late (as a slow count does).
  await page.route(/\/api\/solitaires\/stones-in-cups\/(cycle|table)\?/, async (route) => {
    const u = new URL(route.request().url());
    const late = u.searchParams.get("k") === "12";
    if (late) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(new URL("/#/cups", BASE).href);
  await page.waitForSelector("#c-table table");
  for (const [id, v] of [["#c-cups", "12"], ["#c-stones", "12"], ["#c-cups", "5"], ["#c-stones", "2"]]) {
    await page.fill(id, v);
    await page.dispatchEvent(id, "change");
  }
  await page.waitForTimeout(2500); // every late answer has come
  await setRange(page, "#c-speed", 5);
  await page.click("#c-auto");
  await page.waitForFunction(() => !document.getElementById("c-result").hidden, null, { timeout: 30000 });
  assert.equal(await page.textContent("#c-size-msg"), "", "no refusal for another size");
  assert.match(await page.textContent("#c-result"), new RegExp(`after ${mancala("cycle", "stones-in-cups", "--cups", "5", "--stones", "2").match(/\d+/)[0]} moves`));
  const [rows, cols] = await page.$$eval("#c-table table tr", (trs) => [trs.length - 1, trs[0].cells.length - 1]);
  assert.deepEqual([rows, cols], [5, 5], "the table is of the size shown");
  await page.close();
});

test("a game that is not there shows nothing of the game shown before", async () => {
  const page = await context.newPage();
  const r = await playedGame(page, { game: "modiar", opponent: "local" }, 3);
  await page.evaluate(async (r) => {
    const s = await (await fetch(`/api/games/${r.id}`)).json();
    await fetch(`/api/games/${r.id}/resign`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: r.token, version: s.version }) });
  }, r);
  await page.reload();
  await waitIdle(page);
  assert.ok(await page.isVisible("#g-result"), "the finished game shows its result");
  await page.goto(new URL("/#/game/doesnotexist", BASE).href);
  await page.waitForFunction(() => document.getElementById("g-title").textContent === "Game not found");
  for (const id of ["#g-scores", "#g-result", "#g-buttons", "#g-moves", "#board"]) {
    assert.equal(await page.isVisible(id), false, `${id} is not shown`);
  }
  assert.equal(await page.$$eval("#g-moves li", (l) => l.length), 0);
  assert.ok(await page.getByRole("link", { name: "Start a new game" }).isVisible());
  await axe(page, "a missing game");
  await page.close();
});

test("the moves list on a phone: a reply wraps beside its number, never under it", async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  await playedGame(page, { game: "oware", opponent: "local" }, 24);
  const bad = await page.$$eval("#g-moves li", (lis) => lis.flatMap((li) => {
    const num = li.querySelector(".num");
    if (!num) return [];
    const right = num.getBoundingClientRect().right;
    return [...li.querySelectorAll("[data-move]")].filter((m) => m.getBoundingClientRect().left < right - 1).map((m) => `${num.textContent} ${m.textContent}`);
  }));
  assert.deepEqual(bad, []);
  assert.ok((await movesShown(page)).length >= 20);
  await page.close();
});

test("words drawn in the Stones in cups circle run right to left in Arabic", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/?lang=ar#/cups", BASE).href);
  await page.waitForSelector("#c-board text");
  await page.waitForTimeout(300);
  const dirs = await page.$$eval("#c-board text", (ts) => ts.filter((t) => /[\u0600-\u06FF]/.test(t.textContent)).map((t) => getComputedStyle(t).direction));
  assert.ok(dirs.length >= 1, "the circle carries words");
  assert.deepEqual([...new Set(dirs)], ["rtl"]);
  await page.close();
});

test("a pit's name says whose it is: yours, your opponent's or a side's; El mirall by link offers only your own pits", async () => {
  const page = await context.newPage();
  await newGame(page, { game: "modiar", opponent: "engine", level: "greedy", side: "south" });
  await waitIdle(page);
  const labels = await pitLabels(page);
  assert.ok(labels.filter((l) => /^your [ABC],/.test(l)).length === 3, labels.join(" | "));
  assert.ok(labels.filter((l) => /^opponent's [abc],/.test(l)).length === 3, labels.join(" | "));
  await apiGame(page, { game: "modiar", opponent: "local" });
  await waitIdle(page);
  // Drawn anew for the game on one screen (a loaded machine may take a moment).
  await page.waitForFunction(() => [...document.querySelectorAll("#board [role=button]")].some((p) => /^South's A,/.test(p.getAttribute("aria-label"))), null, { timeout: 15000 }).catch(() => {});
  const local = await pitLabels(page);
  assert.ok(local.some((l) => /^South's A,/.test(l)) && local.some((l) => /^North's a,/.test(l)), local.join(" | "));
  // El mirall on two devices: this one plays South; North's pits are not this player's to sow.
  await page.goto(new URL("/#/mirall", BASE).href);
  await page.selectOption("#m-mode", "link");
  await page.waitForFunction(() => location.hash.startsWith("#/mirall/"));
  await page.waitForSelector("#m-board [role=button]");
  const m = await page.$$eval("#m-board [role=button]", (ps) => ps.map((p) => p.getAttribute("aria-label")));
  const north = m.filter((l) => /^opponent's [a-z],/.test(l));
  const south = m.filter((l) => /^your [A-Z],/.test(l));
  assert.equal(north.length, 6, m.join(" | "));
  assert.ok(north.every((l) => /not playable/.test(l)), north.join(" | "));
  assert.ok(south.every((l) => /, playable/.test(l)), south.join(" | "));
  await page.close();
});

test("words for players, not for developers: a hint's margin, a size too long to count, the seed's values", async () => {
  const page = await context.newPage();
  await newGame(page, { game: "oware", opponent: "engine", level: "novice" });
  await waitIdle(page);
  await page.click("#g-hint");
  await page.waitForFunction(() => /Hint: play/.test(document.getElementById("g-status").textContent));
  const hint = await page.textContent("#g-status");
  assert.match(hint, /seeds? ahead|seeds? behind|about level|wins by|loses by|draws/, hint);
  assert.doesNotMatch(hint, /about [−-]\d/, hint);
  await page.goto(new URL("/#/cups", BASE).href);
  await page.waitForSelector("#c-table table");
  for (const [id, v] of [["#c-cups", "12"], ["#c-stones", "12"]]) {
    await page.fill(id, v);
    await page.dispatchEvent(id, "change");
  }
  await page.waitForFunction(() => document.getElementById("c-status").textContent.includes("12"));
  await page.click("#c-auto");
  await page.waitForFunction(() => document.getElementById("c-size-msg").textContent !== "", null, { timeout: 30000 });
  const why = await page.textContent("#c-size-msg");
  assert.doesNotMatch(why, /mancala|--cups|try/, why);
  const note = await page.textContent("#view-cups .summary:has(.seedmark)");
  assert.doesNotMatch(note, /seed's published|rules engine/, note);
  await page.close();
});

test("small things: with 12 cups no number sits on a count, the guess field shows its hint whole, no keys note on a touch screen", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/cups", BASE).href);
  await page.fill("#c-cups", "12");
  await page.dispatchEvent("#c-cups", "change");
  await page.waitForSelector("#cup-11");
  const overlaps = await page.$$eval("#c-board g[id^=cup-]", (gs) => {
    const box = (e) => e.getBoundingClientRect();
    const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const texts = gs.flatMap((g) => [...g.querySelectorAll("text")]);
    const names = texts.filter((t) => t.textContent.startsWith("#"));
    const counts = texts.filter((t) => t.hasAttribute("data-count"));
    return names.flatMap((n) => counts.filter((c) => hit(box(n), box(c))).map((c) => `${n.textContent}/${c.getAttribute("data-count")}`));
  });
  assert.deepEqual(overlaps, []);
  for (const lang of ["en", "tr", "fr"]) {
    await page.goto(new URL(`/?lang=${lang}#/cups`, BASE).href);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    // The field is measured once its view is shown (hidden, it has no width).
    await page.waitForSelector("#c-guess", { state: "visible" });
    const [need, room] = await page.$eval("#c-guess", (i) => {
      const cs = getComputedStyle(i);
      const c = document.createElement("canvas").getContext("2d");
      c.font = `${cs.fontSize} ${cs.fontFamily}`;
      return [c.measureText(i.placeholder).width, i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)];
    });
    assert.ok(need <= room, `${lang}: the placeholder needs ${need}px, has ${room}px`);
  }
  await page.close();
  const touch = await browser("touch-", { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const p = await touch.newPage();
  await newGame(p, { game: "modiar", level: "greedy" });
  await waitIdle(p);
  assert.equal(await p.isVisible(".keys"), false, "the keys note is for keyboards");
  await touch.close();
});

test("a game from a set-up position: checked and drawn as it is typed, then played against the computer", async () => {
  const page = await context.newPage();
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#ng-game option[value=mangala-ii]", { state: "attached" });
  await page.selectOption("#ng-game", "mangala-ii");
  await page.selectOption("#ng-from", "position");
  assert.equal(await page.inputValue("#ng-position"), mancala("replay", "mangala-ii"), "the field starts at the game's start");
  await page.fill("#ng-position", "6-6-6-1-2-3");
  await page.waitForFunction(() => document.getElementById("ng-position-msg").textContent !== "");
  assert.match(await page.textContent("#ng-position-msg"), /position/i);
  assert.equal(await page.getAttribute("#ng-position", "aria-invalid"), "true");
  const position = "6-6-6-6-6-6-1-2-5-11-6-7-4-0-S";
  await page.fill("#ng-position", position);
  await page.waitForFunction(() => document.getElementById("ng-position-msg").textContent === "" && document.querySelector("#ng-board [data-count=d]"));
  assert.equal(await page.textContent("#ng-board [data-count=d]"), "11");
  assert.match(await page.textContent("#ng-position-about"), /South to move/);
  await page.selectOption("#ng-opponent", "engine");
  await page.selectOption("#ng-level", "greedy");
  await page.click("#ng-start");
  await page.waitForURL(/#\/game\//);
  await waitIdle(page);
  assert.deepEqual(await boardCounts(page), countsOf(position, 6));
  await shot(page, "from-position");
  await page.close();
});

test("dark colours: chosen in the settings or the device's, remembered, and still no serious accessibility violation", async () => {
  const dark = await browser("dark-", { colorScheme: "dark" });
  const page = await dark.newPage();
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector("#ng-game option[value=modiar]", { state: "attached" });
  assert.equal(await page.getAttribute("html", "data-theme"), "dark", "the device's choice");
  await axe(page, "home, dark");
  await shot(page, "dark-home");
  const r = await playedGame(page, { game: "modiar", opponent: "local" }, 3);
  await axe(page, "a game, dark");
  await shot(page, "dark-game");
  for (const view of ["#/mirall", "#/cups", "#/rules/mangala-ii"]) {
    await page.goto(new URL(view, BASE).href);
    await page.waitForTimeout(800);
    await axe(page, `${view}, dark`);
  }
  // Light chosen in the settings outlasts a reload, whatever the device prefers.
  await openSettings(page);
  await page.selectOption("#set-theme", "light");
  assert.equal(await page.getAttribute("html", "data-theme"), "light");
  await page.goto(new URL("/#/game/" + r.id, BASE).href);
  await waitIdle(page);
  assert.equal(await page.getAttribute("html", "data-theme"), "light");
  await dark.close();
});

// The settings panel opened as a player opens it (its summary clicked), if it is not open.
async function openSettings(page) {
  if (!(await page.$eval("#settings", (d) => d.open))) await page.click("#settings summary");
}

// How many times the board is drawn while one move is shown.
async function drawsOfOneMove(page) {
  await page.evaluate(() => {
    window.__draws = 0;
    new MutationObserver(() => { window.__draws++; }).observe(document.getElementById("board"), { childList: true });
  });
  const before = (await movesShown(page)).length;
  await pit(page, "C").click();
  await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n, before);
  await waitIdle(page);
  return page.evaluate(() => window.__draws);
}

test("reduced motion shows each move at once; sound is off until asked for, then moves and captures are heard", async () => {
  const still = await browser("still-", { reducedMotion: "reduce" });
  const page = await still.newPage();
  await apiGame(page, { game: "oware", opponent: "local" });
  await waitIdle(page);
  await setRange(page, "#g-speed", 0);
  const reduced = await drawsOfOneMove(page);
  // The same move with the motion asked for in the settings: seed by seed.
  await openSettings(page);
  await page.selectOption("#set-motion", "full");
  await apiGame(page, { game: "oware", opponent: "local" });
  await waitIdle(page);
  await setRange(page, "#g-speed", 3);
  const full = await drawsOfOneMove(page);
  // Pit C of Oware's start sows 4 seeds: seed by seed is 4 drawings more at least.
  assert.ok(full - reduced >= 4, `drawn ${reduced} times reduced, ${full} times seed by seed`);
  assert.equal(await page.getAttribute("html", "data-sounds"), null, "no sound unless asked for");
  await openSettings(page);
  await page.setChecked("#set-sound", true);
  const heard = Number(await page.getAttribute("html", "data-sounds"));
  assert.ok(heard >= 1, "turning sound on plays one");
  const before = (await movesShown(page)).length;
  await pit(page, "a").click();
  await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n, before);
  await waitIdle(page);
  assert.equal(Number(await page.getAttribute("html", "data-sounds")), heard + 1, "the move was heard");
  await page.reload();
  await waitIdle(page);
  assert.equal(await page.isChecked("#set-sound"), true, "remembered");
  await still.close();
});

test("rules pages draw their boards as the game does, rows named in the page's language, and show no command", async () => {
  const page = await context.newPage();
  for (const [lang, south, north] of [["tr", "Güney", "Kuzey"], ["ar", "الجنوب", "الشمال"], ["en", "South", "North"]]) {
    await page.goto(new URL(`/?lang=${lang}#/rules/modiar`, BASE).href);
    await page.waitForSelector("#rules-body figure.rules-boards svg circle.pit");
    const rows = await page.$$eval("#rules-body .rules-row", (rs) => rs.map((r) => r.textContent));
    assert.ok(rows.includes(south) && rows.includes(north), rows.join(" | "));
    assert.ok(!rows.includes(lang === "en" ? "Güney" : "South"), rows.join(" | "));
    const text = await page.textContent("#rules-body");
    assert.doesNotMatch(text, /\$ mancala|mancala replay|RULINGS|North:|South:|\]\[/, text);
    // The start, and the example: before and after A.
    const boards = await page.$$eval("#rules-body figure.rules-boards", (fs) => fs.map((f) => f.querySelectorAll(".rules-board").length));
    assert.deepEqual(boards, [1, 2]);
    const seeds = await page.$$eval("#rules-body figure.rules-boards .rules-board svg", (ss) => ss.map((s) => s.querySelectorAll("circle.seed").length));
    assert.deepEqual(seeds, [42, 42, 42]);
    // Each board is one image with its seeds said, and no id of the game's own board is taken.
    const labels = await page.$$eval("#rules-body figure.rules-boards svg", (ss) => ss.map((s) => s.getAttribute("aria-label")));
    assert.ok(labels.every((l) => l.includes(south) && l.includes(north)), labels.join(" | "));
    assert.equal(await page.$$eval("#rules-body [id^='pit-']", (e) => e.length), 0);
    if (lang === "tr") await shot(page, "rules-tr");
  }
  // The solitaires: the check drawn board by board, El mirall's rows and the cups' circle.
  await page.goto(new URL("/?lang=en#/rules/el-mirall", BASE).href);
  await page.waitForSelector("#rules-body figure.rules-boards svg circle.pit");
  assert.deepEqual(await page.$$eval("#rules-body figure.rules-boards", (fs) => fs.map((f) => f.querySelectorAll(".rules-board").length)), [1, 4]);
  assert.doesNotMatch(await page.textContent("#rules-body"), /mancala cycle|--trace|NOTATION|docs\//);
  await page.goto(new URL("/?lang=es#/rules/stones-in-cups", BASE).href);
  await page.waitForSelector("#rules-body figure.rules-boards svg circle.pit");
  const cups = await page.$$eval("#rules-body figure.rules-boards svg", (ss) => ss.map((s) => s.querySelectorAll("circle.pit").length));
  assert.deepEqual(cups, [2, 2, 2, 2, 2]);
  assert.doesNotMatch(await page.textContent("#rules-body"), /mancala (play|cycle)|--backward|docs\//);
  await axe(page, "the rules of Stones in cups");
  // On a phone the boards wrap; the page does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(new URL("/?lang=ar#/rules/el-mirall", BASE).href);
  await page.waitForSelector("#rules-body figure.rules-boards svg circle.pit");
  const [doc, win] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(doc <= win, `${doc} > ${win}`);
  await shot(page, "rules-ar-phone");
  await page.close();
});
