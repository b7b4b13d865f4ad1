import { test } from "node:test";
import assert from "node:assert/strict";
import { arrowStep, evalGraph, boardAt, ratingPlot } from "../js/graph.js";

test("the graph turns North's scores to South's view and scales them into the box", () => {
  const plies = [
    { ply: 1, side: "south", score: 2, mistake: false },
    { ply: 2, side: "north", score: 4, mistake: true },
    { ply: 3, side: "south", score: 0, mistake: false },
  ];
  const g = evalGraph(plies, 100, 50, 5);
  assert.deepEqual(g.points.map((p) => p.value), [2, -4, 0]);
  assert.equal(g.top, 4);
  assert.equal(g.points[0].x, 5);
  assert.equal(g.points[2].x, 95);
  assert.equal(g.points[1].y, 45, "the lowest value at the bottom of the box");
  assert.equal(g.points[2].y, 25, "zero in the middle");
  assert.ok(g.points[0].y < 25, "South ahead is above the middle");
  assert.equal(g.points[1].mistake, true);
  assert.match(g.d, /^M5\.0,\d+\.\d L50\.0,45\.0 L95\.0,25\.0$/);
});

test("the board at a ply is the server's: the start before the first, after each ply its own", () => {
  const b = (n) => ({ pits: [n], stores: { south: 0, north: 0 } });
  const s = { plies: [
    { before_board: b(0), after_board: b(1), cell: 0, captured_pits: [] },
    { before_board: b(1), after_board: b(2), cell: 1, captured_pits: [1] },
  ] };
  assert.deepEqual(boardAt(s, 0).board, b(0));
  assert.deepEqual(boardAt(s, 1), { board: b(1), cell: 0, captured: [] });
  assert.equal(boardAt(s, 2), null, "the last ply: the game as it is");
  assert.equal(boardAt(s, null), null);
});

test("the arrow keys step as the review's buttons sit: Left goes forward in a right-to-left page", () => {
  assert.deepEqual(["ArrowRight", "ArrowLeft", "Home"].map((k) => arrowStep(k, "ltr")), [1, -1, 0]);
  assert.deepEqual(["ArrowRight", "ArrowLeft", "Home"].map((k) => arrowStep(k, "rtl")), [-1, 1, 0]);
  assert.equal(arrowStep("ArrowRight", ""), 1);
});

test("a rating plot is labelled with the lowest and highest ratings held, at their heights", () => {
  const up = ratingPlot([{ before: 1500, rating: 1580, at: 1 }, { before: 1580, rating: 1662, at: 2 }], 320, 120, 8);
  assert.deepEqual(up.labels.map((l) => l.value), [1662, 1500], "not the box's padded range (1490, 1672)");
  assert.equal(up.points.length, 3, "the rating before the first game, then one a game");
  assert.deepEqual(up.points.map((p) => p.rating), [1500, 1580, 1662]);
  const [hi, lo] = up.labels;
  assert.equal(hi.y, up.points[2].y, "the highest label at the highest point");
  assert.equal(lo.y, up.points[0].y, "the lowest label at the lowest point");
  const down = ratingPlot([{ before: 1500, rating: 1338, at: 1 }], 320, 120, 8);
  assert.deepEqual(down.labels.map((l) => l.value), [1500, 1338]);
  // Two ratings a point apart: both labels readable, still inside the box.
  const close = ratingPlot([{ before: 1500, rating: 1501, at: 1 }], 320, 120, 8);
  assert.ok(close.labels[1].y - close.labels[0].y >= 11);
  assert.deepEqual(ratingPlot([], 320, 120).labels, []);
});
