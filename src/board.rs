//! Board geometry: seats, ring squares, home rows and the locations a pawn can occupy.
//!
//! Everything here is `const` data and `const fn`: the ring of 68 squares, each seat's entry and
//! exit square, the twelve safety squares and the distances a pawn travels (RULES.md section 1).

use alloc::format;
use alloc::string::{String, ToString};
use core::fmt;

/// Number of squares on the ring.
pub const RING_LEN: u8 = 68;
/// Number of squares in each seat's home row (`h0` to `h6`).
pub const HOME_ROW_LEN: u8 = 7;
/// Number of pawns each seat has.
pub const PAWNS_PER_SEAT: usize = 4;

/// One of the four seats, each with its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    /// Seat 0, letter `g`.
    Green = 0,
    /// Seat 1, letter `r`.
    Red = 1,
    /// Seat 2, letter `b`.
    Blue = 2,
    /// Seat 3, letter `y`.
    Yellow = 3,
}

impl Seat {
    /// All seats in seat order.
    pub const ALL: [Seat; 4] = [Seat::Green, Seat::Red, Seat::Blue, Seat::Yellow];
    /// Number of seats on the board.
    pub const COUNT: usize = 4;

    /// The seat number, 0 to 3.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with number `index`, if it is 0 to 3.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Seat> {
        match index {
            0 => Some(Seat::Green),
            1 => Some(Seat::Red),
            2 => Some(Seat::Blue),
            3 => Some(Seat::Yellow),
            _ => None,
        }
    }

    /// The seat's letter in the notation: `g`, `r`, `b` or `y`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Seat::Green => 'g',
            Seat::Red => 'r',
            Seat::Blue => 'b',
            Seat::Yellow => 'y',
        }
    }

    /// The seat written with `letter`, if it is one of `g`, `r`, `b`, `y`.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Seat> {
        match letter {
            'g' => Some(Seat::Green),
            'r' => Some(Seat::Red),
            'b' => Some(Seat::Blue),
            'y' => Some(Seat::Yellow),
            _ => None,
        }
    }

    /// The colour's name in English, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Green => "green",
            Seat::Red => "red",
            Seat::Blue => "blue",
            Seat::Yellow => "yellow",
        }
    }

    /// The square where this seat's pawns enter the ring: `17s + 5`.
    #[must_use]
    pub const fn entry(self) -> Square {
        Square(17 * self as u8 + 5)
    }

    /// The last ring square before this seat's home row: `17s`.
    #[must_use]
    pub const fn exit(self) -> Square {
        Square(17 * self as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of seats, such as the seats that play a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Seats(u8);

impl TryFrom<u8> for Seats {
    type Error = String;
    fn try_from(bits: u8) -> Result<Seats, String> {
        if bits <= Seats::ALL.0 {
            Ok(Seats(bits))
        } else {
            Err(format!("seat set {bits:#b} has bits beyond seat 3"))
        }
    }
}

impl From<Seats> for u8 {
    fn from(s: Seats) -> u8 {
        s.0
    }
}

impl Seats {
    /// No seat.
    pub const EMPTY: Seats = Seats(0);
    /// All four seats.
    pub const ALL: Seats = Seats(0b1111);

    /// The set holding exactly the given seats.
    #[must_use]
    pub fn from_seats(seats: &[Seat]) -> Seats {
        seats.iter().fold(Seats::EMPTY, |set, &s| set.with(s))
    }

    /// This set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | 1 << seat as u8)
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    /// Number of seats in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.0 & 0b1111).count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 & 0b1111 == 0
    }

    /// The seats in the set, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// The seat after `seat` in seat order that is in the set (wrapping round), if any.
    #[must_use]
    pub fn next_after(self, seat: Seat) -> Option<Seat> {
        (1..=4).map(|i| Seat::ALL[(seat.index() + i) % 4]).find(|&s| self.contains(s))
    }
}

/// A square of the ring, 0 to 67.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Square(u8);

/// The twelve safety squares: every entry square, every exit square and four more.
pub const SAFETY_SQUARES: [Square; 12] = [
    Square(0),
    Square(5),
    Square(12),
    Square(17),
    Square(22),
    Square(29),
    Square(34),
    Square(39),
    Square(46),
    Square(51),
    Square(56),
    Square(63),
];

impl Square {
    /// The ring square `n`, if `n` is below 68.
    #[must_use]
    pub const fn new(n: u8) -> Option<Square> {
        if n < RING_LEN { Some(Square(n)) } else { None }
    }

    /// The square's number, 0 to 67.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Whether the square is a safety square (where no pawn may be captured, except by entering).
    #[must_use]
    pub const fn is_safety(self) -> bool {
        // Safety squares are 0, 5 and 12 plus multiples of 17.
        matches!(self.0 % 17, 0 | 5 | 12)
    }

    /// The square `steps` squares further along the ring.
    #[must_use]
    pub const fn advance(self, steps: u8) -> Square {
        Square(((self.0 as u16 + steps as u16) % RING_LEN as u16) as u8)
    }

    /// How many steps along the ring it takes to get from `self` to `to` (0 to 67).
    #[must_use]
    pub const fn steps_to(self, to: Square) -> u8 {
        (to.0 + RING_LEN - self.0) % RING_LEN
    }
}

impl TryFrom<u8> for Square {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Square::new(n).ok_or_else(|| format!("ring square {n} is not in 0..=67"))
    }
}

impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a pawn is: its nest, a ring square, a square of its own home row, or its home.
///
/// Home-row squares are numbered 0 (`h0`, next to the exit square) to 6 (`h6`, next to home).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub enum Location {
    /// The pawn's nest, where it starts and where a captured pawn goes back.
    Nest,
    /// A square of the ring.
    Ring(Square),
    /// A square of the pawn's own home row, 0 to 6.
    HomeRow(u8),
    /// The pawn's home, its goal.
    Home,
}

/// Compact location codes used inside the engine: 0 nest, 1..=68 ring square `q` as `q + 1`,
/// 69..=75 home row `h0`..`h6`, 76 home.
pub(crate) mod code {
    pub const NEST: u8 = 0;
    pub const RING0: u8 = 1;
    pub const ROW0: u8 = 69;
    pub const HOME: u8 = 76;

    pub const fn is_ring(c: u8) -> bool {
        c >= RING0 && c < ROW0
    }
    pub const fn is_row(c: u8) -> bool {
        c >= ROW0 && c < HOME
    }
    /// Ring or home-row square: the places where pawns can block and be counted.
    pub const fn is_square(c: u8) -> bool {
        c >= RING0 && c < HOME
    }
}

/// Every location by its code (`Location::from_code`), a row for every byte.
const BY_CODE: [Location; 256] = {
    let mut table = [Location::Nest; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = Location::decode(c as u8);
        c += 1;
    }
    table
};

impl Location {
    /// The location's compact code (see [`code`]).
    pub(crate) const fn code(self) -> u8 {
        match self {
            Location::Nest => code::NEST,
            Location::Ring(q) => code::RING0 + q.0,
            // Only valid locations reach the engine; saturate so that no input can overflow.
            Location::HomeRow(h) => code::ROW0.saturating_add(h),
            Location::Home => code::HOME,
        }
    }

    /// The location with compact code `c`, which must be valid: one load from a table, since
    /// reading a position's pawns (`Position::pawns`) turns every code it reports.
    pub(crate) const fn from_code(c: u8) -> Location {
        BY_CODE[c as usize]
    }

    /// `from_code` worked out, to fill its table.
    const fn decode(c: u8) -> Location {
        match c {
            code::NEST => Location::Nest,
            code::HOME => Location::Home,
            c if c < code::ROW0 => Location::Ring(Square(c - code::RING0)),
            c => Location::HomeRow(c - code::ROW0),
        }
    }

    /// Whether the location is valid: a home-row square must be 0 to 6.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        !matches!(self, Location::HomeRow(h) if h >= HOME_ROW_LEN)
    }

    /// How far a pawn of `seat` at this location has come: 0 in the nest, 1 to 68 on the ring
    /// (1 + steps from its entry square), 69 to 75 in the home row, 76 at home. Sorting by
    /// progress gives the canonical order of the notation.
    #[must_use]
    pub const fn progress(self, seat: Seat) -> u8 {
        match self {
            Location::Ring(q) => code::RING0 + seat.entry().steps_to(q),
            other => other.code(),
        }
    }

    /// Steps a pawn of `seat` here still has to travel to reach home along the home route, or
    /// `None` in the nest (or for an invalid home-row square). A ring pawn counts the way through its exit square and home row.
    #[must_use]
    pub const fn steps_to_home(self, seat: Seat) -> Option<u8> {
        match self {
            Location::Nest => None,
            Location::Ring(q) => Some(q.steps_to(seat.exit()) + HOME_ROW_LEN + 1),
            Location::HomeRow(h) if h < HOME_ROW_LEN => Some(HOME_ROW_LEN - h),
            Location::HomeRow(_) => None,
            Location::Home => Some(0),
        }
    }
}

/// The notation of every location, by its code (see [`code`]).
const NAMES: [&str; 77] = [
    "n", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34",
    "35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51",
    "52", "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63", "64", "65", "66", "67", "h0",
    "h1", "h2", "h3", "h4", "h5", "h6", "home",
];

/// [`NAMES`] by code as one word each: the name's bytes in bytes 1 to 4 (byte 0 is left for a
/// separator, as `Cursor::push_code_after` writes it) and its length in byte 7, so that a name
/// is written with one load and one eight-byte store; a code that is no location is `?`.
pub(crate) const NAME_WORDS: [u64; 256] = {
    let mut table = [(b'?' as u64) << 8 | 1 << 56; 256];
    let mut c = 0;
    while c < NAMES.len() {
        let name = NAMES[c].as_bytes();
        table[c] = (name.len() as u64) << 56;
        let mut i = 0;
        while i < name.len() {
            table[c] |= (name[i] as u64) << (8 * (i + 1));
            i += 1;
        }
        c += 1;
    }
    table
};

/// Each code's place in the byte order of [`NAME_WORDS`]' names (`?` for a code that is no
/// location), so that positions can be sorted by their notation without writing it.
pub(crate) const NAME_RANKS: [u8; 256] = {
    const fn name(c: usize) -> &'static [u8] {
        if c < NAMES.len() { NAMES[c].as_bytes() } else { b"?" }
    }
    const fn less(a: &[u8], b: &[u8]) -> bool {
        let mut i = 0;
        while i < a.len() && i < b.len() {
            if a[i] != b[i] {
                return a[i] < b[i];
            }
            i += 1;
        }
        a.len() < b.len()
    }
    let mut ranks = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        // The number of distinct names before this one (the 77 names and `?`).
        let mut other = 0;
        while other <= NAMES.len() {
            if less(name(other), name(c)) {
                ranks[c] += 1;
            }
            other += 1;
        }
        c += 1;
    }
    ranks
};

impl Location {
    /// The notation of a valid location, from a table: positions are printed by the million.
    pub(crate) fn name(self) -> Option<&'static str> {
        self.is_valid().then(|| NAMES[self.code() as usize])
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Invalid home-row squares (`h7` and beyond) have no name.
            Location::HomeRow(h) if *h >= HOME_ROW_LEN => write!(f, "h{h}"),
            _ => f.write_str(self.name().unwrap_or_default()),
        }
    }
}

impl From<Location> for String {
    fn from(l: Location) -> String {
        l.to_string()
    }
}

impl TryFrom<String> for Location {
    type Error = crate::notation::ParseLocationError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_and_exit_squares() {
        let entries: Vec<u8> = Seat::ALL.iter().map(|s| s.entry().number()).collect();
        let exits: Vec<u8> = Seat::ALL.iter().map(|s| s.exit().number()).collect();
        assert_eq!(entries, [5, 22, 39, 56]);
        assert_eq!(exits, [0, 17, 34, 51]);
    }

    #[test]
    fn safety_squares_are_exactly_the_twelve() {
        let safe: Vec<u8> = (0..68).filter(|&n| Square(n).is_safety()).collect();
        let listed: Vec<u8> = SAFETY_SQUARES.iter().map(|s| s.number()).collect();
        assert_eq!(safe, listed);
        assert_eq!(safe, [0, 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63]);
    }

    #[test]
    fn home_is_71_steps_from_the_entry_and_8_from_the_exit() {
        for s in Seat::ALL {
            assert_eq!(Location::Ring(s.entry()).steps_to_home(s), Some(71));
            assert_eq!(Location::Ring(s.exit()).steps_to_home(s), Some(8));
            assert_eq!(Location::HomeRow(0).steps_to_home(s), Some(7));
        }
    }

    #[test]
    fn home_row_squares_are_seven_minus_their_number_from_home() {
        for s in Seat::ALL {
            for h in 0..HOME_ROW_LEN {
                assert_eq!(Location::HomeRow(h).steps_to_home(s), Some(7 - h));
            }
            assert_eq!(Location::HomeRow(HOME_ROW_LEN).steps_to_home(s), None);
            assert_eq!(Location::Nest.steps_to_home(s), None);
            assert_eq!(Location::Home.steps_to_home(s), Some(0));
        }
    }

    /// Progress as documented: nest 0, the entry square 1, the exit square 64, `h0` 69, home 76.
    #[test]
    fn progress_counts_from_the_nest() {
        for s in Seat::ALL {
            assert_eq!(Location::Nest.progress(s), 0);
            assert_eq!(Location::Ring(s.entry()).progress(s), 1);
            assert_eq!(Location::Ring(s.exit()).progress(s), 64);
            assert_eq!(Location::HomeRow(0).progress(s), 69);
            assert_eq!(Location::Home.progress(s), 76);
        }
    }

    #[test]
    fn seats_print_as_their_colour() {
        let names: Vec<String> = Seat::ALL.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["green", "red", "blue", "yellow"]);
        for s in Seat::ALL {
            assert_eq!(s.name(), s.to_string());
            assert_eq!(Seat::from_index(s.index()), Some(s));
        }
        assert_eq!(Seat::from_index(4), None);
    }

    #[test]
    fn seat_sets_add_each_seat_once() {
        assert!(Seats::EMPTY.is_empty() && Seats::default().is_empty());
        assert!(!Seats::ALL.is_empty());
        let red = Seats::EMPTY.with(Seat::Red);
        assert!(!red.is_empty());
        assert_eq!(red.with(Seat::Red), red);
        assert_eq!(Seats::ALL.with(Seat::Blue), Seats::ALL);
        assert_eq!(red.iter().collect::<Vec<_>>(), [Seat::Red]);
    }

    #[test]
    fn squares_print_and_convert_as_their_number() {
        for n in 0..RING_LEN {
            let q = Square::new(n).expect("a ring square");
            assert_eq!(u8::from(q), n);
            assert_eq!(q.to_string(), n.to_string());
        }
        assert_eq!(Square::new(RING_LEN), None);
        assert_eq!(Square::try_from(67), Ok(Square(67)));
        assert_eq!(Square::try_from(RING_LEN), Err("ring square 68 is not in 0..=67".to_string()));
    }

    /// An invalid home-row square still prints, for error messages.
    #[test]
    fn invalid_home_row_squares_print_their_number() {
        assert_eq!(Location::HomeRow(6).to_string(), "h6");
        assert_eq!(Location::HomeRow(7).to_string(), "h7");
        assert_eq!(Location::HomeRow(200).to_string(), "h200");
    }

    #[test]
    fn progress_orders_ring_by_distance_from_entry() {
        let y = Seat::Yellow;
        assert!(Location::Ring(Square(56)).progress(y) < Location::Ring(Square(50)).progress(y));
        assert!(Location::Ring(Square(51)).progress(y) < Location::HomeRow(0).progress(y));
        assert!(Location::HomeRow(6).progress(y) < Location::Home.progress(y));
    }

    #[test]
    fn codes_round_trip() {
        for c in 0..=code::HOME {
            assert_eq!(Location::from_code(c).code(), c);
        }
    }

    #[test]
    fn next_seat_skips_absent_seats() {
        let seats = Seats::from_seats(&[Seat::Green, Seat::Blue]);
        assert_eq!(seats.next_after(Seat::Green), Some(Seat::Blue));
        assert_eq!(seats.next_after(Seat::Blue), Some(Seat::Green));
        assert_eq!(seats.next_after(Seat::Red), Some(Seat::Blue));
    }
}
