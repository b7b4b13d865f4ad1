//! The request extractors: JSON bodies, path and query parameters whose every rejection is
//! an API error with its code.

use crate::error::{ApiError, Code};
use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The largest request body accepted (an OGN record of a long game fits many times over).
pub const MAX_BODY: usize = 64 * 1024;

/// A JSON body whose every rejection is a JSON error.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(e) => Err(json_rejection(e)),
        }
    }
}

fn json_rejection(e: JsonRejection) -> ApiError {
    let status = e.status();
    let text = e.body_text();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(
            Code::BodyTooLarge,
            format!("the request body is larger than {MAX_BODY} bytes"),
        )
        .with("max", MAX_BODY)
    } else if status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
        ApiError::new(
            Code::NotJson,
            "the request body must be JSON (Content-Type: application/json)",
        )
    } else {
        // 400 for a body that is not JSON, 422 for JSON of the wrong shape.
        bad_request(text).with_status(status)
    }
}

/// A path parameter whose every rejection is a JSON error.
pub struct Param(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Param {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(v)) => Ok(Param(v)),
            Err(e) => Err(bad_request(e.body_text())),
        }
    }
}

/// Query parameters whose every rejection is a JSON error.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Params(v)),
            Err(e) => Err(query_rejection(e)),
        }
    }
}

fn query_rejection(e: QueryRejection) -> ApiError {
    bad_request(e.body_text())
}

/// A request that is not what the route takes; `detail` says how.
fn bad_request(detail: String) -> ApiError {
    ApiError::new(Code::BadRequest, detail.clone()).with("detail", detail)
}

/// `?after=<version>&wait=<seconds>`: answer once the game has changed past `after`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateQuery {
    #[serde(default)]
    pub after: Option<u64>,
    #[serde(default)]
    pub wait: Option<u64>,
}

pub use crate::error::short;

/// The shortest and longest id a client may give a request: enough random characters that
/// nobody guesses another's (it opens the seat it got), few enough to store.
pub const REQUEST_ID_LEN: std::ops::RangeInclusive<usize> = 16..=64;

/// A request's id as the client gave it (letters, digits, `-`, `_`; [`REQUEST_ID_LEN`]), or
/// empty when it gave none.
pub fn request_id(id: Option<&str>) -> Result<String, ApiError> {
    let Some(id) = id else {
        return Ok(String::new());
    };
    let fits = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if !REQUEST_ID_LEN.contains(&id.len()) || !id.chars().all(fits) {
        return Err(ApiError::new(
            Code::BadRequest,
            format!(
                "request id '{}': it must be {} to {} letters, digits, '-' or '_', chosen at random",
                short(id),
                REQUEST_ID_LEN.start(),
                REQUEST_ID_LEN.end()
            ),
        )
        .with("detail", "request"));
    }
    Ok(id.to_string())
}
