//! Properties of the two solitaires on random states and sizes.

use mancala_solitaire::el_mirall::{self, ElMirall};
use mancala_solitaire::stones::{self, Cups, Engine};
use mancala_solitaire::{Control, Method, Solitaire};
use proptest::prelude::*;

/// A random Stones-in-cups state: `n` cups, the cup to play holding a stone, total n·k.
fn cups_state() -> impl Strategy<Value = Cups> {
    (1usize..8, 1u64..5).prop_flat_map(|(n, k)| {
        (
            Just(n),
            proptest::collection::vec(0..n, (n as u64 * k) as usize),
        )
            .prop_map(|(n, places)| {
                let mut board = vec![0u64; n];
                for &p in &places {
                    board[p] += 1;
                }
                let next = places[0];
                let text = board
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join("-");
                format!("{text}@{next}")
                    .parse::<Cups>()
                    .expect("a valid state")
            })
    })
}

/// A random El mirall position: South's row any spread of n·k seeds, North its mirror.
fn el_mirall_state() -> impl Strategy<Value = ElMirall> {
    (1usize..7, 1u64..5).prop_flat_map(|(n, k)| {
        proptest::collection::vec(0..n, (n as u64 * k) as usize).prop_map(move |places| {
            let mut south = vec![0u64; n];
            for &p in &places {
                south[p] += 1;
            }
            let mut all = south.clone();
            all.extend(south.iter().rev());
            let text = all.iter().map(u64::to_string).collect::<Vec<_>>().join("-");
            text.parse::<ElMirall>().expect("a valid position")
        })
    })
}

proptest! {
    #[test]
    fn reverse_sowing_undoes_a_move(c in cups_state()) {
        let mut after = c.clone();
        after.step();
        prop_assert_eq!(after.predecessor(), c.clone());
        let mut again = c.predecessor();
        again.step();
        prop_assert_eq!(again, c);
    }

    #[test]
    fn sowing_keeps_every_stone(c in cups_state()) {
        let mut c2 = c.clone();
        c2.step();
        prop_assert_eq!(c.board().iter().sum::<u64>(), c2.board().iter().sum::<u64>());
        prop_assert!(c2.board()[c2.next_cup()] > 0, "the cup to play received the last stone");
    }

    #[test]
    fn a_drawn_sowing_replays_the_move(c in cups_state(), g in el_mirall_state()) {
        // Emptying the cells and adding a seed at each cell of the paths gives the board the
        // move leaves: what the page draws is the move.
        let mut board = c.board().to_vec();
        let mut after = c.clone();
        let s = after.sow();
        prop_assert_eq!(s.emptied.clone(), vec![c.next_cup()]);
        let mut again = c.clone();
        prop_assert_eq!(again.step(), c.next_cup());
        prop_assert_eq!(&again, &after);
        for &e in &s.emptied { board[e] = 0; }
        for &cell in s.paths.iter().flatten() { board[cell] += 1; }
        prop_assert_eq!(board.as_slice(), after.board());
        prop_assert_eq!(s.paths[0].last().copied(), Some(after.next_cup()));

        let n = g.pits();
        let mut cells: Vec<u64> = g.south().iter().chain(g.north()).copied().collect();
        let mut after = g.clone();
        let s = after.sow();
        let mut again = g.clone();
        let (i, j) = again.step();
        prop_assert_eq!(&again, &after);
        prop_assert_eq!(s.emptied.clone(), vec![i, n + j]);
        prop_assert!(s.paths[0].iter().all(|&c| c < n) && s.paths[1].iter().all(|&c| c >= n));
        for &e in &s.emptied { cells[e] = 0; }
        for &cell in s.paths.iter().flatten() { cells[cell] += 1; }
        let want: Vec<u64> = after.south().iter().chain(after.north()).copied().collect();
        prop_assert_eq!(cells, want);
    }

    #[test]
    fn cups_state_notation_round_trips(c in cups_state()) {
        prop_assert_eq!(c.to_string().parse::<Cups>().unwrap(), c);
    }

    #[test]
    fn el_mirall_predecessors_lead_here(g in el_mirall_state()) {
        for p in g.predecessors() {
            let mut q = p.clone();
            q.step();
            prop_assert_eq!(&q, &g);
        }
        let mut next = g.clone();
        next.step();
        prop_assert!(next.predecessors().contains(&g));
        prop_assert_eq!(next.south().iter().sum::<u64>(), g.south().iter().sum::<u64>());
        prop_assert_eq!(next.to_string().parse::<ElMirall>().unwrap(), next);
    }

    #[test]
    fn stones_shortcut_agrees_with_full_simulation(n in 3u64..12, k in 1u64..4) {
        let full = stones::simulation(n, k, Engine::Auto, &Control::NONE).unwrap();
        prop_assert_eq!(stones::shortcut(n, k, Engine::Auto, &Control::NONE).unwrap(), full);
        prop_assert_eq!(stones::shortcut(n, k, Engine::General, &Control::NONE).unwrap(), full);
    }

    #[test]
    fn el_mirall_difference_array_agrees_with_reference(n in 1u64..40, k in 1u64..40) {
        prop_assert_eq!(
            el_mirall::simulation(n, k, &Control::NONE),
            el_mirall::reference(n, k, &Control::NONE)
        );
    }

    #[test]
    fn closed_forms_agree_with_simulation(k in 1u64..2000) {
        prop_assert_eq!(
            Solitaire::StonesInCups.cycle_with(Method::ClosedForm, 2, k, &Control::NONE),
            stones::simulation(2, k, Engine::General, &Control::NONE)
        );
        prop_assert_eq!(el_mirall::closed_form(2, k), el_mirall::simulation(2, k, &Control::NONE));
    }
}

#[test]
fn overflowing_sizes_are_refused() {
    let e = Solitaire::StonesInCups
        .cycle(1 << 33, 1 << 33, &Control::NONE)
        .unwrap_err();
    assert!(e.to_string().contains("64 bits"), "{e}");
    let e = Solitaire::ElMirall.cycle(0, 3, &Control::NONE).unwrap_err();
    assert_eq!(e.to_string(), "pits must be at least 1");
}

#[test]
fn a_stop_request_interrupts_a_long_run() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    let ctl = Control {
        stop: Some(&stop),
        progress: None,
    };
    // 9 cups of 9 stones takes far more than one checkpoint.
    let e = stones::simulation(9, 9, Engine::Packed, &ctl).unwrap_err();
    assert!(matches!(
        e,
        mancala_solitaire::CycleError::Interrupted { .. }
    ));
}
