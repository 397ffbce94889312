//! Random valid positions built to be hard: blockades, pawns on or just before their exits and
//! on or just past entry squares, pawns in home rows, every pawn out, any doubles count, and a
//! game not over. Shared by `tests/reference_comparison.rs`, `tests/properties.rs` and
//! `examples/positions.rs` (which prints them for checking other implementations), so that a
//! seed gives the same positions in each.

use parcheesi::{Location, Position, Seat, Setup, Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

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
