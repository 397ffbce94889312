//! Rules from numbers: the seven switches as the bits of a byte, shared by `tests/hard` (which
//! draws them) and the `steps` fuzz target (which reads them from its input). No `rand` here,
//! so the fuzz crate can include the file.

use parcheesi::Rules;
use parcheesi::rules::{
    BlockadeMove, BonusTiming, Entering, FourAmountDoubles, HomeRow, OneDie, ThreeDoubles,
};

/// Rules for all four seats whose bit `i` of `switches` picks the first of the two settings of
/// the `i`-th switch, in the order of `Rules`' fields (0 an optional home row, ..., 6 the
/// third-doubles penalty), with the given bonuses and blockade time limit.
pub fn rules_with(switches: u8, capture_bonus: u8, home_bonus: u8, blockade_limit: Option<u8>) -> Rules {
    let on = |bit: u8| switches >> bit & 1 == 1;
    Rules {
        home_row: if on(0) { HomeRow::Optional } else { HomeRow::Mandatory },
        bonus_timing: if on(1) { BonusTiming::AfterDice } else { BonusTiming::Immediately },
        one_die: if on(2) { OneDie::LargerDie } else { OneDie::EitherDie },
        four_amount_doubles: if on(3) {
            FourAmountDoubles::AsManyAsPossible
        } else {
            FourAmountDoubles::AllOrNothing
        },
        entering: if on(4) { Entering::Optional } else { Entering::MustEnter },
        blockade_move: if on(5) {
            BlockadeMove::ForbiddenOnDoubles
        } else {
            BlockadeMove::ForbiddenOnEveryRoll
        },
        three_doubles: if on(6) { ThreeDoubles::Penalty } else { ThreeDoubles::NoPenalty },
        capture_bonus,
        home_bonus,
        blockade_limit,
        ..Rules::seed()
    }
}
