//! The login a request was made with, as the handlers see it (found by
//! [`crate::accounts::check_login`]).

use crate::store::accounts::AccountRow;

/// The login a request was made with (put in its extensions by [`crate::accounts::check_login`]).
#[derive(Clone, Debug)]
pub struct Login {
    pub id: String,
    pub account: AccountRow,
    pub csrf: String,
}

/// The login of a request, if it has one.
pub struct MaybeLogin(pub Option<Login>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for MaybeLogin {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<MaybeLogin, Self::Rejection> {
        Ok(MaybeLogin(parts.extensions.get::<Login>().cloned()))
    }
}

/// Whether two secrets are equal, in a time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |x, (p, q)| x | (p ^ q)) == 0
}
