// The board's layout and the game's plies as the page lays them out.
import test from "node:test";
import assert from "node:assert/strict";
import { boardGeometry, fitFontSize, guessWidth, seedSpots } from "../js/geometry.js";
import { boardModel, lastMarks, moveRows, seatOf } from "../js/plies.js";

test("South's row runs left to right at the bottom, North's right to left on top", () => {
  const G = boardGeometry(6, true, false, false);
  const [a, f, na, nf] = [G.cell(0), G.cell(5), G.cell(6), G.cell(11)];
  assert.ok(a.x < f.x && a.y === f.y && a.y > na.y, "South's row");
  assert.ok(na.x > nf.x && na.x === f.x && nf.x === a.x, "North's a faces South's F");
  assert.ok(G.cell(12).x > f.x && G.cell(13).x < a.x, "South's store on the right");
});

test("the board turned for North puts his row at the bottom, read from his left", () => {
  const G = boardGeometry(6, true, true, false);
  const [a, na, nf] = [G.cell(0), G.cell(6), G.cell(11)];
  assert.ok(na.y > a.y && na.x < nf.x);
  assert.ok(G.cell(13).x > G.cell(12).x, "North's store on his right");
});

test("a phone's board is narrower, and a board without stores narrower still", () => {
  const wide = boardGeometry(6, true, false, false).width;
  const phone = boardGeometry(6, true, false, true).width;
  const bare = boardGeometry(6, false, false, false).width;
  assert.ok(phone < wide && bare < wide);
});

test("seeds stay inside their pit, at most `max` drawn, each in its own place", () => {
  const spots = seedSpots(60, 40, 40, 40);
  assert.equal(spots.length, 40);
  for (const [x, y] of spots) assert.ok(Math.hypot(x, y) <= 40, `${x},${y}`);
  assert.equal(new Set(spots.map((p) => p.join())).size, 40);
  assert.deepEqual(seedSpots(3, 40, 40, 40), seedSpots(5, 40, 40, 40).slice(0, 3), "seed i keeps its place");
});

const ply = (side, move, label) => ({ side, move, label, cell: 0, captured_pits: [] });

test("the moves list starts a row at each label the server writes", () => {
  const plies = [ply("south", "C", "1."), ply("north", "c", ""), ply("south", "A", "2."), ply("south", "B", ""), ply("north", "a", "2...")];
  const rows = moveRows(plies);
  assert.deepEqual(rows.map((r) => [r.label, r.plies.map((p) => p.index)]), [["1.", [0, 1]], ["2.", [2, 3]], ["2...", [4]]]);
  assert.deepEqual(moveRows([]), []);
});

test("a browser's seats: both on one screen, the other side than the engine's, its own", () => {
  const saved = { token: "t", side: "north" };
  assert.deepEqual(seatOf({ opponent: { kind: "local" } }, saved), ["south", "north"]);
  assert.deepEqual(seatOf({ opponent: { kind: "engine", side: "south" } }, saved), ["north"]);
  assert.deepEqual(seatOf({ opponent: { kind: "remote" } }, saved), ["north"]);
  assert.deepEqual(seatOf({ opponent: { kind: "remote" } }, { side: "north" }), [], "no token, no seat");
});

test("the last ply's marks and a board model come from the server's view", () => {
  const s = { pit_names: { south: ["A", "B"], north: ["a", "b"] }, plies: [{ cell: 3, captured_pits: [0] }] };
  assert.deepEqual(lastMarks(s), { cell: 3, captured: [0] });
  assert.deepEqual(lastMarks({ plies: [] }), { cell: null, captured: [] });
  const m = boardModel(s, { pits: [1, 2, 3, 4], stores: { south: 5, north: 6 } });
  assert.deepEqual(m, { pits: [1, 2, 3, 4], scores: [5, 6], names: ["A", "B", "a", "b"] });
});

test("a store's name is fitted into the store: smaller where it is wider, never larger", () => {
  const G = boardGeometry(6, true, false, true);
  const room = G.storeW - 8;
  assert.equal(fitFontSize(30, 17, room), 17);
  const size = fitFontSize(60, 17, room);
  assert.ok(size < 17 && 60 * size / 17 <= room, `${size}`);
  assert.equal(fitFontSize(1000, 17, room), 8);
  assert.equal(fitFontSize(0, 17, room), 17);
  // Before it can be measured, a name is guessed wide enough: "Sjever" at 17 does not fit a phone's store.
  assert.ok(fitFontSize(guessWidth("Sjever", 17), 17, room) < 17);
  assert.ok(G.cell(12).x - room / 2 >= 4 && G.cell(12).x + room / 2 <= G.width - 4);
});
