//! Game records: the rules, the seed and every roll with its play, enough to replay a game
//! exactly. With the `serde` feature a record serialises, for example to JSON:
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use parcheesi::record::GameRecord;
//! use parcheesi::{Roll, Rules};
//!
//! let mut record = GameRecord::new(Rules::seed(), 7);
//! record.push(Roll::new(1, 4)?, "n-5".parse()?);
//! let json = serde_json::to_string(&record)?;
//! assert!(json.contains(r#""play":[{"from":"n","to":"5"}]"#));
//! let back: GameRecord = serde_json::from_str(&json)?;
//! assert_eq!(back, record);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::vec::Vec;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dice::Roll;
use crate::game::{GameState, NewGameError, PlayError};
use crate::moves::Play;
use crate::rules::Rules;

/// One roll of a recorded game and the play made with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RecordedRoll {
    /// The dice.
    pub roll: Roll,
    /// The play made (`-` when nothing moved).
    pub play: Play,
}

/// A whole game from the start position: rules (with the seats), the dice seed if the dice
/// came from one, and every roll with its play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The rules, seats included.
    pub rules: Rules,
    /// The seed of the dice ([`Roll::random`] on [`ChaCha8Rng`]), if they came from one; replay
    /// then checks that every recorded roll is the seed's.
    pub seed: Option<u64>,
    /// Every roll in order.
    pub rolls: Vec<RecordedRoll>,
}

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] NewGameError),
    /// A recorded roll is not the one the seed gives.
    #[error("roll {index} (turn {turn}) is {recorded}, but the seed gives {expected}")]
    WrongDice {
        /// The roll's number, from 1.
        index: usize,
        /// The turn's number, from 1.
        turn: usize,
        /// The roll in the record.
        recorded: Roll,
        /// The roll the seed gives.
        expected: Roll,
    },
    /// A play is not legal.
    #[error("roll {index} (turn {turn}): {error}")]
    IllegalPlay {
        /// The roll's number, from 1.
        index: usize,
        /// The turn's number, from 1.
        turn: usize,
        /// Why the play is not legal.
        error: PlayError,
    },
}

impl GameRecord {
    /// An empty record of a game with dice from `seed`.
    #[must_use]
    pub fn new(rules: Rules, seed: u64) -> GameRecord {
        GameRecord { rules, seed: Some(seed), rolls: Vec::new() }
    }

    /// Appends a roll and its play.
    pub fn push(&mut self, roll: Roll, play: Play) {
        self.rolls.push(RecordedRoll { roll, play });
    }

    /// Replays the game from the start, checking every roll against the seed (if any) and
    /// every play for legality, and returns the final state.
    ///
    /// # Errors
    /// [`ReplayError`] for the first roll that does not replay, with its number and turn.
    pub fn replay(&self) -> Result<GameState, ReplayError> {
        let mut state = GameState::new(self.rules)?;
        let mut dice = self.seed.map(ChaCha8Rng::seed_from_u64);
        let mut turn = 1;
        for (i, r) in self.rolls.iter().enumerate() {
            let index = i + 1;
            if let Some(rng) = dice.as_mut() {
                let expected = Roll::random(rng);
                if expected != r.roll {
                    return Err(ReplayError::WrongDice { index, turn, recorded: r.roll, expected });
                }
            }
            let mover = state.mover();
            state.apply_play(r.roll, &r.play).map_err(|error| ReplayError::IllegalPlay {
                index,
                turn,
                error,
            })?;
            if state.mover() != mover {
                turn += 1;
            }
        }
        Ok(state)
    }
}
