//! Bots that come with the crate, each a [`Player`]:
//!
//! - [`RandomBot`]: a uniformly random outcome. The baseline.
//! - [`Greedy`]: the outcome with the best [`evaluate`] score for the mover, one roll deep.
//!   The score rewards progress, pawns home, safety and blockades, and charges for pawns an
//!   opponent could capture with its next roll (the same ideas as the Racket bots).
//! - [`Search`]: expectimax over the next roll. For its best few outcomes by the greedy score
//!   it averages, over the 21 rolls of whoever moves next, the score after that seat's reply
//!   (its own best outcome if it rolls again, the greedy reply of the opponent otherwise).
//!   `effort` is how many outcomes it looks at that closely.
//!
//! `docs/bots.md` has the measured strength of each against the others.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::board::{Location, Seat, Seats, Square};
use crate::dice::{Roll, index_below};
use crate::game::GameState;
use crate::player::{Choices, Player};
use crate::position::Position;

/// Chance that a pawn `t` squares behind another reaches it with one roll, in 36ths: a die
/// showing `t` (11 of 36) or the two dice adding up to `t`.
const HIT_CHANCE: [i32; 13] = [0, 11, 12, 13, 14, 15, 16, 6, 5, 4, 3, 2, 1];

/// The greedy score of `position` for `seat`: its own standing minus the average standing of
/// the other seats, where a standing counts progress (20 for getting out, one per step, 15 for
/// home), safety, blockades, and the expected loss from pawns in reach of an opponent.
#[must_use]
pub fn evaluate(position: &Position, seat: Seat) -> i32 {
    if let Some(w) = position.winner() {
        return if w == seat { 1_000_000 } else { -1_000_000 };
    }
    let board = Board::of(position);
    let (mut theirs, mut others) = (0, 0);
    for s in position.seats().iter().filter(|&s| s != seat) {
        theirs += standing(&board, s);
        others += 1;
    }
    standing(&board, seat) - theirs / i32::max(others, 1)
}

/// A position as `standing` reads it, worked out once per `evaluate` rather than once per
/// seat and pawn: every playing seat's pawns, and the pawns on the ring with how far each is
/// from its exit.
struct Board {
    seats: Seats,
    pawns: [[Location; 4]; 4],
    /// `(seat index, square, steps to that seat's exit)` of each pawn on the ring.
    ring: [(usize, Square, u8); 16],
    ring_len: usize,
}

impl Board {
    fn of(position: &Position) -> Board {
        let seats = position.seats();
        let mut board = Board {
            seats,
            pawns: [[Location::Nest; 4]; 4],
            ring: [(0, Seat::Green.exit(), 0); 16],
            ring_len: 0,
        };
        for s in seats.iter() {
            board.pawns[s.index()] = position.pawns(s);
            for l in board.pawns[s.index()] {
                if let Location::Ring(q) = l {
                    board.ring[board.ring_len] = (s.index(), q, q.steps_to(s.exit()));
                    board.ring_len += 1;
                }
            }
        }
        board
    }
}

fn pawn_value(l: Location, seat: Seat) -> i32 {
    match l.steps_to_home(seat) {
        None => 0,
        Some(0) => 20 + 71 + 15,
        Some(n) => 20 + 71 - i32::from(n),
    }
}

fn standing(b: &Board, seat: Seat) -> i32 {
    let pawns = b.pawns[seat.index()];
    let mut total = 0;
    for (i, &l) in pawns.iter().enumerate() {
        let value = pawn_value(l, seat);
        total += value;
        match l {
            Location::HomeRow(_) => total += 6,
            Location::Ring(q) if q.is_safety() => total += 4,
            Location::Ring(q) => {
                // Expected loss: the pawn's value times its chance of being hit (in 36ths).
                let mut chance = 0;
                for &(other, from, to_exit) in &b.ring[..b.ring_len] {
                    let t = from.steps_to(q);
                    // An opponent past its exit is in its home row, not behind us.
                    if other != seat.index() && usize::from(t) < HIT_CHANCE.len() && to_exit >= t {
                        chance += HIT_CHANCE[usize::from(t)];
                    }
                }
                total -= value * chance.min(36) / 36 / 2;
            }
            _ => {}
        }
        if i > 0 && pawns[i - 1] == l && matches!(l, Location::Ring(_)) {
            total += 3;
        }
    }
    // Pawns on an opponent's entry square can be captured by its entering pawns.
    for other in b.seats.iter().filter(|&s| s != seat) {
        let entry = Location::Ring(other.entry());
        if b.pawns[other.index()].contains(&Location::Nest) {
            for &l in pawns.iter().filter(|&&l| l == entry) {
                total -= pawn_value(l, seat) * 15 / 36 / 2;
            }
        }
    }
    total
}

/// The index of the first of `positions` with the best [`evaluate`] score for `seat`.
fn best_for(positions: impl Iterator<Item = Position>, seat: Seat) -> usize {
    let mut best = 0;
    let mut best_score = i32::MIN;
    for (i, p) in positions.enumerate() {
        let s = evaluate(&p, seat);
        if s > best_score {
            best = i;
            best_score = s;
        }
    }
    best
}

/// Chooses uniformly among the outcomes, with its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot whose choices come from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl Player for RandomBot {
    fn name(&self) -> &str {
        "random"
    }
    fn choose(&mut self, choices: &Choices<'_>) -> usize {
        index_below(choices.len(), &mut self.rng)
    }
}

/// Chooses the outcome with the best [`evaluate`] score for the mover (the first of equally
/// good ones, in the order of the outcomes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Greedy {
    /// The greedy bot.
    #[must_use]
    pub const fn new() -> Greedy {
        Greedy
    }
}

impl Player for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(&mut self, choices: &Choices<'_>) -> usize {
        best_for(choices.positions(), choices.state().mover())
    }
}

/// Expectimax over the next roll (see the module docs); `effort` outcomes are searched. Of
/// equally good outcomes it takes the first in the order of the outcomes.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    effort: usize,
}

impl Search {
    /// A searching bot that looks closely at its `effort` best outcomes (at least 1).
    #[must_use]
    pub fn new(effort: usize) -> Search {
        Search { effort: effort.max(1) }
    }

    /// The expected score for `me` after the next roll from `state`.
    fn expected(state: &GameState, me: Seat) -> i64 {
        if state.is_finished() {
            return i64::from(evaluate(&state.position(), me)) * 36;
        }
        let mover = state.mover();
        // Only the positions after the replies are scored: no play is needed.
        let mut positions = Vec::new();
        let values = state.by_roll(|roll| {
            if state.outcome_positions_into(roll, &mut positions).is_ok() && !positions.is_empty() {
                let reply = &positions[best_for(positions.iter().copied(), mover)];
                i64::from(evaluate(reply, me))
            } else {
                i64::from(evaluate(&state.position(), me))
            }
        });
        Roll::DISTINCT.iter().zip(values).map(|(roll, value)| value * i64::from(roll.weight())).sum()
    }
}

impl Default for Search {
    fn default() -> Search {
        Search::new(4)
    }
}

impl Player for Search {
    fn name(&self) -> &str {
        "search"
    }
    fn choose(&mut self, choices: &Choices<'_>) -> usize {
        let me = choices.state().mover();
        let mut ranked: Vec<(i32, usize)> =
            choices.positions().enumerate().map(|(i, p)| (evaluate(&p, me), i)).collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked
            .iter()
            .take(self.effort)
            .filter_map(|&(_, i)| Some((Search::expected(&choices.outcome(i)?.state, me), i)))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
            .map_or(0, |(_, i)| i)
    }
}

/// A bot name that [`from_name`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {0:?} (expected random, greedy, search or search:EFFORT)")]
pub struct UnknownBot(pub String);

/// The bot called `name`: `random` (its choices from `seed`), `greedy`, `search` (effort 4) or
/// `search:EFFORT`. For command lines and configuration files.
///
/// # Errors
/// [`UnknownBot`] for any other name or an effort that is not a number.
pub fn from_name(name: &str, seed: u64) -> Result<Box<dyn Player + Send>, UnknownBot> {
    match name.split_once(':') {
        None if name == "random" => Ok(Box::new(RandomBot::new(seed))),
        None if name == "greedy" => Ok(Box::new(Greedy::new())),
        None if name == "search" => Ok(Box::new(Search::default())),
        Some(("search", effort)) => effort
            .parse()
            .map(|e| Box::new(Search::new(e)) as Box<dyn Player + Send>)
            .map_err(|_| UnknownBot(name.into())),
        _ => Err(UnknownBot(name.into())),
    }
}
