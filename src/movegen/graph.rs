//! The whole graph of one roll: every state and every step between states, so that a play can
//! be followed one step at a time (`GameState::roll`, `legal_steps`, `apply_step`) and an
//! illegal step explained. The last graph is kept per thread, since a user interface asks
//! about the same roll after every step.

use alloc::vec;
use alloc::vec::Vec;

use super::index::Index;
use super::{All, Board, Child, Generator, Node, RollStart, Score};
use crate::board::Seat;
use crate::dice::Amounts;
use crate::moves::{Play, Step};

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
    edges: (u32, u32),
    flags: u8,
}

#[derive(Clone, Copy)]
struct Edge {
    child: u32,
    step: Step,
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
    /// Children generated but not yet inserted, as a stack across the depth-first search.
    pending: Vec<Child>,
}

impl Graph {
    fn clear(&mut self) {
        self.entries.clear();
        self.edges.clear();
        self.index.clear();
        self.order.clear();
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

/// The searched graph of one roll.
pub(crate) struct RollSearch {
    /// What the search is of; the per-thread cache compares it (with `std` only).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    key: RollStart,
    generator: Generator,
    graph: Graph,
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
        let generator = Generator::new(start);
        let root = generator.root;
        graph.clear();
        let mut search = RollSearch { key: *start, generator, graph };
        search.insert(root);
        search.explore(0);
        search.mark_legal();
        search
    }

    fn insert(&mut self, node: Node) -> u32 {
        let fresh = self.graph.entries.len() as u32;
        let i = self.graph.index.get_or_insert(node.0, fresh);
        if i == fresh {
            let flags = if self.generator.is_valid(node) { VALID } else { 0 };
            self.graph.entries.push(Entry { node, edges: (0, 0), flags });
        }
        i
    }

    fn explore(&mut self, idx: u32) {
        let node = self.graph.entries[idx as usize].node;
        let first = self.graph.edges.len() as u32;
        if !node.is_leaf() {
            // Children go on one stack shared by the whole search (no per-state buffer).
            let mut out = core::mem::take(&mut self.graph.pending);
            let base = out.len();
            if self.generator.children(node, &mut All(|c| out.push(c))) {
                self.graph.entries[idx as usize].flags |= DICE_OVER;
            }
            for child in &out[base..] {
                let c = self.insert(child.node);
                let step = self.generator.step(child.step);
                self.graph.edges.push(Edge { child: c, step });
            }
            out.truncate(base);
            self.graph.pending = out;
        }
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

    fn best_score(&self) -> Option<Score> {
        self.graph
            .entries
            .iter()
            .filter(|e| e.flags & COMPLETE != 0)
            .map(|e| self.generator.score(e.node))
            .max()
    }

    fn mark_legal(&mut self) {
        let best = self.best_score();
        if self.generator.all_or_nothing_forces_empty(best.unwrap_or(Score::NONE)) {
            self.graph.entries[0].flags |= LEGAL;
        } else {
            for i in 0..self.graph.entries.len() {
                let e = &self.graph.entries[i];
                if e.flags & COMPLETE != 0 && Some(self.generator.score(e.node)) == best {
                    self.graph.entries[i].flags |= LEGAL;
                }
            }
        }
        let overdue = self.generator.overdue;
        for &sq in overdue.iter().filter(|&&sq| sq != 0) {
            let legal = |e: &Entry| e.flags & LEGAL != 0;
            if self.graph.entries.iter().any(|e| legal(e) && !e.node.has_blockade(sq)) {
                for e in self.graph.entries.iter_mut().filter(|e| legal(e) && e.node.has_blockade(sq)) {
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
    }

    /// Every legal play, each once as a sequence of steps, sorted by notation.
    pub(crate) fn legal_plays(&self) -> Vec<Play> {
        let mut plays = Vec::new();
        let mut path = Play::EMPTY;
        self.collect_plays(0, &mut path, &mut plays);
        plays.sort_by_cached_key(Play::notation_key);
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
    pub(crate) fn follow(&self, taken: impl IntoIterator<Item = Step>) -> States {
        taken.into_iter().fold(States::root(), |current, step| self.follow_step(&current, step))
    }

    /// The states reached by `step` from the states `current`, keeping only those from which
    /// a legal play can still be completed.
    pub(crate) fn follow_step(&self, current: &[u32], step: Step) -> States {
        let mut next = States::default();
        for &i in current {
            for c in self.children(i, step) {
                if self.graph.entries[c as usize].flags & REACH_LEGAL != 0 {
                    next.insert(c);
                }
            }
        }
        next
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

    /// Whether the roll is over at the states `current`: one ends a legal play, and no legal
    /// step leads on from any (where the steps can be read two ways, both can hold).
    pub(crate) fn is_over(&self, current: &[u32]) -> bool {
        self.is_legal_end(current) && !self.goes_on(current)
    }

    /// Whether a legal step leads on from one of `current`.
    fn goes_on(&self, current: &[u32]) -> bool {
        current.iter().any(|&i| {
            let (first, last) = self.graph.entries[i as usize].edges;
            self.graph.edges[first as usize..last as usize]
                .iter()
                .any(|e| self.graph.entries[e.child as usize].flags & REACH_LEGAL != 0)
        })
    }

    /// Whether one of `current` ends a legal play.
    pub(crate) fn is_legal_end(&self, current: &[u32]) -> bool {
        current.iter().any(|&i| self.graph.entries[i as usize].flags & LEGAL != 0)
    }

    /// The board after the states `current` (all of which have the same board).
    pub(crate) fn board_at(&self, current: &[u32]) -> Board {
        self.generator.board_of(self.graph.entries[current.first().copied().unwrap_or(0) as usize].node)
    }

    /// Unused die amounts (forfeited or not) and pending bonuses, in steps, of state `i`.
    pub(crate) fn amounts_at(&self, i: u32) -> (Amounts, [u8; 4], bool) {
        let n = self.graph.entries[i as usize].node;
        let mut bonuses = [0u8; 4];
        let mut len = 0;
        for kind in 0..2 {
            for _ in 0..n.bonus(kind) {
                if len < 4 {
                    bonuses[len] = self.generator.bonus_size[kind];
                    len += 1;
                }
            }
        }
        (
            self.generator.unused_dice(n),
            bonuses,
            n.dice_over() || self.graph.entries[i as usize].flags & DICE_OVER != 0,
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
                best = best.max(Some(self.generator.score(e.node)));
            }
            stack.extend(self.graph.edges[e.edges.0 as usize..e.edges.1 as usize].iter().map(|e| e.child));
        }
        let Some(mine) = best else { return Some(Rejection::BlockadeTogether) };
        let global = self.best_score();
        if self.generator.all_or_nothing_forces_empty(global.unwrap_or(Score::NONE)) {
            return Some(Rejection::AllOrNothing);
        }
        let global = global.unwrap_or(mine);
        Some(if mine.dice() < global.dice() {
            Rejection::MostDice
        } else if mine.entered() < global.entered() {
            Rejection::MustEnter
        } else if mine.pips() < global.pips() {
            Rejection::LargerDie
        } else {
            Rejection::OverdueBlockade
        })
    }

    /// The seat to move.
    pub(crate) fn seat(&self) -> Seat {
        self.generator.seat
    }
}
