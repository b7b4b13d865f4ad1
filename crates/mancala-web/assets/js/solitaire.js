// What both solitaires share: the counts tables, the size fields, the moves asked of the server
// a batch at a time, auto-play, the result line and a move back.
import { $, sleep } from "./dom.js";
import { L10n, sizeWord, t } from "./l10n.js";
import { api, query } from "./net.js";
import { Settings } from "./settings.js";

// Each solitaire's buttons, result line and counts table, from the page's one template: the
// parts get the ids `<prefix>-<part>` (m-reset, c-table, ...) and the table its note.
for (const spot of document.querySelectorAll("[data-solitaire]")) {
  const parts = $("solitaire-parts").content.cloneNode(true);
  for (const e of parts.querySelectorAll("[data-part]")) {
    e.id = `${spot.dataset.solitaire}-${e.dataset.part}`;
    delete e.dataset.part;
  }
  parts.getElementById(`${spot.dataset.solitaire}-rows-note`).dataset.l10nId = spot.dataset.rowsNote;
  spot.replaceWith(parts);
}

// The counts table of sizes 1..n by 1..k, the seed's published values marked.
// A table asked for later replaces it: the answer to an earlier question is dropped.
export async function countsTable(game, n, k, target, current) {
  const asked = String((Number(target.dataset.asked) || 0) + 1);
  target.dataset.asked = asked;
  target.textContent = t("counting");
  try {
    const t = await api("GET", `/api/solitaires/${game}/table?${query({ n, k })}`);
    if (target.dataset.asked !== asked) return;
    const table = document.createElement("table");
    table.className = "counts";
    const cols = t.cells[0].length;
    const head = table.insertRow();
    const corner = document.createElement("th");
    corner.textContent = `${sizeWord(t.rows)} \\ ${sizeWord(t.cols)}`;
    head.appendChild(corner);
    for (let c = 1; c <= cols; c++) { const th = document.createElement("th"); th.textContent = L10n.num(c); head.appendChild(th); }
    t.cells.forEach((row, r) => {
      const tr = table.insertRow();
      const th = document.createElement("th");
      th.textContent = L10n.num(r + 1);
      tr.appendChild(th);
      row.forEach((v, c) => {
        const td = tr.insertCell();
        const seed = t.seed[r][c];
        if (v === null) {
          // Not counted in the time the server gives a table: unknown, not a disagreement.
          td.textContent = "?";
          td.classList.add("unknown");
          td.title = seed !== null ? L10n.t("not-counted-seed", { seed }) : L10n.t("not-counted");
          td.setAttribute("aria-label", td.title);
          if (seed !== null) td.classList.add("seed");
        } else {
          td.textContent = L10n.num(v);
          if (seed !== null) {
            td.classList.add("seed");
            if (v === seed) td.textContent += " ✓";
            else { td.classList.add("mismatch"); td.textContent += " ✗"; td.title = L10n.t("seed-gives", { seed }); }
          }
        }
        if (current && current[0] === r + 1 && current[1] === c + 1) td.classList.add("current");
      });
    });
    target.innerHTML = "";
    target.appendChild(table);
  } catch (e) {
    if (target.dataset.asked === asked) target.textContent = e.message;
  }
}

// A size field read strictly: a whole number within the field's range. A value out of range or
// not a number is refused with a message by the fields (never replaced by another size).
export function readSizes(fields, msg) {
  const out = [];
  const wrong = [];
  for (const [id, name] of fields) {
    const input = $(id);
    const t = input.value.trim();
    const v = Number(t);
    const ok = t !== "" && Number.isInteger(v) && v >= Number(input.min) && v <= Number(input.max);
    input.setAttribute("aria-invalid", ok ? "false" : "true");
    if (ok) out.push(v);
    else {
      const args = { field: L10n.t(name), min: Number(input.min), max: Number(input.max), value: t };
      wrong.push(L10n.t(t !== "" ? "size-wrong" : input.validity && input.validity.badInput ? "size-not-number" : "size-empty", args));
    }
  }
  $(msg).textContent = wrong.length ? wrong.join("; ") + "." : "";
  return wrong.length ? null : out;
}

// The most moves auto-play runs in the page: beyond, it says so instead of running for minutes.
const AUTO_LIMIT = 200000;

// Whether auto-play can finish in the page; if not, the reason is shown in `msg`.
export async function autoCanFinish(game, msg) {
  try { await game.cycleAsked; } catch (_) { /* the reason is in cycleError */ }
  if (game.cycleError) {
    $(msg).textContent = t("auto-cannot", { why: game.cycleError });
    return false;
  }
  if (game.cycle !== null && game.cycle - game.moves > AUTO_LIMIT) {
    $(msg).textContent = t("auto-too-long", { cycle: game.cycle, limit: AUTO_LIMIT });
    return false;
  }
  return true;
}

export function delayOf(input) {
  return [700, 400, 220, 110, 45, 8][Number(input.value)] ?? 110;
}

// ---------- The solitaires' moves ----------
// The solitaires are played by the server (GET /api/solitaires/{game}/steps): the page asks for
// the next moves from the state it shows, a batch at a time, and only draws them.
const SOWING_BATCH = 64;
export async function nextSowing(owner, game, state) {
  const b = owner.sowings;
  if (!b || b.from !== state || !b.list.length) {
    const r = await api("GET", `/api/solitaires/${game}/steps?${query({ state, count: SOWING_BATCH })}`);
    owner.sowings = { list: r.steps, from: state };
  }
  const st = owner.sowings.list.shift();
  owner.sowings.from = st.state;
  return st;
}

// Auto-play of a solitaire (its views' ids start with `prefix`): a move at a time at the speed
// chosen, or at the fastest `batch` moves a frame without seed-by-seed animation; the button
// pauses it.
export async function autoplaySolitaire(s, prefix, batch) {
  if (s.auto) { s.stop(); s.draw(); return; }
  if (!(await autoCanFinish(s, `${prefix}-size-msg`))) return;
  s.auto = true;
  const run = ++s.run;
  $(`${prefix}-auto`).textContent = t("btn-pause");
  while (s.auto && run === s.run && !s.done) {
    const d = delayOf($(`${prefix}-speed`));
    if (d <= 10) {
      for (let i = 0; i < batch && !s.done; i++) await s.step(false);
      s.draw();
      await sleep(16);
    } else {
      await s.step(true);
      await sleep(d);
    }
  }
  if (run === s.run) s.stop();
  s.draw();
}


// The start of a solitaire of size `n` by `k`, as the server has it (the state, the seeds by
// cell, what is played next; the pits' names for El mirall); asked again of the cycle's length,
// kept on `s` as `cycle` (or `cycleError`) once known.
// Only the answer to the latest question is kept: an answer for an earlier size, arriving late,
// is dropped.
export async function startOf(s, game, n, k) {
  const asked = (s.cycleFor = (s.cycleFor || 0) + 1);
  s.cycle = null;
  s.cycleError = null;
  s.cycleAsked = api("GET", `/api/solitaires/${game}/cycle?${query({ n, k })}`)
    .then((r) => { if (asked === s.cycleFor) s.cycle = r.moves; })
    .catch((e) => { if (asked === s.cycleFor) s.cycleError = e.message; });
  return api("GET", `/api/solitaires/${game}/start?${query({ n, k })}`);
}

// The result line of a solitaire whose views' ids start with `prefix`.
export function showResult(prefix, text) {
  $(`${prefix}-result`).textContent = text;
  $(`${prefix}-result`).hidden = false;
}

// One move back in solitaire `s`: `restore` takes back what its history kept.
export function stepBack(s, prefix, restore) {
  if (!s.history.length) return;
  s.stop();
  restore(s.history.pop());
  s.moves--;
  s.done = false;
  $(`${prefix}-result`).hidden = true;
  s.draw();
}

// One move of solitaire `s` (its views' ids start with `prefix`) as the server plays it: asked,
// kept for going back, animated seed by seed when `animate`, then shown as the server has it.
// `s` draws a sowing under way with `drawSowing(step, fresh)`.
export async function playStep(s, game, prefix, animate) {
  if (s.done) return;
  const run = s.run;
  let st;
  try {
    st = await nextSowing(s, game, s.state);
  } catch (e) {
    s.stop();
    $(`${prefix}-status`).textContent = e.message;
    return;
  }
  remember(s, s.kept());
  // Reduced motion: each move at once, at the pace chosen, without the seeds falling one by one.
  const delay = animate && !Settings.reduced() ? delayOf($(`${prefix}-speed`)) : 0;
  if (delay > 0) await sowSeeds(s, st, delay, run);
  s.show(st);
  s.moves++;
  if (st.start) s.finish();
  s.draw();
}

// The seeds of step `st` falling one by one (all its sowings at once), until the run stops:
// the move is still played whole then (the board after is the server's).
async function sowSeeds(s, st, delay, run) {
  const cells = s.board.slice();
  for (const c of st.emptied) cells[c] = 0;
  const show = (fresh) => {
    s.board = cells.slice();
    s.drawSowing(st, fresh);
  };
  show();
  await sleep(delay);
  const longest = Math.max(...st.paths.map((p) => p.length));
  for (let x = 0; x < longest && run === s.run; x++) {
    const fresh = st.paths.map((p) => p[x]).filter((c) => c !== undefined);
    for (const c of fresh) cells[c]++;
    show(fresh[0]);
    await sleep(delay);
  }
}

// A move's state kept for going back: at most `HISTORY` of them.
const HISTORY = 200000;
export function remember(s, entry) {
  s.history.push(entry);
  if (s.history.length > HISTORY) s.history.shift();
}
