//! The text interface of RULES.md section 7 on standard input and output.
//!
//! ```text
//! echo "outcomes g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0 1 4" | cargo run --release --example analyze
//! ```

use std::io::{BufRead, Write};

use parcheesi::text::{Flow, TextInterface};

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut input = stdin.lock();
    let mut out = stdout.lock();
    let mut interface = TextInterface::new();
    let mut line = Vec::new();
    let mut answer = String::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Invalid UTF-8 is answered as an unknown command rather than ending the session.
        let text = String::from_utf8_lossy(&line);
        answer.clear();
        let flow = interface.answer(&text, &mut answer);
        if out.write_all(answer.as_bytes()).and_then(|()| out.flush()).is_err() || flow == Flow::Quit {
            break;
        }
    }
}
