#!/usr/bin/env bash
# Oware random playouts: this project's engine against OpenSpiel's C++ loop, measured in the
# same run on the same machine, with the ratio.
#
#   scripts/bench-openspiel.sh            # OPENSPIEL_SIMS=2000 games for OpenSpiel by default
#
# - OpenSpiel: pyspiel.random_sim_test(oware, n, serialize=False, verbose=False,
#   mask_test=False), its own C++ loop of random games (it also checks each state as it goes:
#   string forms, observations, clones, undo), timed from Python; and, for reference, the same
#   games driven move by move from Python.
# - mancala: the criterion bench crates/mancala-core/benches/playouts.rs (batches of 100 games):
#   `rules` is the copy-make hot path, `game` the full Game with repetition and move limit.
# The last line of stdout is the ratio of `game` (same rules as OpenSpiel) to random_sim_test.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
py="$("$repo/scripts/openspiel-venv.sh" | tail -n 1)"
sims="${OPENSPIEL_SIMS:-2000}"

os_out="$("$py" - "$sims" <<'PY'
import random, sys, time
import pyspiel
n = int(sys.argv[1])
game = pyspiel.load_game("oware")
pyspiel.random_sim_test(game, 20, False, False, False)  # warm-up
t = time.perf_counter()
pyspiel.random_sim_test(game, n, False, False, False)
sim = n / (time.perf_counter() - t)
rng = random.Random(1)
m = max(n // 4, 50)
t = time.perf_counter()
for _ in range(m):
    s = game.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
loop = m / (time.perf_counter() - t)
print(f"{sim:.1f} {loop:.1f}")
PY
)"
read -r os_sim os_loop <<<"$os_out"

bench_out="$(cd "$repo" && cargo bench -q -p mancala-core --bench playouts -- --output-format bencher 2>/dev/null | grep 'bench:')"
ns_rules="$(awk '/oware_playouts\/rules/ {print $5}' <<<"$bench_out" | tr -d ,)"
ns_game="$(awk '/oware_playouts\/game/ {print $5}' <<<"$bench_out" | tr -d ,)"
if [ -z "$ns_rules" ] || [ -z "$ns_game" ]; then
    echo "error: the playouts bench printed no figures: $bench_out" >&2
    exit 2
fi

awk -v sim="$os_sim" -v loop="$os_loop" -v r="$ns_rules" -v g="$ns_game" 'BEGIN {
    rules = 100 / (r * 1e-9); game = 100 / (g * 1e-9)
    printf "Oware random playouts, games per second (one core)\n"
    printf "  OpenSpiel random_sim_test (C++ loop)      %12.0f\n", sim
    printf "  OpenSpiel driven from Python              %12.0f\n", loop
    printf "  mancala Game (all rules, as OpenSpiel)    %12.0f   %.0fx random_sim_test\n", game, game / sim
    printf "  mancala Rules hot path (copy-make)        %12.0f   %.0fx random_sim_test\n", rules, rules / sim
    printf "ratio %.1f\n", game / sim
}'
