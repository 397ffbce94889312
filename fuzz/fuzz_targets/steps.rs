//! Arbitrary step sequences applied to valid states reached by play, under a preset or any
//! mix of the rules' switches: every step is either applied (and was legal) or rejected with
//! the state unchanged, and so is every attempt to end the roll (allowed exactly where
//! `can_end_roll` says). Now and then a whole play of arbitrary steps instead: applied, it
//! leaves one of the roll's outcomes; rejected, the state is unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use parcheesi::{GameState, Location, Play, Preset, Roll, Seat, Seats, Square, Step};

// The switches from a byte, as the tests draw them.
#[path = "../../tests/hard/switches.rs"]
mod switches;

fn location(b: u8) -> Location {
    match b % 80 {
        0 => Location::Nest,
        1 => Location::Home,
        n @ 2..=9 => Location::HomeRow(n - 2),
        n => Square::new(n - 10).map_or(Location::HomeRow(n), Location::Ring),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next();
    let (Some(p), Some(n)) = (next(), next()) else { return };
    // A preset, or (p from 128) a mix of the switches from the next four bytes.
    let rules = if p < 128 {
        [Preset::Seed, Preset::Hasbro, Preset::Racket][p as usize % 3].rules()
    } else {
        let (Some(s), Some(c), Some(h), Some(l)) = (next(), next(), next(), next()) else { return };
        // A bonus of 0 or 7 to 67; a time limit of none or 1 to 3 turns.
        let bonus = |b: u8| if b < 64 { 0 } else { 7 + b % 61 };
        switches::rules_with(s, bonus(c), bonus(h), [None, Some(1), Some(2), Some(3)][usize::from(l % 4)])
    };
    let seats = Seats::from_seats(&Seat::ALL[..2 + n as usize % 3]);
    let Ok(mut state) = GameState::new(rules.with_seats(seats)) else { return };
    while let (Some(kind), Some(a), Some(b)) = (next(), next(), next()) {
        if state.is_finished() {
            return;
        }
        if state.awaits_roll() && kind % 8 == 4 {
            let Ok(roll) = Roll::new(a % 6 + 1, b % 6 + 1) else { return };
            let mut play = Play::EMPTY;
            for _ in 0..kind / 8 % 4 {
                let (Some(from), Some(to)) = (next(), next()) else { return };
                let _ = play.push(Step::new(location(from), location(to)));
            }
            let outcomes = state.outcome_positions(roll).expect("awaits a roll");
            let before = state;
            match state.apply_play(roll, &play) {
                Ok(_) => assert!(outcomes.contains(&state.position())),
                Err(_) => assert_eq!(state, before),
            }
            continue;
        }
        if state.awaits_roll() {
            let Ok(roll) = Roll::new(a % 6 + 1, b % 6 + 1) else { return };
            let _ = state.roll(roll);
            continue;
        }
        if kind % 4 == 0 {
            let (before, may_end) = (state, state.can_end_roll());
            match state.end_roll() {
                Ok(_) => assert!(may_end),
                Err(_) => {
                    assert!(!may_end);
                    assert_eq!(state, before);
                }
            }
            continue;
        }
        let legal = state.legal_steps();
        let step = if kind % 4 == 1 && !legal.is_empty() {
            legal[a as usize % legal.len()]
        } else {
            Step::new(location(a), location(b))
        };
        let before = state;
        match state.apply_step(step) {
            Ok(_) => assert!(legal.contains(&step)),
            Err(_) => {
                assert!(!legal.contains(&step));
                assert_eq!(state, before);
            }
        }
    }
});
