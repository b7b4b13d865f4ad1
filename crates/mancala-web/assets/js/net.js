// The API (docs/api.md): requests with errors in the player's words, and the connection: told
// when lost, and the views shown again as the server has them when it is back.
import { $, sleep } from "./dom.js";
import { L10n, t } from "./l10n.js";

// An error the server could not be asked about: the connection is lost.
class Offline extends Error {
  constructor() {
    super(t("connection-lost"));
    this.offline = true;
  }
}

// `headers`: more request headers (a seat's token for a hint or an analysis: `Seat-Token`).
// A change made while logged in carries the login's token (`Net.csrf`, from GET /api/account).
export async function api(method, path, body, headers = {}) {
  const opts = { method, headers: Object.assign({}, headers) };
  if (method !== "GET" && Net.csrf) opts.headers["X-CSRF-Token"] = Net.csrf;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let r, text;
  try {
    r = await fetch(path, opts);
    text = await r.text();
  } catch (_) {
    // fetch fails only when the server cannot be reached ("Failed to fetch"): say so.
    Net.lost();
    throw new Offline();
  }
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = { error: text }; }
  if (r.status === 503 && data && data.code === "database-unavailable") {
    // The server is up but its database is not: nothing was changed; wait for it as for a
    // lost connection (the views are shown again as the server has them when it is back).
    Net.lost();
    throw new Offline();
  }
  if (!r.ok) {
    const e = new Error(data && data.error ? L10n.error(data, r.status) : `${r.status} ${r.statusText}`);
    e.status = r.status;
    e.code = (data && data.code) || null;
    // A stale version: the game or room as it is now, to show instead.
    e.state = (data && data.state) || null;
    throw e;
  }
  return data;
}

// A random id for a request that makes something (a challenge, an acceptance): a copy sent
// with the same id is answered as the first was, never made twice (docs/api.md).
export function requestId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// `api` for a request whose body carries its id (`requestId`): when the connection is lost,
// its answer may be lost with it, so once the server answers again the same request is sent
// again (up to `tries` times in all) and gets the first answer.
export async function apiAgain(method, path, body, tries = 5) {
  for (let i = 1; ; i++) {
    try {
      return await api(method, path, body);
    } catch (e) {
      if (!e.offline || i >= tries) throw e;
      while (Net.down) await sleep(300);
    }
  }
}

// The server's catalogue (`GET /api/rules`: games, levels, clocks, phrases), asked once and
// shared by every view; asked again after a failure.
let catalogue = null;
export function catalog() {
  if (!catalogue) catalogue = api("GET", "/api/rules").catch((e) => { catalogue = null; throw e; });
  return catalogue;
}

// A query string of `params` (values encoded).
export function query(params) {
  return new URLSearchParams(params).toString();
}

// `onLost` and `onBack` are the views' (set by the router): redraw without the server, reload.
export const Net = {
  down: false,
  csrf: null,
  onLost: () => {},
  onBack: async () => {},
  lost() {
    if (this.down) return;
    this.down = true;
    $("offline").hidden = false;
    this.onLost();
    this.retry();
  },
  async retry() {
    while (this.down) {
      await sleep(1500);
      try {
        // The health check answers 503 while the database does not.
        const r = await fetch("/api/health", { cache: "no-store" });
        if (r.ok) break;
      } catch (_) { /* still down */ }
    }
    this.down = false;
    $("offline").hidden = true;
    await this.onBack();
  },
};
