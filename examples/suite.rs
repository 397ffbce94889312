//! The fixed workloads of `docs/performance.md`.
//!
//! Without arguments: the distinct outcomes of all 21 rolls for the bench suite, once, with the
//! totals printed; a fixed workload for counting instructions, which unlike timings do not
//! depend on what else the machine is doing.
//!
//! With `--games`: the outcomes of all 21 rolls of every fifth position of 20 random
//! four-player games, once (a typical mix of rolls, for counting instructions).
//!
//! With `--times`: the suite plus every fifth position of 20 random four-player games, all 21
//! rolls of each, every roll timed in-process on its own (best of seven, each call a fresh
//! search); prints the mean, median, 99th percentile and worst time per roll, and the worst
//! roll of the random-game positions with its position.
//!
//! With `--times --in-turn`: the same rolls asked as a caller that asks every roll of a
//! position does, the 21 in turn (seven passes, each roll's best): twin doubles (`d-d` and
//! `(7-d)-(7-d)` with every pawn of the mover out) then share one walk. Then the mean timed
//! as whole passes over every roll of every position in turn (the best of 15), with no
//! clock reading per call.
//!
//! With `--positions` as well, `--times` and `--games` ask the outcomes as positions
//! (`outcome_positions_into`) instead of whole (`outcomes_into`).
//!
//! With `--random-games`: 40 four-player games of uniformly random choices (seeds 0 to 39),
//! played three ways and timed (best of nine passes each): `Game::play` with `RandomBot`s,
//! a draw among `outcome_positions_into`, and `GameState::random_outcome`; the last two play
//! the same games.
//!
//! With `--random-games --once`: the same games played once each way, untimed (for counting
//! instructions). `--first-seed N` plays seeds N to N + 39 instead (`benches/pgo.sh` trains
//! on games other than those it measures).
//!
//! With `--commands FILE`: the outcomes (`outcomes_into`) of every `outcomes POSITION D1 D2`
//! line of FILE, the positions read first: the search alone, for comparing with the text
//! interface (`analyze`) answering the same lines.
//!
//! ```text
//! cargo build --release --example suite
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/suite.cg target/release/examples/suite
//! target/release/examples/suite --times
//! ```

use parcheesi::bots::RandomBot;
use parcheesi::{Game, GameState, Outcome, Position, Roll, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// `println!` that ends the program quietly when the reader has stopped early (`| head`
/// closes the pipe), where `println!` would panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("{e}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

const SUITE: [(&str, usize); 7] = [
    ("g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0", 22),
    ("g:n,n,5,12 r:n,n,n,22 b:n,n,n,n y:n,n,n,56 g 0", 90),
    ("g:n,15,40,42 r:n,n,22,24 b:n,53,62,31 y:n,n,n,67 g 0", 199),
    ("g:10,10,30,30 r:27,27,h1,h1 b:44,44,50,50 y:61,61,3,3 g 0", 240),
    ("g:10,20,30,40 r:27,37,47,57 b:44,54,64,6 y:61,3,13,23 g 0", 7484),
    ("g:7,9,h2,home r:10,13,31,33 b:n,n,n,n y:n,n,n,n g 0", 594),
    ("g:62,h1,h1,h4 r:60,64,h2,h2 b:n,n,n,n y:n,n,n,n r 0", 428),
];

fn suite_state(text: &str) -> GameState {
    let p: Position = text.parse().expect("suite position");
    GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("suite state")
}

/// Every pawn's progress, seat by seat: a key that orders boards.
fn board_key(state: &GameState) -> [u8; 16] {
    let position = state.position();
    let mut key = [0; 16];
    for (i, seat) in position.seats().iter().enumerate() {
        for (j, pawn) in position.pawns(seat).iter().enumerate() {
            key[4 * i + j] = pawn.progress(seat);
        }
    }
    key
}

/// Every fifth state awaiting a roll in a four-player game of uniformly random choices.
fn random_game_states(seed: u64, states: &mut Vec<GameState>) {
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut state = GameState::new(Rules::seed()).expect("rules");
    let mut outcomes = Vec::new();
    let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for n in 0.. {
        if state.is_finished() {
            break;
        }
        if n % 5 == 0 {
            states.push(state);
        }
        let roll = Roll::random(&mut dice);
        state.outcomes_into(roll, &mut outcomes).expect("awaits a roll");
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        // Picked among the outcomes in the order of their boards, so that the games (and this
        // workload) do not change with the order in which the engine lists outcomes.
        let mut keys: Vec<([u8; 16], usize)> =
            outcomes.iter().enumerate().map(|(i, o)| (board_key(&o.state), i)).collect();
        keys.sort_unstable();
        state = outcomes[keys[(pick % outcomes.len() as u64) as usize].1].state;
    }
}

/// The outcomes of `roll` from `s`: whole into `outcomes`, or as positions into `positions`
/// when `positions_only`; returns how many.
fn search(
    s: &GameState,
    roll: Roll,
    positions_only: bool,
    outcomes: &mut Vec<Outcome>,
    positions: &mut Vec<Position>,
) -> usize {
    if positions_only {
        let _ = s.outcome_positions_into(roll, positions);
        positions.len()
    } else {
        let _ = s.outcomes_into(roll, outcomes);
        outcomes.len()
    }
}

fn times(positions_only: bool, in_turn: bool) {
    let mut states: Vec<GameState> = SUITE.iter().map(|(text, _)| suite_state(text)).collect();
    for seed in 1..=20 {
        random_game_states(seed, &mut states);
    }
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut positions: Vec<Position> = Vec::new();
    let mut times = Vec::new();
    // The slowest roll of a random-game position (the suite's all-out position is built to be
    // the worst case), and its position and roll.
    let mut worst_in_games = (0.0f64, 0, Roll::DISTINCT[0]);
    // Total time of doubles and of other rolls.
    let mut split = [0.0f64; 2];
    // Another roll before each timed call, so that it is a fresh search (the predictor and
    // the memo not trained on it).
    let other = |r: Roll| if r == Roll::DISTINCT[1] { Roll::DISTINCT[2] } else { Roll::DISTINCT[1] };
    for (k, s) in states.iter().enumerate() {
        let mut best = [f64::MAX; 21];
        if in_turn {
            // Seven passes over the rolls in turn, as a caller that asks every roll does.
            for _ in 0..7 {
                for (i, &roll) in Roll::DISTINCT.iter().enumerate() {
                    let t = Instant::now();
                    search(s, roll, positions_only, &mut outcomes, &mut positions);
                    best[i] = best[i].min(t.elapsed().as_secs_f64());
                }
            }
        } else {
            for (i, &roll) in Roll::DISTINCT.iter().enumerate() {
                // Its twin, asked earlier, would hand this roll its walk once: that is taken
                // here, so every timed call below searches.
                search(s, roll, positions_only, &mut outcomes, &mut positions);
                for _ in 0..7 {
                    search(s, other(roll), positions_only, &mut outcomes, &mut positions);
                    let t = Instant::now();
                    search(s, roll, positions_only, &mut outcomes, &mut positions);
                    best[i] = best[i].min(t.elapsed().as_secs_f64());
                }
            }
        }
        for (&roll, &best) in Roll::DISTINCT.iter().zip(&best) {
            times.push(best * 1e6);
            split[usize::from(roll.is_doubles())] += best * 1e6;
            if k >= SUITE.len() && best * 1e6 > worst_in_games.0 {
                worst_in_games = (best * 1e6, k, roll);
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    say!(
        "{} positions x 21 rolls{}, {}: mean {mean:.3} us, median {:.3} us, p99 {:.2} us, worst {:.1} us",
        states.len(),
        if in_turn { " in turn" } else { "" },
        if positions_only { "outcome_positions_into" } else { "outcomes_into" },
        at(0.5),
        at(0.99),
        at(1.0)
    );
    say!(
        "doubles: {:.0}% of the time (mean {:.3} us); other rolls: mean {:.3} us",
        100.0 * split[1] / (split[0] + split[1]),
        split[1] / (6 * states.len()) as f64,
        split[0] / (15 * states.len()) as f64
    );
    let (worst, k, roll) = worst_in_games;
    say!("worst roll of a random-game position: {worst:.1} us, {roll} in {}", states[k].position());
    if in_turn {
        // The mean without a clock reading per call, nor a call's repeat: every roll of every
        // position in turn, one pass at a time.
        let mut best = f64::MAX;
        for _ in 0..15 {
            let t = Instant::now();
            for s in &states {
                for roll in Roll::DISTINCT {
                    search(s, roll, positions_only, &mut outcomes, &mut positions);
                }
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        say!("whole passes: {:.3} us per roll (best of 15)", best * 1e6 / times.len() as f64);
    }
}

/// The outcomes of all 21 rolls of every position of `times`, once: the instruction count
/// of a typical mix of rolls.
fn games(positions_only: bool) {
    let mut states = Vec::new();
    for seed in 1..=20 {
        random_game_states(seed, &mut states);
    }
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut positions: Vec<Position> = Vec::new();
    let mut total = 0;
    for s in &states {
        for roll in Roll::DISTINCT {
            total += search(s, roll, positions_only, &mut outcomes, &mut positions);
        }
    }
    say!("{} positions x 21 rolls: {total} outcomes", states.len());
}

/// A number below `n`, uniform, as `GameState::random_outcome` draws it: no word when `n` is 1.
fn draw(n: usize, rng: &mut ChaCha8Rng) -> usize {
    if n <= 1 {
        return 0;
    }
    let n = n as u64;
    let limit = u64::MAX - u64::MAX % n;
    loop {
        let w = rand::Rng::next_u64(rng);
        if w < limit {
            return (w % n) as usize;
        }
    }
}

/// The games of `random_games` (or those of seeds `first` to `first + 39`) played once each
/// way, untimed: a fixed workload for counting instructions.
fn random_games_once(first: u64) {
    let mut positions = Vec::new();
    for (way, name) in WAYS.iter().enumerate() {
        let rolls = (first..first + 40).map(|seed| random_game(seed, way, &mut positions)).sum::<usize>();
        say!("{name}: 40 games, {rolls} rolls");
    }
}

/// One game of uniformly random choices from `seed`, played one of three ways (`WAYS`); its
/// rolls.
fn random_game(seed: u64, way: usize, positions: &mut Vec<Position>) -> usize {
    let rules = Rules::seed();
    if way == 0 {
        let mut players: Vec<RandomBot> = (0..4).map(RandomBot::new).collect();
        return play_game(&Game::new(rules, seed).expect("rules"), &mut players);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = GameState::new(rules).expect("rules");
    let mut rolls = 0;
    while !state.is_finished() {
        let roll = Roll::random(&mut rng);
        state = if way == 1 {
            state.outcome_positions_into(roll, positions).expect("awaits a roll");
            let k = draw(positions.len(), &mut rng);
            GameState::from_position(rules, positions[k]).expect("an outcome")
        } else {
            draw_outcome(&state, roll, &mut rng)
        };
        rolls += 1;
    }
    rolls
}

// The three calls `benches/counts.sh` counts the instructions of, kept out of line so that they
// have a name to count by when the release build inlines the crate's functions into this
// program (link-time optimisation).

/// `GameState::outcomes_into` of `state` and `roll`.
#[inline(never)]
fn find_outcomes(state: &GameState, roll: Roll, outcomes: &mut Vec<Outcome>) {
    state.outcomes_into(roll, outcomes).expect("awaits a roll");
}

/// `game` played by `players`; its rolls.
#[inline(never)]
fn play_game(game: &Game, players: &mut [RandomBot]) -> usize {
    game.play(players).expect("a game").rolls
}

/// `GameState::random_outcome` of `state` and `roll`.
#[inline(never)]
fn draw_outcome(state: &GameState, roll: Roll, rng: &mut ChaCha8Rng) -> GameState {
    state.random_outcome(roll, rng).expect("awaits a roll")
}

/// The three ways `random_games` plays its games.
const WAYS: [&str; 3] = ["Game::play, RandomBot", "outcome_positions_into", "random_outcome"];

/// 40 random games played each way, timed.
fn random_games() {
    let mut positions = Vec::new();
    for (way, name) in WAYS.iter().enumerate() {
        let (mut best, mut rolls) = (f64::MAX, 0);
        for _ in 0..9 {
            let t = Instant::now();
            rolls = (0..40).map(|seed| random_game(seed, way, &mut positions)).sum::<usize>();
            best = best.min(t.elapsed().as_secs_f64());
        }
        let per_roll = best * 1e6 / rolls as f64;
        say!(
            "{name}: 40 games, {rolls} rolls, {per_roll:.3} us per roll, {:.1} us per 370 rolls",
            370.0 * per_roll
        );
    }
}

/// The outcomes of every `outcomes POSITION D1 D2` line of the file at `path` (`seed` rules),
/// each position read before any search.
fn commands(path: &str) {
    let text = std::fs::read_to_string(path).expect("a file of commands");
    let mut jobs = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("outcomes ") else { continue };
        let mut parts = rest.rsplitn(3, ' ');
        let (d2, d1, position) = (parts.next(), parts.next(), parts.next());
        let die = |d: Option<&str>| d.and_then(|d| d.parse().ok()).expect("a die");
        let roll = Roll::new(die(d1), die(d2)).expect("a roll");
        jobs.push((suite_state(position.expect("a position")), roll));
    }
    let mut outcomes = Vec::new();
    let mut total = 0;
    for (state, roll) in &jobs {
        find_outcomes(state, *roll, &mut outcomes);
        total += outcomes.len();
    }
    say!("{} commands: {total} outcomes", jobs.len());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if has("--random-games") {
        if has("--once") {
            let first = args
                .iter()
                .position(|a| a == "--first-seed")
                .map_or(0, |i| args.get(i + 1).and_then(|n| n.parse().ok()).expect("--first-seed N"));
            random_games_once(first);
        } else {
            random_games();
        }
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--commands") {
        commands(args.get(i + 1).expect("--commands FILE"));
        return;
    }
    let positions_only = has("--positions");
    if has("--times") {
        times(positions_only, has("--in-turn"));
        return;
    }
    if has("--games") {
        games(positions_only);
        return;
    }
    for (text, expected) in SUITE {
        let s = suite_state(text);
        let n: usize = Roll::DISTINCT.iter().map(|&r| s.outcomes(r).map_or(0, |o| o.len())).sum();
        assert_eq!(n, expected, "{text}");
        say!("{n:6} {text}");
    }
}
