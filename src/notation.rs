//! The text notation of RULES.md section 6: locations, positions, steps and plays.
//!
//! Every type writes its canonical form with `Display` and reads with `FromStr`; a reader
//! accepts pawns in any order, and every failure is a typed error naming what is wrong.
//!
//! ```
//! use parcheesi::Position;
//! let p: Position = "g:5,n,h3,n r:n,22,40,home g 0".parse()?;
//! assert_eq!(p.to_string(), "g:n,n,5,h3 r:n,22,40,home g 0");
//! # Ok::<(), parcheesi::ParsePositionError>(())
//! ```

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::board::{Location, PAWNS_PER_SEAT, Seat, Square};
use crate::moves::{Play, PlayFull, Step};
use crate::position::{Position, PositionError, Setup};

/// Text that is not a location (`n`, `0`-`67`, `h0`-`h6` or `home`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a location (expected n, a ring square 0-67, h0-h6 or home)")]
pub struct ParseLocationError(pub String);

impl FromStr for Location {
    type Err = ParseLocationError;
    fn from_str(s: &str) -> Result<Location, ParseLocationError> {
        match location_at(s.as_bytes()) {
            Some((location, len)) if len == s.len() => Ok(location),
            _ => Err(ParseLocationError(s.to_string())),
        }
    }
}

/// Why a line is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The line ends before the mover and doubles count.
    #[error("a position needs seat fields, then the seat to move and the doubles count")]
    TooShort,
    /// Fields must be separated by exactly one space.
    #[error("fields are separated by single spaces")]
    Spacing,
    /// A field that should be `seat:pawn,pawn,pawn,pawn`.
    #[error("{0:?} is not a seat field (expected a seat letter, ':' and four locations)")]
    SeatField(String),
    /// A seat letter that is not `g`, `r`, `b` or `y`.
    #[error("{0:?} is not a seat letter (g, r, b or y)")]
    SeatLetter(String),
    /// A seat field out of seat order or repeated.
    #[error("the field of {0} is out of seat order or repeated")]
    SeatOrder(Seat),
    /// A seat field without exactly four pawns.
    #[error("{seat} has {count} pawns; every seat has four")]
    PawnCount {
        /// The seat.
        seat: Seat,
        /// How many locations were given.
        count: usize,
    },
    /// A pawn location that cannot be read.
    #[error("{seat}: {error}")]
    Location {
        /// The seat.
        seat: Seat,
        /// What is wrong with the location.
        error: ParseLocationError,
    },
    /// The doubles count is not `0`, `1` or `2`.
    #[error("{0:?} is not a doubles count (0, 1 or 2)")]
    DoublesCount(String),
    /// The text reads but is not a valid position.
    #[error("invalid position: {0}")]
    Invalid(#[from] PositionError),
}

impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        // The text interface reads a position per command: the usual text is read in one pass
        // over its bytes; anything else, including every error, by the reader below.
        match quick_setup(s.as_bytes()) {
            Some(setup) => Ok(Position::from_setup(&setup)?),
            None => read_position(s),
        }
    }
}

/// Reads any text as a position, explaining what is wrong.
fn read_position(s: &str) -> Result<Position, ParsePositionError> {
    if s.trim().is_empty() {
        return Err(ParsePositionError::TooShort);
    }
    // No empty field: no space at either end, none doubled.
    if s.starts_with(' ') || s.ends_with(' ') || s.contains("  ") {
        return Err(ParsePositionError::Spacing);
    }
    // Read without collecting: the text interface parses a position per command.
    let mut back = s.rsplitn(3, ' ');
    let (Some(doubles), Some(mover), Some(seat_fields)) = (back.next(), back.next(), back.next()) else {
        return Err(ParsePositionError::TooShort);
    };
    let mut pawns: [Option<[Location; PAWNS_PER_SEAT]>; 4] = [None; 4];
    let mut last: Option<Seat> = None;
    for field in split_ascii(seat_fields, b' ') {
        let (letter, locs) =
            field.split_once(':').ok_or_else(|| ParsePositionError::SeatField(field.to_string()))?;
        let seat = parse_seat(letter)?;
        if last.is_some_and(|l| l >= seat) {
            return Err(ParsePositionError::SeatOrder(seat));
        }
        last = Some(seat);
        let mut four = [Location::Nest; PAWNS_PER_SEAT];
        let mut count = 0;
        for part in split_ascii(locs, b',') {
            if let Some(slot) = four.get_mut(count) {
                *slot = part.parse().map_err(|error| ParsePositionError::Location { seat, error })?;
            }
            count += 1;
        }
        if count != PAWNS_PER_SEAT {
            return Err(ParsePositionError::PawnCount { seat, count });
        }
        pawns[seat.index()] = Some(four);
    }
    let mover = parse_seat(mover)?;
    let doubles = match doubles {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        other => return Err(ParsePositionError::DoublesCount(other.to_string())),
    };
    Ok(Position::from_setup(&Setup { pawns, mover, doubles })?)
}

/// The setup written in `s` when it is a position in the usual form (seat fields in seat order,
/// four locations each, single spaces), read in one pass over its bytes; `None` for any other
/// text, which the general reader then reads. What it accepts, the general reader reads as
/// the same setup.
fn quick_setup(s: &[u8]) -> Option<Setup> {
    let seat = |b: u8| Seat::from_letter(char::from(b));
    let byte = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut pawns: [Option<[Location; PAWNS_PER_SEAT]>; 4] = [None; 4];
    let mut at = 0;
    let mut next = 0;
    // Seat fields: `L:` and four locations, each followed by `,` (the last by ` `).
    while byte(at + 1) == b':' {
        let seat = seat(s[at])?;
        if seat.index() < next {
            return None;
        }
        next = seat.index() + 1;
        at += 2;
        let mut four = [Location::Nest; PAWNS_PER_SEAT];
        for (i, slot) in four.iter_mut().enumerate() {
            let (location, len) = location_at(s.get(at..)?)?;
            *slot = location;
            at += len;
            if byte(at) != if i == PAWNS_PER_SEAT - 1 { b' ' } else { b',' } {
                return None;
            }
            at += 1;
        }
        pawns[seat.index()] = Some(four);
    }
    if next == 0 {
        return None;
    }
    // The mover and the doubles count.
    match *s.get(at..)? {
        [mover, b' ', d @ b'0'..=b'2'] => Some(Setup { pawns, mover: seat(mover)?, doubles: d - b'0' }),
        _ => None,
    }
}

/// The location written at the start of `s` and its length in bytes, `None` if none is.
/// Straight from the bytes: positions are read by the million. Ring squares are written
/// without leading zeros.
fn location_at(s: &[u8]) -> Option<(Location, usize)> {
    let byte = |i: usize| s.get(i).copied().unwrap_or(0);
    match (byte(0), byte(1)) {
        (b'n', _) => Some((Location::Nest, 1)),
        (b'h', d @ b'0'..=b'6') => Some((Location::HomeRow(d - b'0'), 2)),
        (b'h', b'o') if s.starts_with(b"home") => Some((Location::Home, 4)),
        (t @ b'1'..=b'9', d @ b'0'..=b'9') => {
            Square::new((t - b'0') * 10 + (d - b'0')).map(|q| (Location::Ring(q), 2))
        }
        (d @ b'0'..=b'9', _) => Square::new(d - b'0').map(|q| (Location::Ring(q), 1)),
        _ => None,
    }
}

/// The pieces of `s` between the ASCII separators `sep`, as `str::split` gives them; a plain
/// byte scan, cheaper for the short fields of a position.
fn split_ascii(s: &str, sep: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    core::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == sep) {
            Some(i) => {
                // `sep` is ASCII, so both sides are whole `str`s.
                rest = r.get(i + 1..);
                r.get(..i)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

fn parse_seat(s: &str) -> Result<Seat, ParsePositionError> {
    let mut chars = s.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(ParsePositionError::SeatLetter(s.to_string())),
    }
}

impl fmt::Display for Position {
    /// The canonical notation: pawns least advanced first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Into a buffer first and out in one piece: positions are printed by the million, and
        // many small writes cost more than the search that found them.
        let mut text = Text::<96>::new();
        for seat in self.seats().iter() {
            text.push_char(seat.letter());
            for (i, pawn) in self.pawns(seat).iter().enumerate() {
                text.push_str(if i == 0 { ":" } else { "," });
                text.push_str(pawn.name().unwrap_or("?"));
            }
            text.push_str(" ");
        }
        text.push_char(self.mover().letter());
        text.push_str(" ");
        // At most 2 in a valid position: one digit.
        text.push_char(char::from(b'0' + self.doubles_count() % 10));
        f.write_str(text.as_str())
    }
}

/// A short text built on the stack (ASCII only; what does not fit is dropped).
pub(crate) struct Text<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    pub(crate) fn new() -> Text<N> {
        Text { bytes: [0; N], len: 0 }
    }

    pub(crate) fn push_str(&mut self, s: &str) {
        if self.len + s.len() <= N {
            // Byte by byte: the pieces are a few bytes long, too short for a copy call to pay.
            for &b in s.as_bytes() {
                self.bytes[self.len] = b;
                self.len += 1;
            }
        }
    }

    fn push_char(&mut self, c: char) {
        let mut buf = [0; 4];
        self.push_str(c.encode_utf8(&mut buf));
    }

    pub(crate) fn as_str(&self) -> &str {
        // Only whole `str`s are pushed, so this cannot fail.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// Text that is not a step `FROM-TO`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseStepError {
    /// No `-` between two locations.
    #[error("{0:?} is not a step (expected FROM-TO)")]
    Syntax(String),
    /// One side is not a location.
    #[error(transparent)]
    Location(#[from] ParseLocationError),
}

impl FromStr for Step {
    type Err = ParseStepError;
    fn from_str(s: &str) -> Result<Step, ParseStepError> {
        let (from, to) = s.split_once('-').ok_or_else(|| ParseStepError::Syntax(s.to_string()))?;
        Ok(Step { from: from.parse()?, to: to.parse()? })
    }
}

/// Text that is not a play (steps separated by single spaces, or `-`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePlayError {
    /// Empty text, or steps not separated by single spaces.
    #[error("a play is steps separated by single spaces, or - for none")]
    Syntax,
    /// One step cannot be read.
    #[error("step {index}: {error}")]
    Step {
        /// The step's position in the play, from 1.
        index: usize,
        /// What is wrong with it.
        error: ParseStepError,
    },
    /// More steps than any roll allows.
    #[error(transparent)]
    TooLong(#[from] PlayFull),
}

impl FromStr for Play {
    type Err = ParsePlayError;
    fn from_str(s: &str) -> Result<Play, ParsePlayError> {
        if s == "-" {
            return Ok(Play::EMPTY);
        }
        let mut play = Play::EMPTY;
        for (i, part) in s.split(' ').enumerate() {
            if part.is_empty() {
                return Err(ParsePlayError::Syntax);
            }
            let step = part.parse().map_err(|error| ParsePlayError::Step { index: i + 1, error })?;
            play.push(step)?;
        }
        Ok(play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass reader takes every canonical position, and whatever text it takes, the
    /// general reader reads as the same position (or rejects with the same error): checked on
    /// the positions of random games and on every text one byte away from them (a byte
    /// deleted, doubled or replaced).
    #[cfg(feature = "std")]
    #[test]
    fn quick_reader_agrees_with_the_general_reader() {
        use crate::{GameState, Roll, Rules};
        let mut texts = Vec::new();
        let mut pick = 0x2545_F491_4F6C_DD1Du64;
        for seats in ["g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0", "r:n,n,n,n y:n,n,n,n y 0"] {
            let position: Position = seats.parse().expect("start");
            let mut state = GameState::from_position(Rules::seed().with_seats(position.seats()), position)
                .expect("state");
            for _ in 0..150 {
                if state.is_finished() {
                    break;
                }
                texts.push(state.position().to_string());
                pick ^= pick << 13;
                pick ^= pick >> 7;
                pick ^= pick << 17;
                let roll = Roll::DISTINCT[(pick % 21) as usize];
                let outcomes = state.outcomes(roll).expect("awaits a roll");
                state = outcomes[(pick >> 8) as usize % outcomes.len()].state;
            }
        }
        for text in ["g:n,h3,h6,home r:n,h0,22,40 g 1", "g:5,5,n,n b:n,n,n,n y:3,home,h2,h2 y 2"] {
            texts.push(text.parse::<Position>().expect("a position").to_string());
        }
        for odd in [
            "g 0",
            "g:n,n,n,n g 0",
            "g:h7,n,n,n r:n,n,n,n g 0",
            "",
            "g:n,n,n,n r:n,n,n,n g 3",
            "G:n,n,n,n r:n,n,n,n g 0",
        ] {
            if let Some(setup) = quick_setup(odd.as_bytes()) {
                assert_eq!(
                    Position::from_setup(&setup).map_err(ParsePositionError::from),
                    read_position(odd),
                    "{odd:?}"
                );
            }
        }
        let mut checked = 0;
        for text in &texts {
            assert!(quick_setup(text.as_bytes()).is_some(), "{text}");
            let bytes = text.as_bytes();
            let mut variants = vec![bytes.to_vec()];
            for i in 0..bytes.len() {
                let mut v = bytes.to_vec();
                v.remove(i);
                variants.push(v);
                let mut v = bytes.to_vec();
                v.insert(i, bytes[i]);
                variants.push(v);
                for b in *b" ,:nhgrby0179xe\t" {
                    let mut v = bytes.to_vec();
                    v[i] = b;
                    variants.push(v);
                }
            }
            for v in variants {
                let Ok(s) = core::str::from_utf8(&v) else { continue };
                if let Some(setup) = quick_setup(&v) {
                    let quick = Position::from_setup(&setup).map_err(ParsePositionError::from);
                    assert_eq!(quick, read_position(s), "{s:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 10 * texts.len(), "{checked} texts read by both");
    }

    #[test]
    fn locations_read_and_write() {
        for text in ["n", "0", "5", "67", "h0", "h6", "home"] {
            let loc: Location = text.parse().unwrap();
            assert_eq!(loc.to_string(), text);
        }
        for bad in ["", "68", "05", "-1", "h7", "h", "H1", "nest", "1 ", "256", "99999999999999999999"] {
            assert!(bad.parse::<Location>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn positions_are_written_canonically() {
        let p: Position = "g:home,h3,5,n r:40,22,n,home b:n,n,n,n y:n,n,n,n g 0".parse().unwrap();
        assert_eq!(p.to_string(), "g:n,5,h3,home r:n,22,40,home b:n,n,n,n y:n,n,n,n g 0");
        let y: Position = "g:n,n,n,n y:51,56,50,home y 1".parse().unwrap();
        assert_eq!(y.to_string(), "g:n,n,n,n y:56,50,51,home y 1");
    }

    #[test]
    fn malformed_positions_name_the_problem() {
        use ParsePositionError as E;
        type Check = fn(&E) -> bool;
        let cases: &[(&str, Check)] = &[
            ("", |e| matches!(e, E::TooShort)),
            ("g 0", |e| matches!(e, E::TooShort)),
            ("g:n,n,n,n g 0", |e| matches!(e, E::Invalid(PositionError::TooFewSeats(1)))),
            ("g:n,n,n,n  r:n,n,n,n g 0", |e| matches!(e, E::Spacing)),
            ("r:n,n,n,n g:n,n,n,n g 0", |e| matches!(e, E::SeatOrder(Seat::Green))),
            ("g:n,n,n r:n,n,n,n g 0", |e| matches!(e, E::PawnCount { count: 3, .. })),
            ("g:n,n,n,x r:n,n,n,n g 0", |e| matches!(e, E::Location { .. })),
            ("g:n,n,n,n r:n,n,n,n x 0", |e| matches!(e, E::SeatLetter(_))),
            ("g:n,n,n,n r:n,n,n,n g 3", |e| matches!(e, E::DoublesCount(_))),
            ("g:n,n,n,n r:n,n,n,n b 0", |e| matches!(e, E::Invalid(PositionError::MoverNotPlaying(_)))),
            ("g:7,7,7,n r:n,n,n,n g 0", |e| matches!(e, E::Invalid(PositionError::Crowded { .. }))),
            ("g:7,n,n,n r:7,n,n,n g 0", |e| matches!(e, E::Invalid(PositionError::MixedSquare(..)))),
            ("g:h1,h1,h1,n r:n,n,n,n g 0", |e| matches!(e, E::Invalid(PositionError::Crowded { .. }))),
            ("g:home,home,home,home r:n,n,n,n r 0", |e| {
                matches!(e, E::Invalid(PositionError::FinishedState(Seat::Green)))
            }),
            ("g:home,home,home,home r:home,home,home,home g 0", |e| {
                matches!(e, E::Invalid(PositionError::TwoWinners(..)))
            }),
            ("gg:n,n,n,n r:n,n,n,n g 0", |e| matches!(e, E::SeatLetter(_))),
            ("g-n,n,n,n r:n,n,n,n g 0", |e| matches!(e, E::SeatField(_))),
        ];
        for (text, check) in cases {
            let err = text.parse::<Position>().unwrap_err();
            assert!(check(&err), "{text:?} gave {err:?}");
        }
    }

    #[test]
    fn steps_and_plays_round_trip() {
        for text in ["-", "n-5", "10-14 66-h1", "62-14 h4-home"] {
            let play: Play = text.parse().unwrap();
            assert_eq!(play.to_string(), text);
        }
        assert!("10-".parse::<Play>().is_err());
        assert!("10-14  14-15".parse::<Play>().is_err());
        assert!("".parse::<Play>().is_err());
        let long = vec!["1-2"; 21].join(" ");
        assert!(matches!(long.parse::<Play>(), Err(ParsePlayError::TooLong(_))));
    }
}
