//! The text interface of RULES.md section 7 on standard input and output.
//!
//! ```text
//! echo "outcomes g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0 1 4" | cargo run --release --example analyze
//! ```

use parcheesi::text::TextInterface;

fn main() {
    // An error reading or writing (a closed pipe) ends the session like the end of input.
    let _ = TextInterface::new().serve(std::io::stdin().lock(), std::io::stdout().lock());
}
