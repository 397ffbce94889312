//! Prints random valid positions in the notation, one a line, built to be hard: blockades,
//! pawns on or just before their exits and on or just past entry squares, pawns in home rows,
//! every pawn out, any doubles count; never a game that is over. For checking another implementation against
//! this one on positions that games seldom reach (ask both `analyze` and the other program
//! the outcomes of each), as `benches/peers/agree.sh` checks Racket's rules. The same seed
//! prints the same positions. They come from the generator of the reference test
//! (`tests/reference_comparison.rs`): seeds 100, 101 and 102 print the positions it checks
//! under `seed`, `hasbro` and `racket`, in its order.
//!
//! ```text
//! cargo run --release --example positions -- --count 1000 --seed 1 > positions.txt
//! sed 's/.*/perft & 1/' positions.txt | cargo run --release --example analyze
//! ```

use std::io::{self, BufWriter, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "../tests/hard/mod.rs"]
mod hard;

const USAGE: &str = "usage: positions [--count N] [--seed N]";

fn main() {
    let (mut count, mut seed) = (100u64, 1u64);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let slot = match arg.as_str() {
            "--count" => &mut count,
            "--seed" => &mut seed,
            _ => fail(&format!("unknown argument {arg}")),
        };
        let value = args.next().unwrap_or_else(|| fail(&format!("{arg} needs a value")));
        *slot = value.parse().unwrap_or_else(|e| fail(&format!("{arg}: {e}")));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    let written = (0..count).try_for_each(|_| writeln!(out, "{}", hard::position(&mut rng)));
    // A reader that stops early (`| head`) closes the pipe: no error.
    if let Err(e) = written.and_then(|()| out.flush())
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        fail(&e.to_string());
    }
}

fn fail(message: &str) -> ! {
    eprintln!("positions: {message}\n{USAGE}");
    std::process::exit(2);
}
