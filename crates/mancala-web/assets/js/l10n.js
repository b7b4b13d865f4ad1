// Languages. The page's words are in Fluent catalogues (crates/mancala-locale/locales/<lang>.ftl,
// served as /locales/<lang>.ftl), formatted by @fluent/bundle (/vendor/fluent-bundle.js, loaded
// before the modules): plurals by Intl.PluralRules and numbers by Intl.NumberFormat of the
// player's locale. A message a catalogue lacks is taken from English. Every number the page
// shows, in a message or not (a count, a score, a clock, a rating), is written in the digits of
// that locale and without grouping (a rating is 1662, not 1,662): `L10n.num` and the messages'
// numbers are formatted alike.
// The language: `?lang=` in the address, else the one chosen in the menu (remembered), else the
// server's choice from the browser's languages (Accept-Language), given as <html lang>.
import { $ } from "./dom.js";
import { errorText, plainArgs, signed } from "./words.js";

export const L10n = {
  code: "en", dir: "ltr", bundles: [],
  menu() { return $("lang-menu"); },
  known(code) {
    return [...this.menu().options].find((o) => o.value === code) || null;
  },
  wanted() {
    const asked = new URLSearchParams(location.search).get("lang");
    const pick = (c) => (c ? this.known(c.toLowerCase().split(/[-_]/)[0]) : null);
    let stored = null;
    try { stored = localStorage.getItem("mancala.lang"); } catch (_) { /* no storage */ }
    return (pick(asked) || pick(stored) || pick(document.documentElement.lang) || this.known("en") || { value: "en", dataset: {} }).value;
  },
  // The browser's own tag of that language (ar-MA, tr-TR) for Intl, else the code.
  locales(code) {
    const tags = (navigator.languages || []).filter((t) => t.toLowerCase().split(/[-_]/)[0] === code);
    return tags.length ? [tags[0], code] : [code];
  },
  async bundle(code, rtl) {
    const r = await fetch(`/locales/${code}.ftl`);
    if (!r.ok) return null;
    const text = await r.text();
    const { FluentBundle, FluentResource } = globalThis.FluentBundle;
    // Bidi isolation of the variables (pit letters, numbers) only where the text is right to left.
    const b = new FluentBundle(this.locales(code), { useIsolating: rtl });
    const errors = b.addResource(new FluentResource(text));
    if (errors.length) console.warn(`${code}.ftl:`, errors);
    return b;
  },
  async use(code) {
    const opt = this.known(code);
    const dir = opt && opt.dataset.dir === "rtl" ? "rtl" : "ltr";
    const bundles = [];
    try {
      const b = code === "en" ? null : await this.bundle(code, dir === "rtl");
      if (b) bundles.push(b);
      const en = await this.bundle("en", false);
      if (en) bundles.push(en);
    } catch (_) { /* the server is unreachable: the words already shown stay */ }
    if (!bundles.length) return;
    this.bundles = bundles;
    this.code = code;
    this.dir = dir;
    document.documentElement.lang = code;
    document.documentElement.dir = dir;
    this.menu().value = code;
    this.translate(document);
  },
  has(id) { return this.bundles.some((b) => b.hasMessage(id)); },
  // The message `id` formatted with `args`, in the first catalogue that has it.
  t(id, args) {
    if (args) args = this.numbers(plainArgs(args));
    for (const b of this.bundles) {
      const m = b.getMessage(id);
      if (m && m.value) {
        const errors = [];
        const text = b.formatPattern(m.value, args || null, errors);
        if (errors.length) console.warn(id, errors);
        return text;
      }
    }
    return id;
  },
  // The page's fixed words: each [data-l10n-id] gets its message, as text or as the attribute
  // named by data-l10n-attr.
  translate(root) {
    for (const e of root.querySelectorAll("[data-l10n-id]")) {
      const text = this.t(e.dataset.l10nId);
      if (e.dataset.l10nAttr) e.setAttribute(e.dataset.l10nAttr, text);
      else e.textContent = text;
    }
  },
  side(s) { return this.t(s === "south" ? "side-south" : "side-north"); },
  error(data, status) { return errorText(this, data, status); },
  // The numbers among a message's variables formatted as `num` formats them.
  numbers(args) {
    const { FluentNumber } = globalThis.FluentBundle;
    for (const k of Object.keys(args)) {
      if (typeof args[k] === "number") args[k] = new FluentNumber(args[k], { useGrouping: false });
    }
    return args;
  },
  // A number in the player's locale and its digits, at least `digits` of them (a clock's `05`).
  num(n, digits = 1) {
    const key = `${this.code} ${digits}`;
    this.formats = this.formats || {};
    if (!this.formats[key]) this.formats[key] = new Intl.NumberFormat(this.locales(this.code), { useGrouping: false, minimumIntegerDigits: digits });
    return this.formats[key].format(n);
  },
  // A signed number: +3, -2, +0.
  signed(n) { return signed(n, (x) => this.num(x)); },
  // A rating as players read it, `?` marking a provisional one: 1662, 1500?.
  rating(r) { return this.num(r.rating) + (r.provisional ? "?" : ""); },
  // A day (`seconds` since 1970, or a Date), in the locale's words and digits.
  date(when) {
    const d = when instanceof Date ? when : new Date(when * 1000);
    return d.toLocaleDateString(this.locales(this.code));
  },
};

export const t = (id, args) => L10n.t(id, args);
export const SIDE = (s) => L10n.side(s);

// A game's name as players say it in the language (the server's name for a resized game).
export function gameName(g) {
  const id = g.game || g.id;
  return L10n.has("game-" + id) ? t("game-" + id) : g.name;
}

// A level's name as a menu gives it, shorter: "Novice".
export function levelName(id) {
  return L10n.has("level-name-" + id) ? t("level-name-" + id) : id;
}

// Sizes named by the server (the counts tables' rows and columns).
export function sizeWord(w) {
  const id = { pits: "m-pits", seeds: "m-seeds", cups: "c-cups", stones: "c-stones" }[w];
  return id ? t(id) : w;
}
