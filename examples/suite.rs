//! Computes the distinct outcomes of all 21 rolls for the bench suite once and prints the
//! totals: a fixed workload for counting instructions, which unlike timings do not depend on
//! what else the machine is doing.
//!
//! ```text
//! cargo build --release --example suite
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/suite.cg target/release/examples/suite
//! ```

use parcheesi::{GameState, Position, Roll, Rules};

const SUITE: [(&str, usize); 7] = [
    ("g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0", 22),
    ("g:n,n,5,12 r:n,n,n,22 b:n,n,n,n y:n,n,n,56 g 0", 90),
    ("g:n,15,40,42 r:n,n,22,24 b:n,53,62,31 y:n,n,n,67 g 0", 199),
    ("g:10,10,30,30 r:27,27,h1,h1 b:44,44,50,50 y:61,61,3,3 g 0", 240),
    ("g:10,20,30,40 r:27,37,47,57 b:44,54,64,6 y:61,3,13,23 g 0", 7484),
    ("g:7,9,h2,home r:10,13,31,33 b:n,n,n,n y:n,n,n,n g 0", 594),
    ("g:62,h1,h1,h4 r:60,64,h2,h2 b:n,n,n,n y:n,n,n,n r 0", 428),
];

fn main() {
    for (text, expected) in SUITE {
        let p: Position = text.parse().expect("suite position");
        let s = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("suite state");
        let n: usize = Roll::DISTINCT.iter().map(|&r| s.outcomes(r).map_or(0, |o| o.len())).sum();
        assert_eq!(n, expected, "{text}");
        println!("{n:6} {text}");
    }
}
