//! The JSON shapes of the API: a game's state and its plies as the page reads them
//! (docs/api.md).

use crate::session::{Opponent, Session};
use mancala_core::{BySide, Ply, Side};
use serde::Serialize;

/// The ply `i` as the page shows it.
pub fn ply(s: &Session, i: usize) -> PlyView {
    let plies = s.game.plies();
    let p: &Ply = &plies[i];
    let after = plies.get(i + 1).map_or(s.game.position(), |q| q.before);
    let rules = s.game.rules();
    let n = rules.pits_per_row();
    PlyView {
        number: i + 1,
        side: p.before.side(),
        mv: p.mv.to_string(),
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
    }
}

/// The whole state as the API sends it.
pub fn state(s: &Session) -> StateView {
    let rules = s.game.rules();
    let pos = s.game.position();
    let over = s.is_over();
    let result = if let Some(side) = s.resigned {
        let winner = side.other();
        Some(ResultView {
            winner: winner.name().to_string(),
            scores: pos.scores().map(u32::from),
            reason: format!("{side} resigned"),
            code: "resigned",
            text: format!("{side} resigned: {winner} wins"),
        })
    } else {
        s.game.outcome().map(|o| {
            let text = match o.winner {
                Some(w) => format!("{w} wins {}-{}", o.scores[w], o.scores[w.other()]),
                None => format!("draw {}-{}", o.scores.south, o.scores.north),
            };
            ResultView {
                winner: o.winner_name().to_string(),
                scores: o.scores,
                reason: o.reason.to_string(),
                code: o.reason.code(),
                text: format!("{text} ({})", o.reason),
            }
        })
    };
    let seat_kind = |side_of: Side| match &s.opponent {
        Opponent::Local => "local".to_string(),
        Opponent::Engine { side, level } if *side == side_of => format!("engine:{level}"),
        Opponent::Engine { .. } => "human".to_string(),
        Opponent::Remote { .. } => "remote".to_string(),
    };
    let shown = if s.game.is_over() && s.resigned.is_none() {
        s.game.final_position()
    } else {
        pos
    };
    StateView {
        id: s.id.clone(),
        game: s.spec.to_string(),
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
        scores: pos.scores().map(u32::from),
        shown_scores: shown.scores().map(u32::from),
        to_move: (!over).then(|| pos.side()),
        legal: if over {
            Vec::new()
        } else {
            s.game.legal_moves().iter().map(|m| m.to_string()).collect()
        },
        plies: (0..s.game.plies().len()).map(|i| ply(s, i)).collect(),
        over,
        result,
        opponent: s.opponent.clone(),
        seats: BySide::new(seat_kind(Side::South), seat_kind(Side::North)),
        undo_request: s.undo_request,
        hints: s.hints_open(),
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
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: String,
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
}

/// The result of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `south`, `north` or `draw`.
    pub winner: String,
    pub scores: BySide<u32>,
    /// Why the game ended, in English.
    pub reason: String,
    /// Why, as a code: `resigned` (the loser resigned) or the rules' reason
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
    pub name: String,
    pub pits: usize,
    pub stores: bool,
    pub start: String,
    /// The position on the board (before any end-of-game settlement).
    pub position: String,
    /// The settled position once the game is over by the rules.
    pub final_position: Option<String>,
    pub board: BySide<Vec<u8>>,
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
    /// Whether hints and analysis may be asked for now.
    pub hints: bool,
    pub version: u64,
    pub created: i64,
    pub updated: i64,
}
