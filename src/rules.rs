//! Rule variants: one plain [`Rules`] value of small enums, with the presets `seed` (the
//! default), `hasbro` and `racket` of RULES.md section 5.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::board::{Seat, Seats};

/// Whether a pawn may pass its exit square and go round the ring again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HomeRow {
    /// A pawn may take either route past its exit square (`seed`).
    Optional,
    /// A step past the exit square must turn into the home row (`hasbro`, `racket`).
    Mandatory,
}

/// When bonus amounts may be spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BonusTiming {
    /// All die steps come first; bonuses are spent after the dice phase (`seed`, `hasbro`).
    AfterDice,
    /// A bonus may be spent at any time after it is earned (`racket`).
    Immediately,
}

/// What happens when only one of two dice can be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OneDie {
    /// The larger must be used: plays spending the most pips are kept (`seed`).
    LargerDie,
    /// Either may be used (`hasbro`, `racket`).
    EitherDie,
}

/// How doubles with four amounts (tops and bottoms) are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FourAmountDoubles {
    /// Use as many of the four amounts as possible (`seed`, `racket`).
    AsManyAsPossible,
    /// Use all four or none (`hasbro`).
    AllOrNothing,
}

/// Whether entering a pawn takes priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Entering {
    /// Entering is one choice among others (`seed`, `racket`).
    Optional,
    /// Plays with the most entering steps are kept (`hasbro`).
    MustEnter,
}

/// On which rolls two pawns that formed a blockade may not end the roll together elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BlockadeMove {
    /// Only on doubles rolls (`seed`).
    ForbiddenOnDoubles,
    /// On every roll, since two bonuses can also move a pair (`hasbro`, `racket`).
    ForbiddenOnEveryRoll,
}

/// What a third doubles in one turn does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ThreeDoubles {
    /// The third doubles is not played: the pawn nearest home goes back to its nest and the
    /// turn passes (every preset).
    Penalty,
    /// Doubles are never counted; the mover rolls again after every doubles. The doubles
    /// count after a roll is 0, also from a position given with another.
    NoPenalty,
}

/// The rules of one game: every switch of RULES.md section 5 and the seats that play.
///
/// A plain value with public fields; [`Rules::validate`] (called by every constructor of a game
/// state) rejects settings the engine cannot play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Whether a pawn may go round again past its exit square.
    pub home_row: HomeRow,
    /// When bonuses may be spent.
    pub bonus_timing: BonusTiming,
    /// Which die must be used when only one can.
    pub one_die: OneDie,
    /// How four-amount doubles are played.
    pub four_amount_doubles: FourAmountDoubles,
    /// Whether entering takes priority.
    pub entering: Entering,
    /// When a blockade may not move together.
    pub blockade_move: BlockadeMove,
    /// The third-doubles penalty.
    pub three_doubles: ThreeDoubles,
    /// The capture bonus in steps (0 for none, else 7 to 67).
    pub capture_bonus: u8,
    /// The home bonus in steps (0 for none, else 7 to 67).
    pub home_bonus: u8,
    /// The blockade time limit in turns, if any (at least 1).
    pub blockade_limit: Option<u8>,
    /// The seats that play (two to four).
    pub seats: Seats,
}

/// Rule settings the engine cannot play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Fewer than two seats play.
    #[error("two to four seats must play, not {0}")]
    Seats(usize),
    /// A bonus that is neither 0 nor 7 to 67.
    #[error(
        "a bonus is 0 (none) or 7 to 67 steps, so that it never equals a die amount nor laps the ring, not {0}"
    )]
    Bonus(u8),
    /// A blockade time limit of 0 turns.
    #[error("a blockade time limit is at least 1 turn")]
    BlockadeLimit,
}

impl Rules {
    /// The classic description of Parcheesi, the default: optional home row, bonuses after the
    /// dice, the larger die, four seats.
    #[must_use]
    pub const fn seed() -> Rules {
        Rules {
            home_row: HomeRow::Optional,
            bonus_timing: BonusTiming::AfterDice,
            one_die: OneDie::LargerDie,
            four_amount_doubles: FourAmountDoubles::AsManyAsPossible,
            entering: Entering::Optional,
            blockade_move: BlockadeMove::ForbiddenOnDoubles,
            three_doubles: ThreeDoubles::Penalty,
            capture_bonus: 20,
            home_bonus: 10,
            blockade_limit: None,
            seats: Seats::ALL,
        }
    }

    /// The official rules: mandatory home row, either die, all-or-nothing doubles, must enter,
    /// blockades never move together.
    #[must_use]
    pub const fn hasbro() -> Rules {
        Rules {
            home_row: HomeRow::Mandatory,
            one_die: OneDie::EitherDie,
            four_amount_doubles: FourAmountDoubles::AllOrNothing,
            entering: Entering::MustEnter,
            blockade_move: BlockadeMove::ForbiddenOnEveryRoll,
            ..Rules::seed()
        }
    }

    /// The rules of the long-standing Racket implementation: mandatory home row, bonuses
    /// immediately, either die, blockades never move together.
    #[must_use]
    pub const fn racket() -> Rules {
        Rules {
            home_row: HomeRow::Mandatory,
            bonus_timing: BonusTiming::Immediately,
            one_die: OneDie::EitherDie,
            blockade_move: BlockadeMove::ForbiddenOnEveryRoll,
            ..Rules::seed()
        }
    }

    /// These rules with other seats playing.
    #[must_use]
    pub const fn with_seats(self, seats: Seats) -> Rules {
        Rules { seats, ..self }
    }

    /// Checks that the engine can play these rules.
    ///
    /// # Errors
    /// [`RulesError`] for fewer than two seats, a bonus that is not 0 or 7 to 67 (a bonus equal
    /// to a die amount would make a step's amount ambiguous), or a blockade limit of 0.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.seats.len() < 2 {
            return Err(RulesError::Seats(self.seats.len()));
        }
        for bonus in [self.capture_bonus, self.home_bonus] {
            if bonus != 0 && !(7..=67).contains(&bonus) {
                return Err(RulesError::Bonus(bonus));
            }
        }
        if self.blockade_limit == Some(0) {
            return Err(RulesError::BlockadeLimit);
        }
        Ok(())
    }

    /// Whether the seats include `seat`.
    #[must_use]
    pub const fn plays(&self, seat: Seat) -> bool {
        self.seats.contains(seat)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::seed()
    }
}

/// The name of a preset: `seed`, `hasbro` or `racket`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// [`Rules::seed`].
    Seed,
    /// [`Rules::hasbro`].
    Hasbro,
    /// [`Rules::racket`].
    Racket,
}

/// A preset name that is not `seed`, `hasbro` or `racket`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules preset {0:?} (expected seed, hasbro or racket)")]
pub struct UnknownPreset(pub String);

impl Preset {
    /// The rules of this preset, four seats.
    #[must_use]
    pub const fn rules(self) -> Rules {
        match self {
            Preset::Seed => Rules::seed(),
            Preset::Hasbro => Rules::hasbro(),
            Preset::Racket => Rules::racket(),
        }
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;
    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        match s {
            "seed" => Ok(Preset::Seed),
            "hasbro" => Ok(Preset::Hasbro),
            "racket" => Ok(Preset::Racket),
            _ => Err(UnknownPreset(s.to_string())),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Preset::Seed => "seed",
            Preset::Hasbro => "hasbro",
            Preset::Racket => "racket",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_validate() {
        for p in [Preset::Seed, Preset::Hasbro, Preset::Racket] {
            assert_eq!(p.rules().validate(), Ok(()));
            assert_eq!(p.to_string().parse::<Preset>(), Ok(p));
        }
        assert_eq!(Rules::default(), Rules::seed());
    }

    #[test]
    fn odd_settings_are_errors() {
        let one = Rules::seed().with_seats(Seats::EMPTY.with(Seat::Red));
        assert_eq!(one.validate(), Err(RulesError::Seats(1)));
        let six = Rules { capture_bonus: 6, ..Rules::seed() };
        assert_eq!(six.validate(), Err(RulesError::Bonus(6)));
        let zero = Rules { blockade_limit: Some(0), ..Rules::seed() };
        assert_eq!(zero.validate(), Err(RulesError::BlockadeLimit));
        let none = Rules { capture_bonus: 0, home_bonus: 0, ..Rules::hasbro() };
        assert_eq!(none.validate(), Ok(()));
    }
}
