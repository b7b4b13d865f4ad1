//! `mancala serve`: the web app — every game in the browser, saved in SQLite.

use clap::Args;
use std::io::Write;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::path::PathBuf;

#[derive(Args)]
pub struct ServeArgs {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address or host name to listen on: 127.0.0.1 keeps the app to this computer, 0.0.0.0
    /// opens it to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The SQLite file of saved games [default: ~/.local/share/mancala/games.sqlite].
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let addr = match args.host.parse::<IpAddr>() {
        Ok(ip) => SocketAddr::new(ip, args.port),
        Err(_) => (args.host.as_str(), args.port)
            .to_socket_addrs()
            .map_err(|e| anyhow::anyhow!("--host {}: {e}", args.host))?
            .next()
            .ok_or_else(|| anyhow::anyhow!("--host {}: the name has no address", args.host))?,
    };
    let db = args.db.unwrap_or_else(mancala_web::default_db_path);
    let store = mancala_web::Store::open(&db)?;
    mancala_web::run(addr, store, |local| {
        let shown = if local.ip().is_unspecified() {
            SocketAddr::new(IpAddr::from([127, 0, 0, 1]), local.port())
        } else {
            local
        };
        eprintln!("games are saved in {}; press Ctrl-C to stop", db.display());
        println!("open http://{shown}/");
        std::io::stdout().flush().ok();
    })
}
