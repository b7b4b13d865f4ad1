//! A load of players on running servers, for scripts/bench-servers.sh: `--players` people each
//! play local Oware games (one token for both sides), sending every move to the next server of
//! `--urls` in turn with the version it is meant for, for `--seconds`; prints the moves
//! acknowledged per second and the answer times.
//!
//!     cargo run --release -p mancala-web --example moves_per_second -- \
//!         --urls http://127.0.0.1:8081,http://127.0.0.1:8082 --players 32 --seconds 10

use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn arg(args: &[String], name: &str, default: &str) -> String {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

async fn post(client: &reqwest::Client, url: &str, body: &Value) -> Result<(u16, Value), String> {
    let r = client
        .post(url)
        .json(body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = r.status().as_u16();
    let v = r.json().await.map_err(|e| e.to_string())?;
    Ok((status, v))
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let urls: Vec<String> = arg(&args, "--urls", "http://127.0.0.1:8080")
        .split(',')
        .map(|u| u.trim_end_matches('/').to_string())
        .collect();
    let players: usize = arg(&args, "--players", "32")
        .parse()
        .map_err(|_| "--players")?;
    let seconds: u64 = arg(&args, "--seconds", "10")
        .parse()
        .map_err(|_| "--seconds")?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(players)
        .build()
        .map_err(|e| e.to_string())?;
    let stop = Arc::new(AtomicBool::new(false));
    let urls = Arc::new(urls);
    let tasks: Vec<_> = (0..players)
        .map(|p| {
            let (client, urls, stop) = (client.clone(), urls.clone(), stop.clone());
            tokio::spawn(async move {
                let mut times = Vec::new();
                let mut next = p;
                'games: while !stop.load(Ordering::Relaxed) {
                    let url = &urls[next % urls.len()];
                    let (st, c) = post(
                        &client,
                        &format!("{url}/api/games"),
                        &json!({"game": "oware", "opponent": "local"}),
                    )
                    .await?;
                    if st != 201 {
                        return Err(format!("create: {st} {c}"));
                    }
                    let (id, token) = (c["id"].clone(), c["token"].clone());
                    let mut state = c["state"].clone();
                    let mut k = p;
                    while !stop.load(Ordering::Relaxed) {
                        let legal = state["legal"].as_array().cloned().unwrap_or_default();
                        if legal.is_empty() {
                            continue 'games;
                        }
                        k = k.wrapping_mul(31).wrapping_add(7);
                        next += 1;
                        let url = &urls[next % urls.len()];
                        let body = json!({"token": token, "move": legal[k % legal.len()], "version": state["version"]});
                        let t0 = Instant::now();
                        let (st, r) = post(
                            &client,
                            &format!("{url}/api/games/{}/moves", id.as_str().unwrap()),
                            &body,
                        )
                        .await?;
                        if st != 200 {
                            return Err(format!("move: {st} {r}"));
                        }
                        times.push(t0.elapsed());
                        state = r["state"].clone();
                    }
                }
                Ok::<_, String>(times)
            })
        })
        .collect();
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut times = Vec::new();
    for t in tasks {
        times.extend(t.await.map_err(|e| e.to_string())??);
    }
    let elapsed = t0.elapsed().as_secs_f64();
    times.sort();
    let pct = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "{} servers, {players} players, {:.1} s: {} moves, {:.0} moves/s, answer median {:.1} ms, 99th percentile {:.1} ms",
        urls.len(),
        elapsed,
        times.len(),
        times.len() as f64 / elapsed,
        pct(0.5).as_secs_f64() * 1000.0,
        pct(0.99).as_secs_f64() * 1000.0
    );
    Ok(())
}
