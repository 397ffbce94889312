//! The text notation of RULES.md section 6: locations, positions, steps and plays, and the
//! small values around them (seats, dice, rolls).
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

use crate::board::{Location, NAME_RANKS, NAME_WORDS, PAWNS_PER_SEAT, RING_LEN, Seat, Seats, code};
use crate::dice::{Die, Roll};
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
        match quick_codes(s.as_bytes()) {
            Some(QuickCodes { pawns, seats, mover, doubles }) => {
                Ok(Position::from_codes(pawns, seats, mover, doubles)?)
            }
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

/// A position read by `quick_codes`, before the checks of `Position::from_codes`.
#[derive(Debug)]
struct QuickCodes {
    pawns: [[u8; PAWNS_PER_SEAT]; 4],
    seats: Seats,
    mover: Seat,
    doubles: u8,
}

/// The position written in `s` when it is in the usual form (seat fields in seat order, four
/// locations each, single spaces), as location codes, read in one pass over its bytes; `None`
/// for any other text, which the general reader then reads. What it accepts, the general
/// reader reads as the same position (or rejects with the same error).
fn quick_codes(s: &[u8]) -> Option<QuickCodes> {
    let byte = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut pawns = [[code::NEST; PAWNS_PER_SEAT]; 4];
    let mut seats = Seats::EMPTY;
    let mut at = 0;
    let mut next = 0;
    // Seat fields: `L:` and four locations, each followed by `,` (the last by ` `).
    while byte(at + 1) == b':' {
        let seat = Seat::from_letter(char::from(byte(at)))?;
        if seat.index() < next {
            return None;
        }
        next = seat.index() + 1;
        seats = seats.with(seat);
        at += 2;
        for (i, slot) in pawns[seat.index()].iter_mut().enumerate() {
            let (c, len) = code_at(s, at)?;
            *slot = c;
            at += len;
            if byte(at) != if i == PAWNS_PER_SEAT - 1 { b' ' } else { b',' } {
                return None;
            }
            at += 1;
        }
    }
    if next == 0 {
        return None;
    }
    // The mover and the doubles count.
    match *s.get(at..)? {
        [mover, b' ', d @ b'0'..=b'2'] => {
            Some(QuickCodes { pawns, seats, mover: Seat::from_letter(char::from(mover))?, doubles: d - b'0' })
        }
        _ => None,
    }
}

/// The code of the location written at byte `at` of `s` and its length in bytes, `None` if
/// none is. Straight from the bytes: positions are read by the million. Ring squares are
/// written without leading zeros.
fn code_at(s: &[u8], at: usize) -> Option<(u8, usize)> {
    let byte = |i: usize| s.get(at + i).copied().unwrap_or(0);
    match (byte(0), byte(1)) {
        (b'n', _) => Some((code::NEST, 1)),
        (b'h', d @ b'0'..=b'6') => Some((code::ROW0 + (d - b'0'), 2)),
        (b'h', b'o') if s.get(at..at + 4) == Some(b"home") => Some((code::HOME, 4)),
        (t @ b'1'..=b'9', d @ b'0'..=b'9') => {
            let q = (t - b'0') * 10 + (d - b'0');
            (q < RING_LEN).then_some((code::RING0 + q, 2))
        }
        (d @ b'0'..=b'9', _) => Some((code::RING0 + (d - b'0'), 1)),
        _ => None,
    }
}

/// The location written at the start of `s` and its length in bytes, `None` if none is.
fn location_at(s: &[u8]) -> Option<(Location, usize)> {
    code_at(s, 0).map(|(c, len)| (Location::from_code(c), len))
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
        let mut text = Text::<104>::new();
        self.push_to(&mut text.cursor());
        f.write_str(text.as_str())
    }
}

impl Position {
    /// A key that orders positions of one set of seats as their notation does, byte by byte:
    /// the places of the pawns' names in byte order (seven bits each), then the mover's seat
    /// and the doubles count. (A name that is a prefix of another comes first in both orders,
    /// since the separators after a name sort before every character of a name.) The text
    /// interface works it out by `SeatTexts::notation_key`; the tests check that against
    /// this plain form.
    #[cfg(test)]
    pub(crate) fn notation_key(&self) -> u128 {
        self.key_of(self.pawns.map(seat_key))
    }

    /// `notation_key` from the seats' parts of it (`seat_key`).
    fn key_of(&self, seats: [u32; 4]) -> u128 {
        let pawns = seats.iter().fold(0u128, |key, &part| key << 28 | u128::from(part));
        pawns << 10 | u128::from(self.mover().letter() as u8) << 2 | u128::from(self.doubles_count() & 3)
    }

    /// Appends the canonical notation (at most 91 bytes).
    pub(crate) fn push_to<const N: usize>(&self, text: &mut Cursor<'_, N>) {
        for seat in self.seats().iter() {
            push_seat(seat, self.pawns[seat.index()], text);
        }
        self.push_end(text);
    }

    /// Appends the mover and the doubles count, which end the notation.
    fn push_end<const N: usize>(&self, text: &mut Cursor<'_, N>) {
        // At most 2 in a valid position: one digit.
        text.push_short(&[self.mover().letter() as u8, b' ', b'0' + self.doubles_count() % 10]);
    }
}

/// A seat's part of `Position::notation_key`: the places of its pawns' names in byte order.
fn seat_key(pawns: [u8; PAWNS_PER_SEAT]) -> u32 {
    pawns.iter().fold(0, |key, &c| key << 7 | u32::from(NAME_RANKS[usize::from(c)]))
}

/// Appends the field of `seat`, whose pawns are `pawns` in canonical order, and a space.
#[inline(always)]
fn push_seat<const N: usize>(seat: Seat, pawns: [u8; PAWNS_PER_SEAT], text: &mut Cursor<'_, N>) {
    let [first, rest @ ..] = pawns;
    text.push_code_after_pair([seat.letter() as u8, b':'], first);
    for c in rest {
        text.push_code_after(b',', c);
    }
    text.push_byte(b' ');
}

/// The notation of positions that share most seats' pawns with one position, as the outcomes
/// of a roll do (only the mover's pawns and captured ones move): the sort key of each seat of
/// that position is kept, and used where the seat's pawns are the same. Most outcomes capture
/// nothing: their text is that of the seats before the mover's, the mover's seat, and that of
/// the seats after it, each of the two kept whole.
#[derive(Clone)]
pub(crate) struct SeatTexts {
    pawns: [[u8; PAWNS_PER_SEAT]; 4],
    /// Each seat's `seat_key`.
    keys: [u32; 4],
    /// The seat whose pawns move, the mover of the position.
    mover: Seat,
    /// The fields of the seats before the mover's and of those after it.
    around: [Text<AROUND>; 2],
    /// The pawns as one number, and the bits of everyone's but the mover's.
    board: u128,
    others: u128,
}

impl Default for SeatTexts {
    fn default() -> SeatTexts {
        SeatTexts {
            pawns: [[code::NEST; PAWNS_PER_SEAT]; 4],
            keys: [0; 4],
            mover: Seat::Green,
            around: [const { Text::new() }; 2],
            board: 0,
            others: 0,
        }
    }
}

/// Room for three seats' fields (66 bytes), copied whole.
const AROUND: usize = 80;

/// The pawns of all four seats as one number, a byte each.
fn board_bits(pawns: &[[u8; PAWNS_PER_SEAT]; 4]) -> u128 {
    let [a, b, c, d] = pawns.map(u32::from_le_bytes);
    u128::from(a) | u128::from(b) << 32 | u128::from(c) << 64 | u128::from(d) << 96
}

impl SeatTexts {
    /// The texts of the seats of `position`.
    #[cfg(test)]
    pub(crate) fn new(position: &Position) -> SeatTexts {
        let mut texts = SeatTexts::default();
        texts.set(position);
        texts
    }

    /// Makes these the texts of the seats of `position` (kept and set again, as a new one
    /// would have its buffers zeroed).
    pub(crate) fn set(&mut self, position: &Position) {
        let mover = position.mover();
        self.pawns = position.pawns;
        self.mover = mover;
        self.board = board_bits(&position.pawns);
        self.others = !(u128::from(u32::MAX) << (32 * mover.index()));
        self.keys = position.pawns.map(seat_key);
        let [before, after] = &mut self.around;
        let (mut before, mut after) = (before.cleared(), after.cleared());
        // The seats that do not play have no field.
        for seat in position.seats().iter() {
            if seat < mover {
                push_seat(seat, position.pawns[seat.index()], &mut before);
            } else if seat > mover {
                push_seat(seat, position.pawns[seat.index()], &mut after);
            }
        }
    }

    /// `Position::notation_key` of `position`, which has the seats of the position these
    /// texts were made from.
    pub(crate) fn notation_key(&self, position: &Position) -> u128 {
        let mut seats = [0; 4];
        for (s, part) in seats.iter_mut().enumerate() {
            let pawns = position.pawns[s];
            *part = if pawns == self.pawns[s] { self.keys[s] } else { seat_key(pawns) };
        }
        position.key_of(seats)
    }

    /// Appends the canonical notation of `position`, which has the seats of the position these
    /// texts were made from: the text `Position::push_to` writes.
    #[inline(always)]
    pub(crate) fn push_to<const N: usize>(&self, position: &Position, text: &mut Cursor<'_, N>) {
        if board_bits(&position.pawns) & self.others == self.board & self.others {
            let [before, after] = &self.around;
            text.push_block(&before.bytes, before.len);
            push_seat(self.mover, position.pawns[self.mover.index()], text);
            text.push_block(&after.bytes, after.len);
            position.push_end(text);
        } else {
            // A capture: every seat written afresh.
            position.push_to(text);
        }
    }
}

/// A short text in a fixed buffer, on the stack or kept (ASCII only; what does not fit is
/// dropped), written through a [`Cursor`]. The fast writes store more bytes than they keep
/// (eight for a name, a whole block for a kept text) and go byte by byte where those do not
/// fit: a buffer with that much room beyond its longest text is written fastest.
#[derive(Clone)]
pub(crate) struct Text<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    pub(crate) const fn new() -> Text<N> {
        Text { bytes: [0; N], len: 0 }
    }

    /// Empties the text, to build another in the same buffer.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// How many bytes the text has.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// A writer at the start of the text, emptied.
    #[inline(always)]
    pub(crate) fn cleared(&mut self) -> Cursor<'_, N> {
        Cursor { len: 0, text: self }
    }

    /// A writer at the end of the text.
    #[inline(always)]
    pub(crate) fn cursor(&mut self) -> Cursor<'_, N> {
        Cursor { len: self.len, text: self }
    }

    /// The text's bytes, all ASCII.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// The text.
    pub(crate) fn as_str(&self) -> &str {
        // Only whole `str`s and ASCII bytes are pushed, so this cannot fail.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// Writes at the end of a [`Text`], with the length in a local until it is dropped: a run of
/// writes (a line of an answer) then does not store and reload the length for every piece.
pub(crate) struct Cursor<'a, const N: usize> {
    text: &'a mut Text<N>,
    len: usize,
}

impl<const N: usize> Drop for Cursor<'_, N> {
    fn drop(&mut self) {
        self.text.len = self.len;
    }
}

impl<const N: usize> Cursor<'_, N> {
    /// Appends the first `len` bytes of `block`, a text's ASCII bytes; all of them are
    /// written, in one copy, where they fit.
    #[inline(always)]
    pub(crate) fn push_block<const B: usize>(&mut self, block: &[u8; B], len: usize) {
        debug_assert!(len <= B && block.is_ascii());
        if let Some(slot) = self.text.bytes.get_mut(self.len..self.len + B) {
            slot.copy_from_slice(block);
            self.len += len;
        } else {
            block[..len.min(B)].iter().for_each(|&b| self.push_byte(b));
        }
    }

    /// Appends `s`, or nothing if it does not fit.
    pub(crate) fn push_str(&mut self, s: &str) {
        if self.len + s.len() <= N {
            // Byte by byte: the pieces are a few bytes long, too short for a copy call to pay.
            for &b in s.as_bytes() {
                self.text.bytes[self.len] = b;
                self.len += 1;
            }
        }
    }

    /// Appends an ASCII byte.
    #[inline(always)]
    pub(crate) fn push_byte(&mut self, b: u8) {
        debug_assert!(b.is_ascii());
        if let Some(slot) = self.text.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// Appends the name of location code `c` (`?` for a code that is no location).
    #[inline(always)]
    pub(crate) fn push_code(&mut self, c: u8) {
        let word = NAME_WORDS[usize::from(c)];
        self.push_word(word >> 8, (word >> 56) as usize);
    }

    /// Appends the ASCII byte `before`, then the name of location code `c` (`?` for a code
    /// that is no location).
    #[inline(always)]
    pub(crate) fn push_code_after(&mut self, before: u8, c: u8) {
        debug_assert!(before.is_ascii());
        let word = NAME_WORDS[usize::from(c)];
        self.push_word(word | u64::from(before), 1 + (word >> 56) as usize);
    }

    /// Appends the two ASCII bytes `before` (a seat's letter and `:`), then the name of
    /// location code `c` (`?` for a code that is no location).
    #[inline(always)]
    pub(crate) fn push_code_after_pair(&mut self, before: [u8; 2], c: u8) {
        debug_assert!(before.is_ascii());
        let word = NAME_WORDS[usize::from(c)];
        // The name moved one byte on (its length drops out of the word), `before` in front.
        self.push_word(word << 8 | u64::from(u16::from_le_bytes(before)), 2 + (word >> 56) as usize);
    }

    /// Appends `bytes` (at most eight ASCII bytes, more are dropped): a few fixed bytes with
    /// no loop.
    #[inline(always)]
    pub(crate) fn push_short(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.len() <= 8 && bytes.is_ascii());
        let len = bytes.len().min(8);
        let mut word = [0; 8];
        word[..len].copy_from_slice(&bytes[..len]);
        self.push_word(u64::from_le_bytes(word), len);
    }

    /// Appends the first `len` bytes (at most eight) of `word`, little-endian: all eight in
    /// one store where they fit, of which `len` are kept.
    #[inline(always)]
    fn push_word(&mut self, word: u64, len: usize) {
        if let Some(slot) = self.text.bytes.get_mut(self.len..self.len + 8) {
            slot.copy_from_slice(&word.to_le_bytes());
            self.len += len;
        } else {
            self.push_word_slowly(word, len);
        }
    }

    /// `push_word` near the end of the buffer: byte by byte, what fits.
    #[cold]
    fn push_word_slowly(&mut self, word: u64, len: usize) {
        word.to_le_bytes().iter().take(len).for_each(|&b| self.push_byte(b));
    }
}

impl<const N: usize> fmt::Write for Cursor<'_, N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
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

/// Text that is not a seat: its letter in the notation (`g`, `r`, `b`, `y`) or its colour's
/// name as `Display` writes it (`green`, `red`, `blue`, `yellow`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a seat (expected g, r, b, y, green, red, blue or yellow)")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        Seat::ALL
            .into_iter()
            .find(|seat| (s.len() == 1 && s.starts_with(seat.letter())) || s == seat.name())
            .ok_or_else(|| ParseSeatError(s.to_string()))
    }
}

/// Text that is not a die value `1` to `6`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a die value (1 to 6)")]
pub struct ParseDieError(pub String);

impl FromStr for Die {
    type Err = ParseDieError;
    fn from_str(s: &str) -> Result<Die, ParseDieError> {
        // One byte, read as its digit: any byte but 1 to 6 gives a value `Die::new` refuses.
        let value = match s.as_bytes() {
            &[d] => d.wrapping_sub(b'0'),
            _ => 0,
        };
        Die::new(value).map_err(|_| ParseDieError(s.to_string()))
    }
}

/// Text that is not a roll `D1-D2` of two die values, such as `3-5`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a roll (expected two die values 1 to 6 as D1-D2, such as 3-5)")]
pub struct ParseRollError(pub String);

impl FromStr for Roll {
    type Err = ParseRollError;
    fn from_str(s: &str) -> Result<Roll, ParseRollError> {
        let error = || ParseRollError(s.to_string());
        let (first, second) = s.split_once('-').ok_or_else(error)?;
        Ok(Roll { first: first.parse().map_err(|_| error())?, second: second.parse().map_err(|_| error())? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::code;
    use crate::moves::MAX_PLAY_LEN;

    #[test]
    fn seats_dice_and_rolls_read_what_they_write() {
        for seat in Seat::ALL {
            assert_eq!(seat.to_string().parse(), Ok(seat));
            assert_eq!(seat.letter().to_string().parse(), Ok(seat));
        }
        for value in 1..=6 {
            let die = Die::new(value).expect("a die");
            assert_eq!(die.to_string(), value.to_string());
            assert_eq!(die.to_string().parse(), Ok(die));
        }
        for first in 1..=6 {
            for second in 1..=6 {
                let roll = Roll::new(first, second).expect("a roll");
                assert_eq!(roll.to_string(), format!("{first}-{second}"));
                assert_eq!(roll.to_string().parse(), Ok(roll));
            }
        }
    }

    #[test]
    fn seats_dice_and_rolls_reject_other_text() {
        for text in ["", "G", "Green", "gr", "g ", " g", "x", "greenish", "0"] {
            assert_eq!(text.parse::<Seat>(), Err(ParseSeatError(text.to_string())), "{text:?}");
        }
        for text in ["", "0", "7", "9", "/", ":", "a", "12", "+3", "03", " 3", "3 "] {
            assert_eq!(text.parse::<Die>(), Err(ParseDieError(text.to_string())), "{text:?}");
        }
        for text in ["", "3", "35", "3-", "-5", "3-5-", "3-7", "0-5", "3 5", "3--5", "3-5 ", "a-b", "36-1"] {
            assert_eq!(text.parse::<Roll>(), Err(ParseRollError(text.to_string())), "{text:?}");
        }
        let error = "3-7".parse::<Roll>().expect_err("a 7");
        assert!(error.to_string().contains("\"3-7\" is not a roll"), "{error}");
    }

    /// What the one-pass reader makes of `s`, if it takes it.
    fn quick(s: &[u8]) -> Option<Result<Position, ParsePositionError>> {
        let q = quick_codes(s)?;
        Some(Position::from_codes(q.pawns, q.seats, q.mover, q.doubles).map_err(ParsePositionError::from))
    }

    /// The one-pass reader takes every canonical position, and whatever text it takes, the
    /// general reader reads as the same position (or rejects with the same error): checked on
    /// the positions of random games and on every text one byte away from them (a byte
    /// deleted, doubled or replaced).
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
            if let Some(quick) = quick(odd.as_bytes()) {
                assert_eq!(quick, read_position(odd), "{odd:?}");
            }
        }
        let mut checked = 0;
        for text in &texts {
            assert!(quick_codes(text.as_bytes()).is_some(), "{text}");
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
                if let Some(quick) = quick(&v) {
                    assert_eq!(quick, read_position(s), "{s:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 10 * texts.len(), "{checked} texts read by both");
    }

    /// The notation spelled out with `Location`'s `Display`, to check the writers against.
    fn spelled(p: &Position) -> String {
        let mut s = String::new();
        for seat in p.seats().iter() {
            s.push(seat.letter());
            for (i, l) in p.pawns(seat).iter().enumerate() {
                s.push(if i == 0 { ':' } else { ',' });
                s += &l.to_string();
            }
            s.push(' ');
        }
        format!("{s}{} {}", p.mover().letter(), p.doubles_count())
    }

    /// Positions of random games of two, three and four seats, each with the outcomes of a
    /// roll from it (all distinct, of one set of seats).
    fn game_positions() -> Vec<(Position, Vec<crate::Outcome>)> {
        use crate::{GameState, Roll, Rules};
        let mut positions = Vec::new();
        let mut pick = 0x9E37_79B9_7F4A_7C15u64;
        for start in [
            "g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0",
            "g:n,n,n,n b:n,n,n,n y:n,n,n,n b 0",
            "r:n,n,n,n y:n,n,n,n y 0",
        ] {
            let position: Position = start.parse().expect("start");
            let mut state = GameState::from_position(Rules::seed().with_seats(position.seats()), position)
                .expect("state");
            while !state.is_finished() {
                pick ^= pick << 13;
                pick ^= pick >> 7;
                pick ^= pick << 17;
                let roll = Roll::DISTINCT[(pick % 21) as usize];
                let outcomes = state.outcomes(roll).expect("awaits a roll");
                let next = outcomes[(pick >> 8) as usize % outcomes.len()].state;
                positions.push((state.position(), outcomes));
                state = next;
            }
        }
        positions
    }

    /// `Display` of positions, steps and plays, and `SeatTexts` (given the position before a
    /// roll, or another of the same seats), write what the notation spells out.
    #[test]
    fn writers_write_the_notation() {
        let positions = game_positions();
        assert!(positions.len() > 300, "{} positions", positions.len());
        let mut plays = 0;
        for (k, (before, outcomes)) in positions.iter().enumerate() {
            assert_eq!(before.to_string(), spelled(before));
            let (other, _) = positions
                .iter()
                .skip(k + 1)
                .find(|(p, _)| p.seats() == before.seats())
                .unwrap_or(&positions[k]);
            for texts in [SeatTexts::new(before), SeatTexts::new(other)] {
                for o in outcomes {
                    let mut text = Text::<128>::new();
                    texts.push_to(&o.state.position(), &mut text.cursor());
                    assert_eq!(text.as_str(), spelled(&o.state.position()));
                    assert_eq!(texts.notation_key(&o.state.position()), o.state.position().notation_key());
                }
            }
            for o in outcomes {
                let steps: Vec<String> =
                    o.play.steps().iter().map(|s| format!("{}-{}", s.from, s.to)).collect();
                let spelled_play = if steps.is_empty() { "-".to_string() } else { steps.join(" ") };
                assert_eq!(o.play.to_string(), spelled_play);
                plays += o.play.len();
            }
        }
        assert!(plays > 1000, "{plays} steps");
        // The longest names, and the texts of invalid home-row squares.
        let long: Position =
            "g:67,home,home,home r:66,home,home,home b:n,home,home,home y:h6,home,home,home y 2"
                .parse()
                .expect("a position");
        assert_eq!(long.to_string(), spelled(&long));
        let odd = Step::new(Location::HomeRow(7), Location::HomeRow(200));
        assert_eq!(odd.to_string(), "h7-h200");
        let mut play = Play::EMPTY;
        for step in [Step::new(Location::Nest, Location::Home), odd, odd] {
            play.push(step).expect("room");
        }
        assert_eq!(play.to_string(), "n-home h7-h200 h7-h200");
        // The longest play there can be comes whole: every step of the longest text.
        let longest = Step::new(Location::HomeRow(200), Location::HomeRow(255));
        let mut play = Play::EMPTY;
        while play.push(longest).is_ok() {}
        let spelled_longest = vec!["h200-h255"; MAX_PLAY_LEN].join(" ");
        assert_eq!(play.to_string(), spelled_longest);
    }

    /// A text keeps what fits: at the end of its buffer the wide writes write byte by byte.
    #[test]
    fn texts_keep_what_fits() {
        let mut text = Text::<6>::new();
        let mut cursor = text.cursor();
        cursor.push_code_after(b':', code::HOME);
        cursor.push_code(code::RING0);
        cursor.push_byte(b',');
        cursor.push_str("x");
        drop(cursor);
        assert_eq!(text.as_str(), ":home0");
        let mut text = Text::<9>::new();
        let mut cursor = text.cursor();
        cursor.push_code_after_pair([b'g', b':'], code::HOME);
        cursor.push_short(b" ; ");
        drop(cursor);
        assert_eq!(text.as_str(), "g:home ; ");
        let mut text = Text::<5>::new();
        text.cursor().push_code_after_pair([b'r', b':'], code::ROW0);
        text.cursor().push_short(b" ; ");
        assert_eq!(text.as_str(), "r:h0 ");
        let mut text = Text::<8>::new();
        text.cursor().push_block(b"g:n,n,n,n   ", 10);
        assert_eq!(text.as_str(), "g:n,n,n,");
    }

    /// The sort key of positions orders them as their notation does: over every location of
    /// one pawn (names that are prefixes of others among them), with each mover and doubles
    /// count, and over the positions of random games of each set of seats.
    #[test]
    fn notation_key_orders_as_the_notation() {
        let mut sets: Vec<Vec<Position>> = vec![Vec::new()];
        for name in (0..=76).filter_map(|c| Location::from_code(c).name()) {
            for end in ["g 0", "g 2", "r 1"] {
                sets[0].push(format!("g:n,n,n,{name} r:n,n,n,n {end}").parse().expect("a position"));
            }
        }
        for (before, outcomes) in game_positions() {
            match sets[1..].iter_mut().find(|set| set[0].seats() == before.seats()) {
                Some(set) => set.push(before),
                None => sets.push(vec![before]),
            }
            // The outcomes of a roll, which the text interface sorts.
            sets.push(outcomes.iter().map(|o| o.state.position()).collect());
        }
        assert!(sets.len() > 300);
        for set in &sets {
            for a in set {
                for b in set {
                    assert_eq!(
                        a.notation_key().cmp(&b.notation_key()),
                        a.to_string().cmp(&b.to_string()),
                        "{a} {b}"
                    );
                }
            }
        }
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
        // Round the ring from red's entry (22): the last square (67), then 0, then 21, the
        // square before the entry, last.
        let r: Position = "g:n,n,n,n r:0,21,67,22 g 0".parse().unwrap();
        assert_eq!(r.to_string(), "g:n,n,n,n r:22,67,0,21 g 0");
        let r: Position = "g:n,n,n,n r:n,22,0,67 g 0".parse().unwrap();
        assert_eq!(r.to_string(), "g:n,n,n,n r:n,22,67,0 g 0");
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
            ("g:n,n,n,n,n r:n,n,n,n g 0", |e| matches!(e, E::PawnCount { count: 5, .. })),
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
