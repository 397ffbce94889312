//! Dice: a die value that cannot be out of range, a roll of two dice, and the amounts it gives.
//!
//! The game state never owns a random number generator: a caller passes the dice in, so games
//! can be replayed, tested and searched over all 21 distinct rolls ([`Roll::DISTINCT`], with
//! their weights in [`Roll::WEIGHTS`]). [`Roll::random`] rolls with a generator the caller
//! supplies.
//!
//! For reproducible games, seed [`rand_chacha::ChaCha8Rng`] from a `u64`: its stream is fixed
//! across platforms and rand releases, and [`Roll::random`] maps it to die faces by a method of
//! this crate's own (not `rand`'s ranges, whose values may change in a minor release), so a
//! seed gives the same dice everywhere. Changing that mapping is a breaking change.
//!
//! ```
//! use parcheesi::Roll;
//! use rand::SeedableRng;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
//! let roll = Roll::random(&mut rng);
//! assert_eq!(roll.to_string(), "6-1");
//! assert_eq!("6-1".parse::<Roll>(), Ok(roll));
//! ```

use core::fmt;

/// One die showing 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Die(u8);

/// A die value outside 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a die shows 1 to 6, not {0}")]
pub struct DieError(pub u8);

impl Die {
    /// The die showing `value`.
    ///
    /// # Errors
    /// [`DieError`] if `value` is not 1 to 6.
    pub const fn new(value: u8) -> Result<Die, DieError> {
        if value >= 1 && value <= 6 { Ok(Die(value)) } else { Err(DieError(value)) }
    }

    /// The value shown, 1 to 6.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The value on the bottom face: `7 - value`.
    #[must_use]
    pub const fn bottom(self) -> u8 {
        7 - self.0
    }
}

impl TryFrom<u8> for Die {
    type Error = DieError;
    fn try_from(v: u8) -> Result<Die, DieError> {
        Die::new(v)
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

/// A roll of two dice, in the order they were given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Roll {
    /// The first die.
    pub first: Die,
    /// The second die.
    pub second: Die,
}

impl Roll {
    /// The 21 distinct rolls (1-1, 1-2, ..., 6-6), each once, smaller die first.
    pub const DISTINCT: [Roll; 21] = {
        let mut rolls = [Roll { first: Die(1), second: Die(1) }; 21];
        let mut i = 0;
        let mut a = 1;
        while a <= 6 {
            let mut b = a;
            while b <= 6 {
                rolls[i] = Roll { first: Die(a), second: Die(b) };
                i += 1;
                b += 1;
            }
            a += 1;
        }
        rolls
    };

    /// The weight of each of [`Roll::DISTINCT`] in 36ths: 1 for doubles, 2 otherwise.
    pub const WEIGHTS: [u32; 21] = {
        let mut w = [0; 21];
        let mut i = 0;
        while i < 21 {
            w[i] = Roll::DISTINCT[i].weight();
            i += 1;
        }
        w
    };

    /// The roll of two die values.
    ///
    /// # Errors
    /// [`DieError`] if either value is not 1 to 6.
    pub const fn new(first: u8, second: u8) -> Result<Roll, DieError> {
        match (Die::new(first), Die::new(second)) {
            (Ok(first), Ok(second)) => Ok(Roll { first, second }),
            (Err(e), _) | (_, Err(e)) => Err(e),
        }
    }

    /// Rolls two dice with `rng`.
    ///
    /// Each die is `1 + (w % 6)` of a fresh 32-bit word `w`, rejecting the few top words that
    /// would make the faces uneven; so a seeded generator gives the same dice on every platform.
    pub fn random<R: rand::Rng + ?Sized>(rng: &mut R) -> Roll {
        Roll { first: random_die(rng), second: random_die(rng) }
    }

    /// Whether both dice show the same value.
    #[must_use]
    pub const fn is_doubles(self) -> bool {
        self.first.0 == self.second.0
    }

    /// How many of the 36 ordered outcomes of two dice give this roll: 1 for doubles, else 2.
    #[must_use]
    pub const fn weight(self) -> u32 {
        if self.is_doubles() { 1 } else { 2 }
    }

    /// The die amounts the roll gives: `a, b`; for doubles `d, d`, and also the bottoms
    /// `7-d, 7-d` when `tops_and_bottoms` (none of the mover's pawns is in its nest).
    #[must_use]
    pub fn amounts(self, tops_and_bottoms: bool) -> Amounts {
        let (values, counts) = self.distinct_amounts(tops_and_bottoms);
        let mut amounts = Amounts::default();
        for (v, n) in values.into_iter().zip(counts) {
            for _ in 0..n {
                amounts.values[usize::from(amounts.len)] = v;
                amounts.len += 1;
            }
        }
        amounts
    }

    /// The same amounts as at most two distinct values, ascending (0 for none), and how many
    /// of each: what the move generator counts down.
    pub(crate) const fn distinct_amounts(self, tops_and_bottoms: bool) -> ([u8; 2], [u8; 2]) {
        let (a, b) = (self.first.0, self.second.0);
        if !self.is_doubles() {
            let (low, high) = if a < b { (a, b) } else { (b, a) };
            ([low, high], [1, 1])
        } else if tops_and_bottoms {
            let (low, high) = if a < 7 - a { (a, 7 - a) } else { (7 - a, a) };
            ([low, high], [2, 2])
        } else {
            ([a, 0], [2, 0])
        }
    }
}

/// A number below `n` (at least 1), uniform, from one fresh word: the few top words that would
/// favour the low numbers are drawn again, so a seeded generator gives the same numbers on
/// every platform.
pub(crate) fn index_below<R: rand::Rng + ?Sized>(n: usize, rng: &mut R) -> usize {
    let n = n.max(1) as u64;
    let limit = u64::MAX - u64::MAX % n;
    loop {
        let w = rng.next_u64();
        if w < limit {
            return (w % n) as usize;
        }
    }
}

fn random_die<R: rand::Rng + ?Sized>(rng: &mut R) -> Die {
    // The largest multiple of 6 that fits in a word; words at or above it would favour the low
    // faces, so they are drawn again.
    const LIMIT: u32 = (u32::MAX / 6) * 6;
    loop {
        let w = rng.next_u32();
        if w < LIMIT {
            return Die((w % 6) as u8 + 1);
        }
    }
}

impl fmt::Display for Die {
    /// The value shown, `1` to `6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for Roll {
    /// The two dice in the order given, such as `3-5`; [`FromStr`](core::str::FromStr) reads it
    /// back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first.0, self.second.0)
    }
}

/// A small multiset of die amounts (at most four), kept sorted.
///
/// With the `serde` feature it is a list of numbers, smallest first; reading one checks that
/// there are at most four, each 1 to 6, and sorts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Amounts {
    values: [u8; 4],
    len: u8,
}

impl Amounts {
    pub(crate) fn from_slice(values: &[u8]) -> Amounts {
        let mut a = Amounts::default();
        for &v in values.iter().take(4) {
            a.values[a.len as usize] = v;
            a.len += 1;
        }
        a.values[..a.len as usize].sort_unstable();
        a
    }

    /// The amounts, smallest first.
    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.values[..self.len as usize]
    }

    /// Number of amounts.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no amounts.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Sum of the amounts, in pips.
    #[must_use]
    pub fn pips(&self) -> u32 {
        self.as_slice().iter().map(|&v| u32::from(v)).sum()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Amounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Amounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Amounts, D::Error> {
        use serde::de::Error;
        let values = alloc::vec::Vec::<u8>::deserialize(d)?;
        if values.len() > 4 {
            return Err(D::Error::custom(format_args!("at most four die amounts, not {}", values.len())));
        }
        for &v in &values {
            Die::new(v).map_err(D::Error::custom)?;
        }
        Ok(Amounts::from_slice(&values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_is_one_to_six() {
        assert!(Die::new(0).is_err());
        assert!(Die::new(7).is_err());
        assert_eq!(Die::new(6).map(Die::value), Ok(6));
        // A roll names its bad die, the first if both are bad.
        assert_eq!(Roll::new(0, 3), Err(DieError(0)));
        assert_eq!(Roll::new(3, 7), Err(DieError(7)));
        assert_eq!(Roll::new(9, 0), Err(DieError(9)));
        assert!(Roll::new(2, 5).is_ok());
    }

    #[test]
    fn there_are_21_distinct_rolls_weighing_36() {
        let total: u32 = Roll::DISTINCT.iter().map(|r| r.weight()).sum();
        assert_eq!(total, 36);
        assert_eq!(Roll::WEIGHTS.iter().sum::<u32>(), 36);
        let doubles = Roll::DISTINCT.iter().filter(|r| r.is_doubles()).count();
        assert_eq!(doubles, 6);
    }

    #[test]
    fn doubles_give_tops_and_bottoms_only_when_asked() {
        let r = Roll::new(2, 2).unwrap();
        assert_eq!(r.amounts(true).as_slice(), &[2, 2, 5, 5]);
        assert_eq!(r.amounts(false).as_slice(), &[2, 2]);
        assert_eq!(Roll::new(6, 1).unwrap().amounts(true).as_slice(), &[1, 6]);
    }

    #[test]
    fn amounts_count_and_add_up() {
        let four = Roll::new(2, 2).unwrap().amounts(true);
        assert_eq!((four.len(), four.pips(), four.is_empty()), (4, 14, false));
        let two = Roll::new(6, 1).unwrap().amounts(false);
        assert_eq!((two.len(), two.pips(), two.is_empty()), (2, 7, false));
        let none = Amounts::default();
        assert_eq!((none.len(), none.pips(), none.is_empty()), (0, 0, true));
    }

    #[test]
    fn random_dice_cover_all_faces() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut seen = [0u32; 7];
        for _ in 0..600 {
            let r = Roll::random(&mut rng);
            seen[r.first.value() as usize] += 1;
        }
        assert!(seen[1..].iter().all(|&n| n > 50), "{seen:?}");
    }
}
