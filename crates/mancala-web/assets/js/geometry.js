// Where the board's pieces go: the seeds in a pit and the cells of the two-row board. Pure
// functions (tested in assets/test/); board.js draws with them.

// Seeds laid out in a pit: a sunflower spiral, always the same place for seed i.
export function seedSpots(count, rx, ry, max) {
  const spots = [];
  const shown = Math.min(count, max);
  const golden = Math.PI * (3 - Math.sqrt(5));
  const scale = Math.sqrt(Math.max(shown, 6));
  for (let i = 0; i < shown; i++) {
    const r = Math.sqrt(i + 0.5) / scale;
    const a = i * golden;
    spots.push([Math.cos(a) * r * rx * 0.78, Math.sin(a) * r * ry * 0.78]);
  }
  return spots;
}

// Cells: 0..n-1 South's pits (A.. left to right on the bottom row), n..2n-1 North's pits
// (a.. from North's left, i.e. right to left on the top row), 2n South's store (right),
// 2n+1 North's store (left). `flip` turns the board for North: his row at the bottom, read
// from his left, and the stores swap ends. `small`: a phone's screen.
export function boardGeometry(n, stores, flip, small) {
  const pitW = 100, storeW = stores ? (small ? 50 : 90) : 10, pad = small ? 6 : 20;
  const width = 2 * pad + 2 * storeW + n * pitW;
  const height = 280;
  const x0 = pad + storeW;
  const at = (c) => {
    if (c < n) return { x: x0 + c * pitW + pitW / 2, y: 200 };
    if (c < 2 * n) return { x: x0 + (2 * n - 1 - c) * pitW + pitW / 2, y: 80 };
    if (c === 2 * n) return { x: width - pad - storeW / 2, y: 140 };
    return { x: pad + storeW / 2, y: 140 };
  };
  const cell = flip ? (c) => { const p = at(c); return { x: width - p.x, y: height - p.y }; } : at;
  return { width, height, cell, pitR: small ? 47 : 40, storeW, storeRx: small ? 22 : 36, storeRy: 105 };
}

// The font size that fits a text `width` wide at font size `base` into `room` (the same units):
// `base` when it fits, else smaller in proportion (never below `min`).
export function fitFontSize(width, base, room, min = 8) {
  if (!(width > room)) return base;
  return Math.max(min, Math.floor((base * room) / width * 10) / 10);
}

// A word's width at font size `size` before it can be measured (a board drawn while hidden):
// wide enough for the widest letters of the page's scripts.
export const guessWidth = (text, size) => [...text].length * size * 0.62;
