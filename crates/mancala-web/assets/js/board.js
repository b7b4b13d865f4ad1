// The board drawing: two rows of pits with their stores, or any pits (the cups' circle), as
// SVG with the markers of legal, hinted, captured and last-played pits. It knows no rule: what
// is legal, captured or last comes from the caller, the pits' names from the server.
import { compact, el } from "./dom.js";
import { L10n, SIDE, t } from "./l10n.js";
import { boardGeometry, fitFontSize, guessWidth, seedSpots } from "./geometry.js";

// The seeds of a pit, the newest ringed.
export function drawSeeds(g, cx, cy, count, rx, ry, fresh) {
  const max = 40;
  const spots = seedSpots(count, rx, ry, max);
  const sr = Math.max(3.2, Math.min(7, rx / Math.sqrt(Math.max(count, 4)) * 0.75));
  spots.forEach(([dx, dy], i) => {
    const newest = fresh && i === spots.length - 1;
    el("circle", { cx: cx + dx, cy: cy + dy, r: newest ? sr + 1 : sr, class: "seed" + (newest ? " new" : "") }, g);
    // The newest seed: a ring around it, not only another colour.
    if (newest) el("circle", { cx: cx + dx, cy: cy + dy, r: sr + 4.5, class: "newring" }, g);
  });
}

// A store's name inside its store (`room`: the store's width, or on a phone, where the name is
// turned along the narrow store, its height), in every language: the font made smaller where
// the name is longer ("Güney", «الشمال», "Sjever").
function fitStoreNames(texts, room) {
  for (const tx of texts) {
    const base = parseFloat(getComputedStyle(tx).fontSize) || 14;
    let width = 0;
    try { width = tx.getComputedTextLength(); } catch (_) { /* not rendered */ }
    const size = fitFontSize(width || guessWidth(tx.textContent, base), base, room);
    if (size < base) tx.style.fontSize = `${size}px`;
  }
}

// `model`: `pits` (by cell), `scores` (South's, North's store) and `names` (the pits' names by
// cell, as the server gives them).
export function drawBoard(svg, n, model, opts) {
  opts = opts || {};
  const focused = document.activeElement && svg.contains(document.activeElement) ? document.activeElement.getAttribute("data-pit") : null;
  const G = boardGeometry(n, !opts.noStores, !!opts.flip, compact());
  const bottom = opts.flip ? "north" : "south";
  svg.setAttribute("viewBox", `0 0 ${G.width} ${G.height}`);
  svg.innerHTML = "";
  el("rect", { x: 4, y: 10, width: G.width - 8, height: G.height - 20, rx: 60, class: "board-frame" }, svg);
  // Letters, counts and keys are drawn above the pits, outside the pits' buttons: a pit's name
  // says them already (and they never catch a click).
  const labels = el("g", { "aria-hidden": "true", class: "labels" });
  const storeNames = [];
  // A phone's stores are too narrow for a readable name across: it runs along the store.
  const along = compact() && !opts.noStores;
  for (let c = 0; c < 2 * n + 2; c++) {
    const p = G.cell(c);
    const isStore = c >= 2 * n;
    const count = isStore ? model.scores[c - 2 * n] : model.pits[c];
    if (isStore && opts.noStores) continue;
    const g = el("g", { "data-cell": c }, svg);
    if (!isStore) {
      const side = c < n ? "south" : "north";
      const low = side === bottom;
      const idx = c < n ? c : c - n;
      const name = model.names[c];
      const legal = !!(opts.legal && opts.legal.includes(name));
      const hint = opts.hint === name;
      const captured = !!(opts.captured && opts.captured.includes(c));
      const last = opts.last === c;
      g.setAttribute("data-pit", name);
      g.setAttribute("id", (opts.idPrefix || "pit-") + name);
      const cls = ["pit"];
      if (legal) cls.push("legal");
      if (hint) cls.push("hint");
      if (captured) cls.push("captured");
      if (opts.origin === c) cls.push("origin");
      if (last) cls.push("lastmove");
      if (opts.marked && opts.marked[c]) cls.push(opts.marked[c]);
      // Each marker has its own shape: legal a dashed ring, hint a diamond, capture a cross,
      // last move a solid ring and a triangle, the newest seed a ring round the seed.
      if (legal) el("circle", { cx: p.x, cy: p.y, r: G.pitR + 4, class: "ring-legal" }, g);
      if (last) el("circle", { cx: p.x, cy: p.y, r: G.pitR + 4, class: "ring-last" }, g);
      el("circle", { cx: p.x, cy: p.y, r: G.pitR, class: cls.join(" ") }, g);
      drawSeeds(g, p.x, p.y, count, G.pitR, G.pitR, opts.fresh === c);
      if (captured) {
        const d = G.pitR * 0.6;
        el("path", { d: `M${p.x - d},${p.y - d}L${p.x + d},${p.y + d}M${p.x + d},${p.y - d}L${p.x - d},${p.y + d}`, class: "mark-capture" }, g);
      }
      if (hint) {
        const hy = low ? p.y - G.pitR - 2 : p.y + G.pitR + 2;
        el("path", { d: `M${p.x},${hy - 11}L${p.x + 11},${hy}L${p.x},${hy + 11}L${p.x - 11},${hy}Z`, class: "mark-hint" }, g);
      }
      if (last) {
        const ty = low ? p.y + G.pitR + 2 : p.y - G.pitR - 2;
        const dir = low ? 1 : -1;
        el("path", { d: `M${p.x - 30},${ty}L${p.x - 20},${ty + 12 * dir}L${p.x - 40},${ty + 12 * dir}Z`, class: "mark-last" }, g);
      }
      const key = opts.keyLabel ? opts.keyLabel(side, idx) : "";
      if (key) {
        // The player's key for this pit, as a key cap on the inner side of the pit.
        const ky = low ? p.y - 34 : p.y + 34;
        el("rect", { x: p.x - 46, y: ky - 13, width: 26, height: 26, rx: 5, class: "keycap" }, labels);
        el("text", { x: p.x - 33, y: ky + 1, class: "keytext" }, labels, key);
      }
      const ly = low ? p.y + 60 : p.y - 58;
      if (opts.keyRows && opts.keyRows.includes(side)) {
        // A key cap: this letter's key plays the pit.
        const kc = compact() ? 38 : 28;
        el("rect", { x: p.x - kc / 2, y: ly - kc / 2, width: kc, height: kc, rx: 5, class: "keycap" }, labels);
        el("text", { x: p.x, y: ly + 1, class: "keytext" }, labels, name);
      } else el("text", { x: p.x, y: ly, class: "letter" }, labels, name);
      el("text", { x: p.x + 30, y: low ? p.y - 32 : p.y + 32, class: "count", "data-count": name }, labels, L10n.num(count));
      if (opts.onPit) {
        // `anyPit`: every pit of the rows it names may be pressed (El mirall: the server says
        // whether it was the right one); a pit with no seeds has nothing to sow.
        const playable = (opts.anyPit ? opts.anyPit.includes(side) && count > 0 : false) || legal;
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        // Whose pit it is, said: the letters' case alone is lost on a screen reader.
        const whose = opts.whose ? opts.whose(side) : "side";
        let label = t("pit-label", { pit: name, whose, side: SIDE(side), count, playable: playable ? "yes" : "no" });
        if (hint) label += t("pit-label-hint");
        if (last) label += t("pit-label-last");
        g.setAttribute("aria-label", label);
        if (!playable) g.setAttribute("aria-disabled", "true");
        g.style.cursor = playable ? "pointer" : "default";
        g.addEventListener("click", () => opts.onPit(name, c));
        g.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); opts.onPit(name, c); }
        });
      }
    } else {
      const who = SIDE(c === 2 * n ? "south" : "north");
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", t("store-label", { side: who, count }));
      el("ellipse", { cx: p.x, cy: p.y, rx: G.storeRx, ry: G.storeRy, class: "store" + (opts.last === c ? " lastmove" : "") }, g);
      drawSeeds(g, p.x, p.y, count, G.storeRx, G.storeRy, opts.fresh === c);
      el("text", { x: p.x, y: p.y + G.storeRy - 18, class: "count", "data-count": c === 2 * n ? "south-store" : "north-store" }, labels, L10n.num(count));
      if (along) {
        const y = p.y - 25;
        storeNames.push(el("text", { x: p.x, y, transform: `rotate(-90 ${p.x} ${y})`, "dominant-baseline": "middle", class: "rowname words" }, labels, who));
      } else storeNames.push(el("text", { x: p.x, y: p.y - G.storeRy + 22, class: "rowname words" }, labels, who));
    }
  }
  svg.appendChild(labels);
  fitStoreNames(storeNames, along ? 2 * G.storeRy - 80 : G.storeW - 8);
  if (focused) {
    const again = svg.querySelector(`[data-pit="${focused}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

