//! Players and the game driver: a [`Player`] chooses among the outcomes of a roll
//! ([`Choices`]), and [`Game`] runs a game between players to its end with reproducible dice.
//!
//! ```
//! use parcheesi::bots::{Greedy, RandomBot};
//! use parcheesi::player::{Game, Player};
//! use parcheesi::{Rules, Seat, Seats};
//!
//! let rules = Rules::seed().with_seats(Seats::from_seats(&[Seat::Green, Seat::Blue]));
//! let mut players: Vec<Box<dyn Player>> = vec![Box::new(Greedy::new()), Box::new(RandomBot::new(7))];
//! let result = Game::new(rules, 42)?.play(&mut players)?;
//! assert!(result.winner.is_some());
//! // The record replays to the same end.
//! assert_eq!(result.record.replay()?.position(), result.state.position());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::board::Seat;
use crate::dice::Roll;
use crate::game::{GameState, NewGameError, Outcome};
use crate::position::Position;
use crate::record::GameRecord;
use crate::rules::Rules;

/// Something that chooses plays: a bot, a person behind a user interface, a remote program.
///
/// # Example
/// A player that takes the first outcome leaving the fewest of its pawns in the nest, looking
/// at positions only:
/// ```
/// use parcheesi::{Choices, Game, Location, Player, Rules, Seat, Seats};
///
/// struct Eager;
///
/// impl Player for Eager {
///     fn name(&self) -> &str {
///         "eager"
///     }
///     fn choose(&mut self, choices: &Choices<'_>) -> usize {
///         let me = choices.state().mover();
///         let in_nest = |pawns: [Location; 4]| pawns.iter().filter(|&&l| l == Location::Nest).count();
///         // (`min_by_key` gives the first of equal ones.)
///         let best = choices.positions().enumerate().min_by_key(|(_, p)| in_nest(p.pawns(me)));
///         best.map_or(0, |(k, _)| k)
///     }
/// }
///
/// let rules = Rules::seed().with_seats(Seats::from_seats(&[Seat::Green, Seat::Blue]));
/// let result = Game::new(rules, 3)?.play(&mut [Eager, Eager])?;
/// assert!(result.winner.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Player {
    /// A short name for reports.
    fn name(&self) -> &str;

    /// Chooses one of `choices`, the distinct outcomes of a roll (never empty), by returning
    /// its index. Outcomes are built only as the player asks for them
    /// ([`Choices::position`], [`Choices::outcome`]), so a player pays only for what it
    /// looks at. A player that wants to play step by step can use [`GameState::roll`] and
    /// [`GameState::legal_steps`] on a copy of [`Choices::state`] and return the index of
    /// the outcome its steps reach.
    fn choose(&mut self, choices: &Choices<'_>) -> usize;
}

impl<P: Player + ?Sized> Player for Box<P> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn choose(&mut self, choices: &Choices<'_>) -> usize {
        (**self).choose(choices)
    }
}

/// The distinct outcomes of one roll, as a [`Player`] chooses among them: outcome `k` is
/// `state.outcomes(roll)?[k]`, but none is built until it is asked for. Made by
/// [`GameState::choices`].
pub struct Choices<'a> {
    state: &'a GameState,
    roll: Roll,
    len: usize,
    source: &'a dyn OutcomeSource,
}

/// Where [`Choices`] builds outcome `k` (below its `len`) from.
pub(crate) trait OutcomeSource {
    /// The position outcome `k` leaves.
    fn position(&self, k: usize) -> Position;
    /// Outcome `k`: its state and one play to it.
    fn outcome(&self, k: usize) -> Outcome;
}

impl<'a> Choices<'a> {
    pub(crate) fn new(
        state: &'a GameState,
        roll: Roll,
        len: usize,
        source: &'a dyn OutcomeSource,
    ) -> Choices<'a> {
        Choices { state, roll, len, source }
    }

    /// The state the roll is made from.
    #[must_use]
    pub fn state(&self) -> &'a GameState {
        self.state
    }

    /// The roll.
    #[must_use]
    pub fn roll(&self) -> Roll {
        self.roll
    }

    /// How many distinct outcomes the roll has (at least one).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no outcome (never: a roll has at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The position outcome `k` leaves (`outcome(k)?.state.position()`, without the state
    /// or the play built); `None` if there is no outcome `k`.
    #[must_use]
    pub fn position(&self, k: usize) -> Option<Position> {
        (k < self.len).then(|| self.source.position(k))
    }

    /// Outcome `k`, its state and one play to it; `None` if there is no outcome `k`.
    #[must_use]
    pub fn outcome(&self, k: usize) -> Option<Outcome> {
        (k < self.len).then(|| self.source.outcome(k))
    }

    /// The positions the outcomes leave, in order: what an evaluation scores.
    #[must_use]
    pub fn positions(&self) -> impl ExactSizeIterator<Item = Position> + '_ {
        (0..self.len).map(|k| self.source.position(k))
    }

    /// The outcomes, in order, each built whole as the iterator reaches it.
    #[must_use]
    pub fn outcomes(&self) -> impl ExactSizeIterator<Item = Outcome> + '_ {
        (0..self.len).map(|k| self.source.outcome(k))
    }
}

impl core::fmt::Debug for Choices<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Choices")
            .field("position", &self.state.position())
            .field("roll", &self.roll)
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// Why a game could not be run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The number of players is not the number of seats.
    #[error("{seats} seats play but {players} players were given")]
    PlayerCount {
        /// Seats in the rules.
        seats: usize,
        /// Players given.
        players: usize,
    },
    /// A player chose an index outside the outcomes.
    #[error("the player of {seat} chose outcome {index} of {count}")]
    BadChoice {
        /// The seat whose player erred.
        seat: Seat,
        /// The index it returned.
        index: usize,
        /// How many outcomes there were.
        count: usize,
    },
}

/// How a game ended.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The winner, or `None` if the roll limit was reached first.
    pub winner: Option<Seat>,
    /// Rolls made.
    pub rolls: usize,
    /// Turns taken (a turn ends when the dice pass to the next seat or the game ends).
    pub turns: usize,
    /// The final state.
    pub state: GameState,
    /// The record of the game: rules, seed, every roll and play.
    pub record: GameRecord,
}

/// A game between players with dice from a seed.
///
/// The dice come from [`ChaCha8Rng`] seeded with the game's seed and [`Roll::random`], so a seed
/// gives the same dice on every platform.
#[derive(Clone, Debug)]
pub struct Game {
    state: GameState,
    seed: u64,
    max_rolls: usize,
}

impl Game {
    /// A new game under `rules` with dice from `seed`, the lowest seat first. It stops after
    /// 20 000 rolls at the latest (random play ends in a few hundred).
    ///
    /// # Errors
    /// [`NewGameError`] if the rules cannot be played.
    pub fn new(rules: Rules, seed: u64) -> Result<Game, NewGameError> {
        Ok(Game { state: GameState::new(rules)?, seed, max_rolls: 20_000 })
    }

    /// This game with another bound on the number of rolls.
    #[must_use]
    pub fn with_max_rolls(self, max_rolls: usize) -> Game {
        Game { max_rolls, ..self }
    }

    /// Plays the game to its end; `players` are given in seat order, one per playing seat.
    ///
    /// # Errors
    /// [`GameError`] if the number of players is wrong or a player chooses an outcome that does
    /// not exist.
    pub fn play<P: Player>(&self, players: &mut [P]) -> Result<GameResult, GameError> {
        let seats: Vec<Seat> = self.state.rules().seats.iter().collect();
        if players.len() != seats.len() {
            return Err(GameError::PlayerCount { seats: seats.len(), players: players.len() });
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut state = self.state;
        let mut record = GameRecord::new(*state.rules(), self.seed);
        // Room for a typical game (a few hundred rolls), so the record is not copied as it grows.
        record.rolls.reserve(self.max_rolls.min(512));
        let (mut rolls, mut turns) = (0, 0);
        while !state.is_finished() && rolls < self.max_rolls {
            let roll = Roll::random(&mut rng);
            let mover = state.mover();
            let player = &mut players[seats.iter().position(|&s| s == mover).unwrap_or(0)];
            // Only the outcome chosen is built whole.
            let after = state.choices(roll, |choices| {
                let index = if choices.len() == 1 { 0 } else { player.choose(choices) };
                let count = choices.len();
                let chosen =
                    choices.outcome(index).ok_or(GameError::BadChoice { seat: mover, index, count })?;
                record.push(roll, chosen.play);
                Ok(chosen.state)
            });
            // (The state awaits a roll, so `choices` calls the closure.)
            let after = after.unwrap_or(Err(GameError::BadChoice { seat: mover, index: 0, count: 0 }))?;
            rolls += 1;
            if after.mover() != mover || after.is_finished() {
                turns += 1;
            }
            state = after;
        }
        Ok(GameResult { winner: state.winner(), rolls, turns, state, record })
    }
}
