// Small helpers of the page's DOM: elements by id, SVG elements, waiting.

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const SVGNS = "http://www.w3.org/2000/svg";

// An SVG element `tag` with `attrs`, appended to `parent`, holding `text`.
export function el(tag, attrs, parent, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// Whether the screen is a phone's: the board is drawn more compact.
export function compact() { return window.innerWidth < 600; }
