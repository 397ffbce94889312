//! Steps and plays: a [`Step`] moves one pawn of the mover (`FROM-TO`), a [`Play`] is the
//! sequence of steps made with one roll.

use core::fmt::{self, Write};

use crate::board::{Location, NAME_RANKS};
use crate::notation::{Cursor, Text};

/// One step: a pawn of the mover goes from `from` to `to`, spending the amount the two
/// locations imply (RULES.md section 6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// Where the pawn starts.
    pub from: Location,
    /// Where the pawn ends.
    pub to: Location,
}

impl Step {
    /// The step from `from` to `to`.
    #[must_use]
    pub const fn new(from: Location, to: Location) -> Step {
        Step { from, to }
    }

    /// Whether both ends are locations of the board (a `Location` built by hand may not be).
    pub(crate) const fn is_on_board(self) -> bool {
        self.from.is_valid() && self.to.is_valid()
    }
}

impl Step {
    /// Appends the notation of the step, after the ASCII byte `before` if there is one.
    #[inline(always)]
    fn push_to<const N: usize>(&self, before: Option<u8>, text: &mut Cursor<'_, N>) {
        if self.is_on_board() {
            match before {
                Some(b) => text.push_code_after(b, self.from.code()),
                None => text.push_code(self.from.code()),
            }
            text.push_code_after(b'-', self.to.code());
        } else {
            before.into_iter().for_each(|b| text.push_byte(b));
            // Invalid home-row squares (`h7` and beyond) are written as `Location` writes them.
            let _ = write!(text, "{}-{}", self.from, self.to);
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Text::<24>::new();
        self.push_to(None, &mut text.cursor());
        f.write_str(text.as_str())
    }
}

/// The most steps one play can have: four die steps, plus one bonus step for each bonus earned
/// during the roll, which is at most one per opponent pawn on the board (12) and one per pawn
/// of the mover reaching home (4).
pub const MAX_PLAY_LEN: usize = 4 + 12 + 4;

/// The steps of one roll, in order; at most [`MAX_PLAY_LEN`]. A fixed-capacity list, so plays
/// are `Copy` and building them never allocates. Two plays are equal when their steps are.
#[derive(Clone, Copy)]
pub struct Play {
    steps: [Step; MAX_PLAY_LEN],
    len: u8,
}

/// A play longer than any roll allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a play has at most {MAX_PLAY_LEN} steps")]
pub struct PlayFull;

impl Play {
    /// The empty play: no pawn moves.
    pub const EMPTY: Play =
        Play { steps: [Step { from: Location::Nest, to: Location::Nest }; MAX_PLAY_LEN], len: 0 };

    /// Appends a step.
    ///
    /// # Errors
    /// [`PlayFull`] if the play already has [`MAX_PLAY_LEN`] steps.
    pub fn push(&mut self, step: Step) -> Result<(), PlayFull> {
        let slot = self.steps.get_mut(self.len as usize).ok_or(PlayFull)?;
        *slot = step;
        self.len += 1;
        Ok(())
    }

    /// Makes this the play of `len` steps (at most [`MAX_PLAY_LEN`]) that `write` puts in
    /// the slice it is given.
    pub(crate) fn write(&mut self, len: usize, write: impl FnOnce(&mut [Step])) {
        let len = len.min(MAX_PLAY_LEN);
        write(&mut self.steps[..len]);
        self.len = len as u8;
    }

    /// Removes the last step, if any.
    pub fn pop(&mut self) -> Option<Step> {
        self.len = self.len.checked_sub(1)?;
        Some(self.steps[self.len as usize])
    }

    /// The steps in order.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// Number of steps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no pawn moves.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Play {
    /// A key that orders plays as their notation does in byte order, without writing it:
    /// the separators (`-`, ` `) come before every byte of a location's name, so the texts
    /// compare step by step, each step by its two names' places in byte order. The second
    /// place is one up, so that no step packs to the zeros after the last one and a play
    /// comes before those it is the start of.
    pub(crate) fn notation_key(&self) -> [u8; 2 * MAX_PLAY_LEN] {
        let rank = |l: Location| NAME_RANKS[usize::from(l.code())];
        self.packed(|s| [rank(s.from), rank(s.to) + 1])
    }

    /// Two bytes for each step by `pack`, in order, then zeros.
    fn packed(&self, pack: impl Fn(&Step) -> [u8; 2]) -> [u8; 2 * MAX_PLAY_LEN] {
        let mut bytes = [0; 2 * MAX_PLAY_LEN];
        for (b, s) in bytes.chunks_exact_mut(2).zip(self.steps()) {
            b.copy_from_slice(&pack(s));
        }
        bytes
    }
}

// By the steps alone: the slots past the end hold whatever `pop` left there.
impl PartialEq for Play {
    fn eq(&self, other: &Play) -> bool {
        self.steps() == other.steps()
    }
}

impl Eq for Play {}

impl core::hash::Hash for Play {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        // The steps' location codes in one slice: one write to the hasher, not four a step.
        let codes = self.packed(|s| [s.from.code(), s.to.code()]);
        codes[..2 * self.steps().len()].hash(state);
    }
}

impl Default for Play {
    fn default() -> Play {
        Play::EMPTY
    }
}

impl TryFrom<&[Step]> for Play {
    type Error = PlayFull;
    fn try_from(steps: &[Step]) -> Result<Play, PlayFull> {
        let mut play = Play::EMPTY;
        for &s in steps {
            play.push(s)?;
        }
        Ok(play)
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Play({self})")
    }
}

impl fmt::Display for Play {
    /// The steps separated by single spaces, or `-` for the empty play.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Into a buffer first and out in one piece, as positions are.
        let mut text = Text::<{ MAX_PLAY_LEN * 10 + 8 }>::new();
        self.push_to(&mut text.cursor());
        f.write_str(text.as_str())
    }
}

impl Play {
    /// Appends the notation of the play (at most ten bytes a step, less one).
    pub(crate) fn push_to<const N: usize>(&self, text: &mut Cursor<'_, N>) {
        match self.steps() {
            [] => text.push_byte(b'-'),
            [first, rest @ ..] => {
                first.push_to(None, text);
                rest.iter().for_each(|s| s.push_to(Some(b' '), text));
            }
        }
    }
}

/// A play as the location codes of its steps' ends: how the search hands a play to the text
/// interface, which writes it with no [`Step`] built. Only plays the search made are kept
/// so, so every code is a location.
#[derive(Clone, Copy)]
pub(crate) struct PlayCodes {
    steps: [[u8; 2]; MAX_PLAY_LEN],
    len: u8,
}

impl PlayCodes {
    /// The empty play: no pawn moves.
    pub(crate) const EMPTY: PlayCodes = PlayCodes { steps: [[0; 2]; MAX_PLAY_LEN], len: 0 };

    /// Makes this the play of `len` steps (at most [`MAX_PLAY_LEN`]) that `write` puts in
    /// the slice it is given.
    pub(crate) fn write(&mut self, len: usize, write: impl FnOnce(&mut [[u8; 2]])) {
        let len = len.min(MAX_PLAY_LEN);
        write(&mut self.steps[..len]);
        self.len = len as u8;
    }

    /// Appends the notation of the play, as [`Play`]'s (at most ten bytes a step, less one).
    #[inline(always)]
    pub(crate) fn push_to<const N: usize>(&self, text: &mut Cursor<'_, N>) {
        match &self.steps[..usize::from(self.len)] {
            [] => text.push_byte(b'-'),
            [[from, to], rest @ ..] => {
                text.push_code(*from);
                text.push_code_after(b'-', *to);
                for &[from, to] in rest {
                    text.push_code_after(b' ', from);
                    text.push_code_after(b'-', to);
                }
            }
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Play {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.steps())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Play {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Play, D::Error> {
        let steps = <alloc::vec::Vec<Step>>::deserialize(d)?;
        Play::try_from(steps.as_slice()).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn ring(n: u8) -> Location {
        Location::Ring(Square::new(n).expect("a ring square"))
    }

    #[test]
    fn plays_count_and_print_their_steps() {
        let play = Play::try_from(&[Step::new(Location::Nest, ring(5)), Step::new(ring(5), ring(9))][..])
            .expect("two steps fit");
        assert_eq!(play.len(), 2);
        assert!(!play.is_empty());
        assert_eq!(play.to_string(), "n-5 5-9");
        assert_eq!(format!("{play:?}"), "Play(n-5 5-9)");
        assert_eq!(Play::EMPTY.len(), 0);
        assert_eq!(Play::EMPTY.to_string(), "-");
    }

    /// The notation key orders plays as their texts: over locations whose names are the start
    /// of others (`1`, `10`, `h`-names, `home`), plays that are the start of others, the empty
    /// play, and a popped play (whose slots past its end are not zero).
    #[test]
    fn notation_key_orders_as_the_notation() {
        let names = ["n", "0", "1", "5", "6", "10", "16", "60", "67", "h0", "h1", "h6", "home"];
        let locations: Vec<Location> = names.iter().map(|n| n.parse().expect("a location")).collect();
        let steps: Vec<Step> =
            locations.iter().flat_map(|&from| locations.iter().map(move |&to| Step::new(from, to))).collect();
        let mut plays = vec![Play::EMPTY];
        for &first in &steps {
            let one = Play::try_from(&[first][..]).expect("one step");
            plays.push(one);
            for &second in steps.iter().step_by(11) {
                plays.push(Play::try_from(&[first, second][..]).expect("two steps"));
            }
        }
        let mut popped = Play::try_from(&[steps[40], steps[90]][..]).expect("two steps");
        popped.pop();
        plays.push(popped);
        assert!(plays.len() > 2500);
        let texts: Vec<String> = plays.iter().map(ToString::to_string).collect();
        for (a, ta) in plays.iter().zip(&texts) {
            for (b, tb) in plays.iter().zip(&texts) {
                assert_eq!(a.notation_key().cmp(&b.notation_key()), ta.cmp(tb), "{ta} {tb}");
            }
        }
    }

    /// Distinct plays hash apart (with one hasher, barring a 64-bit collision): plays that
    /// differ in their last step only, and the longest plays there can be.
    #[test]
    fn distinct_plays_hash_apart() {
        use core::hash::BuildHasher;
        let squares: Vec<Location> = (0..68).map(ring).collect();
        let mut plays = Vec::new();
        for &from in &squares {
            for &to in &squares {
                plays.push(
                    Play::try_from(&[Step::new(Location::Nest, ring(5)), Step::new(from, to)][..])
                        .expect("two"),
                );
            }
        }
        let longest: Vec<Step> =
            (0..MAX_PLAY_LEN).map(|i| Step::new(ring(i as u8), ring(i as u8 + 1))).collect();
        for len in MAX_PLAY_LEN - 2..=MAX_PLAY_LEN {
            plays.push(Play::try_from(&longest[..len]).expect("fits"));
        }
        let mut other = longest.clone();
        other[MAX_PLAY_LEN - 1].to = ring(60);
        plays.push(Play::try_from(&other[..]).expect("fits"));
        let hasher = std::hash::RandomState::new();
        let hashes: std::collections::HashSet<u64> = plays.iter().map(|p| hasher.hash_one(p)).collect();
        assert_eq!(hashes.len(), plays.len());
    }

    /// A play that lost its last step is the play without it: equal, with the same hash.
    #[test]
    fn a_popped_play_equals_the_play_without_the_step() {
        use core::hash::{BuildHasher, Hash};
        let first = Step::new(ring(1), ring(3));
        let mut popped = Play::EMPTY;
        popped.push(first).expect("room");
        popped.push(Step::new(ring(3), ring(7))).expect("room");
        assert_eq!(popped.pop(), Some(Step::new(ring(3), ring(7))));
        let mut short = Play::EMPTY;
        short.push(first).expect("room");
        assert_eq!(popped, short);
        let hasher = std::hash::RandomState::new();
        let hash = |play: &Play| {
            let mut h = hasher.build_hasher();
            play.hash(&mut h);
            core::hash::Hasher::finish(&h)
        };
        assert_eq!(hash(&popped), hash(&short));
        assert_ne!(popped, Play::EMPTY);
        // Popped down to nothing, a play stays empty.
        assert_eq!(popped.pop(), Some(first));
        assert_eq!((popped.pop(), popped), (None, Play::EMPTY));
    }

    /// The longest play a roll allows (four die steps, a bonus step for each of twelve
    /// opponents captured and for each of four pawns reaching home) fits, and prints whole.
    #[test]
    fn a_play_holds_twenty_steps_and_prints_them_all() {
        let mut play = Play::EMPTY;
        for q in 0..20 {
            play.push(Step::new(ring(q), ring(q + 40))).expect("room for twenty steps");
        }
        assert_eq!(play.push(Step::new(ring(0), ring(1))), Err(PlayFull));
        let text = play.to_string();
        assert_eq!(text.split(' ').count(), 20, "{text}");
        assert!(text.starts_with("0-40 1-41 ") && text.ends_with(" 19-59"), "{text}");
    }

    /// A step with an invalid location (as serde input can carry) still prints it.
    #[test]
    fn invalid_locations_print_as_they_are() {
        let step = Step::new(Location::HomeRow(7), Location::Home);
        assert_eq!(step.to_string(), "h7-home");
        let step = Step::new(ring(3), Location::HomeRow(9));
        assert_eq!(step.to_string(), "3-h9");
        let play = Play::try_from(&[Step::new(ring(1), ring(2)), step][..]).expect("fits");
        assert_eq!(play.to_string(), "1-2 3-h9");
    }
}
