// The page in the players' languages: chosen from the browser's languages, by the menu (and
// remembered) or by ?lang=; Arabic right to left with the board unchanged; plurals by each
// language's rules; a whole game played in Arabic; a server error worded in the language.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BASE, browser, shot, setRange, waitIdle, apiGame, axe, newGame } from "./lib.mjs";

const LOCALES = fileURLToPath(new URL("../../crates/mancala-locale/locales/", import.meta.url));

// The one-line messages of a catalogue, as written (enough for the fixed words of the page).
function catalogue(lang) {
  const out = {};
  for (const line of readFileSync(LOCALES + lang + ".ftl", "utf8").split("\n")) {
    const m = /^([a-z][a-z0-9-]*) = (.+)$/.exec(line);
    if (m) out[m[1]] = m[2].trim();
  }
  return out;
}
const en = catalogue("en");
const ARABIC = /[\u0600-\u06FF]/;
// Fluent's bidi isolation marks around each variable, in right-to-left text.
const plain = (s) => s.replace(/[\u2068\u2069]/g, "");

const contexts = [];
async function open(locale, path = "/#/") {
  const ctx = await browser("lang-", { locale });
  contexts.push(ctx);
  const page = await ctx.newPage();
  await page.goto(new URL(path, BASE).href);
  await page.waitForSelector("#ng-game option[value=modiar]", { state: "attached" });
  return page;
}
after(async () => { for (const c of contexts) await c.close(); });

for (const [locale, lang, dir] of [["tr-TR", "tr", "ltr"], ["ar-MA", "ar", "rtl"], ["ca-ES", "ca", "ltr"], ["hr-HR", "hr", "ltr"]]) {
  test(`a browser in ${locale} gets the page in ${lang}`, async () => {
    const page = await open(locale);
    const words = catalogue(lang);
    assert.equal(await page.getAttribute("html", "lang"), lang);
    assert.equal(await page.getAttribute("html", "dir"), dir);
    assert.equal(await page.inputValue("#lang-menu"), lang);
    // Known strings, as the catalogue words them and not as English does.
    for (const [sel, key] of [["#ng-start", "ng-start"], ["h1", "new-game"], ["[data-nav=rules]", "nav-rules"]]) {
      const text = (await page.textContent(sel)).trim();
      assert.equal(text, words[key], `${sel} in ${lang}`);
      assert.notEqual(text, en[key], `${sel} is translated in ${lang}`);
    }
    // The game menu names the games as the language does.
    const mangala = plain(await page.$eval("#ng-game option[value=mangala-ii]", (o) => o.textContent));
    assert.ok(mangala.startsWith(words["game-mangala-ii"]), mangala);
    await page.close();
  });
}

test("the menu overrides the browser's language and is remembered; ?lang= overrides both", async () => {
  const page = await open("ar-MA");
  assert.equal(await page.getAttribute("html", "lang"), "ar");
  await page.selectOption("#lang-menu", "tr");
  await page.waitForFunction(() => document.documentElement.lang === "tr");
  assert.equal(await page.getAttribute("html", "dir"), "ltr");
  assert.equal((await page.textContent("#ng-start")).trim(), catalogue("tr")["ng-start"]);
  // The game menu follows at once.
  const tr = catalogue("tr");
  assert.ok((await page.$eval("#ng-game option[value=mangala-ii]", (o) => o.textContent)).startsWith(tr["game-mangala-ii"]));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === "tr");
  assert.equal((await page.textContent("#ng-start")).trim(), tr["ng-start"]);
  assert.equal(await page.inputValue("#lang-menu"), "tr");
  // A link with ?lang= opens in that language, and does not change what was remembered.
  await page.goto(new URL("/?lang=hr#/", BASE).href);
  await page.waitForFunction(() => document.documentElement.lang === "hr");
  assert.equal((await page.textContent("#ng-start")).trim(), catalogue("hr")["ng-start"]);
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForFunction(() => document.documentElement.lang === "tr");
  // Back to English by the menu.
  await page.selectOption("#lang-menu", "en");
  await page.waitForFunction(() => document.documentElement.lang === "en");
  assert.equal((await page.textContent("#ng-start")).trim(), "Start");
  await page.close();
});

// The board's geometry: each pit's and store's box on the screen.
async function boardBoxes(page) {
  return page.$$eval("#board [data-cell]", (gs) => gs.map((g) => {
    const r = g.getBoundingClientRect();
    return { cell: g.getAttribute("data-cell"), pit: g.getAttribute("data-pit"), x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) };
  }));
}

test("Arabic mirrors the page but not the board", async () => {
  const boxes = {};
  const nav = {};
  for (const lang of ["en", "ar"]) {
    const page = await open(lang === "en" ? "en-GB" : "ar-MA");
    assert.equal(await page.getAttribute("html", "dir"), lang === "en" ? "ltr" : "rtl");
    await apiGame(page, { game: "mangala-ii", opponent: "local" });
    await page.waitForSelector("#pit-A .pit.legal");
    await waitIdle(page);
    boxes[lang] = await boardBoxes(page);
    // The score boxes stay beside their stores: South's on the right, as his store.
    const sx = await page.$eval("#g-south-score", (b) => b.getBoundingClientRect().x);
    const nx = await page.$eval("#g-north-score", (b) => b.getBoundingClientRect().x);
    assert.ok(sx > nx, `${lang}: South's score box (x ${sx}) right of North's (x ${nx})`);
    // The page around it follows the writing: the first button stands at the right in Arabic.
    const undo = await page.$eval("#g-undo", (b) => b.getBoundingClientRect().x);
    const resign = await page.$eval("#g-resign", (b) => b.getBoundingClientRect().x);
    nav[lang] = undo < resign ? "ltr" : "rtl";
    if (lang === "ar") {
      await shot(page, "arabic-board", false);
      await axe(page, "a game, in Arabic");
    }
    await page.close();
  }
  assert.equal(boxes.en.length, 14);
  assert.deepEqual(boxes.ar, boxes.en, "every pit and store where it is in English");
  // South's A at the bottom left, North's a above South's F: counter-clockwise from above.
  const at = (L) => boxes.ar.find((b) => b.pit === L);
  assert.ok(at("A").x < at("F").x && at("a").x > at("f").x && at("a").y < at("A").y);
  assert.deepEqual(nav, { en: "ltr", ar: "rtl" });
});

test("plurals follow each language's rules: 1, 2, 5 and 11 seeds in Croatian and Arabic", async () => {
  // North's pits a b c d hold 1, 2, 5 and 11 seeds; South is to move, so all four are named
  // alike but for the count.
  const position = "6-6-6-6-6-6-1-2-5-11-6-7-4-0-S";
  const forms = {};
  for (const [locale, lang] of [["hr-HR", "hr"], ["ar-MA", "ar"], ["en-US", "en"]]) {
    const page = await open(locale);
    await apiGame(page, { game: "mangala-ii", opponent: "local", position });
    await page.waitForSelector("#pit-A .pit.legal");
    const labels = await page.$$eval("#board [data-pit]", (gs) => Object.fromEntries(gs.map((g) => [g.getAttribute("data-pit"), g.getAttribute("aria-label")])));
    // The words of each label without its numbers (in any digits) and the pit letter.
    forms[lang] = ["a", "b", "c", "d"].map((L) => plain(labels[L]).replace(new RegExp(`(^|[ '’(])${L}(?=[ ,)،]|$)`), "$1").replace(/[0-9\u0660-\u0669\u06F0-\u06F9]+/g, "#").trim());
    const rules = await page.evaluate((l) => [1, 2, 5, 11].map((n) => new Intl.PluralRules(l).select(n)), lang);
    forms[lang + "-categories"] = rules;
    await page.close();
  }
  assert.deepEqual(forms["hr-categories"], ["one", "few", "other", "other"]);
  assert.deepEqual(forms["ar-categories"], ["one", "two", "few", "many"]);
  const [h1, h2, h5, h11] = forms.hr;
  assert.ok(h1 !== h2 && h2 !== h5 && h1 !== h5, `Croatian has three forms: ${forms.hr}`);
  assert.equal(h5, h11, "5 and 11 take the same form in Croatian");
  assert.match(h1, /\bkamen\b/);
  assert.match(h2, /\bkamena\b/);
  assert.match(h5, /\bkamenova\b/);
  assert.equal(new Set(forms.ar).size, 4, `Arabic has a form for each of 1, 2, 5 and 11: ${forms.ar}`);
  for (const f of forms.ar) assert.match(f, ARABIC);
  // English: one and other.
  assert.equal(new Set(forms.en.slice(1)).size, 1);
  assert.notEqual(forms.en[0], forms.en[1]);
});

test("a move the rules refuse is worded by the server's code in the player's language", async () => {
  const page = await open("ar-MA");
  // Modiar: a pit holding one stone may not be played (a singleton).
  const r = await apiGame(page, { game: "modiar", opponent: "local", position: "1-8-9-8-8-8-0-0-S" });
  await page.waitForSelector("#pit-B .pit.legal");
  // The API itself: the code and its parameters beside the English text.
  const answer = await page.evaluate(async ({ id, token }) => {
    const res = await fetch(`/api/games/${id}/moves`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, move: "A", version: 0 }) });
    return { status: res.status, body: await res.json() };
  }, { id: r.id, token: r.token });
  assert.equal(answer.status, 422);
  assert.equal(answer.body.code, "illegal-move");
  assert.equal(answer.body.params.move, "A");
  assert.deepEqual(answer.body.params.legal, ["B", "C"]);
  // The page asks the same and words the answer in Arabic: the error and its reason.
  await page.click("#pit-A", { force: true });
  await page.waitForFunction(() => document.getElementById("g-error").textContent.length > 0);
  const shown = plain(await page.textContent("#g-error"));
  assert.match(shown, ARABIC);
  assert.ok(!shown.includes(answer.body.error), "not the server's English");
  const ar = catalogue("ar");
  const reason = ar["reason-" + answer.body.params.reason];
  assert.ok(reason, `the catalogue words reason ${answer.body.params.reason}`);
  // The reason's words, variables aside, are in the message shown.
  for (const piece of reason.split(/\{[^}]*\}/).map((x) => x.trim()).filter((x) => x.length > 2)) {
    assert.ok(shown.includes(piece), `${shown} words the reason (${piece})`);
  }
  assert.ok(shown.includes("A") && shown.includes("B") && shown.includes("C"));
  const s = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), r.id);
  assert.equal(s.plies.length, 0, "nothing was played");
  await page.close();
});

test("a whole Modiar game in Arabic: status, captures and result in Arabic", async () => {
  const page = await open("ar-MA");
  const id = await newGame(page, { game: "modiar" });
  await setRange(page, "#g-speed", 4);
  const statuses = new Set();
  const captures = [];
  for (let i = 0; i < 200; i++) {
    await waitIdle(page);
    const status = plain(await page.textContent("#g-status"));
    statuses.add(status);
    if (await page.isVisible("#g-result")) break;
    assert.match(status, ARABIC, `the status is Arabic: ${status}`);
    const pass = page.locator("#g-pass");
    const before = await page.$$eval("#g-moves [data-move]", (m) => m.length);
    if (await pass.isVisible()) await pass.click();
    else {
      const playable = await page.$$eval("#board [data-pit][role=button]:not([aria-disabled])", (gs) => gs.map((g) => g.getAttribute("data-pit")));
      assert.ok(playable.length > 0, `a pit is playable: ${status}`);
      await page.click(`#pit-${playable[0]}`);
    }
    await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n || !document.getElementById("g-result").hidden, before, { timeout: 60000 });
    for (const t of await page.$$eval("#g-moves [data-move]", (ms) => ms.filter((m) => m.textContent.includes("+")).map((m) => m.title))) captures.push(plain(t));
  }
  const result = plain(await page.textContent("#g-result"));
  assert.match(result, ARABIC, result);
  for (const w of ["You win", "You lost", "Draw", "Game over"]) assert.ok(!result.includes(w), result);
  const ar = catalogue("ar");
  const heads = ["result-you-win", "result-you-lost", "result-draw"].map((k) => plain(ar[k]).split("{")[0].trim()).filter((h) => h);
  assert.ok(heads.some((h) => result.includes(h)), `${result} is worded as the catalogue's result`);
  // Why it ended: the server's code, worded by the catalogue.
  const s = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), id);
  const why = plain(ar["end-" + s.result.code] || "");
  assert.ok(why && result.includes(why), `${result} says why the game ended (${s.result.code}) in Arabic`);
  assert.match(plain(await page.textContent("#g-status")), ARABIC);
  // Captures happen in Modiar (2, 4 or 6 chain backwards); each is named in Arabic.
  assert.ok(captures.length > 0, "the game had a capture");
  for (const c of captures) assert.match(c, ARABIC, c);
  await shot(page, "arabic-modiar-over");
  await page.close();
});

test("the Turkish page, and How to play in Turkish", async () => {
  const page = await open("tr-TR");
  await shot(page, "turkish-home", false);
  await page.goto(new URL("/#/rules/mangala-ii", BASE).href);
  await page.waitForSelector("#rules-body article");
  await shot(page, "turkish-rules", false);
  await axe(page, "How to play, in Turkish");
  assert.equal(await page.getAttribute("#rules-body article", "lang"), "tr");
  const page1 = readFileSync(new URL("../../docs/rules/tr/mangala-ii.md", import.meta.url), "utf8");
  const title = page1.split("\n")[0].replace(/^#\s*/, "");
  assert.equal((await page.textContent("#rules-body h1")).trim(), title);
  // A page not translated falls back to English, marked so for screen readers.
  const fallback = await page.evaluate(async () => (await fetch("/rules/tr/kalah")).text());
  assert.match(fallback, /<article class="rules-page" lang="(tr|en)"/);
  // Unknown language or game: 404.
  assert.equal(await page.evaluate(async () => (await fetch("/rules/de/modiar")).status), 404);
  assert.equal(await page.evaluate(async () => (await fetch("/rules/tr/chess")).status), 404);
  await page.close();
});

test("an OGN record refused is said in the page's language, naming the line and the word", async () => {
  for (const [locale, words] of [["tr-TR", /satır .*2.*'Z' bir hamle değil/], ["ar-MA", /السطر .*«Z» ليست نقلة/]]) {
    const page = await open(locale);
    await page.fill("#import-text", '[Variant "Modiar"]\n1. A Z');
    await page.click("#import-go");
    await page.waitForFunction(() => document.getElementById("import-error").textContent !== "");
    const text = await page.textContent("#import-error");
    assert.match(text, words);
    assert.doesNotMatch(text, /is not a move|OGN line/, text);
    await page.close();
  }
});

test("a game's numbers are in one set of digits, the locale's: Arabic-Indic in ar-SA, Latin in ar-MA", async () => {
  for (const [locale, digits, other] of [["ar-SA", /^[\u0660-\u0669]+$/, /[0-9]/], ["ar-MA", /^[0-9]+$/, /[\u0660-\u0669]/]]) {
    const page = await open(locale);
    await newGame(page, { game: "mangala-ii", opponent: "remote", side: "south", clock: "5+5" });
    await setRange(page, "#g-speed", 4);
    await page.waitForSelector("#pit-A .pit.legal");
    await page.click("#pit-A");
    await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length === 1, null, { timeout: 30000 });
    await waitIdle(page);
    // The seeds in the pits and the stores, the scores, the clocks, the ply looked at.
    const shown = await page.evaluate(() => ({
      counts: [...document.querySelectorAll("#board .count")].map((c) => c.textContent),
      scores: ["g-south-score", "g-north-score"].map((id) => document.getElementById(id).textContent),
      clocks: ["g-south-clock", "g-north-clock"].map((id) => document.getElementById(id).textContent),
      at: document.getElementById("g-review-at").textContent,
    }));
    assert.equal(shown.counts.length, 14);
    for (const n of [...shown.counts, ...shown.scores]) assert.match(n, digits, `${locale}: ${JSON.stringify(shown)}`);
    for (const c of shown.clocks) {
      for (const part of c.split(/[:.]/)) assert.match(part, digits, `${locale}: the clock ${c}`);
    }
    for (const text of [...shown.clocks, shown.at]) assert.doesNotMatch(text, other, `${locale}: ${text}`);
    assert.match(plain(shown.at), locale === "ar-SA" ? /[\u0660-\u0669]/ : /[0-9]/, shown.at);
    if (locale === "ar-SA") await shot(page, "arabic-digits", false);
    await page.close();
  }
});
