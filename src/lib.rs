//! # parcheesi
//!
//! The rules engine of Parcheesi, the American adaptation of Pachisi: the complete game of
//! its specification (RULES.md), under three rule presets, with exact move generation, a text
//! notation for positions and plays, and a line-based text interface.
//!
//! ## A game from start to finish
//!
//! A [`GameState`] holds everything that decides what is legal. The dice are an input: pass a
//! [`Roll`] in (from physical dice, a replay, a search) or let [`Roll::random`] roll with a
//! generator you own. Every roll has a set of distinct [`Outcome`]s, each with one play that
//! leads to it:
//!
//! ```
//! use parcheesi::{GameState, Roll, Rules};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = GameState::new(Rules::seed())?;
//! let mut rolls = 0;
//! while !state.is_finished() && rolls < 100_000 {
//!     let roll = Roll::random(&mut rng);
//!     let outcomes = state.outcomes(roll)?;
//!     // Pick any outcome: here the first.
//!     state = outcomes[0].state;
//!     rolls += 1;
//! }
//! assert!(state.winner().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! When only the positions after a roll matter, as to an evaluator that scores every outcome,
//! [`GameState::outcome_positions`] gives them, in the same order, for less: its search keeps
//! no play. A random playout (Monte Carlo tree search, a random bot) needs one outcome drawn
//! uniformly: [`GameState::random_outcome`] draws it and builds no other.
//!
//! ## Step by step
//!
//! A user interface rolls, asks for the legal steps and applies them one at a time; an illegal
//! step comes back as a [`StepError`] saying which rule it breaks. The roll ends with the step
//! that completes a legal play; at the rare point where the steps taken form a legal play and
//! could also go on ([`StepReport::may_end_roll`]), the mover ends it with
//! [`GameState::end_roll`] or takes another step.
//!
//! ```
//! use parcheesi::{GameState, Position, Roll, RollReport, Rules, Step, StepError};
//!
//! let position: Position = "g:n,n,n,10 r:n,n,20,20 g 0".parse()?;
//! let rules = Rules::seed().with_seats(position.seats());
//! let mut state = GameState::from_position(rules, position)?;
//! assert!(matches!(state.roll(Roll::new(4, 6)?)?, RollReport::Started(_)));
//! // 10-14 then 14-20 would land on red's blockade; only the larger die can be used.
//! assert_eq!(state.legal_steps(), vec!["10-16".parse::<Step>()?]);
//! assert_eq!(state.apply_step("10-14".parse()?), Err(StepError::MustUseLargerDie));
//! let report = state.apply_step("10-16".parse()?)?;
//! assert!(report.roll_end.is_some());
//! assert_eq!(state.position().to_string(), "g:n,n,n,16 r:n,n,20,20 r 0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Feature flags
//!
//! - `std` (default): per-thread search buffers that are reused between searches, and the
//!   standard library's `Error` trait. Without it the crate is `no_std` with `alloc`.
//! - `serde` (default): `Serialize` and `Deserialize` for rules, dice, steps, plays, positions,
//!   game states, outcomes, the reports of rolls and steps, and records; deserialising
//!   validates exactly like the notation does.
//!
//! ## Modules
//!
//! - [`board`]: seats, squares, locations and the board geometry.
//! - [`dice`]: dice, rolls and the amounts they give.
//! - [`rules`]: the rule switches and presets.
//! - [`position`]: validated positions and their raw form.
//! - [`moves`]: steps and plays.
//! - `movegen` (private): the search behind every question of legality; see
//!   `docs/architecture.md` for how a roll flows through it.
//! - [`game`]: the game state and its turns.
//! - [`notation`]: reading and writing positions, steps, plays, seats, dice and rolls.
//! - [`perft`](mod@perft): counting outcomes to a depth.
//! - [`text`]: the line-based text interface.
//! - [`player`]: the `Player` trait, the `Choices` it chooses among, and the `Game` driver
//!   with seeded dice.
//! - [`bots`]: `RandomBot`, `Greedy` and `Search`.
//! - [`record`]: game records that replay exactly.

// Unit tests keep the standard library's prelude even without `std`, so that they run in
// that build too (the code paths without per-thread buffers); the library itself is no_std
// in every other build without `std`.
#![cfg_attr(all(not(feature = "std"), not(test)), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

pub mod board;
pub mod bots;
pub mod dice;
pub mod game;
mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod player;
pub mod position;
pub mod record;
pub mod rules;
pub mod text;

pub use board::{Location, Seat, Seats, Square};
pub use dice::{Amounts, Die, DieError, Roll};
pub use game::{
    EndRollError, GameState, NewGameError, Outcome, PlayError, RollEnd, RollError, RollReport, StepError,
    StepReport, TurnChange,
};
pub use moves::{Play, Step};
pub use notation::{
    ParseDieError, ParseLocationError, ParsePlayError, ParsePositionError, ParseRollError, ParseSeatError,
    ParseStepError,
};
pub use perft::perft;
pub use player::{Choices, Game, GameError, GameResult, Player};
pub use position::{Position, PositionError, Setup};
pub use record::{GameRecord, ReplayError};
pub use rules::{Preset, Rules, RulesError};

/// The README's examples, compiled and run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The variants guide's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../docs/variants.md")]
struct VariantsDoctests;
