//! Who waits for a change of which game or room: told by the server that made the change, or,
//! with PostgreSQL, by any server through the store's notifications.

use std::collections::HashMap;
use tokio::sync::watch;

/// Who waits for a change of what: a watch channel for each game or room that someone polls,
/// told by [`Changes::changed`] once the change is saved.
#[derive(Default)]
pub struct Changes {
    senders: std::sync::Mutex<HashMap<String, watch::Sender<()>>>,
}

impl Changes {
    fn senders(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Sender<()>>> {
        self.senders.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A receiver that sees every change of `key` told from now on.
    pub fn subscribe(&self, key: &str) -> watch::Receiver<()> {
        let mut senders = self.senders();
        // Channels nobody waits on any more are dropped.
        senders.retain(|_, tx| tx.receiver_count() > 0);
        senders
            .entry(key.to_string())
            .or_insert_with(|| watch::channel(()).0)
            .subscribe()
    }

    /// Every key may have changed (the news of other servers was interrupted): every waiting
    /// poll looks again.
    pub fn changed_all(&self) {
        for tx in self.senders().values() {
            tx.send_replace(());
        }
    }

    /// `key` has changed: every poll waiting on it looks again.
    pub fn changed(&self, key: &str) {
        if let Some(tx) = self.senders().get(key) {
            tx.send_replace(());
        }
    }
}
