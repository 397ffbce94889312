//! Plays one complete game from the start, choosing uniformly among the distinct outcomes of
//! each roll, and prints it.
//!
//! ```text
//! cargo run --release --example play -- --seed 7 --players 4 --rules seed
//! cargo run --release --example play -- --seed 7 --trace
//! ```
//!
//! With `--trace` it prints one line per roll, `roll POSITION D1 D2 ; PLAY`, and a last line
//! `end POSITION`, so that another implementation can check the game roll by roll.

use parcheesi::{GameState, Preset, Roll, Seat, Seats};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const USAGE: &str = "usage: play [--seed N] [--players 2|3|4] [--rules seed|hasbro|racket] [--trace]";
/// Random play ends long before this; the bound only guarantees the program stops.
const MAX_ROLLS: usize = 100_000;

struct Options {
    seed: u64,
    players: usize,
    preset: Preset,
    trace: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options { seed: 1, players: 4, preset: Preset::Seed, trace: false };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--seed" => o.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--players" => {
                o.players = value("--players")?.parse().map_err(|e| format!("--players: {e}"))?;
                if !(2..=4).contains(&o.players) {
                    return Err("--players is 2, 3 or 4".into());
                }
            }
            "--rules" => o.preset = value("--rules")?.parse().map_err(|e| format!("--rules: {e}"))?,
            "--trace" => o.trace = true,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(o)
}

/// A uniform index below `n` (rejection sampling, so every outcome is equally likely).
fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n as u32;
    let limit = u32::MAX - u32::MAX % n;
    loop {
        let w = rng.next_u32();
        if w < limit {
            return (w % n) as usize;
        }
    }
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
    let seats = Seats::from_seats(&Seat::ALL[..o.players]);
    let mut state = match GameState::new(o.preset.rules().with_seats(seats)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    if !o.trace {
        println!("{} players, {} rules, seed {}", o.players, o.preset, o.seed);
        println!("start {}", state.position());
    }
    let mut rolls = 0;
    while !state.is_finished() && rolls < MAX_ROLLS {
        let roll = Roll::random(&mut rng);
        let before = state.position();
        let outcomes = match state.outcomes(roll) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let chosen = outcomes[pick(&mut rng, outcomes.len())];
        rolls += 1;
        if o.trace {
            println!("roll {before} {} {} ; {}", roll.first.value(), roll.second.value(), chosen.play);
        } else {
            println!(
                "{rolls:4} {:6} rolls {}-{}: {:28} -> {}",
                before.mover().name(),
                roll.first.value(),
                roll.second.value(),
                chosen.play.to_string(),
                chosen.state.position()
            );
        }
        state = chosen.state;
    }
    if o.trace {
        println!("end {}", state.position());
    } else if let Some(w) = state.winner() {
        println!("{w} wins after {rolls} rolls");
    } else {
        println!("no winner after {rolls} rolls");
    }
}
