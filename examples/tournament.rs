//! Plays many games between bots, rotating their seats, on all cores, and prints each bot's
//! win rate with a 95% confidence interval, the mean game length and the speed.
//!
//! ```text
//! cargo run --release --example tournament -- --bots greedy,random --games 2000
//! cargo run --release --example tournament -- --bots search,greedy,greedy,greedy --rules hasbro
//! ```

use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use parcheesi::bots;
use parcheesi::{Game, Player, Preset, Seat, Seats};

const USAGE: &str =
    "usage: tournament [--bots a,b[,c[,d]]] [--games N] [--rules seed|hasbro|racket] [--seed N] [--threads N]
bots: random, greedy, search, search:EFFORT";

struct Options {
    bots: Vec<String>,
    games: usize,
    preset: Preset,
    seed: u64,
    threads: usize,
}

fn options() -> Result<Options, String> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut o = Options {
        bots: vec!["greedy".into(), "random".into()],
        games: 1000,
        preset: Preset::Seed,
        seed: 1,
        threads,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--bots" => o.bots = value("--bots")?.split(',').map(str::to_string).collect(),
            "--games" => o.games = value("--games")?.parse().map_err(|e| format!("--games: {e}"))?,
            "--rules" => o.preset = value("--rules")?.parse().map_err(|e| format!("--rules: {e}"))?,
            "--seed" => o.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--threads" => o.threads = value("--threads")?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if !(2..=4).contains(&o.bots.len()) {
        return Err("give two to four bots".into());
    }
    // No games give no win rates to estimate.
    if o.games == 0 {
        return Err("--games is at least 1".into());
    }
    if o.threads == 0 {
        return Err("--threads is at least 1".into());
    }
    for b in &o.bots {
        bots::from_name(b, 0).map_err(|e| e.to_string())?;
    }
    Ok(o)
}

#[derive(Default, Clone)]
struct Tally {
    wins: Vec<usize>,
    unfinished: usize,
    rolls: usize,
    turns: usize,
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let n = o.bots.len();
    let seats = Seats::from_seats(&Seat::ALL[..n]);
    let rules = o.preset.rules().with_seats(seats);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let start = Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..o.threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut t = Tally { wins: vec![0; n], ..Tally::default() };
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= o.games {
                            break;
                        }
                        // Bot i sits at seat (i + g) mod n, so every bot plays every seat.
                        let seed = o.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
                        let mut players: Vec<Box<dyn Player + Send>> = (0..n)
                            .map(|s| {
                                bots::from_name(&o.bots[(s + n - g % n) % n], seed ^ s as u64)
                                    .expect("checked")
                            })
                            .collect();
                        let result = Game::new(rules, seed).expect("rules").play(&mut players).expect("bots");
                        t.rolls += result.rolls;
                        t.turns += result.turns;
                        match result.winner {
                            Some(w) => t.wins[(w.index() + n - g % n) % n] += 1,
                            None => t.unfinished += 1,
                        }
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if d.is_multiple_of(50) || d == o.games {
                            eprint!("\r{d}/{} games ", o.games);
                            let _ = std::io::stderr().flush();
                        }
                    }
                    t
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("worker")).collect()
    });
    eprintln!();
    let secs = start.elapsed().as_secs_f64();
    let mut total = Tally { wins: vec![0; n], ..Tally::default() };
    for t in &tallies {
        for i in 0..n {
            total.wins[i] += t.wins[i];
        }
        total.unfinished += t.unfinished;
        total.rolls += t.rolls;
        total.turns += t.turns;
    }
    let games = o.games.max(1) as f64;
    // The report is written in one piece (writing to a `String` cannot fail).
    let mut report = format!("{} games, {} rules, {} players, seed {}\n", o.games, o.preset, n, o.seed);
    let _ = writeln!(report, "fair share {:.1}%", 100.0 / n as f64);
    for i in 0..n {
        // Wilson score interval: sound near 0% and 100%, unlike the normal approximation.
        let p = total.wins[i] as f64 / games;
        let z = 1.96f64;
        let centre = (p + z * z / (2.0 * games)) / (1.0 + z * z / games);
        let half = z * (p * (1.0 - p) / games + z * z / (4.0 * games * games)).sqrt() / (1.0 + z * z / games);
        let _ = writeln!(
            report,
            "bot {} {:10} wins {:5}  {:5.1}%  95% CI [{:.1}%, {:.1}%]",
            i + 1,
            o.bots[i],
            total.wins[i],
            100.0 * p,
            100.0 * (centre - half).max(0.0),
            100.0 * (centre + half).min(1.0)
        );
    }
    if total.unfinished > 0 {
        let _ = writeln!(report, "unfinished {}", total.unfinished);
    }
    let _ = writeln!(
        report,
        "mean length {:.1} turns, {:.1} rolls; {:.1} games/s on {} thread{} ({:.1} s)",
        total.turns as f64 / games,
        total.rolls as f64 / games,
        games / secs,
        o.threads,
        if o.threads == 1 { "" } else { "s" },
        secs
    );
    // A reader that stops early (`| head`) closes the pipe: no error.
    if let Err(e) = std::io::stdout().write_all(report.as_bytes())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
