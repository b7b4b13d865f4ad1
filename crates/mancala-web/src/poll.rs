//! What games and El mirall rooms share: ids and seat tokens, and long polling
//! (`?after=<version>&wait=<seconds>`).

use crate::error::ApiError;
use rand::Rng;
use std::time::Duration;

/// The longest a long poll waits, in seconds.
pub const MAX_WAIT_SECS: u64 = 30;

/// A random id or seat token of `len` characters, from an alphabet without look-alikes
/// (no `l`, `o`, `0`, `1`), so a link read aloud or copied by hand still works.
pub fn new_id(len: usize) -> String {
    const ABC: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..len)
        .map(|_| ABC[rng.gen_range(0..ABC.len())] as char)
        .collect()
}

/// Long polling: `look` gives the current version and view; the view is answered once the
/// version is past `after` (at once without `after`), or when `wait` seconds (at most
/// [`MAX_WAIT_SECS`]) have passed.
pub async fn long_poll<V, F, Fut>(
    after: Option<u64>,
    wait: Option<u64>,
    mut look: F,
) -> Result<V, ApiError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(u64, V), ApiError>>,
{
    let wait = wait.unwrap_or(0).min(MAX_WAIT_SECS);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(wait);
    loop {
        let (version, view) = look().await?;
        if after.is_none_or(|a| version > a) || tokio::time::Instant::now() >= deadline {
            return Ok(view);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
