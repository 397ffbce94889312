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

use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;

use crate::board::{Location, Seat, Seats, code};
use crate::dice::{Amounts, Roll};
use crate::moves::{Play, Step};
use crate::rules::{BlockadeMove, BonusTiming, Entering, FourAmountDoubles, HomeRow, OneDie, Rules};

/// Pawn locations of all four seats, as location codes.
pub(crate) type Board = [[u8; 4]; 4];

/// How a step pays for itself.
#[derive(Clone, Copy)]
enum Spend {
    Die(u8),
    TwoDice(u8, u8),
    Bonus(usize),
}

/// One roll state (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node {
    /// Mover's pawns by identity: ids 0,1 (and 2,3) are the starting pairs when the blockade
    /// rule applies; pawns of one class are kept sorted.
    mover: [u8; 4],
    /// Captured opponents, bit `4 * seat + i` for pawn `i` of the start position.
    captured: u16,
    /// Unused die amounts, sorted, 0 for a spent one.
    dice: [u8; 4],
    /// Pending bonuses: capture bonuses, home bonuses.
    bonus: [u8; 2],
    /// With bonuses after dice: the dice phase has ended.
    dice_over: bool,
}

impl Node {
    fn key(&self) -> u64 {
        let mut k = 0u64;
        for &c in &self.mover {
            k = k << 7 | u64::from(c);
        }
        k = k << 16 | u64::from(self.captured);
        for &d in &self.dice {
            k = k << 3 | u64::from(d);
        }
        k = k << 3 | u64::from(self.bonus[0]);
        k = k << 3 | u64::from(self.bonus[1]);
        k << 1 | u64::from(self.dice_over)
    }
}

const VALID: u8 = 1;
const REACH_VALID: u8 = 2;
const COMPLETE: u8 = 4;
const LEGAL: u8 = 8;
const REACH_LEGAL: u8 = 16;
const EXPLORED: u8 = 32;
/// The dice phase ended in this state (no die step was possible).
const DICE_OVER: u8 = 64;

struct Entry {
    node: Node,
    parent: u32,
    step: Step,
    edges: (u32, u32),
    flags: u8,
}

#[derive(Clone, Copy)]
struct Edge {
    child: u32,
    step: Step,
}

fn sort2(a: &mut [u8; 4], i: usize, j: usize) {
    if a[i] > a[j] {
        a.swap(i, j);
    }
}

/// Sorts four values with the optimal five-comparison network.
fn sort4(a: &mut [u8; 4]) {
    sort2(a, 0, 1);
    sort2(a, 2, 3);
    sort2(a, 0, 2);
    sort2(a, 1, 3);
    sort2(a, 1, 2);
}

/// The memo of a search: state key to state number, by open addressing. A generation stamp
/// per slot makes clearing free, so a table grown by one large search costs nothing to reuse
/// for many small ones.
#[derive(Default)]
struct Index {
    /// `(key, state, generation)`; a slot is live when its generation is the current one.
    slots: Vec<(u64, u32, u32)>,
    generation: u32,
    len: usize,
}

impl Index {
    fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches the stamps wrap: wipe them once.
            self.slots.iter_mut().for_each(|s| s.2 = 0);
            self.generation = 1;
        }
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
        while self.slots[i].2 == self.generation && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// The state of `key`, or `value` after recording it as the state of `key`; one probe.
    fn get_or_insert(&mut self, key: u64, value: u32) -> u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            let live: Vec<(u64, u32, u32)> =
                self.slots.iter().copied().filter(|s| s.2 == self.generation).collect();
            let size = (2 * self.slots.len()).max(64);
            self.slots.clear();
            self.slots.resize(size, (0, 0, 0));
            self.generation = 1;
            for (k, v, _) in live {
                let i = self.slot(k);
                self.slots[i] = (k, v, 1);
            }
        }
        let i = self.slot(key);
        if self.slots[i].2 == self.generation {
            return self.slots[i].1;
        }
        self.slots[i] = (key, value, self.generation);
        self.len += 1;
        value
    }
}

/// The searched graph of a roll: its growable parts, reused by the next search on the same
/// thread.
#[derive(Default)]
struct Graph {
    /// The roll states, the first being the start of the roll.
    entries: Vec<Entry>,
    /// The steps between states; each state's are a range (`Entry::edges`).
    edges: Vec<Edge>,
    /// State key to state number.
    index: Index,
    /// The states in post-order: every state after the states its steps lead to.
    order: Vec<u32>,
    /// The distinct legal ends (see `legal_ends`).
    ends: Vec<(u64, u32)>,
    /// Children generated but not yet inserted, as a stack across the depth-first search.
    pending: Vec<(Node, Step)>,
}

impl Graph {
    fn clear(&mut self) {
        self.entries.clear();
        self.edges.clear();
        self.index.clear();
        self.order.clear();
        self.ends.clear();
        self.pending.clear();
    }
}

#[cfg(feature = "std")]
std::thread_local! {
    /// The last search made on this thread: asked again about the same roll (as a user
    /// interface does after every step) it answers without searching; otherwise its graph's
    /// lists serve the next search, so searching does not allocate once they have grown.
    static LAST: core::cell::Cell<Option<RollSearch>> = const { core::cell::Cell::new(None) };
}

/// The states a sequence of steps can have reached: the steps say where pawns go, not which
/// of two pawns on a square moved, so several labellings of one position can fit.
///
/// Bound: the amounts a step spends follow from its two locations (a bonus is never a die
/// amount), so all states here have the same position and amounts and differ only in which
/// pawn carries which label: at most 4! = 24 labellings of four pawns.
#[derive(Clone, Copy, Default)]
pub(crate) struct States {
    items: [u32; 24],
    len: usize,
}

impl States {
    fn root() -> States {
        States { len: 1, ..States::default() }
    }

    fn insert(&mut self, i: u32) {
        if !self.contains(&i) && self.len < self.items.len() {
            self.items[self.len] = i;
            self.len += 1;
        }
    }
}

impl core::ops::Deref for States {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.items[..self.len]
    }
}

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

/// The searched graph of one roll.
pub(crate) struct RollSearch {
    /// What the search is of; the per-thread cache compares it (with `std` only).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    key: RollStart,
    rules: Rules,
    seat: Seat,
    seats: Seats,
    start: Board,
    /// Ring occupancy of the opponents at the start of the roll (see `ring`).
    opponents: [u8; 68],
    start_dice: Amounts,
    /// Start squares of the tagged pairs (ids 0,1 and 2,3), 0 where there is none.
    pairs: [u8; 2],
    /// Whether ids 0,1 and 2,3 are two classes (a pair is tagged) rather than one.
    split: bool,
    nest_at_start: u8,
    bonus_size: [u8; 2],
    graph: Graph,
}

/// What the legal plays of a roll spend: used to explain why a step is not legal.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Score {
    pub dice: u8,
    pub entered: u8,
    pub pips: u8,
}

/// Why a possible step begins no legal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rejection {
    BlockadeTogether,
    AllOrNothing,
    MostDice,
    MustEnter,
    LargerDie,
    OverdueBlockade,
}

impl RollSearch {
    /// Runs `f` on the search of the roll `start`, reusing this thread's last search if it
    /// was of the same roll.
    pub(crate) fn with<R>(start: &RollStart, f: impl FnOnce(&RollSearch) -> R) -> R {
        #[cfg(feature = "std")]
        {
            let last = LAST.try_with(|l| l.take()).ok().flatten();
            let search = match last {
                Some(s) if s.key == *start => s,
                Some(s) => RollSearch::new(start, s.graph),
                None => RollSearch::new(start, Graph::default()),
            };
            let result = f(&search);
            // Ignore the rare case of a search made during thread teardown.
            let _ = LAST.try_with(|l| l.set(Some(search)));
            result
        }
        #[cfg(not(feature = "std"))]
        f(&RollSearch::new(start, Graph::default()))
    }

    fn new(start: &RollStart, mut graph: Graph) -> RollSearch {
        let rules = start.rules;
        let seat = start.mover;
        let own = start.board[seat.index()];
        let nest_at_start = own.iter().filter(|&&c| c == code::NEST).count() as u8;
        let start_dice = start.roll.amounts(nest_at_start == 0);
        let applies = match rules.blockade_move {
            BlockadeMove::ForbiddenOnDoubles => start.roll.is_doubles(),
            BlockadeMove::ForbiddenOnEveryRoll => true,
        };
        // Put each starting pair at ids 0,1 and 2,3 so their pawns keep their identity.
        let mut mover = own;
        let mut pairs = [0u8; 2];
        let mut split = false;
        if applies {
            // The board is in canonical order, so the two pawns of a pair are neighbours.
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
            if n > 0 {
                split = true;
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
            }
        }
        let merged = rules.capture_bonus == rules.home_bonus;
        let mut dice = [0u8; 4];
        dice[4 - start_dice.len()..].copy_from_slice(start_dice.as_slice());
        graph.clear();
        let mut opponents = [0u8; 68];
        for s in start.seats.iter().filter(|&s| s != seat) {
            for &c in &start.board[s.index()] {
                if code::is_ring(c) {
                    let cell = &mut opponents[(c - code::RING0) as usize];
                    *cell = ((*cell & 3) + 1) | ((s as u8) << 2);
                }
            }
        }
        let mut search = RollSearch {
            key: *start,
            rules,
            seat,
            seats: start.seats,
            start: start.board,
            opponents,
            start_dice,
            pairs,
            split,
            nest_at_start,
            bonus_size: [rules.capture_bonus, if merged { 0 } else { rules.home_bonus }],
            graph,
        };
        let mut root = Node { mover, captured: 0, dice, bonus: [0; 2], dice_over: false };
        search.canonicalize(&mut root);
        search.insert(root, 0, Step::new(Location::Nest, Location::Nest));
        search.explore(0);
        search.mark_legal(&start.overdue);
        search
    }

    fn canonicalize(&self, n: &mut Node) {
        if self.split {
            sort2(&mut n.mover, 0, 1);
            sort2(&mut n.mover, 2, 3);
        } else {
            sort4(&mut n.mover);
        }
        sort4(&mut n.dice);
    }

    fn class(&self, id: usize) -> usize {
        if self.split { id / 2 } else { 0 }
    }

    fn insert(&mut self, node: Node, parent: u32, step: Step) -> u32 {
        let fresh = self.graph.entries.len() as u32;
        let i = self.graph.index.get_or_insert(node.key(), fresh);
        if i == fresh {
            let flags = if self.is_valid(&node) { VALID } else { 0 };
            self.graph.entries.push(Entry { node, parent, step, edges: (0, 0), flags });
        }
        i
    }

    fn is_valid(&self, n: &Node) -> bool {
        (0..2).all(|p| {
            let sq = self.pairs[p];
            let (a, b) = (n.mover[2 * p], n.mover[2 * p + 1]);
            sq == 0 || !(a == b && code::is_square(a) && a != sq)
        })
    }

    fn explore(&mut self, idx: u32) {
        let mut node = self.graph.entries[idx as usize].node;
        if node.dice == [0; 4] && node.bonus == [0; 2] {
            // Nothing left to spend, so no step: most states of a roll are such leaves.
            let edges = self.graph.edges.len() as u32;
            let entry = &mut self.graph.entries[idx as usize];
            entry.edges = (edges, edges);
            entry.flags |= EXPLORED | if entry.flags & VALID != 0 { COMPLETE } else { 0 };
            self.graph.order.push(idx);
            return;
        }
        // Children go on one stack shared by the whole search (no per-state buffer to set up).
        let mut out = core::mem::take(&mut self.graph.pending);
        let base = out.len();
        match self.rules.bonus_timing {
            BonusTiming::Immediately => self.generate(&node, true, true, &mut out),
            BonusTiming::AfterDice => {
                if !node.dice_over {
                    self.generate(&node, true, false, &mut out);
                    // No die step: the dice phase ends here and the bonus phase begins. The
                    // state keeps its key; its children carry the phase on.
                    if out.len() == base {
                        node.dice_over = true;
                        self.graph.entries[idx as usize].flags |= DICE_OVER;
                    }
                }
                if node.dice_over {
                    self.generate(&node, false, true, &mut out);
                }
            }
        }
        let first = self.graph.edges.len() as u32;
        for &(child, step) in &out[base..] {
            let c = self.insert(child, idx, step);
            self.graph.edges.push(Edge { child: c, step });
        }
        out.truncate(base);
        self.graph.pending = out;
        let last = self.graph.edges.len() as u32;
        self.graph.entries[idx as usize].edges = (first, last);
        let mut reach_valid = false;
        for e in first..last {
            let c = self.graph.edges[e as usize].child;
            if self.graph.entries[c as usize].flags & EXPLORED == 0 {
                self.explore(c);
            }
            let f = self.graph.entries[c as usize].flags;
            reach_valid |= f & (VALID | REACH_VALID) != 0;
        }
        let entry = &mut self.graph.entries[idx as usize];
        entry.flags |= EXPLORED;
        if reach_valid {
            entry.flags |= REACH_VALID;
        } else if entry.flags & VALID != 0 {
            entry.flags |= COMPLETE;
        }
        self.graph.order.push(idx);
    }

    /// The section 3.3 measure of a play ending in `n`.
    fn score(&self, n: &Node) -> Score {
        let unused = n.dice.iter().filter(|&&d| d != 0).count();
        let dice = (self.start_dice.len() - unused) as u8;
        let pips = (self.start_dice.pips() - n.dice.iter().map(|&d| u32::from(d)).sum::<u32>()) as u8;
        let entered = self.nest_at_start - n.mover.iter().filter(|&&c| c == code::NEST).count() as u8;
        Score {
            dice,
            entered: if self.rules.entering == Entering::MustEnter { entered } else { 0 },
            pips: if self.rules.one_die == OneDie::LargerDie { pips } else { 0 },
        }
    }

    fn all_or_nothing_forces_empty(&self) -> bool {
        self.rules.four_amount_doubles == FourAmountDoubles::AllOrNothing
            && self.start_dice.len() == 4
            && !self.graph.entries.iter().any(|e| e.flags & COMPLETE != 0 && self.score(&e.node).dice == 4)
    }

    fn best_score(&self) -> Option<Score> {
        self.graph.entries.iter().filter(|e| e.flags & COMPLETE != 0).map(|e| self.score(&e.node)).max()
    }

    fn has_blockade(n: &Node, sq: u8) -> bool {
        n.mover.iter().filter(|&&c| c == sq).count() == 2
    }

    fn mark_legal(&mut self, overdue: &[u8]) {
        if self.all_or_nothing_forces_empty() {
            self.graph.entries[0].flags |= LEGAL;
        } else {
            let best = self.best_score();
            for i in 0..self.graph.entries.len() {
                let e = &self.graph.entries[i];
                if e.flags & COMPLETE != 0 && Some(self.score(&e.node)) == best {
                    self.graph.entries[i].flags |= LEGAL;
                }
            }
        }
        for &sq in overdue.iter().filter(|&&sq| sq != 0) {
            let legal = |e: &Entry| e.flags & LEGAL != 0;
            if self.graph.entries.iter().any(|e| legal(e) && !Self::has_blockade(&e.node, sq)) {
                for e in self.graph.entries.iter_mut().filter(|e| legal(e) && Self::has_blockade(&e.node, sq))
                {
                    e.flags &= !LEGAL;
                }
            }
        }
        for k in 0..self.graph.order.len() {
            let i = self.graph.order[k] as usize;
            let (first, last) = self.graph.entries[i].edges;
            let reach = self.graph.entries[i].flags & LEGAL != 0
                || (first..last).any(|e| {
                    self.graph.entries[self.graph.edges[e as usize].child as usize].flags & REACH_LEGAL != 0
                });
            if reach {
                self.graph.entries[i].flags |= REACH_LEGAL;
            }
        }
        let mut ends = core::mem::take(&mut self.graph.ends);
        ends.clear();
        ends.extend(
            (0..self.graph.entries.len() as u32)
                .filter(|&i| self.graph.entries[i as usize].flags & LEGAL != 0)
                .map(|i| (self.end_key(i), i)),
        );
        ends.sort_unstable();
        ends.dedup_by_key(|e| e.0);
        self.graph.ends = ends;
    }

    /// Ring occupancy: count in the low two bits, seat above. Opponents move only by being
    /// captured, so this starts from their occupancy at the start of the roll.
    fn ring(&self, n: &Node) -> [u8; 68] {
        let mut ring = self.opponents;
        let mut captured = n.captured;
        while captured != 0 {
            let bit = captured.trailing_zeros() as usize;
            captured &= captured - 1;
            let c = self.start[bit / 4][bit % 4];
            ring[(c - code::RING0) as usize] -= 1;
        }
        let own = (self.seat as u8) << 2;
        for &c in &n.mover {
            if code::is_ring(c) {
                let cell = &mut ring[(c - code::RING0) as usize];
                *cell = ((*cell & 3) + 1) | own;
            }
        }
        ring
    }

    /// Appends every step of section 2 possible in `n` with die amounts (`dice`) and/or bonus
    /// amounts (`bonus`).
    fn generate(&self, n: &Node, dice: bool, bonus: bool, out: &mut Vec<(Node, Step)>) {
        if n.mover.iter().all(|&c| c == code::HOME) {
            return;
        }
        let ring = self.ring(n);
        if dice {
            if let Some(id) = n.mover.iter().position(|&c| c == code::NEST) {
                let entry = self.seat.entry().number();
                if ring[entry as usize] & 3 < 2 {
                    let has = |v: u8| n.dice.contains(&v);
                    let to = code::RING0 + entry;
                    if has(5) {
                        self.push_child(n, &ring, id, to, Spend::Die(5), out);
                    }
                    for (a, b) in [(1, 4), (2, 3)] {
                        if has(a) && has(b) {
                            self.push_child(n, &ring, id, to, Spend::TwoDice(a, b), out);
                        }
                    }
                }
            }
            for (i, &v) in n.dice.iter().enumerate() {
                if v != 0 && (i == 0 || n.dice[i - 1] != v) {
                    self.advance_all(n, &ring, v, Spend::Die(v), out);
                }
            }
        }
        if bonus {
            for kind in 0..2 {
                if n.bonus[kind] > 0 {
                    self.advance_all(n, &ring, self.bonus_size[kind], Spend::Bonus(kind), out);
                }
            }
        }
    }

    fn advance_all(&self, n: &Node, ring: &[u8; 68], k: u8, spend: Spend, out: &mut Vec<(Node, Step)>) {
        for id in 0..4 {
            let from = n.mover[id];
            if !code::is_square(from)
                || (0..id).any(|j| n.mover[j] == from && self.class(j) == self.class(id))
            {
                continue;
            }
            for home_route in [false, true] {
                if let Some(to) = self.route(n, ring, from, k, home_route) {
                    self.push_child(n, ring, id, to, spend, out);
                }
            }
        }
    }

    /// Where pawn at `from` ends moving `k` steps along the ring or the home route, if the
    /// route exists and is open (RULES.md section 2.3).
    fn route(&self, n: &Node, ring: &[u8; 68], from: u8, k: u8, home_route: bool) -> Option<u8> {
        let own_row = |t: u8| n.mover.iter().filter(|&&c| c == code::ROW0 + t).count();
        let blocked_ring = |q: u8| ring[q as usize % 68] & 3 == 2;
        if code::is_row(from) {
            if home_route {
                return None;
            }
            let h = from - code::ROW0;
            let end = h + k;
            if end > 7 || (h + 1..end).any(|t| own_row(t) == 2) {
                return None;
            }
            return if end == 7 { Some(code::HOME) } else { (own_row(end) < 2).then_some(code::ROW0 + end) };
        }
        let q = from - code::RING0;
        let j = crate::board::Square::new(q)?.steps_to(self.seat.exit());
        if home_route {
            if j >= k || k - j > 8 {
                return None;
            }
            let r = k - j;
            if (1..=j).any(|i| blocked_ring(q + i)) || (0..r - 1).any(|t| own_row(t) == 2) {
                return None;
            }
            return if r == 8 {
                Some(code::HOME)
            } else {
                (own_row(r - 1) < 2).then_some(code::ROW0 + r - 1)
            };
        }
        if j < k && self.rules.home_row == HomeRow::Mandatory {
            return None;
        }
        if (1..k).any(|i| blocked_ring(q + i)) {
            return None;
        }
        let end = (q + k) % 68;
        let cell = ring[end as usize];
        let landable = match cell & 3 {
            0 => true,
            1 => cell >> 2 == self.seat as u8 || !crate::board::Square::new(end)?.is_safety(),
            _ => false,
        };
        landable.then_some(code::RING0 + end)
    }

    fn push_child(
        &self,
        n: &Node,
        ring: &[u8; 68],
        id: usize,
        to: u8,
        spend: Spend,
        out: &mut Vec<(Node, Step)>,
    ) {
        let mut child = *n;
        let from = n.mover[id];
        child.mover[id] = to;
        let mut spend_die = |v: u8| {
            if let Some(slot) = child.dice.iter_mut().find(|d| **d == v) {
                *slot = 0;
            }
        };
        match spend {
            Spend::Die(v) => spend_die(v),
            Spend::TwoDice(a, b) => {
                spend_die(a);
                spend_die(b);
            }
            Spend::Bonus(kind) => child.bonus[kind] -= 1,
        }
        if code::is_ring(to) {
            let cell = ring[(to - code::RING0) as usize];
            let owner = cell >> 2;
            if cell & 3 == 1 && owner != self.seat as u8 {
                let s = owner as usize;
                if let Some(i) =
                    (0..4).find(|&i| self.start[s][i] == to && n.captured >> (4 * s + i) & 1 == 0)
                {
                    child.captured |= 1 << (4 * s + i);
                    if self.bonus_size[0] > 0 {
                        child.bonus[0] += 1;
                    }
                }
            }
        }
        if to == code::HOME && self.rules.home_bonus > 0 {
            child.bonus[if self.bonus_size[1] == 0 { 0 } else { 1 }] += 1;
        }
        self.canonicalize(&mut child);
        out.push((child, Step::new(Location::from_code(from), Location::from_code(to))));
    }

    /// The board after the play ending in entry `i`.
    pub(crate) fn board_of(&self, i: u32) -> Board {
        let n = &self.graph.entries[i as usize].node;
        let mut board = self.start;
        for s in self.seats.iter() {
            for (p, pawn) in board[s.index()].iter_mut().enumerate() {
                if n.captured >> (4 * s.index() + p) & 1 != 0 {
                    *pawn = code::NEST;
                }
            }
        }
        board[self.seat.index()] = n.mover;
        board
    }

    /// The first play found that leads to state `i`.
    pub(crate) fn play_to(&self, i: u32) -> Play {
        let mut reversed = [Step::new(Location::Nest, Location::Nest); crate::moves::MAX_PLAY_LEN];
        let (mut len, mut at) = (0, i);
        while at != 0 && len < reversed.len() {
            let e = &self.graph.entries[at as usize];
            reversed[len] = e.step;
            len += 1;
            at = e.parent;
        }
        let mut play = Play::EMPTY;
        for &step in reversed[..len].iter().rev() {
            // Cannot fail: a path has at most MAX_PLAY_LEN steps (see its bound).
            let _ = play.push(step);
        }
        play
    }

    /// The board after a legal end as one key: the mover's pawns as a sorted multiset and the
    /// captured opponents, so that ends told apart only by pawn identity share a key.
    fn end_key(&self, i: u32) -> u64 {
        let n = &self.graph.entries[i as usize].node;
        let mut own = n.mover;
        own.sort_unstable();
        own.iter().fold(u64::from(n.captured), |k, &c| k << 7 | u64::from(c))
    }

    /// The distinct legal ends as `(key, state)`, in the order of their keys; ends told apart
    /// only by pawn identity appear once.
    pub(crate) fn legal_ends(&self) -> &[(u64, u32)] {
        &self.graph.ends
    }

    /// Every legal play, each once as a sequence of steps, in generation order.
    pub(crate) fn legal_plays(&self) -> Vec<Play> {
        let mut plays = Vec::new();
        let mut path = Play::EMPTY;
        self.collect_plays(0, &mut path, &mut plays);
        plays.sort_by_key(|p| p.to_string());
        plays.dedup();
        plays
    }

    fn collect_plays(&self, i: u32, path: &mut Play, plays: &mut Vec<Play>) {
        let e = &self.graph.entries[i as usize];
        if e.flags & LEGAL != 0 {
            // A legal play is complete: no legal play extends it.
            plays.push(*path);
            return;
        }
        for edge in &self.graph.edges[e.edges.0 as usize..e.edges.1 as usize] {
            if self.graph.entries[edge.child as usize].flags & REACH_LEGAL != 0
                && path.push(edge.step).is_ok()
            {
                self.collect_plays(edge.child, path, plays);
                path.pop();
            }
        }
    }

    /// The states reached by the steps `taken` from the start of the roll, keeping only those
    /// from which a legal play can still be completed.
    pub(crate) fn follow(&self, taken: &[Step]) -> States {
        let mut current = States::root();
        for &step in taken {
            let mut next = States::default();
            for &i in current.iter() {
                for c in self.children(i, step) {
                    if self.graph.entries[c as usize].flags & REACH_LEGAL != 0 {
                        next.insert(c);
                    }
                }
            }
            current = next;
        }
        current
    }

    fn children(&self, i: u32, step: Step) -> impl Iterator<Item = u32> + '_ {
        let (first, last) = self.graph.entries[i as usize].edges;
        self.graph.edges[first as usize..last as usize]
            .iter()
            .filter(move |e| e.step == step)
            .map(|e| e.child)
    }

    /// The legal next steps from the states `current`, each once, in generation order.
    pub(crate) fn legal_steps(&self, current: &[u32], steps: &mut Vec<Step>) {
        steps.clear();
        for &i in current {
            let (first, last) = self.graph.entries[i as usize].edges;
            for e in &self.graph.edges[first as usize..last as usize] {
                if self.graph.entries[e.child as usize].flags & REACH_LEGAL != 0 && !steps.contains(&e.step) {
                    steps.push(e.step);
                }
            }
        }
    }

    /// Whether one of `current` ends a legal play.
    pub(crate) fn is_legal_end(&self, current: &[u32]) -> bool {
        current.iter().any(|&i| self.graph.entries[i as usize].flags & LEGAL != 0)
    }

    /// The board after the states `current` (all of which have the same board).
    pub(crate) fn board_at(&self, current: &[u32]) -> Board {
        self.board_of(current.first().copied().unwrap_or(0))
    }

    /// Unused die amounts (forfeited or not) and pending bonuses, in steps, of state `i`.
    pub(crate) fn amounts_at(&self, i: u32) -> (Amounts, [u8; 4], bool) {
        let n = &self.graph.entries[i as usize].node;
        let unused = n.dice.iter().position(|&d| d != 0).unwrap_or(4);
        let mut bonuses = [0u8; 4];
        let mut len = 0;
        for kind in 0..2 {
            for _ in 0..n.bonus[kind] {
                if len < 4 {
                    bonuses[len] = self.bonus_size[kind];
                    len += 1;
                }
            }
        }
        // Spent dice are zeros, sorted first.
        (
            Amounts::from_slice(&n.dice[unused..]),
            bonuses,
            n.dice_over || self.graph.entries[i as usize].flags & DICE_OVER != 0,
        )
    }

    /// Why the step `step` from the states `current` begins no legal play, if section 2 allows
    /// it; `None` if section 2 does not.
    pub(crate) fn rejection(&self, current: &[u32], step: Step) -> Option<Rejection> {
        let children: Vec<u32> = current.iter().flat_map(|&i| self.children(i, step)).collect();
        if children.is_empty() {
            return None;
        }
        // The complete states reachable through the step.
        let mut seen = vec![false; self.graph.entries.len()];
        let mut stack = children;
        let mut best: Option<Score> = None;
        while let Some(i) = stack.pop() {
            if core::mem::replace(&mut seen[i as usize], true) {
                continue;
            }
            let e = &self.graph.entries[i as usize];
            if e.flags & COMPLETE != 0 {
                best = best.max(Some(self.score(&e.node)));
            }
            stack.extend(self.graph.edges[e.edges.0 as usize..e.edges.1 as usize].iter().map(|e| e.child));
        }
        let Some(mine) = best else { return Some(Rejection::BlockadeTogether) };
        if self.all_or_nothing_forces_empty() {
            return Some(Rejection::AllOrNothing);
        }
        let global = self.best_score().unwrap_or(mine);
        Some(if mine.dice < global.dice {
            Rejection::MostDice
        } else if mine.entered < global.entered {
            Rejection::MustEnter
        } else if mine.pips < global.pips {
            Rejection::LargerDie
        } else {
            Rejection::OverdueBlockade
        })
    }

    /// The seat to move.
    pub(crate) fn seat(&self) -> Seat {
        self.seat
    }
}
