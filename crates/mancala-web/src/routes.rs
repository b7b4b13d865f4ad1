//! The routes of the app: the API under `/api`, the page at `/`, and the answers for paths
//! and methods that are not served.

use crate::error::{ApiError, Code};
use crate::extract::{MAX_BODY, Param, short};
use crate::session::rules_of;
use crate::state::AppState;
use crate::{accounts, assets, engine, games, lobby, mirall, solitaire};
use axum::extract::{DefaultBodyLimit, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use mancala_core::{builtin, builtin_ids};
use serde_json::{Value, json};
use std::sync::Arc;

/// The routes of the app: the API under `/api`, the page at `/`.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/rules", get(list_rules))
        .route("/api/rules/{game}", get(show_rules))
        .route("/api/rules/{game}/position", get(show_position))
        .route("/api/games", post(games::create_game))
        .route("/api/games/import", post(games::import_game))
        .route("/api/games/{id}", get(games::get_game))
        .route("/api/games/{id}/events", get(games::events))
        .route("/api/games/{id}/moves", post(games::play_move))
        .route("/api/games/{id}/reply", post(games::engine_reply))
        .route("/api/games/{id}/join", post(games::join))
        .route("/api/games/{id}/undo", post(games::undo))
        .route("/api/games/{id}/undo/decline", post(games::decline_undo))
        .route("/api/games/{id}/resign", post(games::resign))
        .route("/api/games/{id}/draw", post(games::offer_draw))
        .route("/api/games/{id}/draw/decline", post(games::decline_draw))
        .route("/api/games/{id}/rematch", post(games::rematch))
        .route("/api/games/{id}/say", post(games::say))
        .route("/api/games/{id}/claim", post(games::claim))
        .route("/api/games/{id}/hint", get(games::hint))
        .route("/api/games/{id}/analysis", get(games::analysis))
        .route("/api/games/{id}/ogn", get(games::export_ogn))
        .route("/api/lobby", get(lobby::list).post(lobby::create))
        .route("/api/lobby/seek", post(lobby::seek))
        .route("/api/lobby/events", get(lobby::events))
        .route("/api/lobby/{id}", get(lobby::mine))
        .route("/api/lobby/{id}/accept", post(lobby::accept))
        .route("/api/lobby/{id}/cancel", post(lobby::cancel))
        .route("/api/account", get(accounts::me))
        .route("/api/account/signup", post(accounts::signup))
        .route("/api/account/login", post(accounts::login))
        .route("/api/account/logout", post(accounts::logout))
        .route("/api/account/password", post(accounts::change_password))
        .route("/api/account/delete", post(accounts::delete))
        .route("/api/account/games", get(accounts::my_games))
        .route("/api/account/ogn", get(accounts::export_all))
        .route("/api/players/{name}", get(accounts::player))
        .route("/api/leaderboard", get(accounts::leaderboard))
        .route("/api/mirall", post(mirall::create))
        .route("/api/mirall/{id}", get(mirall::get))
        .route("/api/mirall/{id}/sow", post(mirall::sow))
        .route("/api/mirall/{id}/events", get(mirall::events))
        .route("/api/solitaires", get(solitaire::list))
        .route("/api/solitaires/{game}/cycle", get(solitaire::cycle))
        .route("/api/solitaires/{game}/table", get(solitaire::table))
        .route("/api/solitaires/{game}/steps", get(solitaire::steps))
        .route("/api/solitaires/{game}/start", get(solitaire::start))
        .route("/api/solitaires/{game}/check", get(solitaire::check))
        .merge(assets::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            accounts::check_login,
        ))
        .with_state(state)
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    let path = short(uri.path());
    ApiError::new(Code::NoRoute, format!("nothing at {path}")).with("path", path)
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    let path = short(uri.path());
    ApiError::new(
        Code::MethodNotAllowed,
        format!("{method} is not allowed on {path}"),
    )
    .with("method", method.as_str())
    .with("path", path)
}

async fn health(State(st): State<Arc<AppState>>) -> Result<Json<Value>, ApiError> {
    let (games, _) = st.store().counts().await.map_err(crate::state::db_error)?;
    Ok(Json(json!({ "ok": true, "games": games })))
}

async fn list_rules() -> Json<Value> {
    let games: Vec<Value> = builtin_ids()
        .filter_map(builtin)
        .map(|r| {
            let start = mancala_core::Rules::new(r.clone())
                .map(|rules| rules.start().to_string())
                .ok();
            json!({ "id": r.id, "name": r.name, "summary": r.summary, "pits": r.pits, "seeds": r.seeds,
                    "stores": r.stores, "kind": "two-player", "start": start })
        })
        .collect();
    let levels: Vec<Value> = engine::all_levels()
        .iter()
        .map(|l| {
            // The games in which the level has a measured rating (a rated game against it).
            let ratings: serde_json::Map<String, Value> = builtin_ids()
                .filter_map(|g| {
                    crate::ratings::engine_rating(&l.id, g)
                        .map(|r| (g.to_string(), json!(r.round())))
                })
                .collect();
            json!({ "id": l.id, "label": l.label(), "ratings": ratings })
        })
        .collect();
    Json(json!({
        "games": games,
        "solitaires": solitaire::catalog(),
        "levels": levels,
        "opponents": ["engine", "local", "remote"],
        "clocks": crate::clock::offered_json(),
        "phrases": crate::session::PHRASES,
    }))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionQuery {
    position: String,
}

/// `GET /api/rules/{game}/position?position=P`: a set-up position checked as a new game would
/// check it, and the board it is, for a page to draw before the game is made: its seeds, whose
/// turn, the legal moves, and whether the game would already be over.
async fn show_position(
    Param(game): Param,
    crate::extract::Params(q): crate::extract::Params<PositionQuery>,
) -> Result<Json<Value>, ApiError> {
    let spec = games::parse_spec(&game)?;
    let rules = rules_of(&spec)?;
    let pos = games::set_up(&rules, &q.position)?;
    let end = rules.end_reason(&pos);
    Ok(Json(json!({
        "game": spec.to_string(),
        "position": pos.to_string(),
        "pits": rules.pits_per_row(),
        "stores": rules.ruleset().stores,
        "board": crate::views::BoardView::of(&pos),
        "pit_names": crate::views::pit_names(rules.pits_per_row()),
        "to_move": pos.side(),
        "legal": rules.legal_moves(&pos).iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "over": end.is_some(),
        "end": end.map(|r| r.code()),
    })))
}

async fn show_rules(Param(game): Param) -> Result<Json<Value>, ApiError> {
    // A game named in the path that does not exist is not found.
    let not_found = |e: ApiError| match e.code {
        Code::UnknownGame => e.with_status(axum::http::StatusCode::NOT_FOUND),
        _ => e,
    };
    let spec = games::parse_spec(&game).map_err(not_found)?;
    if let Ok(g) = spec.id.parse::<mancala_solitaire::Solitaire>() {
        return Ok(Json(solitaire::rules_json(g)));
    }
    let rules = rules_of(&spec).map_err(|e| not_found(e.into()))?;
    let r = rules.ruleset();
    Ok(Json(json!({
        "id": spec.to_string(), "name": r.name, "summary": r.summary, "pits": r.pits, "seeds": r.seeds,
        "stores": r.stores, "kind": "two-player", "start": rules.start().to_string(),
        "ruleset": serde_json::to_value(r).map_err(|e| ApiError::internal(e.to_string()))?,
    })))
}
