//! Move generation: every play a roll allows, exactly as RULES.md section 3 defines it.
//!
//! A roll is searched depth first over *roll states*: where the mover's pawns stand, which
//! opponents were captured, which die amounts are unused, which bonuses are pending and whether
//! the dice phase is over. Everything section 3 asks about a play depends only on the state at
//! its end, so each state is visited once and remembered:
//!
//! - a state is **valid** unless two pawns that formed a blockade at the start of the roll stand
//!   together on another square (when the blockade rule applies to the roll);
//! - it is **complete** when it is valid and no valid state is reachable beyond it;
//! - the complete states that survive the filters of section 3.3 (and the blockade time limit)
//!   are the **legal ends**; a step is legal when it leads to a state from which a legal end is
//!   reachable.
//!
//! Pawns are told apart only where the blockade rule needs it: the two pawns of each starting
//! pair keep a tag; all others are a sorted multiset, which merges equivalent plays.
//!
//! This module generates the steps of one state ([`Generator`]); two searches use it:
//! [`ends`] walks a roll for its distinct legal ends only (outcomes, perft), [`graph`] keeps
//! every state and step of a roll so that a play can be followed step by step.

pub(crate) mod ends;
pub(crate) mod graph;
mod index;

use crate::board::{Location, Seat, Seats, Square, code};
use crate::dice::{Amounts, Roll};
use crate::moves::Step;
use crate::rules::{BlockadeMove, BonusTiming, Entering, FourAmountDoubles, HomeRow, OneDie, Rules};

pub(crate) use graph::{Rejection, RollSearch};

/// Pawn locations of all four seats, as location codes.
pub(crate) type Board = [[u8; 4]; 4];

/// Everything a roll's search depends on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct RollStart {
    pub rules: Rules,
    pub board: Board,
    pub seats: Seats,
    pub mover: Seat,
    pub roll: Roll,
    /// Overdue blockade squares (codes) of the mover, least advanced first, 0 for none.
    pub overdue: [u8; 2],
}

impl RollStart {
    /// Whether `other` is a roll from the same position: everything but the dice equal.
    fn same_position(&self, other: &RollStart) -> bool {
        self.board == other.board
            && self.mover == other.mover
            && self.overdue == other.overdue
            && self.seats == other.seats
            && self.rules == other.rules
    }
}

/// One roll state (see the module docs), packed into one number that is also its key:
///
/// - bits 0..32: the mover's pawns by identity, one progress code (`PROGRESS`) a byte; ids
///   0,1 (and 2,3) are the starting pairs when the blockade rule applies; pawns of one class
///   are kept sorted;
/// - bits 32..48: the captured opponents, bit `4 * seat + i` for pawn `i` of the start;
/// - bits 48..52: how many dice of each of the roll's (at most two) distinct amounts are
///   unused, two bits each;
/// - bits 52..58: pending capture bonuses and pending home bonuses, three bits each (at most
///   four are ever pending: one per die step, and a bonus step that earns one spends one);
/// - bit 58: with bonuses after dice, the dice phase has ended.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node(u64);

const CAPTURED: u32 = 32;
const DICE: u32 = 48;
const BONUS: u32 = 52;
const DICE_OVER: u64 = 1 << 58;

impl Node {
    fn pawns(self) -> [u8; 4] {
        (self.0 as u32).to_le_bytes()
    }

    fn with_pawns(self, pawns: [u8; 4]) -> Node {
        Node(self.0 & !0xFFFF_FFFF | u64::from(u32::from_le_bytes(pawns)))
    }

    fn captured(self) -> u16 {
        (self.0 >> CAPTURED) as u16
    }

    /// Unused dice of the roll's distinct amount `slot`.
    fn dice(self, slot: usize) -> u8 {
        (self.0 >> (DICE + 2 * slot as u32)) as u8 & 3
    }

    /// Pending bonuses of `kind` (0 capture, 1 home).
    fn bonus(self, kind: usize) -> u8 {
        (self.0 >> (BONUS + 3 * kind as u32)) as u8 & 7
    }

    fn dice_over(self) -> bool {
        self.0 & DICE_OVER != 0
    }

    /// Whether a bonus is pending.
    fn has_bonus(self) -> bool {
        self.0 >> BONUS & 0x3F != 0
    }

    /// With one die left, no bonus pending and the dice phase on, the slot of that die: the
    /// commonest state to expand (after the first die of most rolls, after the third of
    /// four-amount doubles).
    pub(crate) fn one_die(self) -> Option<usize> {
        match self.0 >> DICE & 0x7FF {
            1 => Some(0),
            4 => Some(1),
            _ => None,
        }
    }

    /// This state with every die amount spent (and the pawns as they are).
    fn with_dice_spent(self) -> Node {
        Node(self.0 & !(0xF << DICE))
    }

    /// Whether a die amount is unused.
    fn has_dice(self) -> bool {
        self.0 >> DICE & 0xF != 0
    }

    /// Nothing left to spend, so no step: most states of a roll are such leaves.
    fn is_leaf(self) -> bool {
        self.0 >> DICE & 0x3FF == 0
    }

    fn has_blockade(self, sq: u8) -> bool {
        self.pawns().iter().filter(|&&c| c == sq).count() == 2
    }
}

/// How a step pays for itself: what it takes from the state.
#[derive(Clone, Copy)]
struct Spend(u64);

impl Spend {
    /// One die of the distinct amount `slot`.
    fn die(slot: usize) -> Spend {
        Spend(1 << (DICE + 2 * slot as u32))
    }

    /// One bonus of `kind`.
    fn bonus(kind: usize) -> Spend {
        Spend(1 << (BONUS + 3 * kind as u32))
    }
}

/// What the legal plays of a roll spend (section 3.3), packed so that a better play has a
/// larger score: more dice, then more pawns entered (where entering is a must), then more
/// pips (where the larger die must be used). `Score::default()` is `Score::NONE`.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Score(u32);

impl Score {
    /// Below every play's score.
    pub const NONE: Score = Score(0);

    /// Die amounts spent.
    pub fn dice(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// Pawns entered (0 unless entering is a must).
    pub fn entered(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// Pips spent (0 unless the larger die must be used).
    pub fn pips(self) -> u8 {
        self.0 as u8
    }
}

fn sort2<T: Ord + Copy>(a: &mut [T; 4], i: usize, j: usize) {
    if a[i] > a[j] {
        a.swap(i, j);
    }
}

/// Per seat, the location codes as that seat's pawns see them: its *progress codes*
/// (`Location::progress`). Ring squares count from the seat's entry square (code 1) round to
/// the square before it (code 68); nest, home row and home keep their codes. The search works
/// in the mover's progress codes: its exit square is code 64 whatever the seat, and pawns
/// sorted by code are in canonical order, so an outcome's board needs no sort. (A row for
/// every byte, so that a code needs no bounds check; codes above home are never used.)
const PROGRESS: [[u8; 256]; 4] = {
    let mut table = [[0u8; 256]; 4];
    let mut s = 0;
    while s < 4 {
        let mut c = 0;
        while c <= code::HOME {
            table[s][c as usize] = Location::from_code(c).progress(Seat::ALL[s]);
            c += 1;
        }
        s += 1;
    }
    table
};

/// Per seat, the location code of each progress code: `PROGRESS` undone.
const ABSOLUTE: [[u8; 256]; 4] = {
    let mut table = [[0u8; 256]; 4];
    let mut s = 0;
    while s < 4 {
        let mut c = 0;
        while c <= code::HOME {
            table[s][PROGRESS[s][c as usize] as usize] = c;
            c += 1;
        }
        s += 1;
    }
    table
};

/// The mover's exit square as a progress code, the same for every seat.
const EXIT: u8 = code::RING0 + 63;

/// Per seat, its safety squares by progress code (`Opponents::cells` before the opponents are
/// added).
const SAFETIES: [[u8; RING_CODES]; 4] = {
    let mut cells = [[0u8; RING_CODES]; 4];
    let mut s = 0;
    while s < 4 {
        let mut q = 0;
        while q < 68 {
            if let Some(square) = Square::new(q)
                && square.is_safety()
            {
                cells[s][PROGRESS[s][(code::RING0 + q) as usize] as usize] = SAFETY;
            }
            q += 1;
        }
        s += 1;
    }
    cells
};

/// Tables by ring progress code: codes up to the last ring square (code 0, the nest, unused).
const RING_CODES: usize = code::ROW0 as usize;

/// Sorts the mover's pawns of a state with a tagged pair: two classes, ids 0,1 and 2,3, each
/// in order, merged by three comparisons.
fn merge_classes(a: &mut [u8; 4]) {
    debug_assert!(a[0] <= a[1] && a[2] <= a[3], "a class out of order: {a:?}");
    sort2(a, 0, 2);
    sort2(a, 1, 3);
    sort2(a, 1, 2);
}

/// Home-row squares `from..to` (`to` exclusive) as bits of a `u8`.
fn row_span(from: u8, to: u8) -> u8 {
    let upto = |t: u8| ((1u16 << t.min(8)) - 1) as u8;
    upto(to) & !upto(from)
}

/// What stands on a ring square at the start of a roll, for the mover (`Generator::cells`).
const LONE: u8 = 1;
const SAFETY: u8 = 2;
const PAWN_SHIFT: u8 = 4;

/// Ring squares `from..=to` (by code) as bits of a ring mask.
fn ring_bits(from: u8, to: u8) -> u128 {
    (u128::MAX >> (127 - (to - from))) << from
}

/// The `k` ring squares after the one with code `c`, in the direction of play, as bits of a
/// ring mask (none for `k == 0`); `k` is below 68. Meant for masks that repeat the ring's
/// first squares above it (`repeat_ring`): then a run that wraps past the last ring code is
/// one span of bits, as long as it ends below bit 128 (every run of the standard amounts
/// does). The codes may be location or progress codes: both number the ring 1 to 68 in the
/// direction of play.
fn ring_run(c: u8, k: u8) -> u128 {
    let end = c + k;
    if end < 128 {
        return ((1u128 << k) - 1) << (c + 1);
    }
    // Past bit 127 (a large bonus from a late square): the squares up to code 68, then on
    // from code 1.
    let before = if c + 1 < code::ROW0 { ring_bits(c + 1, code::ROW0 - 1) } else { 0 };
    before | ring_bits(code::RING0, end - 68)
}

/// A ring mask with the ring's codes 1 to 59 repeated as bits 69 to 127, for `ring_run`.
fn repeat_ring(mask: u128) -> u128 {
    mask | mask << 68
}

/// Where the blockades of one roll state stand.
#[derive(Clone, Copy)]
struct Occupancy {
    /// Ring squares holding two pawns, which no pawn passes or lands on, as bits by progress
    /// code, repeated above the ring (`repeat_ring`): the opponents' (which stand all roll)
    /// and the mover's.
    ring: u128,
    /// The same for ring codes 1 to 64 (the mover's entry to its exit), code `c` as bit
    /// `c - 1`: a step that ends short of the exit is checked in 64 bits.
    to_exit: u64,
    /// The mover's home-row squares holding two of its pawns, as bits.
    row_pairs: u8,
}

/// Where the mover's opponents stand at the start of a roll, as the generator looks it up (by
/// the mover's progress codes). They move only by being captured, so it holds for every roll
/// of a position.
#[derive(Clone)]
pub(crate) struct Opponents {
    /// Ring squares with two opponents, as bits by progress code repeated above the ring
    /// (`repeat_ring`): their blockades stand all roll (a pair is never captured).
    blockades: u128,
    /// Per ring square by progress code: `LONE` if one opponent stands there at the start of
    /// the roll, with the bit of its pawn in the captured set above `PAWN_SHIFT`; `SAFETY` if
    /// it is a safety.
    cells: [u8; RING_CODES],
}

impl Opponents {
    /// Makes these the opponents of `mover` on `board`, a valid board: at most two pawns on a
    /// square, of one seat, each seat's pawns in canonical order (so the two of a pair are
    /// neighbours).
    fn set(&mut self, board: &Board, mover: Seat) {
        let cells = &mut self.cells;
        *cells = SAFETIES[mover.index()];
        let mut blockades = 0u128;
        let progress = &PROGRESS[mover.index()];
        // (Seats that do not play have their pawns in the nest.)
        for (s, pawns) in board.iter().enumerate() {
            if s == mover.index() {
                continue;
            }
            let mut before = code::NEST;
            for (i, &c) in pawns.iter().enumerate() {
                if code::is_ring(c) {
                    let cell = usize::from(progress[usize::from(c)]);
                    if c == before {
                        cells[cell] &= SAFETY;
                        blockades |= 1 << cell;
                    } else {
                        cells[cell] |= LONE | ((4 * s + i) as u8) << PAWN_SHIFT;
                    }
                }
                before = c;
            }
        }
        self.blockades = repeat_ring(blockades);
    }
}

/// The steps of one roll: everything about the roll that does not change from state to
/// state, and the steps (section 2) possible in each state.
pub(crate) struct Generator {
    /// The state at the start of the roll.
    root: Node,
    rules: Rules,
    seat: Seat,
    start: Board,
    /// Where the opponents stand.
    opponents: Opponents,
    /// The roll's distinct die amounts, ascending; 0 for none.
    amounts: [u8; 2],
    /// How many die amounts the roll gives and their sum.
    start_dice: (u8, u8),
    /// The score of a play that spends every die amount, but for the pawns it enters.
    all_spent: Score,
    /// The mover's overdue blockade squares (`RollStart::overdue`) as progress codes.
    overdue: [u8; 2],
    /// Start squares of the tagged pairs (ids 0,1 and 2,3), 0 where there is none.
    pairs: [u8; 2],
    /// Whether ids 0,1 and 2,3 are two classes (a pair is tagged) rather than one.
    split: bool,
    /// The root's pawns and `pairs` for a roll the blockade rule does not and does apply to.
    arranged: [([u8; 4], [u8; 2]); 2],
    /// Whether the second of `arranged` is worked out: only a roll the blockade rule applies
    /// to needs it (under `seed`, doubles only).
    paired: bool,
    nest_at_start: u8,
    bonus_size: [u8; 2],
    /// What a capture and what reaching home add to a state's pending bonuses.
    gains: [u64; 2],
}

impl Generator {
    /// The generator of the roll `start`.
    pub(crate) fn new(start: &RollStart) -> Generator {
        let mut generator = Generator {
            root: Node(0),
            rules: start.rules,
            seat: start.mover,
            start: start.board,
            opponents: Opponents { blockades: 0, cells: [0; RING_CODES] },
            amounts: [0; 2],
            start_dice: (0, 0),
            all_spent: Score::NONE,
            overdue: [0; 2],
            pairs: [0; 2],
            split: false,
            arranged: [([0; 4], [0; 2]); 2],
            paired: false,
            nest_at_start: 0,
            bonus_size: [0; 2],
            gains: [0; 2],
        };
        generator.reset(start);
        generator
    }

    /// Makes this the generator of the roll `start`, in place.
    pub(crate) fn reset(&mut self, start: &RollStart) {
        let rules = start.rules;
        let seat = start.mover;
        // The mover's pawns by progress code: canonical order is ascending order.
        let progress = &PROGRESS[seat.index()];
        let own = start.board[seat.index()].map(|c| progress[usize::from(c)]);
        let merged = rules.capture_bonus == rules.home_bonus;
        self.rules = rules;
        self.seat = seat;
        self.start = start.board;
        self.overdue = start.overdue.map(|c| progress[usize::from(c)]);
        self.opponents.set(&start.board, seat);
        self.arranged[0] = (own, [0; 2]);
        self.paired = false;
        self.nest_at_start = own.iter().filter(|&&c| c == code::NEST).count() as u8;
        self.bonus_size = [rules.capture_bonus, if merged { 0 } else { rules.home_bonus }];
        self.gains = [
            if rules.capture_bonus > 0 { Spend::bonus(0).0 } else { 0 },
            if rules.home_bonus == 0 {
                0
            } else {
                // Both bonuses count as one kind when they are one size (merged).
                Spend::bonus(if merged { 0 } else { 1 }).0
            },
        ];
        self.set_roll(start.roll);
    }

    /// The mover's pawns `own` (in order) with each starting pair put at ids 0,1 and 2,3, so
    /// that the pair's pawns keep their identity, and the squares of those pairs (0 for none).
    fn arrange_pairs(own: [u8; 4]) -> ([u8; 4], [u8; 2]) {
        // The pawns are in canonical order, so the two pawns of a pair are neighbours.
        let mut pairs = [0u8; 2];
        let mut n = 0;
        let mut i = 0;
        while i < 3 {
            if own[i] == own[i + 1] && code::is_square(own[i]) {
                pairs[n] = own[i];
                n += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        if n == 0 {
            return (own, pairs);
        }
        let mut mover = own;
        let mut k = 0;
        for &sq in &pairs[..n] {
            mover[k] = sq;
            mover[k + 1] = sq;
            k += 2;
        }
        for &c in own.iter().filter(|c| !pairs[..n].contains(c)) {
            mover[k] = c;
            k += 1;
        }
        (mover, pairs)
    }

    /// Makes this the generator of `roll` from the same position: what depends on the roll
    /// is the dice and whether the blockade rule applies. Callers often search several rolls
    /// of one position in a row (perft, the bots, the benches).
    #[inline(always)]
    pub(crate) fn set_roll(&mut self, roll: Roll) {
        let applies = match self.rules.blockade_move {
            BlockadeMove::ForbiddenOnDoubles => roll.is_doubles(),
            BlockadeMove::ForbiddenOnEveryRoll => true,
        };
        if applies && !self.paired {
            self.arranged[1] = Self::arrange_pairs(self.arranged[0].0);
            self.paired = true;
        }
        let (mover, pairs) = self.arranged[usize::from(applies)];
        let (amounts, counts) = roll.distinct_amounts(self.nest_at_start == 0);
        let dice = u64::from(counts[0]) << DICE | u64::from(counts[1]) << (DICE + 2);
        self.root = Node(dice).with_pawns(mover);
        self.amounts = amounts;
        self.start_dice = (counts[0] + counts[1], counts[0] * amounts[0] + counts[1] * amounts[1]);
        self.all_spent = self.score(self.root.with_dice_spent());
        self.pairs = pairs;
        // A pair's square is a ring or home-row code, never 0.
        self.split = pairs[0] != 0;
        // Each class is in order: the pawns were, and a pair's two are equal.
        debug_assert!(if self.split {
            mover[0] <= mover[1] && mover[2] <= mover[3]
        } else {
            mover.is_sorted()
        });
    }

    /// For four-amount doubles, which of the three pairs of twin rolls this is, 1 to 3 (`d-d`
    /// and `(7-d)-(7-d)` give the same amounts, so the same search: `min(d, 7 - d)`); 0 for
    /// any other roll.
    #[inline(always)]
    pub(crate) fn twins(&self) -> usize {
        if self.start_dice.0 == 4 { usize::from(self.amounts[0]) } else { 0 }
    }

    /// Whether a pair is tagged (ids 0,1 and 2,3 two classes), as the sink `S` sees it: never
    /// for a sink that takes no state with one (`Sink::TAGGED`), whose loops then test none.
    #[inline(always)]
    fn tagged<S: Sink>(&self) -> bool {
        debug_assert!(S::TAGGED || !self.split, "a tagged pair handed to a sink without them");
        S::TAGGED && self.split
    }

    /// Puts pawn `id`, just moved from `from`, back in order among the pawns of its class
    /// (`split`: as `Generator::tagged` tells).
    fn reseat(m: &mut [u8; 4], mut id: usize, from: u8, split: bool) {
        if split {
            sort2(m, id & !1, id | 1);
        } else if m[id] > from {
            // Forward in progress codes, as every step is but one that passes the mover's
            // entry square going round again.
            while id < 3 && m[id] > m[id + 1] {
                m.swap(id, id + 1);
                id += 1;
            }
        } else {
            while id > 0 && m[id - 1] > m[id] {
                m.swap(id - 1, id);
                id -= 1;
            }
        }
    }

    fn is_valid(&self, n: Node) -> bool {
        if self.pairs == [0; 2] {
            return true;
        }
        let m = n.pawns();
        (0..2).all(|p| {
            let sq = self.pairs[p];
            let (a, b) = (m[2 * p], m[2 * p + 1]);
            sq == 0 || !(a == b && code::is_square(a) && a != sq)
        })
    }

    /// The step between two of the mover's progress codes.
    pub(crate) fn step(&self, codes: Codes) -> Step {
        let at = &STEP_ENDS[self.seat.index()];
        Step::new(at[usize::from(codes[0])], at[usize::from(codes[1])])
    }

    /// The step between two of the mover's progress codes, as location codes.
    pub(crate) fn step_codes(&self, codes: Codes) -> [u8; 2] {
        let absolute = &ABSOLUTE[self.seat.index()];
        [absolute[usize::from(codes[0])], absolute[usize::from(codes[1])]]
    }

    /// The board after a play ending in `n` as one key: the mover's pawns as a sorted multiset
    /// and the captured opponents, so that ends told apart only by pawn identity share a key.
    fn end_key(&self, n: Node) -> u64 {
        let mut own = n.pawns();
        // Without tagged pairs the pawns are kept sorted already.
        if self.split {
            merge_classes(&mut own);
        }
        u64::from(n.captured()) << 32 | u64::from(u32::from_be_bytes(own))
    }

    /// The unused die amounts of `n`, ascending.
    fn unused_dice(&self, n: Node) -> Amounts {
        let mut values = [0u8; 4];
        let mut len = 0;
        for slot in 0..2 {
            for _ in 0..n.dice(slot) {
                if len < 4 {
                    values[len] = self.amounts[slot];
                    len += 1;
                }
            }
        }
        Amounts::from_slice(&values[..len])
    }

    /// The section 3.3 measure of a play ending in `n`.
    fn score(&self, n: Node) -> Score {
        let (d0, d1) = (n.dice(0), n.dice(1));
        // Every play scores above `Score::NONE`.
        let mut score = 1 << 24 | u32::from(self.start_dice.0 - d0 - d1) << 16;
        score |= self.entered(n);
        if self.rules.one_die == OneDie::LargerDie {
            score |= u32::from(self.start_dice.1 - d0 * self.amounts[0] - d1 * self.amounts[1]);
        }
        Score(score)
    }

    /// `score` of a leaf: every die amount spent, so only the pawns entered can differ.
    #[inline(always)]
    fn leaf_score(&self, n: Node) -> Score {
        let score = Score(self.all_spent.0 | self.entered(n));
        debug_assert_eq!(score, self.score(n));
        score
    }

    /// The pawns `n` has entered, as a part of its score (none unless entering is a must).
    #[inline(always)]
    fn entered(&self, n: Node) -> u32 {
        if self.rules.entering != Entering::MustEnter {
            return 0;
        }
        let nests = n.pawns().iter().filter(|&&c| c == code::NEST).count() as u8;
        u32::from(self.nest_at_start - nests) << 8
    }

    /// Whether four-amount doubles must be used whole or not at all, given the best score of
    /// the roll's complete states.
    fn all_or_nothing_forces_empty(&self, best: Score) -> bool {
        self.rules.four_amount_doubles == FourAmountDoubles::AllOrNothing
            && self.start_dice.0 == 4
            && best.dice() < 4
    }

    /// The board after a play ending in `n`, each seat's pawns in canonical order (by
    /// progress, as `Position::sort_seat` puts them).
    #[inline(always)]
    fn board_of(&self, n: Node) -> Board {
        let mut board = self.start;
        let mut own = n.pawns();
        // Without tagged pairs the pawns are sorted by progress code already.
        if self.split {
            merge_classes(&mut own);
        }
        let absolute = &ABSOLUTE[self.seat.index()];
        board[self.seat.index()] = own.map(|c| absolute[usize::from(c)]);
        let captured = n.captured();
        if captured == 0 {
            return board;
        }
        // Captured pawns go to the nest (code 0), which comes first; the others keep their
        // order. Pawn `i` of a seat is byte `i` of its word: taking it out moves the bytes
        // below it up by one and puts a nest in front. Bits taken out lowest first leave the
        // places of the higher ones as they were.
        let mut taken = captured;
        while taken != 0 {
            let bit = taken.trailing_zeros();
            let (s, i) = ((bit / 4) as usize, bit % 4);
            let below = (1u32 << (8 * i)) - 1;
            let above = !(below | 0xFF << (8 * i));
            let pawns = u32::from_le_bytes(board[s]);
            board[s] = ((pawns & below) << 8 | pawns & above).to_le_bytes();
            taken &= taken - 1;
        }
        board
    }

    /// Hands the steps possible in `n` to `out`, as section 4.3 orders dice and bonuses;
    /// returns whether the dice phase ends in `n` (bonuses after dice, no die step possible).
    // Inlined into the walk, as profile-guided builds do: 0.4 to 1.6% fewer instructions
    // (`generate` inlined too costs more than that; docs/performance.md).
    #[inline(always)]
    fn children<S: Sink>(&self, n: Node, out: &mut S) -> bool {
        match self.rules.bonus_timing {
            BonusTiming::Immediately => {
                self.generate(n, true, true, out);
                false
            }
            BonusTiming::AfterDice if n.dice_over() => {
                self.generate(n, false, true, out);
                false
            }
            BonusTiming::AfterDice => {
                // With every die spent (as most bonus phases begin) there is no die step to
                // look for.
                if n.has_dice() {
                    let mut sink = Noting { out, any: false };
                    self.generate(n, true, false, &mut sink);
                    if sink.any {
                        return false;
                    }
                }
                // No die step: the bonus phase begins. The state keeps its key; its children
                // carry the phase on.
                if n.has_bonus() {
                    self.generate(Node(n.0 | DICE_OVER), false, true, out);
                }
                true
            }
        }
    }

    /// What `children` hands on for the start of the roll, with the steps of each amount
    /// taken from `starts` (or first put there): the steps from the start of a roll depend on
    /// the position, the amount and whether a pair is tagged (`split`, which picks the entry
    /// of `starts`), so the rolls of one position share them; a roll the blockade rule applies
    /// to with no pair to tag takes those of the other rolls.
    pub(crate) fn start_children<S: Sink>(&self, starts: &mut [StartSteps; 2], out: &mut S) {
        let root = self.root;
        let m = root.pawns();
        let known = &mut starts[usize::from(self.split)];
        // At the start no bonus is pending and no amount is spent: the steps `generate`
        // hands on with dice, in its order.
        if Self::in_nest(&m, self.tagged::<S>())
            && let Some(spend) = self.entering_spend(root)
        {
            self.replay::<true>(known.steps(self, 0), spend, out);
        }
        for slot in 0..2 {
            let k = self.amounts[slot];
            if k != 0 {
                self.replay::<false>(known.steps(self, k), Spend::die(slot), out);
            }
        }
    }

    /// Hands on `steps` from the start of the roll, each paying `spend`: one die, so that
    /// a die is left (every roll gives two at least), unless `BOTH` (entering with two dice
    /// that sum to 5), when a step may end the roll.
    #[inline(always)]
    fn replay<const BOTH: bool>(&self, steps: &[StartStep], spend: Spend, out: &mut impl Sink) {
        let base = self.root.0 & !0xFFFF_FFFF;
        for s in steps {
            let node = Node(base - spend.0 + s.gain).with_pawns(s.pawns);
            let child = Child { node, step: s.step };
            debug_assert!(BOTH || !node.is_leaf(), "a step of one die from the start ended the roll");
            if BOTH && node.is_leaf() { out.leaf(child) } else { out.inner(child) }
        }
    }

    /// What `children` hands on for a state with one die left (of the distinct amount
    /// `slot`), no bonus pending and the dice phase on (`Node::one_die`): the steps of that
    /// one amount. The commonest state to expand, searched by its own copy of the loop.
    #[inline(always)]
    fn one_die_children<S: Sink>(&self, n: Node, slot: usize, out: &mut S) {
        let m = n.pawns();
        if m == [code::HOME; 4] {
            return;
        }
        let occ = self.occupancy(&m, self.tagged::<S>());
        let k = self.amounts[slot];
        // The one die left is the whole dice field: what a step spends, with no shift.
        let spend = Spend(n.0 & 0xF << DICE);
        debug_assert_eq!(spend.0, Spend::die(slot).0);
        if k == 5 {
            self.enter::<S, true>(n, &m, &occ, spend, out);
        }
        self.advance_all::<S, true>(n, &m, &occ, k, spend, out);
    }

    /// What entering a pawn spends in `n`, if its dice allow it: a 5, or two dice that sum to
    /// 5 (then the roll's two amounts).
    #[inline(always)]
    fn entering_spend(&self, n: Node) -> Option<Spend> {
        let has = |v: u8| (0..2).any(|s| self.amounts[s] == v && n.dice(s) > 0);
        if has(5) {
            Some(Spend::die(usize::from(self.amounts[0] != 5)))
        } else if matches!(self.amounts, [1, 4] | [2, 3]) && n.dice(0) > 0 && n.dice(1) > 0 {
            Some(Spend(Spend::die(0).0 + Spend::die(1).0))
        } else {
            None
        }
    }

    /// Hands on the step that enters a pawn of `n` (whose pawns are `m`) paying `spend`, if
    /// one is in the nest and the entry square (progress code 1) holds no blockade.
    #[inline(always)]
    fn enter<S: Sink, const LAST: bool>(
        &self,
        n: Node,
        m: &[u8; 4],
        occ: &Occupancy,
        spend: Spend,
        out: &mut S,
    ) {
        let (id, to) = (Self::nest_id(self.tagged::<S>()), code::RING0);
        if m[id] == code::NEST && occ.ring >> to & 1 == 0 {
            // Entering captures a lone opponent even on the entry square.
            let gain = if self.lone_at(n, to) { self.capture(to) } else { 0 };
            self.push_child::<S, LAST>(n, m, id, to, spend, gain, out);
        }
    }

    /// The id of the pawn that enters when one of the mover's pawns is in the nest: a pawn in
    /// the nest comes first in its class, and the pawns of a starting pair (ids 0 and 1 when
    /// one is tagged) are never in the nest.
    #[inline(always)]
    fn nest_id(split: bool) -> usize {
        if split { 2 } else { 0 }
    }

    /// Whether one of the mover's pawns `m` is in the nest.
    #[inline(always)]
    fn in_nest(m: &[u8; 4], split: bool) -> bool {
        m[Self::nest_id(split)] == code::NEST
    }

    /// Where the blockades stand when the mover's pawns are `m`. Opponents move only by being
    /// captured and a pair is never captured, so theirs stand all roll.
    #[inline(always)]
    fn occupancy(&self, m: &[u8; 4], split: bool) -> Occupancy {
        let mut occ = Occupancy { ring: self.opponents.blockades, to_exit: 0, row_pairs: 0 };
        let mut pair = |i: usize, j: usize| {
            let c = m[i];
            if c == m[j] {
                if code::is_ring(c) {
                    occ.ring |= repeat_ring(1 << c);
                } else if code::is_row(c) {
                    occ.row_pairs |= 1 << (c - code::ROW0);
                }
            }
        };
        // Pawns of one class are sorted, so without tagged pairs equal pawns are neighbours.
        pair(0, 1);
        pair(1, 2);
        pair(2, 3);
        if split {
            pair(0, 2);
            pair(0, 3);
            pair(1, 3);
        }
        occ.to_exit = (occ.ring >> 1) as u64;
        occ
    }

    /// Whether an opponent stands alone on the ring square with code `c` in state `n`.
    fn lone_at(&self, n: Node, c: u8) -> bool {
        let cell = self.opponents.cells[usize::from(c)];
        cell & LONE != 0 && n.captured() >> (cell >> PAWN_SHIFT) & 1 == 0
    }

    /// Hands on every step of section 2 possible in `n` with die amounts (`dice`) and/or bonus
    /// amounts (`bonus`).
    fn generate<S: Sink>(&self, n: Node, dice: bool, bonus: bool, out: &mut S) {
        let m = n.pawns();
        if m == [code::HOME; 4] {
            return;
        }
        let split = self.tagged::<S>();
        let occ = self.occupancy(&m, split);
        if dice {
            // Most states have no pawn in the nest.
            if Self::in_nest(&m, split)
                && let Some(spend) = self.entering_spend(n)
            {
                self.enter::<S, false>(n, &m, &occ, spend, out);
            }
            for slot in 0..2 {
                if n.dice(slot) > 0 {
                    self.advance_all::<S, false>(n, &m, &occ, self.amounts[slot], Spend::die(slot), out);
                }
            }
        }
        if bonus {
            for kind in 0..2 {
                if n.bonus(kind) > 0 {
                    self.advance_all::<S, false>(n, &m, &occ, self.bonus_size[kind], Spend::bonus(kind), out);
                }
            }
        }
    }

    /// Hands on every step moving one pawn `k` steps (RULES.md section 2.3): along the ring,
    /// or along the home route when the pawn would pass its exit; the ring first.
    #[inline(always)]
    fn advance_all<S: Sink, const LAST: bool>(
        &self,
        n: Node,
        m: &[u8; 4],
        occ: &Occupancy,
        k: u8,
        spend: Spend,
        out: &mut S,
    ) {
        for id in 0..4 {
            let from = m[id];
            // Two pawns of one class on one square make the same steps: only the first moves.
            let twin = id > 0 && m[id - 1] == from && (!self.tagged::<S>() || id % 2 == 1);
            if !code::is_square(from) || twin {
                continue;
            }
            let (ring, home) = self.routes_of(occ, from, k);
            if ring != 0 {
                // Onto a lone opponent only off safeties, capturing it.
                if !self.lone_at(n, ring) {
                    self.push_child::<S, LAST>(n, m, id, ring, spend, 0, out);
                } else if self.opponents.cells[usize::from(ring)] & SAFETY == 0 {
                    self.push_child::<S, LAST>(n, m, id, ring, spend, self.capture(ring), out);
                }
            }
            if home != 0 {
                let gain = if home == code::HOME { self.gains[1] } else { 0 };
                self.push_child::<S, LAST>(n, m, id, home, spend, gain, out);
            }
        }
    }

    /// Where a pawn at `from` (a ring or home-row square) can go moving `k` steps with the
    /// blockades `occ`, as progress codes, 0 for nowhere: along the ring (past and onto no
    /// blockade), and through the home row (past and onto no pair). Whether an opponent on
    /// the ring square reached guards it is left to the caller.
    #[inline(always)]
    fn routes_of(&self, occ: &Occupancy, from: u8, k: u8) -> (u8, u8) {
        // Most steps start on the ring and end short of the exit (a home-row code is above
        // it): codes `from + 1..=from + k`, bits `from..from + k` (`k` is at least 1, so every
        // shift is below 64).
        if from + k <= EXIT {
            let run = ((1u64 << k) - 1) << from;
            return (if occ.to_exit & run == 0 { from + k } else { 0 }, 0);
        }
        self.routes_past_exit(occ, from, k)
    }

    /// `routes_of` for a step that starts in the home row or passes the exit square.
    #[inline(never)]
    fn routes_past_exit(&self, occ: &Occupancy, from: u8, k: u8) -> (u8, u8) {
        if code::is_row(from) {
            let end = from - code::ROW0 + k;
            let passed = row_span(from - code::ROW0 + 1, end);
            if end > 7 || occ.row_pairs & passed != 0 {
                return (0, 0);
            }
            return match end {
                7 => (0, code::HOME),
                _ if occ.row_pairs & (1 << end) == 0 => (0, code::ROW0 + end),
                _ => (0, 0),
            };
        }
        // Whether the `k` squares ahead hold no blockade; most states have none on the ring,
        // and then no run is built.
        let clear = |k: u8| occ.ring == 0 || occ.ring & ring_run(from, k) == 0;
        // Steps to the exit square.
        let j = if EXIT >= from { EXIT - from } else { EXIT + 68 - from };
        let mut ring = 0;
        if !(j < k && self.rules.home_row == HomeRow::Mandatory) && clear(k) {
            let end = from + k;
            ring = if end < code::ROW0 { end } else { end - 68 };
        }
        // Past the exit into the home row: `r` steps beyond the exit.
        let mut home = 0;
        if j < k && k - j <= 8 {
            let r = k - j;
            if clear(j) && occ.row_pairs & row_span(0, r - 1) == 0 {
                if r == 8 {
                    home = code::HOME;
                } else if occ.row_pairs & (1 << (r - 1)) == 0 {
                    home = code::ROW0 + r - 1;
                }
            }
        }
        (ring, home)
    }

    /// What landing on the ring square with code `c` adds to a state: a captured opponent and
    /// its bonus.
    fn capture(&self, c: u8) -> u64 {
        (1 << (CAPTURED + u32::from(self.opponents.cells[usize::from(c)] >> PAWN_SHIFT))) + self.gains[0]
    }

    /// Hands on the state after pawn `id` of `n` (whose pawns are `m`) moves to `to`, paying
    /// `spend` and earning `gain` (a capture, a bonus).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_child<S: Sink, const LAST: bool>(
        &self,
        n: Node,
        m: &[u8; 4],
        id: usize,
        to: u8,
        spend: Spend,
        gain: u64,
        out: &mut S,
    ) {
        let from = m[id];
        let mut pawns = *m;
        pawns[id] = to;
        Self::reseat(&mut pawns, id, from, self.tagged::<S>());
        let child = Node(n.0 - spend.0 + gain).with_pawns(pawns);
        // The bound that lets a bonus count take three bits (see `Node`); checked by induction.
        debug_assert!(child.bonus(0) + child.bonus(1) <= 4, "more than four bonuses pending");
        let child = Child { node: child, step: [from, to] };
        // From a state with one die left and nothing pending (`LAST`), a step ends the roll
        // unless it earned a bonus: told from the gain, which most calls know to be 0.
        let leaf = if LAST { gain >> DICE == 0 } else { child.node.is_leaf() };
        debug_assert_eq!(leaf, child.node.is_leaf());
        if leaf { out.leaf(child) } else { out.inner(child) }
    }
}

/// Where the generator hands the steps of a state: leaves (nothing left to spend) apart, so a
/// search can handle them inline.
pub(crate) trait Sink {
    /// Whether the states handed on may have a tagged pair (`Generator::split`); a sink that
    /// never takes such states says so, and the generator's tests of tagged pairs go from its
    /// copy of the loops.
    const TAGGED: bool = true;
    /// A child with nothing left to spend.
    fn leaf(&mut self, child: Child);
    /// Any other child.
    fn inner(&mut self, child: Child);
}

/// Every child to one function.
pub(crate) struct All<F>(pub F);

impl<F: FnMut(Child)> Sink for All<F> {
    fn leaf(&mut self, child: Child) {
        (self.0)(child);
    }
    fn inner(&mut self, child: Child) {
        (self.0)(child);
    }
}

/// Passes children on, noting whether there was any.
struct Noting<'a, S> {
    out: &'a mut S,
    any: bool,
}

impl<S: Sink> Sink for Noting<'_, S> {
    const TAGGED: bool = S::TAGGED;
    #[inline(always)]
    fn leaf(&mut self, child: Child) {
        self.any = true;
        self.out.leaf(child);
    }
    #[inline(always)]
    fn inner(&mut self, child: Child) {
        self.any = true;
        self.out.inner(child);
    }
}

/// A step as the codes of its two locations, turned into a [`Step`] only for a play.
pub(crate) type Codes = [u8; 2];

/// Per seat, the location of each of its progress codes (`ABSOLUTE`, then
/// `Location::from_code`): what a step of the search becomes in a play.
const STEP_ENDS: [[Location; 256]; 4] = {
    let mut table = [[Location::Nest; 256]; 4];
    let mut s = 0;
    while s < 4 {
        let mut c = 0;
        while c < 256 {
            table[s][c] = Location::from_code(ABSOLUTE[s][c]);
            c += 1;
        }
        s += 1;
    }
    table
};

/// The step between two location codes.
pub(crate) fn step_of(codes: Codes) -> Step {
    let at = Location::from_code;
    Step::new(at(codes[0]), at(codes[1]))
}

/// A state generated from another, and the step between them as the mover's progress codes.
#[derive(Clone, Copy)]
pub(crate) struct Child {
    node: Node,
    step: Codes,
}

/// A step from the start of a roll as the rolls of one position share it: the mover's pawns
/// after it, what it adds to the state (a capture and its bonus, a home bonus), and its codes;
/// what it spends depends on the roll.
#[derive(Clone, Copy, Default)]
struct StartStep {
    pawns: [u8; 4],
    gain: u64,
    step: Codes,
}

/// The steps from the start of the rolls of one position and arrangement (with a pair tagged
/// or not: `Generator::split`), by amount, found as the rolls ask for them
/// (`Generator::start_children`).
#[derive(Default)]
pub(crate) struct StartSteps {
    /// Whether the steps are known.
    known: bool,
    /// How many steps each amount has (amount 0: entering).
    len: [u8; 7],
    /// Per amount, at most two routes (the ring, the home row) for each of four pawns.
    steps: [[StartStep; 8]; 7],
}

/// Where `StartSteps::find` puts the steps of one amount.
struct Record<'a> {
    /// The start's state but for its pawns: spending nothing, a step's state is the start's
    /// with what it earns added.
    base: u64,
    steps: &'a mut [StartStep; 8],
    len: &'a mut u8,
}

impl Sink for Record<'_> {
    fn leaf(&mut self, child: Child) {
        self.inner(child);
    }
    fn inner(&mut self, c: Child) {
        let gain = (c.node.0 & !0xFFFF_FFFF) - self.base;
        self.steps[usize::from(*self.len)] = StartStep { pawns: c.node.pawns(), gain, step: c.step };
        *self.len += 1;
    }
}

impl StartSteps {
    /// Forgets every step: the position changed.
    pub(crate) fn clear(&mut self) {
        self.known = false;
    }

    /// The steps from the start of the roll of `generator` that move a pawn `k` (0: enter
    /// one), in the order `generate` hands them on.
    #[inline(always)]
    fn steps(&mut self, generator: &Generator, k: u8) -> &[StartStep] {
        if !self.known {
            self.find(generator);
        }
        let k = usize::from(k);
        &self.steps[k][..usize::from(self.len[k])]
    }

    /// Finds the steps of every amount for `steps`, once per position and arrangement, where
    /// the rolls ask for them several times each: all at once, as the rolls of a position ask
    /// for every amount.
    #[inline(never)]
    fn find(&mut self, generator: &Generator) {
        let root = generator.root;
        let m = root.pawns();
        let occ = generator.occupancy(&m, generator.split);
        let base = root.0 & !0xFFFF_FFFF;
        self.len = [0; 7];
        let [enter, amounts @ ..] = &mut self.steps;
        let [entering, lens @ ..] = &mut self.len;
        generator.enter::<_, false>(
            root,
            &m,
            &occ,
            Spend(0),
            &mut Record { base, steps: enter, len: entering },
        );
        for (k, (steps, len)) in (1..).zip(amounts.iter_mut().zip(lens.iter_mut())) {
            generator.advance_all::<_, false>(root, &m, &occ, k, Spend(0), &mut Record { base, steps, len });
        }
        self.known = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop for states with one die left hands on exactly the steps `children` hands on
    /// for them, in the same order: for every state of every roll of the positions of random
    /// games under every preset.
    #[test]
    fn one_die_children_are_the_children() {
        use crate::{GameState, Rules};
        use alloc::collections::BTreeSet;
        use alloc::vec::Vec;
        use rand::SeedableRng;
        let mut checked = 0;
        for rules in [Rules::seed(), Rules::hasbro(), Rules::racket()] {
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(5);
            let mut state = GameState::new(rules).expect("rules");
            let mut out = Vec::new();
            for n in 0..150 {
                if state.is_finished() {
                    break;
                }
                for roll in Roll::DISTINCT {
                    let generator = Generator::new(&state.roll_start(state.position().pawns, roll));
                    let steps = |node: Node, one_die: Option<usize>| {
                        let mut steps = Vec::new();
                        let mut all = All(|c: Child| steps.push((c.node.0, c.step)));
                        match one_die {
                            Some(slot) => generator.one_die_children(node, slot, &mut all),
                            None => drop(generator.children(node, &mut all)),
                        }
                        steps
                    };
                    let (mut stack, mut seen) = (Vec::from([generator.root]), BTreeSet::new());
                    while let Some(node) = stack.pop() {
                        let children = steps(node, None);
                        if let Some(slot) = node.one_die() {
                            assert_eq!(steps(node, Some(slot)), children, "{roll} {}", state.position());
                            checked += 1;
                        }
                        stack.extend(children.iter().filter(|c| seen.insert(c.0)).map(|c| Node(c.0)));
                    }
                }
                state.outcomes_into(Roll::random(&mut dice), &mut out).expect("awaits a roll");
                state = out[n % out.len()].state;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The board after a play sends every captured opponent to its nest, in front of its
    /// seat's other pawns, which keep their order: for every set of pawns of every seat.
    #[test]
    fn captured_pawns_go_to_the_nest_first() {
        use crate::{GameState, Rules};
        let position = "g:5,7,24,25 r:22,51,55,63 b:39,49,58,home y:n,59,3,4 r 0";
        let state =
            GameState::from_position(Rules::seed(), position.parse().expect("a position")).expect("a state");
        let roll = Roll::new(3, 3).expect("a roll");
        let generator = Generator::new(&state.roll_start(state.position().pawns, roll));
        let start = generator.start;
        for taken in 0..=u16::MAX {
            let board = generator.board_of(Node(generator.root.0 | u64::from(taken) << CAPTURED));
            for s in Seat::ALL.into_iter().filter(|&s| s != generator.seat) {
                let captured = |i: usize| taken >> (4 * s.index() + i) & 1 == 1;
                let kept = (0..4).filter(|&i| !captured(i)).map(|i| start[s.index()][i]);
                let mut expected = [code::NEST; 4];
                let first = 4 - kept.clone().count();
                for (place, c) in expected[first..].iter_mut().zip(kept) {
                    *place = c;
                }
                assert_eq!(board[s.index()], expected, "{s}, captured {taken:#06x}");
            }
        }
    }

    /// Progress codes undo to location codes; every seat's entry is code 1 and its exit code
    /// `EXIT`, and its safeties are where the board has them.
    #[test]
    fn progress_codes_are_the_board_turned_to_the_mover() {
        for seat in Seat::ALL {
            let (progress, absolute) = (&PROGRESS[seat.index()], &ABSOLUTE[seat.index()]);
            for c in 0..=code::HOME {
                assert_eq!(absolute[usize::from(progress[usize::from(c)])], c, "{seat} code {c}");
            }
            assert_eq!(progress[usize::from(Location::Ring(seat.entry()).code())], code::RING0);
            assert_eq!(progress[usize::from(Location::Ring(seat.exit()).code())], EXIT);
            for q in 0..68 {
                let square = Square::new(q).expect("a ring square");
                let cell = SAFETIES[seat.index()][usize::from(progress[usize::from(code::RING0 + q)])];
                assert_eq!(cell == SAFETY, square.is_safety(), "{seat} square {q}");
            }
        }
    }

    /// A run of `k` squares after square code `c` meets the blockade on square code `q` exactly
    /// when `q` is one of those squares, for every square, start and amount a step can have
    /// (bonuses up to 67 included, whose runs go past bit 127).
    #[test]
    fn ring_runs_meet_exactly_the_squares_passed() {
        for c in code::RING0..code::ROW0 {
            for k in 0..68 {
                let run = ring_run(c, k);
                for q in code::RING0..code::ROW0 {
                    let ahead = (q + 68 - c) % 68;
                    let passed = ahead >= 1 && ahead <= k;
                    assert_eq!(
                        repeat_ring(1 << q) & run != 0,
                        passed,
                        "square {c}, {k} steps, blockade on {q}"
                    );
                }
            }
        }
    }
}
