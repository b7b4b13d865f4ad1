// A game's plies and seats as the page lays them out, from the server's view of the game (the
// move labels, the cells and the seeds come from the server). Pure functions, tested in
// assets/test/.

import { other } from "./words.js";

// The moves list's rows: a row begins at each ply whose label the server writes (`3.`, `3...`)
// and holds the plies up to the next such one. Each row: its label and its plies with their index.
export function moveRows(plies) {
  const rows = [];
  plies.forEach((p, i) => {
    if (p.label || !rows.length) rows.push({ label: p.label, plies: [] });
    rows[rows.length - 1].plies.push({ ply: p, index: i });
  });
  return rows;
}

// The sides a browser may move in game `s`, given what it saved of the game.
export function seatOf(s, saved) {
  if (!s || !saved || !saved.token) return [];
  if (s.opponent.kind === "local") return ["south", "north"];
  if (s.opponent.kind === "engine") return [other(s.opponent.side)];
  return saved.side ? [saved.side] : [];
}

// The last ply's marks on the board: the cell it sowed from and the cells it captured.
export function lastMarks(s) {
  const p = s.plies[s.plies.length - 1];
  return p ? { cell: p.cell, captured: p.captured_pits } : { cell: null, captured: [] };
}

// A board model of the seeds `b` (a board of the server's: pits by cell and the stores) with
// the pits' names of game `s`.
export function boardModel(s, b) {
  return { pits: b.pits.slice(), scores: [b.stores.south, b.stores.north], names: s.pit_names.south.concat(s.pit_names.north) };
}
