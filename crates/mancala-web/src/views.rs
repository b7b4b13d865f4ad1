//! The JSON shapes of the API: a game's state and its plies as the page reads them
//! (docs/api.md).

use crate::session::{Opponent, Session};
use mancala_core::record::move_numbers;
use mancala_core::{BySide, Ending, Move, Ply, Position, Side};
use serde::Serialize;

/// A position's seeds as the page draws them: the pits in cell order (`0..n` South's `A`..,
/// `n..2n` North's `a`..) and each side's store (or captures).
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    pub pits: Vec<u8>,
    pub stores: BySide<u32>,
}

impl BoardView {
    pub fn of(pos: &Position) -> BoardView {
        BoardView {
            pits: pos.pits().to_vec(),
            stores: pos.scores().map(u32::from),
        }
    }
}

/// The pits' names of each row (`A`.. for South, `a`.. for North), as moves name them.
pub fn pit_names(n: usize) -> BySide<Vec<String>> {
    let row = |side: Side| {
        (0..n)
            .map(|pit| {
                Move::Sow {
                    side,
                    pit: pit as u8,
                }
                .to_string()
            })
            .collect()
    };
    BySide::new(row(Side::South), row(Side::North))
}

/// The move number label of each ply of `s`, as its OGN record writes it (`""` where none is).
pub fn labels(s: &Session) -> Vec<String> {
    move_numbers(s.game.start().side(), s.game.plies().iter().map(|p| p.mv))
}

/// The ply `i` as the page shows it (its label needs only the plies up to it).
pub fn ply(s: &Session, i: usize) -> PlyView {
    let moves = s.game.plies()[..=i].iter().map(|p| p.mv);
    let label = move_numbers(s.game.start().side(), moves)
        .pop()
        .unwrap_or_default();
    labelled_ply(s, i, label)
}

/// The ply `i` with its move number label.
fn labelled_ply(s: &Session, i: usize, label: String) -> PlyView {
    let plies = s.game.plies();
    let p: &Ply = &plies[i];
    let after = plies.get(i + 1).map_or(s.game.position(), |q| q.before);
    let rules = s.game.rules();
    let n = rules.pits_per_row();
    PlyView {
        number: i + 1,
        label,
        side: p.before.side(),
        mv: p.mv.to_string(),
        cell: p.mv.board_index(n),
        captured: p.effect.captured,
        captured_pits: rules
            .captured_cells(&p.effect)
            .iter()
            .map(|c| c.index(n))
            .collect(),
        capture_forfeited: p.effect.capture_forfeited,
        extra_turn: p.effect.extra_turn,
        landing: p.effect.landing.map(|c| c.index(n)),
        path: rules
            .sowing_path(&p.before, p.mv)
            .map(|cells| cells.iter().map(|c| c.index(n)).collect()),
        before: p.before.to_string(),
        after: after.to_string(),
        before_board: BoardView::of(&p.before),
        after_board: BoardView::of(&after),
    }
}

/// The whole state as the API sends it, at `now` (Unix ms: the clocks' times).
pub fn state(s: &Session, now: i64) -> StateView {
    let rules = s.game.rules();
    let pos = s.game.position();
    let over = s.is_over();
    let result = s.game.ending_stopped(s.stop).map(|e| {
        let scores = e.scores();
        let text = match (e, e.winner()) {
            (Ending::Resigned { side, .. }, _) => format!("{side} resigned: {} wins", side.other()),
            (Ending::Stopped { stop, .. }, Some(w)) => format!("{stop}: {w} wins"),
            (Ending::Stopped { stop, .. }, None) => stop.text(),
            (_, Some(w)) => format!("{w} wins {}-{} ({e})", scores[w], scores[w.other()]),
            (_, None) => format!("draw {}-{} ({e})", scores.south, scores.north),
        };
        ResultView {
            winner: e.winner_name().to_string(),
            scores,
            reason: e.to_string(),
            code: e.code(),
            text,
        }
    });
    let seat_kind = |side_of: Side| match &s.opponent {
        Opponent::Local => "local".to_string(),
        Opponent::Engine { side, level } if *side == side_of => format!("engine:{level}"),
        Opponent::Engine { .. } => "human".to_string(),
        Opponent::Remote { .. } => "remote".to_string(),
    };
    let shown = if s.game.is_over() && s.stop.is_none() {
        s.game.final_position()
    } else {
        pos
    };
    StateView {
        id: s.id.clone(),
        game: s.spec.to_string(),
        game_id: s.spec.id.clone(),
        name: rules.name().to_string(),
        pits: rules.pits_per_row(),
        stores: rules.ruleset().stores,
        start: s.game.start().to_string(),
        position: pos.to_string(),
        final_position: s
            .game
            .is_over()
            .then(|| s.game.final_position().to_string()),
        board: BySide::new(pos.row(Side::South).to_vec(), pos.row(Side::North).to_vec()),
        shown_board: BoardView::of(&shown),
        pit_names: pit_names(rules.pits_per_row()),
        scores: pos.scores().map(u32::from),
        shown_scores: shown.scores().map(u32::from),
        to_move: (!over).then(|| pos.side()),
        legal: if over {
            Vec::new()
        } else {
            s.game.legal_moves().iter().map(|m| m.to_string()).collect()
        },
        plies: labels(s)
            .into_iter()
            .enumerate()
            .map(|(i, label)| labelled_ply(s, i, label))
            .collect(),
        over,
        result,
        opponent: s.opponent.clone(),
        seats: BySide::new(seat_kind(Side::South), seat_kind(Side::North)),
        undo_request: s.undo_request,
        clock: s.extras.clock.as_ref().map(|c| {
            let ticking = !over && !s.invitation_open();
            c.view(now, s.game.plies().len(), ticking.then(|| pos.side()))
        }),
        draw_offer: s.extras.draw_offer,
        rematch_offer: s.extras.rematch_offer,
        rematch: s.extras.rematch.clone(),
        rematch_of: s.extras.rematch_of.clone(),
        chat: s.extras.chat.clone(),
        presence: None,
        players: BySide::new(player(s, Side::South), player(s, Side::North)),
        rated: s.extras.rated.as_ref().map(|r| RatedView {
            pool: r.pool.key(),
            game: r.pool.game.clone(),
            category: r.pool.category.clone(),
            engine_rating: r.engine.map(f64::round),
        }),
        hints: s.require_hints_open().is_ok(),
        takebacks: s.takebacks_allowed(),
        version: s.version,
        created: s.created,
        updated: s.updated,
    }
}

/// One ply for the page: the move, what it captured and where its seeds went.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// 1-based ply number.
    pub number: usize,
    /// The move number as the game's OGN record writes it before this move (`3.`, `3...`),
    /// or `""` where none is written (North's reply to South's move).
    pub label: String,
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: String,
    /// The cell the move sows from (`null` for a pass).
    pub cell: Option<usize>,
    pub captured: u8,
    /// Cells captured (0..n South's pits, n..2n North's).
    pub captured_pits: Vec<usize>,
    pub capture_forfeited: bool,
    pub extra_turn: bool,
    /// The cell of the last seed (2n, 2n+1: South's, North's store).
    pub landing: Option<usize>,
    /// The cells the seeds fell into, in order (`null` for a pass).
    pub path: Option<Vec<usize>>,
    pub before: String,
    pub after: String,
    /// The seeds before and after the ply, as [`BoardView`]s (the same positions as `before`
    /// and `after`).
    pub before_board: BoardView,
    pub after_board: BoardView,
}

/// The result of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `south`, `north` or `draw`.
    pub winner: String,
    pub scores: BySide<u32>,
    /// Why the game ended, in English.
    pub reason: String,
    /// Why, as a code: `resigned` (the loser resigned), `time-forfeit`, `draw-agreed`,
    /// `aborted` (winner `none`), or the rules' reason
    /// (`mancala_core::EndReason::code`: `no-legal-move`, `repetition`, ...).
    pub code: &'static str,
    /// One line for people.
    pub text: String,
}

/// A game's state as the API sends it.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    pub id: String,
    pub game: String,
    /// The game's id without its parameters (`modiar` for `modiar:seeds=5`): the rules page
    /// and the catalogues' name of the game.
    pub game_id: String,
    pub name: String,
    pub pits: usize,
    pub stores: bool,
    pub start: String,
    /// The position on the board (before any end-of-game settlement).
    pub position: String,
    /// The settled position once the game is over by the rules.
    pub final_position: Option<String>,
    pub board: BySide<Vec<u8>>,
    /// The seeds to show: the settled ones once the game is over by the rules.
    pub shown_board: BoardView,
    /// The pits' names of each row.
    pub pit_names: BySide<Vec<String>>,
    /// Captures (or stores) on the board now.
    pub scores: BySide<u32>,
    /// Captures to show: the final ones once the game is over by the rules.
    pub shown_scores: BySide<u32>,
    pub to_move: Option<Side>,
    pub legal: Vec<String>,
    pub plies: Vec<PlyView>,
    pub over: bool,
    pub result: Option<ResultView>,
    pub opponent: Opponent,
    /// Who plays each side: `local`, `human`, `engine:<level>`, `remote`.
    pub seats: BySide<String>,
    pub undo_request: Option<Side>,
    /// The clock, in a game with one.
    pub clock: Option<crate::clock::ClockView>,
    /// The side offering a draw.
    pub draw_offer: Option<Side>,
    /// The side offering a rematch (the game over).
    pub rematch_offer: Option<Side>,
    /// The rematch's game id, once agreed (each player's token opens his seat there).
    pub rematch: Option<String>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The set phrases said: `{"side", "phrase", "ply"}`.
    pub chat: Vec<crate::session::Said>,
    /// In a game between people, whether each player's page follows it (see [`Presence`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presence: Option<BySide<Presence>>,
    /// The account playing each side, if any, with his rating in the game's pool.
    pub players: BySide<Option<PlayerView>>,
    /// Where a rated game counts.
    pub rated: Option<RatedView>,
    /// Whether hints and analysis may be asked for now.
    pub hints: bool,
    /// Whether moves may be taken back in this game (not in a rated game against the computer).
    pub takebacks: bool,
    pub version: u64,
    pub created: i64,
    pub updated: i64,
}

/// An account playing a side.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub name: String,
    /// His rating in the game's pool (a rated game), rounded.
    pub rating: Option<f64>,
    pub provisional: bool,
    /// What this game changed it by, once counted.
    pub change: Option<f64>,
}

/// A rated game's pool.
#[derive(Clone, Debug, Serialize)]
pub struct RatedView {
    /// `oware/blitz`.
    pub pool: String,
    pub game: String,
    pub category: String,
    /// The computer's fixed rating, against the computer.
    pub engine_rating: Option<f64>,
}

/// The account playing `side` of `s`, as the game shows him.
fn player(s: &Session, side: Side) -> Option<PlayerView> {
    let p = s.players.iter().find(|p| p.side == side)?;
    let rated = s.extras.rated.is_some();
    Some(PlayerView {
        name: p.name.clone(),
        // A player new to the pool plays at a new player's rating.
        rating: p
            .change
            .map(|(_, after)| after)
            .or(p.rating.as_ref().map(|r| r.glicko.rating))
            .or(Some(crate::ratings::Glicko::new_player().rating))
            .filter(|_| rated)
            .map(f64::round),
        provisional: rated && p.rating.as_ref().is_none_or(|r| r.glicko.provisional()),
        change: p.change.map(|(b, a)| (a - b).round()),
    })
}

/// Whether a player of a game between people is there.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Presence {
    /// His page has followed the game within [`crate::session::PRESENT_MS`].
    pub here: bool,
    /// How long since it last did (since the game began, if it never did), in ms.
    pub away_ms: i64,
    /// The other player may claim the win from him (see [`crate::session::Session::claim`]).
    pub claimable: bool,
    /// A claim now would call the game off rather than win it: he has made no move in it
    /// ([`crate::session::Session::claim_ends`]).
    pub claim_aborts: bool,
}

/// The presence of both players of `s` at `now`, from when each was last seen.
pub fn presence(s: &Session, seen: [Option<i64>; 2], now: i64) -> Option<BySide<Presence>> {
    if !s.between_people() {
        return None;
    }
    let since = s
        .extras
        .clock
        .as_ref()
        .map_or(s.created * 1000, |c| c.since.min(now));
    let one = |i: usize, side: Side| {
        let away = now - seen[i].unwrap_or(since).max(s.created * 1000);
        let claimable = s
            .may_claim(crate::session::Seat::Side(side.other()), away)
            .is_ok();
        Presence {
            here: seen[i].is_some() && away < crate::session::PRESENT_MS,
            away_ms: away.max(0),
            claimable,
            claim_aborts: matches!(s.claim_ends(side), mancala_core::Stop::Aborted),
        }
    };
    Some(BySide::new(one(0, Side::South), one(1, Side::North)))
}
