//! Plays one complete game between bots and prints it: each roll, the play, the position after
//! it, captures and bonuses in words, a small drawing of the board every few turns, and the
//! winner. With `--bots random,random,random,random` every roll's outcome is chosen uniformly.
//!
//! ```text
//! cargo run --release --example play
//! cargo run --release --example play -- --seed 7 --players 3 --rules hasbro --bots search,greedy,random
//! cargo run --release --example play -- --seed 7 --json game.json
//! cargo run --release --example play -- --seed 7 --trace
//! ```
//!
//! With `--trace` it prints one line per roll, `roll POSITION D1 D2 ; PLAY`, and a last line
//! `end POSITION`, so that another implementation can check the game roll by roll. The same
//! options always print the same game.

use std::io::{self, Write};

use parcheesi::bots;
use parcheesi::{Game, GameState, Location, Player, Position, Preset, Roll, Seat, Seats};

const USAGE: &str = "usage: play [--seed N] [--players 2|3|4] [--rules seed|hasbro|racket] \
[--bots b1,b2,...] [--json FILE] [--trace]
bots: random, greedy, search, search:EFFORT (default search,greedy,random,greedy)";

struct Options {
    seed: u64,
    players: usize,
    preset: Preset,
    bots: Vec<String>,
    json: Option<String>,
    trace: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        players: 4,
        preset: Preset::Seed,
        bots: ["search", "greedy", "random", "greedy"].map(String::from).to_vec(),
        json: None,
        trace: false,
    };
    let (mut bots_given, mut players_given) = (false, false);
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
                players_given = true;
            }
            "--rules" => o.preset = value("--rules")?.parse().map_err(|e| format!("--rules: {e}"))?,
            "--bots" => {
                o.bots = value("--bots")?.split(',').map(str::to_string).collect();
                bots_given = true;
            }
            "--json" => o.json = Some(value("--json")?),
            "--trace" => o.trace = true,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if bots_given {
        if !(2..=4).contains(&o.bots.len()) {
            return Err("--bots names two to four bots, one per seat".into());
        }
        if players_given && o.players != o.bots.len() {
            return Err(format!(
                "--players {} but --bots names {} bots, one per seat",
                o.players,
                o.bots.len()
            ));
        }
        o.players = o.bots.len();
    }
    o.bots.truncate(o.players);
    Ok(o)
}

/// What a play did, in words: captures, pawns home and the bonuses they earned.
fn events(rules: &parcheesi::Rules, before: &Position, after: &Position) -> String {
    let mover = before.mover();
    let mut words = Vec::new();
    for seat in before.seats().iter().filter(|&s| s != mover) {
        let nest = |p: &Position| p.pawns(seat).iter().filter(|&&l| l == Location::Nest).count();
        for _ in nest(before)..nest(after) {
            words.push(format!("captures {seat} (+{})", rules.capture_bonus));
        }
    }
    let home = |p: &Position| p.pawns(mover).iter().filter(|&&l| l == Location::Home).count();
    for _ in home(before)..home(after) {
        words.push(format!("reaches home (+{})", rules.home_bonus));
    }
    words.join(", ")
}

/// A small drawing: the ring in four rows of 17 squares (each starting at a seat's exit),
/// `*` for an empty safety square, a seat letter for a pawn (capital for a blockade), then
/// each seat's nest, home row and home.
fn draw(out: &mut impl Write, p: &Position) -> io::Result<()> {
    for row in 0..4u8 {
        let mut line = String::new();
        for n in 17 * row..17 * row + 17 {
            let q = parcheesi::Square::new(n).map(Location::Ring);
            let c = match q.map(|l| p.pawns_at(l, p.mover())) {
                Some((2, Some(s))) => s.letter().to_ascii_uppercase(),
                Some((1, Some(s))) => s.letter(),
                _ if parcheesi::Square::new(n).is_some_and(|s| s.is_safety()) => '*',
                _ => '.',
            };
            line.push(c);
        }
        writeln!(out, "      {:2} {line}", 17 * row)?;
    }
    for seat in p.seats().iter() {
        let pawns = p.pawns(seat);
        let count = |want: Location| pawns.iter().filter(|&&l| l == want).count();
        let row: String = (0..7).map(|h| char::from(b'0' + count(Location::HomeRow(h)) as u8)).collect();
        writeln!(
            out,
            "      {:6} nest {}  row {row}  home {}",
            seat.name(),
            count(Location::Nest),
            count(Location::Home)
        )?;
    }
    Ok(())
}

fn fail(message: &str) -> ! {
    if !message.is_empty() {
        eprintln!("{message}");
    }
    eprintln!("{USAGE}");
    std::process::exit(2)
}

fn main() {
    // A reader that stops early (`| head`) closes the pipe: that ends the game's printing,
    // and is no error.
    if let Err(e) = run(&mut io::stdout().lock())
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        fail(&e.to_string());
    }
}

fn run(out: &mut impl Write) -> io::Result<()> {
    let o = options().unwrap_or_else(|e| fail(&e));
    let seats = Seats::from_seats(&Seat::ALL[..o.players]);
    let rules = o.preset.rules().with_seats(seats);
    let mut players: Vec<Box<dyn Player + Send>> = o
        .bots
        .iter()
        .enumerate()
        .map(|(i, b)| bots::from_name(b, o.seed.wrapping_add(i as u64 + 1)).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| fail(&e));
    let game = Game::new(rules, o.seed).unwrap_or_else(|e| fail(&e.to_string()));
    let result = game.play(&mut players).unwrap_or_else(|e| fail(&e.to_string()));
    // The record is saved before anything is printed, which a closed pipe can cut short.
    if let Some(path) = &o.json {
        let json = serde_json::to_string_pretty(&result.record).unwrap_or_else(|e| fail(&e.to_string()));
        std::fs::write(path, json + "\n").unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    }

    // Walk the record to print the game.
    let mut state = GameState::new(rules).unwrap_or_else(|e| fail(&e.to_string()));
    if !o.trace {
        let names: Vec<String> = seats.iter().zip(&o.bots).map(|(s, b)| format!("{s} {b}")).collect();
        writeln!(out, "{} rules, seed {}: {}", o.preset, o.seed, names.join(", "))?;
        draw(out, &state.position())?;
    }
    let mut turns: usize = 0;
    for (i, r) in result.record.rolls.iter().enumerate() {
        let before = state.position();
        if let Err(e) = state.apply_play(r.roll, &r.play) {
            fail(&format!("the record does not replay: {e}"));
        }
        let after = state.position();
        if o.trace {
            writeln!(out, "roll {before} {} {} ; {}", r.roll.first.value(), r.roll.second.value(), r.play)?;
            continue;
        }
        let Roll { first, second } = r.roll;
        let said = events(&rules, &before, &after);
        writeln!(
            out,
            "{:4} {:6} {}-{}  {:24} -> {after}{}{said}",
            i + 1,
            before.mover().name(),
            first.value(),
            second.value(),
            r.play.to_string(),
            if said.is_empty() { "" } else { "  " }
        )?;
        if after.mover() != before.mover() {
            turns += 1;
            if turns.is_multiple_of(40) {
                writeln!(out, "      {after}")?;
                draw(out, &after)?;
            }
        }
    }
    if o.trace {
        writeln!(out, "end {}", state.position())?;
    } else {
        writeln!(out, "final {}", state.position())?;
        draw(out, &state.position())?;
        match result.winner {
            Some(w) => writeln!(out, "{w} wins after {} rolls ({} turns)", result.rolls, result.turns)?,
            None => writeln!(out, "no winner after {} rolls", result.rolls)?,
        }
    }
    if let (Some(path), false) = (&o.json, o.trace) {
        writeln!(out, "record written to {path}")?;
    }
    Ok(())
}
