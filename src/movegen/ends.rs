//! The distinct legal ends of a roll, found by one depth-first walk that keeps no graph: only
//! the states with steps beyond them are remembered (to visit each once and to rebuild one play
//! to every end), and the complete states that score best so far. This is what
//! `GameState::outcomes` and perft ask, millions of times over.

use alloc::vec::Vec;

use super::index::Index;
use super::{Board, Child, Generator, Node, RollStart, Score};
use crate::board::Location;
use crate::moves::{MAX_PLAY_LEN, Play, Step};

/// No state: the "parent" of the start of the roll.
const NONE: u32 = u32::MAX;

/// A complete state scoring as well as the best so far, and the step by which the walk first
/// reached it from state `via` (`NONE` for the start of the roll itself).
#[derive(Clone, Copy)]
struct Candidate {
    node: Node,
    via: u32,
    step: Step,
}

/// The buffers of a walk, reused by the next walk on the same thread.
#[derive(Default)]
struct Buffers {
    /// State key to state number, for the states with steps beyond them.
    index: Index,
    /// Per state number: the state and step that first led to it, and whether it is valid
    /// or leads to a valid state.
    trail: Vec<(u32, Step, bool)>,
    /// Children generated but not yet visited, as a stack across the walk.
    pending: Vec<Child>,
    /// The complete states with the best score so far.
    candidates: Vec<Candidate>,
    /// The legal ends as `(end key, candidate)`, one per key, in the order of the keys.
    ends: Vec<(u64, u32)>,
}

#[cfg(feature = "std")]
std::thread_local! {
    static BUFFERS: core::cell::Cell<Option<Buffers>> = const { core::cell::Cell::new(None) };
}

/// The distinct legal ends of one roll.
pub(crate) struct Ends {
    generator: Generator,
    buffers: Buffers,
}

impl Ends {
    /// Runs `f` on the legal ends of the roll `start`.
    pub(crate) fn with<R>(start: &RollStart, f: impl FnOnce(&Ends) -> R) -> R {
        #[cfg(feature = "std")]
        let buffers = BUFFERS.try_with(|b| b.take()).ok().flatten().unwrap_or_default();
        #[cfg(not(feature = "std"))]
        let buffers = Buffers::default();
        let (generator, root) = Generator::new(start);
        let mut ends = Ends { generator, buffers };
        ends.walk(root, &start.overdue);
        let result = f(&ends);
        #[cfg(feature = "std")]
        {
            // Ignore the rare case of a walk made during thread teardown.
            let _ = BUFFERS.try_with(|b| b.set(Some(ends.buffers)));
        }
        result
    }

    /// How many distinct legal ends there are.
    pub(crate) fn len(&self) -> usize {
        self.buffers.ends.len()
    }

    /// The board after each distinct legal end and one play leading there, in the order of
    /// their keys.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Board, Play)> + '_ {
        self.buffers.ends.iter().map(|&(_, c)| {
            let c = &self.buffers.candidates[c as usize];
            (self.generator.board_of(c.node), self.play_to(c))
        })
    }

    fn play_to(&self, c: &Candidate) -> Play {
        if c.via == NONE {
            return Play::EMPTY;
        }
        let trail = &self.buffers.trail;
        // State 0 is the start of the roll; every other state's trail leads back to it.
        let mut len = 1;
        let mut at = c.via;
        while at != 0 {
            len += 1;
            at = trail[at as usize].0;
        }
        // A path has at most MAX_PLAY_LEN steps (see its bound); `min` keeps indexing safe.
        let len = len.min(MAX_PLAY_LEN);
        let mut steps = [c.step; MAX_PLAY_LEN];
        let (mut i, mut at) = (len - 1, c.via);
        while at != 0 && i > 0 {
            i -= 1;
            steps[i] = trail[at as usize].1;
            at = trail[at as usize].0;
        }
        Play::from_parts(steps, len)
    }

    fn walk(&mut self, root: Node, overdue: &[u8; 2]) {
        let b = &mut self.buffers;
        b.index.clear();
        b.trail.clear();
        b.pending.clear();
        b.candidates.clear();
        b.ends.clear();
        let _ = b.index.get_or_insert(root.0, 0);
        b.trail.push((NONE, Step::new(Location::Nest, Location::Nest), true));
        let mut best = None;
        if !self.visit(root, 0, &mut best) {
            self.consider(root, NONE, Step::new(Location::Nest, Location::Nest), &mut best);
        }
        let b = &mut self.buffers;
        if self.generator.all_or_nothing_forces_empty(best) {
            b.candidates.clear();
            b.candidates.push(Candidate {
                node: root,
                via: NONE,
                step: Step::new(Location::Nest, Location::Nest),
            });
        }
        for &sq in overdue.iter().filter(|&&sq| sq != 0) {
            if b.candidates.iter().any(|c| !c.node.has_blockade(sq)) {
                b.candidates.retain(|c| !c.node.has_blockade(sq));
            }
        }
        b.ends.extend(b.candidates.iter().enumerate().map(|(i, c)| (c.node.end_key(), i as u32)));
        if b.ends.len() <= 16 {
            // Most rolls have a handful of ends: insertion sort beats the general sort there.
            for i in 1..b.ends.len() {
                let mut j = i;
                while j > 0 && b.ends[j - 1] > b.ends[j] {
                    b.ends.swap(j - 1, j);
                    j -= 1;
                }
            }
        } else {
            b.ends.sort_unstable();
        }
        b.ends.dedup_by_key(|e| e.0);
    }

    /// Visits the states after `node` (state number `at`), recording the complete ones;
    /// returns whether a valid state lies beyond `node`.
    fn visit(&mut self, node: Node, at: u32, best: &mut Option<Score>) -> bool {
        let mut pending = core::mem::take(&mut self.buffers.pending);
        let base = pending.len();
        self.generator.children(node, &mut pending);
        let end = pending.len();
        self.buffers.pending = pending;
        let mut reach_valid = false;
        for i in base..end {
            let Child { node: child, .. } = self.buffers.pending[i];
            let step = self.buffers.pending[i].step();
            let valid = self.generator.is_valid(child);
            if child.is_leaf() {
                // A leaf is complete exactly when it is valid.
                if valid && self.buffers.index.insert(child.0) {
                    self.consider(child, at, step, best);
                }
                reach_valid |= valid;
                continue;
            }
            let fresh = self.buffers.trail.len() as u32;
            let c = self.buffers.index.get_or_insert(child.0, fresh);
            if c == fresh {
                self.buffers.trail.push((at, step, valid));
                let beyond = self.visit(child, c, best);
                if valid && !beyond {
                    self.consider(child, at, step, best);
                }
                self.buffers.trail[c as usize].2 = valid || beyond;
            }
            reach_valid |= self.buffers.trail[c as usize].2;
        }
        self.buffers.pending.truncate(base);
        reach_valid
    }

    /// Records the complete state `node`, reached from state `via` by `step`, if it scores
    /// at least as well as every complete state so far.
    fn consider(&mut self, node: Node, via: u32, step: Step, best: &mut Option<Score>) {
        let score = Some(self.generator.score(node));
        if score < *best {
            return;
        }
        if score > *best {
            *best = score;
            self.buffers.candidates.clear();
        }
        self.buffers.candidates.push(Candidate { node, via, step });
    }
}
