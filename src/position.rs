//! Positions: where every pawn stands, who moves and how many doubles they have rolled.
//!
//! [`Setup`] is the raw form with public fields and no promises; [`Position::from_setup`] is the
//! one fallible constructor that turns it into a [`Position`], which is always valid in the
//! sense of RULES.md section 6.1. The notation and serde both go through it.

use crate::board::{Location, PAWNS_PER_SEAT, Seat, Seats, code};

/// A raw position: any values at all, checked only by [`Position::from_setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The four pawns of each playing seat, `None` for seats that do not play.
    pub pawns: [Option<[Location; PAWNS_PER_SEAT]>; 4],
    /// The seat to move.
    pub mover: Seat,
    /// Doubles the mover has already rolled this turn (0 to 2).
    pub doubles: u8,
}

/// A valid position at the start of a roll, kept in canonical form.
///
/// Two positions are equal exactly when their notations are. The notation is its `Display`
/// and `FromStr`; with the `serde` feature it is (de)serialised in the form of its [`Setup`]
/// (each seat's four locations, the mover, the doubles count), checked as
/// [`Position::from_setup`] checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct Position {
    /// Location codes per seat, sorted by progress (canonical order); all nest for absent seats.
    pub(crate) pawns: [[u8; PAWNS_PER_SEAT]; 4],
    pub(crate) seats: Seats,
    pub(crate) mover: Seat,
    pub(crate) doubles: u8,
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// Fewer than two seats play.
    #[error("two to four seats must play, not {0}")]
    TooFewSeats(usize),
    /// The seat to move does not play.
    #[error("the seat to move, {0}, does not play")]
    MoverNotPlaying(Seat),
    /// The doubles count is above 2.
    #[error("the doubles count is 0, 1 or 2, not {0}")]
    DoublesCount(u8),
    /// A home-row square above `h6`.
    #[error("{seat} has a pawn on home-row square h{square}, past h6")]
    HomeRowSquare {
        /// The seat of the pawn.
        seat: Seat,
        /// The square given.
        square: u8,
    },
    /// More than two pawns on one square.
    #[error("{count} pawns stand on {location}; at most two may")]
    Crowded {
        /// The square (for a home-row square, of `seat`'s row).
        location: Location,
        /// The seat whose home row it is, or the first seat found on a ring square.
        seat: Seat,
        /// How many pawns stand there.
        count: usize,
    },
    /// Pawns of two seats on one ring square.
    #[error("pawns of {0} and {1} share ring square {2}")]
    MixedSquare(Seat, Seat, Location),
    /// More than one seat has all its pawns home.
    #[error("{0} and {1} both have all four pawns home")]
    TwoWinners(Seat, Seat),
    /// The game is over but the winner is not the mover, or the doubles count is not 0.
    #[error("{0} has won, so {0} must be the mover with doubles count 0")]
    FinishedState(Seat),
}

impl Position {
    /// The start of a game: every pawn in its nest, `mover` to move.
    ///
    /// # Errors
    /// [`PositionError`] if fewer than two seats play or `mover` is not one of them.
    pub fn start(seats: Seats, mover: Seat) -> Result<Position, PositionError> {
        let mut setup = Setup { pawns: [None; 4], mover, doubles: 0 };
        for s in seats.iter() {
            setup.pawns[s.index()] = Some([Location::Nest; 4]);
        }
        Position::from_setup(&setup)
    }

    /// Checks a raw setup and makes it a position (RULES.md section 6.1).
    ///
    /// # Errors
    /// [`PositionError`] naming the first thing that is wrong.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut pawns = [[code::NEST; PAWNS_PER_SEAT]; 4];
        let mut seats = Seats::EMPTY;
        for seat in Seat::ALL {
            let Some(locs) = setup.pawns[seat.index()] else { continue };
            seats = seats.with(seat);
            for (i, loc) in locs.iter().enumerate() {
                if let Location::HomeRow(h) = *loc
                    && !loc.is_valid()
                {
                    return Err(PositionError::HomeRowSquare { seat, square: h });
                }
                pawns[seat.index()][i] = loc.code();
            }
        }
        Position::from_codes(pawns, seats, setup.mover, setup.doubles)
    }

    /// `from_setup` of a setup given as location codes, every one valid, those of the seats
    /// that do not play all in the nest: the checks after the locations' own.
    pub(crate) fn from_codes(
        pawns: [[u8; PAWNS_PER_SEAT]; 4],
        seats: Seats,
        mover: Seat,
        doubles: u8,
    ) -> Result<Position, PositionError> {
        if seats.len() < 2 {
            return Err(PositionError::TooFewSeats(seats.len()));
        }
        if !seats.contains(mover) {
            return Err(PositionError::MoverNotPlaying(mover));
        }
        if doubles > 2 {
            return Err(PositionError::DoublesCount(doubles));
        }
        // Ring squares: at most two pawns, of one seat.
        let mut ring: [(u8, Option<Seat>); 68] = [(0, None); 68];
        for seat in seats.iter() {
            for &c in &pawns[seat.index()] {
                if code::is_ring(c) {
                    let cell = &mut ring[(c - code::RING0) as usize];
                    if let Some(other) = cell.1
                        && other != seat
                    {
                        return Err(PositionError::MixedSquare(other, seat, Location::from_code(c)));
                    }
                    *cell = (cell.0 + 1, Some(seat));
                    if cell.0 > 2 {
                        return Err(PositionError::Crowded {
                            location: Location::from_code(c),
                            seat,
                            count: cell.0 as usize,
                        });
                    }
                }
            }
        }
        let mut winner = None;
        for seat in seats.iter() {
            let own = &pawns[seat.index()];
            for &c in own.iter().filter(|&&c| code::is_row(c)) {
                let n = own.iter().filter(|&&d| d == c).count();
                if n > 2 {
                    return Err(PositionError::Crowded { location: Location::from_code(c), seat, count: n });
                }
            }
            if own.iter().all(|&c| c == code::HOME) {
                if let Some(first) = winner {
                    return Err(PositionError::TwoWinners(first, seat));
                }
                winner = Some(seat);
            }
        }
        if let Some(w) = winner
            && (w != mover || doubles != 0)
        {
            return Err(PositionError::FinishedState(w));
        }
        let mut pos = Position { pawns, seats, mover, doubles };
        for seat in Seat::ALL {
            pos.sort_seat(seat);
        }
        Ok(pos)
    }

    /// The raw form of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut pawns = [None; 4];
        for seat in self.seats.iter() {
            pawns[seat.index()] = Some(self.pawns(seat));
        }
        Setup { pawns, mover: self.mover, doubles: self.doubles }
    }

    /// Puts one seat's pawns in canonical order (a sorting network on their progress).
    pub(crate) fn sort_seat(&mut self, seat: Seat) {
        let entry = code::RING0 + seat.entry().number();
        // Progress: ring squares counted from the entry; nest, home row and home keep their
        // codes, which already sit below and above the ring.
        let progress = |c: u8| {
            if !code::is_ring(c) {
                c
            } else if c >= entry {
                c - entry + code::RING0
            } else {
                c + crate::board::RING_LEN - entry + code::RING0
            }
        };
        let p = &mut self.pawns[seat.index()];
        let mut keys = [0u8; 4];
        for (k, &c) in keys.iter_mut().zip(p.iter()) {
            *k = progress(c);
        }
        // Positions are mostly written in canonical order already.
        if keys.is_sorted() {
            return;
        }
        for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
            if keys[i] > keys[j] {
                keys.swap(i, j);
                p.swap(i, j);
            }
        }
    }

    /// The seats that play.
    #[must_use]
    pub const fn seats(&self) -> Seats {
        self.seats
    }

    /// The seat to move (the winner once the game is over).
    #[must_use]
    pub const fn mover(&self) -> Seat {
        self.mover
    }

    /// How many doubles the mover has already rolled this turn: 0, 1 or 2.
    #[must_use]
    pub const fn doubles_count(&self) -> u8 {
        self.doubles
    }

    /// The four pawns of `seat`, least advanced first (all in the nest for a seat not playing).
    #[must_use]
    pub fn pawns(&self, seat: Seat) -> [Location; PAWNS_PER_SEAT] {
        // Element by element: `array::map` costs more than the four loads.
        let [a, b, c, d] = self.pawns[seat.index()];
        [Location::from_code(a), Location::from_code(b), Location::from_code(c), Location::from_code(d)]
    }

    /// The seat with all four pawns at home, if the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        // A valid position has at most one seat with every pawn home, and that seat is the
        // mover (`from_setup` checks it; a finished game keeps its winner as the mover).
        (self.pawns[self.mover.index()] == [code::HOME; PAWNS_PER_SEAT]).then_some(self.mover)
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.winner().is_some()
    }

    /// How many pawns stand at `location` and whose they are. For a home-row square, `seat`
    /// says whose row; it is ignored elsewhere. Nest and home are counted for `seat`.
    #[must_use]
    pub fn pawns_at(&self, location: Location, seat: Seat) -> (usize, Option<Seat>) {
        if !location.is_valid() {
            return (0, None);
        }
        let c = location.code();
        if !code::is_ring(c) {
            let n = self.pawns[seat.index()].iter().filter(|&&d| d == c).count();
            return (n, (n > 0).then_some(seat));
        }
        for s in self.seats.iter() {
            let n = self.pawns[s.index()].iter().filter(|&&d| d == c).count();
            if n > 0 {
                return (n, Some(s));
            }
        }
        (0, None)
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;
    fn try_from(s: Setup) -> Result<Position, PositionError> {
        Position::from_setup(&s)
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        p.to_setup()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn pawns_at_counts_and_names_the_owner_of_every_kind_of_location() {
        let p: Position = "g:n,5,h3,h3 r:n,n,22,home g 0".parse().expect("position");
        let ring = |n| Location::Ring(Square::new(n).expect("a ring square"));
        assert_eq!(p.pawns_at(ring(22), Seat::Green), (1, Some(Seat::Red)), "a ring square ignores the seat");
        assert_eq!(p.pawns_at(ring(5), Seat::Red), (1, Some(Seat::Green)));
        assert_eq!(p.pawns_at(ring(30), Seat::Green), (0, None));
        assert_eq!(p.pawns_at(Location::HomeRow(3), Seat::Green), (2, Some(Seat::Green)));
        assert_eq!(p.pawns_at(Location::HomeRow(3), Seat::Red), (0, None));
        assert_eq!(p.pawns_at(Location::Nest, Seat::Red), (2, Some(Seat::Red)));
        assert_eq!(p.pawns_at(Location::Home, Seat::Green), (0, None));
        assert_eq!(p.pawns_at(Location::Home, Seat::Red), (1, Some(Seat::Red)));
    }
}
