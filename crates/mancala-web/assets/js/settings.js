// The player's settings, remembered in this browser: colours (light, dark or as the device),
// moves drawn seed by seed or at once (reduced motion, or as the device), and sound for moves
// and captures (off unless asked for). The page's <html> carries the colours and the motion
// chosen (`data-theme`, `data-motion`), for the styles.
import { $ } from "./dom.js";

const KEY = "mancala.settings";
const DEFAULTS = { theme: "system", motion: "system", sound: false };
const dark = window.matchMedia("(prefers-color-scheme: dark)");
const still = window.matchMedia("(prefers-reduced-motion: reduce)");

export const Settings = {
  values: Object.assign({}, DEFAULTS),
  load() {
    try {
      const v = JSON.parse(localStorage.getItem(KEY) || "{}");
      if (["system", "light", "dark"].includes(v.theme)) this.values.theme = v.theme;
      if (["system", "full", "reduced"].includes(v.motion)) this.values.motion = v.motion;
      this.values.sound = v.sound === true;
    } catch (_) { /* no storage, or not ours: the defaults */ }
  },
  save() {
    try { localStorage.setItem(KEY, JSON.stringify(this.values)); } catch (_) { /* no storage */ }
  },
  // Whether moves are shown at once, without the seeds falling one by one.
  reduced() {
    return this.values.motion === "reduced" || (this.values.motion === "system" && still.matches);
  },
  apply() {
    const theme = this.values.theme === "system" ? (dark.matches ? "dark" : "light") : this.values.theme;
    document.documentElement.dataset.theme = theme;
    document.documentElement.dataset.motion = this.reduced() ? "reduced" : "full";
    $("set-theme").value = this.values.theme;
    $("set-motion").value = this.values.motion;
    $("set-sound").checked = this.values.sound;
  },
};

// Sounds made here (no files): a short knock for a move, two brighter notes for a capture.
let audio = null;
export const Sound = {
  played: 0,
  play(kind) {
    if (!Settings.values.sound) return;
    try {
      audio = audio || new AudioContext();
      const now = audio.currentTime;
      const notes = kind === "capture" ? [[660, 0], [880, 0.09]] : [[220, 0]];
      for (const [freq, at] of notes) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = kind === "capture" ? "triangle" : "sine";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, now + at);
        gain.gain.exponentialRampToValueAtTime(0.25, now + at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.12);
        osc.connect(gain).connect(audio.destination);
        osc.start(now + at);
        osc.stop(now + at + 0.14);
      }
      this.played++;
      // Counted on the page, so that a test (or a style) can tell a sound was made.
      document.documentElement.dataset.sounds = String(this.played);
    } catch (_) { /* no audio here: silence */ }
  },
};

Settings.load();
Settings.apply();
for (const q of [dark, still]) q.addEventListener("change", () => Settings.apply());
$("set-theme").addEventListener("change", () => { Settings.values.theme = $("set-theme").value; Settings.save(); Settings.apply(); });
$("set-motion").addEventListener("change", () => { Settings.values.motion = $("set-motion").value; Settings.save(); Settings.apply(); });
$("set-sound").addEventListener("change", () => {
  Settings.values.sound = $("set-sound").checked;
  Settings.save();
  Settings.apply();
  // Heard at once, so the player knows what it sounds like (and the browser allows sound).
  Sound.play("move");
});
