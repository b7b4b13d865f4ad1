// The clocks of a game between people, as the server keeps them: each side's time left when the
// state came, counted down here between answers (the server alone decides a flag; when the
// running time reaches zero the page asks it). Under ten seconds a clock is marked low and
// said once to screen readers.
import { $ } from "./dom.js";
import { L10n, SIDE, t } from "./l10n.js";

export const LOW_MS = 10_000;

// `m:ss`, with tenths under ten seconds; `h:mm:ss` past an hour; days for correspondence. In
// the digits of the page's numbers.
export function clockText(ms) {
  const num = (n, digits) => L10n.num(n, digits);
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  if (s >= 86_400) return t("clock-days-left", { days: Math.floor(s / 86_400), hours: Math.floor(s / 3600) % 24 });
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
  const two = (x) => num(x, 2);
  if (h) return `${num(h)}:${two(m)}:${two(sec)}`;
  if (s < 10) return `${num(0)}:${two(sec)}.${num(Math.floor(ms % 1000 / 100))}`;
  return `${num(m)}:${two(sec)}`;
}

// A time control's name in the page's language: `3+2` → "3 min + 2 s a move", `2d` → "2 days a
// move".
export function controlName(id) {
  const d = /^(\d+)d$/.exec(id);
  if (d) return t("clock-days", { days: Number(d[1]) });
  const m = /^(\d+(?:\.\d+)?)\+(\d+)$/.exec(id);
  return m ? t("clock-live", { minutes: Number(m[1]), seconds: Number(m[2]) }) : id;
}

export const Clock = {
  timer: null, state: null, at: 0, flagged: null, warned: {},
  // Shows `state`'s clocks (hidden without one); `onZero` is called once when the running
  // time reaches zero here.
  show(state, onZero) {
    // The countdown starts again only from a state newly come (the same one drawn again, say
    // for a change of presence, keeps counting).
    if (state !== this.state || !state || state.version !== this.version) {
      this.at = performance.now();
      this.version = state && state.version;
    }
    this.state = state;
    this.onZero = onZero;
    const c = state && state.clock;
    for (const side of ["south", "north"]) $(`g-${side}-clock`).hidden = !c;
    clearInterval(this.timer);
    this.timer = null;
    if (!c) return;
    if (this.flagged !== state.version) this.flagged = null;
    this.tick();
    if (c.running || c.start_left !== null) this.timer = setInterval(() => this.tick(), 100);
  },
  stop() { clearInterval(this.timer); this.timer = null; },
  left(side) {
    const c = this.state.clock;
    const spent = performance.now() - this.at;
    return c.running === side ? c.left[side] - spent : c.left[side];
  },
  tick() {
    const s = this.state, c = s && s.clock;
    if (!c) return;
    for (const side of ["south", "north"]) {
      const el = $(`g-${side}-clock`);
      const ms = this.left(side);
      el.textContent = clockText(ms);
      el.classList.toggle("running", c.running === side);
      const low = c.running === side && ms < LOW_MS;
      el.classList.toggle("low", low);
      el.setAttribute("aria-label", t("clock-label", { side: SIDE(side), time: clockText(ms) }));
      const key = `${s.id}:${s.version}:${side}`;
      if (low && !this.warned[key]) {
        this.warned[key] = true;
        $("g-live").textContent = t("clock-low", { side: SIDE(side) });
      }
    }
    const start = c.start_left !== null && c.start_left !== undefined
      ? c.start_left - (performance.now() - this.at) : null;
    $("g-clock-start").hidden = start === null;
    if (start !== null) $("g-clock-start").textContent = t("clock-start", { side: SIDE(s.to_move), seconds: Math.ceil(Math.max(0, start) / 1000) });
    const zero = (c.running && this.left(c.running) <= 0) || (start !== null && start <= 0);
    if (zero && this.flagged !== s.version) {
      this.flagged = s.version;
      this.stop();
      if (this.onZero) this.onZero();
    }
  },
};
