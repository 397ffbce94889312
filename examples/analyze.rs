//! The text interface of RULES.md section 7 on standard input and output.
//!
//! ```text
//! echo "outcomes g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0 1 4" | cargo run --release --example analyze
//! ```

use parcheesi::text::TextInterface;

const USAGE: &str = "usage: analyze < COMMANDS
Reads commands from standard input, one a line, and answers each on standard output:
  rules NAME                  use the preset seed (the default), hasbro or racket
  outcomes POSITION D1 D2     the distinct outcomes of a roll, each with one play to it
  perft POSITION DEPTH        the number of outcomes to a depth, over the 21 rolls
  quit                        stop (as the end of input does)
A line that cannot be answered gets one line `error REASON`.";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return;
    }
    if !args.is_empty() {
        // The commands come on standard input; say so, and serve them all the same.
        eprintln!("analyze takes no arguments (ignored: {}); --help for the commands", args.join(" "));
    }
    // An error reading or writing (a closed pipe) ends the session like the end of input.
    let _ = TextInterface::new().serve(std::io::stdin().lock(), std::io::stdout().lock());
}
