// Shared helpers of the end-to-end tests: Chromium, the command, and playing by what a player
// (or a screen reader) is told: buttons found by their accessible names.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { chromium } from "playwright-core";

export const BASE = process.env.BASE_URL;
export const BIN = process.env.MANCALA_BIN;
export const SHOTS = process.env.SCREENSHOT_DIR || "";
assert.ok(BASE, "BASE_URL must name a running server (use e2e/run.sh)");
assert.ok(BIN, "MANCALA_BIN must name the mancala command (use e2e/run.sh)");

// E2E_PAGE_DIR (for checking that a test fails without a change, or trying a change without
// building the server): serve the page's files from this folder instead of the server's (the
// page's language and menu as the server sets them); E2E_LOCALE_DIR likewise the catalogues.
const PAGE_DIR = process.env.E2E_PAGE_DIR || "";
const LOCALE_DIR = process.env.E2E_LOCALE_DIR || "";
const PAGE_FILES = { "/": ["index.html", "text/html"], "/app.js": ["app.js", "text/javascript"], "/style.css": ["style.css", "text/css"] };
// The file serving `path`, and its type: /js/<name> is js/<name> of the folder, /locales/<lang>.ftl
// the catalogue.
function pageFile(path) {
  if (PAGE_DIR && PAGE_FILES[path]) return [join(PAGE_DIR, PAGE_FILES[path][0]), PAGE_FILES[path][1]];
  if (PAGE_DIR && /^\/js\/[a-z0-9-]+\.js$/.test(path)) return [join(PAGE_DIR, path.slice(1)), "text/javascript"];
  if (LOCALE_DIR && /^\/locales\/[a-z]+\.ftl$/.test(path)) return [join(LOCALE_DIR, path.slice("/locales/".length)), "text/plain; charset=utf-8"];
  return null;
}

// `options`: more of Playwright's context options (`locale: "tr-TR"` sets navigator.languages
// and Accept-Language).
export async function browser(name = "chromium-", options = {}) {
  const profile = mkdtempSync(join(process.env.E2E_PROFILE_ROOT || tmpdir(), name));
  const ctx = await chromium.launchPersistentContext(profile, {
    ...options,
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1100, height: 900 },
  });
  if (PAGE_DIR || LOCALE_DIR) {
    await ctx.route((url) => pageFile(url.pathname) !== null, async (route) => {
      const path = new URL(route.request().url()).pathname;
      const [file, type] = pageFile(path);
      let body = readFileSync(file, "utf8");
      if (path === "/") {
        // The language the server chose (<html lang dir>) and its menu, as it serves them.
        const served = await (await route.fetch()).text();
        body = body.replace(/<html[^>]*>/, served.match(/<html[^>]*>/)[0])
          .replace("<!-- languages -->", served.match(/<select id="lang-menu">([\s\S]*?)<\/select>/)[1]);
      }
      await route.fulfill({ status: 200, contentType: type, body });
    });
  }
  return ctx;
}

export function mancala(...args) {
  const out = execFileSync(BIN, args, { encoding: "utf8" }).trim().split("\n");
  return out[out.length - 1];
}

export async function shot(page, name, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, name + ".png"), fullPage });
}

// A pit, as a screen reader names it: "your C, 7 seeds, playable", "opponent's c, …",
// "South's C, …" (in English).
export function pit(page, L) {
  return page.getByRole("button", { name: new RegExp(`(^|[ '’])${L},`) });
}

// The letter a pit's name names: "your C, 7 seeds, playable" → "C".
export function pitName(label) {
  return label.split(",")[0].trim().split(/[ '’]/).pop();
}

export async function pitLabels(page) {
  return page.$$eval("#board [role=button]", (ps) => ps.map((p) => p.getAttribute("aria-label")));
}

// The letters of the pits named playable.
export async function playable(page) {
  return (await pitLabels(page)).filter((l) => /, playable/.test(l)).map(pitName);
}

export async function setRange(page, sel, value) {
  await page.$eval(sel, (e, v) => { e.value = v; e.dispatchEvent(new Event("input")); e.dispatchEvent(new Event("change")); }, String(value));
}

export async function movesShown(page) {
  return page.$$eval("#g-moves [data-move]", (ms) => ms.map((m) => m.getAttribute("data-move")));
}

// The page is settled: it shows the game its address names (not the one shown before), no
// move drawn or asked for, the state shown is the server's.
export async function waitIdle(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const v = document.getElementById("view-game");
    const st = document.getElementById("g-status");
    const s = st.textContent;
    const named = location.hash.match(/^#\/game\/([^?]+)/);
    return (!named || v.dataset.game === named[1]) && !v.hasAttribute("data-busy") && s !== "" && s !== "…" && !st.hasAttribute("data-thinking");
  }, null, { timeout });
}

// Starts a game from the home page's form.
export async function newGame(page, { game, opponent = "engine", level = "greedy", side = "south", hints, clock } = {}) {
  await page.goto(new URL("/#/", BASE).href);
  await page.waitForSelector(`#ng-game option[value=${game}]`, { state: "attached" });
  await page.selectOption("#ng-game", game);
  await page.selectOption("#ng-opponent", opponent);
  if (opponent === "engine") await page.selectOption("#ng-level", level);
  if (opponent !== "local") await page.selectOption("#ng-side", side);
  if (hints !== undefined) await page.setChecked("#ng-hints", hints);
  if (clock !== undefined) await page.selectOption("#ng-clock", clock);
  // The button by its id: its name is in the page's language.
  await page.click("#ng-start");
  await page.waitForURL(/#\/game\//);
  const id = page.url().split("#/game/")[1];
  await shows(page, id);
  return id;
}

// Waits until the page shows game `id` (not the one it showed before).
export async function shows(page, id) {
  await page.waitForSelector(`#view-game[data-game="${id}"]`, { state: "attached" });
}

// A game created through the API (a set-up position, say); the page then opens it with its seat.
export async function apiGame(page, body) {
  await page.goto(new URL("/#/", BASE).href);
  const r = await page.evaluate(async (b) => {
    const res = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(b) });
    return res.json();
  }, body);
  assert.ok(r.id, JSON.stringify(r));
  await page.evaluate((r) => {
    const all = JSON.parse(localStorage.getItem("mancala.games") || "{}");
    const side = r.state.opponent.kind === "engine" ? (r.state.opponent.side === "south" ? "north" : "south") : r.invite ? (r.invite.side === "south" ? "north" : "south") : null;
    all[r.id] = { token: r.token, side, name: r.state.name, created: r.state.created, invite: r.invite ? r.invite.link : null };
    localStorage.setItem("mancala.games", JSON.stringify(all));
  }, r);
  await page.goto(new URL("/#/game/" + r.id, BASE).href);
  await shows(page, r.id);
  return r;
}

export function countsOf(position, n) {
  const f = position.split("-").map(Number);
  const c = {};
  for (let i = 0; i < n; i++) {
    c[String.fromCharCode(65 + i)] = f[i];
    c[String.fromCharCode(97 + i)] = f[n + i];
  }
  return c;
}

// The board as the page names it: counts by pit letter, read from the pits' names.
export async function boardCounts(page) {
  const c = {};
  for (const l of await pitLabels(page)) {
    const [, seeds] = l.split(", ");
    c[pitName(l)] = Number(seeds.split(" ")[0]);
  }
  return c;
}

// Plays a move vs the computer or on one screen: the first playable pit, or Pass. Returns
// what was played.
export async function playOne(page, choose = (ls) => ls[0]) {
  const pass = page.getByRole("button", { name: "Pass", exact: true });
  const before = (await movesShown(page)).length;
  let played;
  if (await pass.isVisible()) {
    await pass.click();
    played = "pass";
  } else {
    const ls = await playable(page);
    assert.ok(ls.length > 0, "a pit is playable while the game goes on");
    played = choose(ls);
    await pit(page, played).click();
  }
  await page.waitForFunction((n) => document.querySelectorAll("#g-moves [data-move]").length > n, before, { timeout: 60000 });
  await waitIdle(page);
  return played;
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// No serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA) on the page now.
let axeSource = null;

export async function axe(page, where) {
  // Evaluated through the browser's protocol, not as a <script>: the page's Content-Security-Policy
  // (script-src 'self') rightly refuses inline scripts, and the check must run under it.
  if (!axeSource) axeSource = readFileSync(AXE, "utf8");
  await page.evaluate(axeSource);
  const r = await page.evaluate(async () => {
    const res = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return res.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary) }));
  });
  const bad = r.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad, [], `${where}: ${JSON.stringify(bad, null, 1)}`);
}
