//! Replays a game record (JSON, as written by `play --json`), checking every roll against the
//! seed and every play for legality, and prints the final position as its last line.
//!
//! ```text
//! cargo run --release --example play -- --seed 7 --json game.json
//! cargo run --release --example replay -- game.json
//! ```

use std::fmt::Write as _;
use std::io::Write as _;

use parcheesi::GameRecord;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: replay FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let record: GameRecord = serde_json::from_str(&text).unwrap_or_else(|e| {
        eprintln!("{path}: not a game record: {e}");
        std::process::exit(2);
    });
    match record.replay() {
        Ok(state) => {
            let mut report = format!("{} rolls replayed\n", record.rolls.len());
            if let Some(w) = state.winner() {
                let _ = writeln!(report, "{w} wins");
            }
            let _ = writeln!(report, "{}", state.position());
            // A reader that stops early (`| head`) closes the pipe: no error.
            if let Err(e) = std::io::stdout().write_all(report.as_bytes())
                && e.kind() != std::io::ErrorKind::BrokenPipe
            {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
