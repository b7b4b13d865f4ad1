// What this browser keeps: its seats' tokens of games and of El mirall rooms.

// A record of objects by id in local storage under `key`; `put` merges into what is there.
function store(key) {
  return {
    all() {
      try { return JSON.parse(localStorage.getItem(key) || "{}"); } catch (_) { return {}; }
    },
    get(id) { return this.all()[id] || null; },
    removeWhere(f) {
      const a = this.all();
      for (const id of Object.keys(a)) if (f(a[id])) delete a[id];
      localStorage.setItem(key, JSON.stringify(a));
    },
    put(id, v) {
      const a = this.all();
      a[id] = Object.assign(a[id] || {}, v);
      localStorage.setItem(key, JSON.stringify(a));
    },
  };
}

export const Saved = store("mancala.games");
export const SavedRooms = store("mancala.mirall");
