//! Players and the game driver: a [`Player`] chooses among the outcomes of a roll, and
//! [`Game`] runs a game between players to its end with reproducible dice.
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
use crate::record::GameRecord;
use crate::rules::Rules;

/// Something that chooses plays: a bot, a person behind a user interface, a remote program.
pub trait Player {
    /// A short name for reports.
    fn name(&self) -> &str;

    /// Chooses one of `outcomes`, the distinct outcomes of `roll` from `state` (never empty),
    /// by returning its index. A player that wants to play step by step can use
    /// [`GameState::roll`] and [`GameState::legal_steps`] on a copy of `state` and return the
    /// outcome its steps reach.
    fn choose(&mut self, state: &GameState, roll: Roll, outcomes: &[Outcome]) -> usize;
}

impl<P: Player + ?Sized> Player for Box<P> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn choose(&mut self, state: &GameState, roll: Roll, outcomes: &[Outcome]) -> usize {
        (**self).choose(state, roll, outcomes)
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
        // One list for every roll, so that a game allocates only while it grows.
        let mut outcomes = Vec::new();
        while !state.is_finished() && rolls < self.max_rolls {
            let roll = Roll::random(&mut rng);
            let mover = state.mover();
            // (Left empty on an error, which the choice below reports.)
            let _ = state.outcomes_into(roll, &mut outcomes);
            let seat_index = seats.iter().position(|&s| s == mover).unwrap_or(0);
            let index =
                if outcomes.len() == 1 { 0 } else { players[seat_index].choose(&state, roll, &outcomes) };
            let chosen = outcomes.get(index).ok_or(GameError::BadChoice {
                seat: mover,
                index,
                count: outcomes.len(),
            })?;
            record.push(roll, chosen.play);
            rolls += 1;
            if chosen.state.mover() != mover || chosen.state.is_finished() {
                turns += 1;
            }
            state = chosen.state;
        }
        Ok(GameResult { winner: state.winner(), rolls, turns, state, record })
    }
}
