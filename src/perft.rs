//! Perft: counting the distinct outcomes of every roll sequence to a depth, the standard way of
//! checking a move generator against another implementation (RULES.md section 7).

use alloc::vec::Vec;

use crate::game::GameState;

/// The number of distinct outcome sequences of `depth` rolls from `state`: 1 at depth 0 or
/// when the game is over; otherwise the sum, over the 21 distinct rolls and the distinct
/// outcomes of each, of the perft of the outcome at `depth - 1`.
///
/// `state` should await a roll; a state in the middle of a roll counts as 1 (it has no
/// outcomes of its own to enumerate). The count saturates at `u128::MAX`, far beyond any depth
/// that can be computed.
#[must_use]
pub fn perft(state: &GameState, depth: u32) -> u128 {
    if depth == 0 || !state.awaits_roll() {
        return 1;
    }
    if depth == 1 {
        // The last level only counts: no need to build the outcomes.
        return state.outcome_counts().iter().map(|&c| c as u128).sum();
    }
    // One list for all 21 rolls of this state.
    let mut outcomes = Vec::new();
    let counts = state.by_roll(|roll| {
        if state.outcomes_into(roll, &mut outcomes).is_ok() {
            outcomes.iter().fold(0u128, |sum, o| sum.saturating_add(perft(&o.state, depth - 1)))
        } else {
            0
        }
    });
    counts.iter().fold(0u128, |sum, &c| sum.saturating_add(c))
}
