// The page under the server's Content-Security-Policy: every view used (a game against the
// computer with a move and the analysis, El mirall, Stones in cups) runs with no policy
// violation and no console error, and the policy is really enforced (an inline script is
// blocked). Started by e2e/run.sh, which gives BASE_URL.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, browser, newGame } from "./lib.mjs";

let context;

before(async () => {
  context = await browser("chromium-csp-");
  // Every violation the page meets is kept where the test can read it.
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
});

after(async () => {
  if (context) await context.close();
});

function watch(page) {
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

test("the page's answers carry the security headers", async () => {
  const page = await context.newPage();
  const r = await page.goto(BASE);
  const h = r.headers();
  assert.match(h["content-security-policy"], /default-src 'none'/);
  assert.match(h["content-security-policy"], /frame-ancestors 'none'/);
  assert.equal(h["x-frame-options"], "DENY");
  assert.equal(h["x-content-type-options"], "nosniff");
  assert.equal(h["referrer-policy"], "no-referrer");
  await page.close();
});

test("every view runs under the policy with no violation and no console error", async () => {
  const page = await context.newPage();
  const errors = watch(page);
  await newGame(page, { game: "modiar" });
  await page.waitForSelector("#pit-A .pit.legal");
  await page.click("#pit-A");
  await page.waitForFunction(() => document.querySelectorAll("#g-moves [data-move]").length >= 2, null, { timeout: 30000 });
  await page.click("#g-analyse");
  await page.waitForTimeout(1500);

  await page.goto(new URL("/#/mirall", BASE).href);
  await page.waitForSelector("#m-board [data-count=A]");
  await page.click("#m-step");
  await page.waitForFunction(() => document.getElementById("m-count").textContent === "1");

  await page.goto(new URL("/#/cups", BASE).href);
  await page.waitForSelector("#c-board #cup-0");
  await page.fill("#c-cups", "2");
  await page.fill("#c-stones", "1");
  await page.$eval("#c-stones", (e) => e.dispatchEvent(new Event("change")));
  await page.fill("#c-guess", "4");
  await page.click("#c-guess-go");
  await page.waitForSelector("#c-result:not([hidden])", { timeout: 20000 });

  const violations = await page.evaluate(() => window.__violations);
  assert.deepEqual(violations, [], "no policy violation");
  assert.deepEqual(errors, [], "no console error");

  // The policy is enforced: an inline script does not run and is reported.
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__inline_ran = true;";
    document.body.appendChild(s);
  });
  await page.waitForFunction(() => window.__violations.length > 0);
  assert.equal(await page.evaluate(() => window.__inline_ran === true), false);
  assert.match((await page.evaluate(() => window.__violations))[0], /script-src/);
  await page.close();
});
