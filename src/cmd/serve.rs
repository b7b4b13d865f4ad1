//! `mancala serve`: the web app — every game in the browser, saved in SQLite or PostgreSQL.

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
    /// (Its folder must exist.)
    #[arg(long, value_name = "FILE", conflicts_with = "database")]
    pub db: Option<PathBuf>,
    /// A PostgreSQL database (`postgres://user:password@host:port/name`) instead of the SQLite
    /// file: several servers can share it (docs/deploy.md). Also read from
    /// `MANCALA_DATABASE_URL`, which keeps the password out of the process list.
    #[arg(
        long,
        value_name = "URL",
        env = "MANCALA_DATABASE_URL",
        hide_env_values = true
    )]
    pub database: Option<String>,
    /// A host name the server answers to, as the browser sends it in `Host` (`games.example.org`
    /// for any port, `games.example.org:8443` for one); repeatable. localhost, 127.0.0.1 and
    /// [::1] with the port are always answered; other names are refused (421) unless given
    /// here, except when listening on a public address with no --allowed-host at all.
    #[arg(long = "allowed-host", value_name = "HOST")]
    pub allowed_hosts: Vec<String>,
    /// Connections open at once; when all are taken, one of the address holding the most is
    /// closed for a newcomer (idle ones first) [default: 1024, or what the limit on open files
    /// allows].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections: Option<u32>,
    /// Connections one address (an IPv6 /64) may hold at once; a newcomer past it takes the
    /// place of one of its own (0: no limit; trusted proxies are not held to it).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub max_connections_per_address: u32,
    /// A proxy in front of the server (nginx): its connections name the client in
    /// `X-Forwarded-For`, and the limits per client count that client; repeatable.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    pub trusted_proxies: Vec<IpAddr>,
    /// New games and El mirall rooms one client may make in a minute (429 past it).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games_per_minute: u32,
}

/// The connections the server takes: `asked` (or the default) checked against the limit on
/// open files, raised to its hard limit first. One line says what cannot be met.
fn connections(asked: Option<u32>) -> anyhow::Result<usize> {
    let beside = mancala_web::server::FILES_BESIDE_CONNECTIONS;
    let Some(files) = mancala_web::server::raise_open_files_limit() else {
        return Ok(asked.unwrap_or(1024) as usize);
    };
    let room = files.saturating_sub(beside);
    match asked {
        Some(n) if u64::from(n) > room => anyhow::bail!(
            "--max-connections {n}: this process may open only {files} files ({beside} of them \
             for other than connections), so at most {room} connections; raise the limit \
             (`ulimit -n`, or LimitNOFILE= in a systemd unit) or ask for fewer"
        ),
        Some(n) => Ok(n as usize),
        None if room < 1024 => {
            let n = room.max(1);
            eprintln!(
                "serving at most {n} connections at once: this process may open only {files} files (raise it with `ulimit -n`)"
            );
            Ok(n as usize)
        }
        None => Ok(1024),
    }
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
    let target = match (&args.database, &args.db) {
        (Some(url), _) => match mancala_web::Target::parse(url) {
            t @ mancala_web::Target::Postgres(_) => t,
            mancala_web::Target::Sqlite(_) => anyhow::bail!(
                "--database {}: give a PostgreSQL URL (postgres://...); an SQLite file is given with --db",
                mancala_core::text::quoted(url)
            ),
        },
        (None, Some(db)) => mancala_web::Target::Sqlite(db.clone()),
        (None, None) => {
            let path = mancala_web::default_db_path();
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| {
                    anyhow::anyhow!(
                        "cannot create the folder {} for the database: {e}",
                        dir.display()
                    )
                })?;
            }
            mancala_web::Target::Sqlite(path)
        }
    };
    let config = mancala_web::ServeConfig {
        limits: mancala_web::Limits {
            max_connections: connections(args.max_connections)?,
            max_connections_per_address: args.max_connections_per_address as usize,
            ..mancala_web::Limits::default()
        },
        allowed_hosts: args.allowed_hosts,
        trusted_proxies: args.trusted_proxies,
        clients: mancala_web::ClientLimits {
            games_per_minute_per_client: args.games_per_minute,
            ..mancala_web::ClientLimits::default()
        },
    };
    // A bad --allowed-host is refused before anything listens.
    mancala_web::HostCheck::new(addr, &config.allowed_hosts)?;
    let open = async || mancala_web::Store::open_target(&target).await;
    mancala_web::run(addr, open, config, |local, store| {
        let shown = if local.ip().is_unspecified() {
            SocketAddr::new(IpAddr::from([127, 0, 0, 1]), local.port())
        } else {
            local
        };
        eprintln!(
            "games are saved in {}; press Ctrl-C to stop",
            store.describe()
        );
        println!("open http://{shown}/");
        std::io::stdout().flush().ok();
    })?;
    Ok(())
}
