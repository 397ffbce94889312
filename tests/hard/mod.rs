//! Random valid positions built to be hard: blockades, pawns on or just before their exits and
//! on or just past entry squares, pawns in home rows, every pawn out, any doubles count, and a
//! game not over; and random mixes of the rules' switches. Shared by
//! `tests/reference_comparison.rs`, `tests/properties.rs`, `tests/hostile.rs` and
//! `examples/positions.rs` (which prints the positions for checking other implementations), so
//! that a seed gives the same positions in each.

// Not every file that includes the module uses all of it.
#![allow(dead_code)]

mod switches;

use parcheesi::{Location, Position, Rules, Seat, Setup, Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
pub use switches::rules_with;

/// A number below `n` drawn from `rng`.
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    rng.next_u32() % n
}

/// The next hard position of `rng`.
pub fn position(rng: &mut ChaCha8Rng) -> Position {
    loop {
        let n_seats = 2 + below(rng, 3) as usize;
        let mut seats: Vec<Seat> = Seat::ALL.to_vec();
        while seats.len() > n_seats {
            let i = below(rng, seats.len() as u32) as usize;
            seats.remove(i);
        }
        let mut setup = Setup { pawns: [None; 4], mover: seats[0], doubles: below(rng, 3) as u8 };
        let all_out = below(rng, 3) == 0;
        for &s in &seats {
            let mut four = [Location::Nest; 4];
            for p in 0..4 {
                four[p] = if p > 0 && below(rng, 3) == 0 {
                    four[p - 1]
                } else {
                    match below(rng, 12) {
                        0 if !all_out => Location::Nest,
                        1 => Location::Home,
                        2 | 3 => Location::HomeRow(below(rng, 7) as u8),
                        4 => Location::Ring(s.entry()),
                        5 => Location::Ring(s.exit().advance(68 - below(rng, 8) as u8)),
                        6 => {
                            let other = Seat::ALL[below(rng, 4) as usize];
                            Location::Ring(other.entry().advance(below(rng, 3) as u8))
                        }
                        _ => Location::Ring(Square::new(below(rng, 68) as u8).expect("square")),
                    }
                };
            }
            setup.pawns[s.index()] = Some(four);
        }
        setup.mover = seats[below(rng, seats.len() as u32) as usize];
        if let Ok(p) = Position::from_setup(&setup)
            && !p.is_finished()
        {
            return p;
        }
    }
}

/// Rules with every switch, both bonuses and the blockade time limit drawn from `rng`, for all
/// four seats: the mixes no preset has (a bonus of 7 or 67, bonuses spent after the dice with
/// either die allowed, no third-doubles penalty, ...) take the generator's other branches
/// together. (The time limit matters only in games, which keep the blockades' ages; a position
/// read from text has none overdue.)
pub fn mixed_rules(rng: &mut ChaCha8Rng) -> Rules {
    // Each switch drawn in turn, the first setting on a 0.
    let switches = (0..7).fold(0u8, |bits, bit| bits | u8::from(below(rng, 2) == 0) << bit);
    // A bonus is none a quarter of the time, else 7 to 67 with the ends more likely.
    let mut bonus = || match below(rng, 8) {
        0 | 1 => 0,
        2 => 7,
        3 => 67,
        _ => 7 + below(rng, 61) as u8,
    };
    let (capture_bonus, home_bonus) = (bonus(), bonus());
    let blockade_limit = [None, Some(1), Some(3)][below(rng, 3) as usize];
    rules_with(switches, capture_bonus, home_bonus, blockade_limit)
}
