//! The text interface of RULES.md section 7: one command per line in, one answer out, so that
//! any program in any language can use the engine. The `analyze` example wraps it around
//! standard input and output.
//!
//! ```
//! use parcheesi::text::TextInterface;
//! let mut ti = TextInterface::new();
//! let mut out = String::new();
//! ti.answer("outcomes g:n,n,n,n r:n,n,n,n g 0 1 4", &mut out);
//! assert_eq!(out, "outcomes 1\ng:n,n,n,5 r:n,n,n,n r 0 ; n-5\n");
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::dice::Roll;
use crate::game::GameState;
use crate::moves::PlayCodes;
use crate::notation::{ParsePositionError, SeatTexts, Text};
use crate::perft::perft;
use crate::position::Position;
use crate::rules::{Preset, Rules};

/// Whether to go on reading after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// The line was `quit`: stop.
    Quit,
}

/// The interpreter of the text interface; remembers the preset chosen by `rules`.
///
/// It keeps its working lists between lines, so that answering a long batch of `outcomes`
/// commands allocates nothing per answer once they have grown.
#[derive(Clone)]
pub struct TextInterface {
    rules: Rules,
    /// The positions of the outcomes of one `outcomes` command.
    positions: Vec<Position>,
    /// The outcomes of one `outcomes` command in the order of their notation: each one's
    /// `Position::notation_key` and index.
    order: Vec<(u128, u32)>,
    /// Where its answer lines are built, a few kilobytes at a time (kept, as a new buffer
    /// would have to be zeroed).
    lines: Box<Text<LINES>>,
    /// The texts of the seats of the position of the last `outcomes` command.
    seats: Box<SeatTexts>,
    /// Where `answer` has an answer written before it is added to the caller's text.
    answer: Vec<u8>,
}

/// The rules it answers under; its working lists are scratch space, not state.
impl core::fmt::Debug for TextInterface {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TextInterface").field("rules", &self.rules).finish_non_exhaustive()
    }
}

impl Default for TextInterface {
    fn default() -> TextInterface {
        TextInterface::new()
    }
}

impl TextInterface {
    /// An interpreter using the `seed` rules.
    #[must_use]
    pub fn new() -> TextInterface {
        TextInterface {
            rules: Rules::seed(),
            positions: Vec::new(),
            order: Vec::new(),
            lines: Box::new(Text::new()),
            seats: Box::default(),
            answer: Vec::new(),
        }
    }

    /// Answers one line, appending the answer (every line ending in a newline) to `out`.
    /// Blank lines get no answer; `quit` returns [`Flow::Quit`].
    pub fn answer(&mut self, line: &str, out: &mut String) -> Flow {
        let mut answer = core::mem::take(&mut self.answer);
        answer.clear();
        let flow = self.respond(line, &mut answer);
        // Answers are ASCII and the reasons of errors whole `str`s: nothing is replaced.
        out.push_str(&text_of(&answer));
        self.answer = answer;
        flow
    }

    /// `answer` as bytes, as `serve` writes them (so that they need no check as text).
    fn respond(&mut self, line: &str, out: &mut Vec<u8>) -> Flow {
        // Most lines have nothing to trim: two byte tests rather than the general trim.
        let line = match line.as_bytes() {
            [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => line,
            _ => line.trim(),
        };
        if line.is_empty() {
            return Flow::Continue;
        }
        if line == "quit" {
            return Flow::Quit;
        }
        if let Err(reason) = self.command(line, out) {
            out.extend_from_slice(b"error ");
            out.extend_from_slice(reason.as_bytes());
            out.push(b'\n');
        }
        Flow::Continue
    }

    /// Answers every line of `input` on `output` until the end of the input or `quit`, as the
    /// `analyze` example does on standard input and output.
    ///
    /// Answers are flushed before `input` is read again, so a program that sends one command
    /// and waits gets its answer; lines that have already arrived are answered first, so that a
    /// batch of commands costs one write per read rather than one per answer. Bytes that are
    /// not UTF-8 are replaced (with U+FFFD) and the line answered like any other, usually with
    /// an `error` line; they do not end the session.
    ///
    /// ```
    /// use parcheesi::text::TextInterface;
    /// let input = "rules hasbro\nperft g:n,n,n,n r:n,n,n,n g 0 1\nquit\nperft ignored\n";
    /// let mut output = Vec::new();
    /// TextInterface::new().serve(input.as_bytes(), &mut output)?;
    /// assert_eq!(output, b"ok\nperft 21\n");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    ///
    /// # Errors
    /// The first error reading `input` or writing `output` (reads that are interrupted are
    /// retried).
    #[cfg(feature = "std")]
    pub fn serve(
        &mut self,
        mut input: impl std::io::Read,
        mut output: impl std::io::Write,
    ) -> std::io::Result<()> {
        let mut buffer = Vec::new();
        let mut answers = Vec::new();
        // Where the unanswered input starts in `buffer`, and how many bytes from there are
        // known to hold no newline: each byte is looked at once, however many reads a long
        // line takes to arrive.
        let mut start = 0;
        let mut scanned = 0;
        let mut at_end = false;
        'session: loop {
            while let Some(len) = newline(&buffer[start + scanned..]) {
                let end = start + scanned + len;
                let line = text_of(&buffer[start..end]);
                (start, scanned) = (end + 1, 0);
                if self.respond(&line, &mut answers) == Flow::Quit {
                    break 'session;
                }
            }
            scanned = buffer.len() - start;
            if at_end {
                // A last line without a newline.
                let line = text_of(&buffer[start..]);
                let _ = self.respond(&line, &mut answers);
                break;
            }
            // Reading may wait for the other side, which may be waiting for these answers.
            output.write_all(&answers)?;
            output.flush()?;
            answers.clear();
            buffer.drain(..start);
            start = 0;
            let filled = buffer.len();
            buffer.resize(filled + 8192, 0);
            let read = loop {
                match input.read(&mut buffer[filled..]) {
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    other => break other,
                }
            };
            buffer.truncate(filled + *read.as_ref().unwrap_or(&0));
            at_end = read? == 0;
        }
        output.write_all(&answers)?;
        output.flush()
    }

    fn command(&mut self, line: &str, out: &mut Vec<u8>) -> Result<(), String> {
        let (cmd, rest) = split_space(line).unwrap_or((line, ""));
        match cmd {
            "rules" => {
                if rest.is_empty() {
                    return Err("usage: rules NAME (seed, hasbro or racket)".to_string());
                }
                let preset: Preset = rest.parse().map_err(|e| format!("{e}"))?;
                self.rules = preset.rules();
                out.extend_from_slice(b"ok\n");
                Ok(())
            }
            "outcomes" => {
                let Some(((pos, d1), d2)) =
                    rsplit_space(rest).and_then(|(front, d2)| Some((rsplit_space(front)?, d2)))
                else {
                    return Err("usage: outcomes POSITION D1 D2".to_string());
                };
                let state = self
                    .state(pos)
                    .map_err(|e| self.misplaced_fields(rest, 2, "outcomes POSITION D1 D2", e))?;
                let die = |d: &str| {
                    parse_decimal(d)
                        .and_then(|v| u8::try_from(v).ok())
                        .ok_or_else(|| format!("{d:?} is not a die value (1 to 6)"))
                };
                let roll = Roll::new(die(d1)?, die(d2)?).map_err(|e| e.to_string())?;
                // Sorted by a key that orders as the notation does, so no text is compared;
                // the lines are built in a kept buffer and added a few kilobytes at a time (a
                // batch prints millions), the seats that did not move copied as they were. No
                // state is built for an outcome: its position and play are all a line needs.
                self.seats.set(&state.position());
                let (seats, order, lines) = (&*self.seats, &mut self.order, &mut *self.lines);
                let write = |positions: &[Position], play_of: &dyn Fn(usize, &mut PlayCodes)| {
                    order.clear();
                    order.extend(positions.iter().zip(0..).map(|(p, i)| (seats.notation_key(p), i)));
                    // Distinct positions have distinct keys: the index never decides.
                    order.sort_unstable_by_key(|&(key, _)| key);
                    out.extend_from_slice(b"outcomes ");
                    push_decimal(out, order.len() as u128);
                    out.push(b'\n');
                    lines.clear();
                    let mut play = PlayCodes::EMPTY;
                    for &(_, i) in order.iter() {
                        play_of(i as usize, &mut play);
                        let mut line = lines.cursor();
                        seats.push_to(&positions[i as usize], &mut line);
                        line.push_short(b" ; ");
                        play.push_to(&mut line);
                        line.push_byte(b'\n');
                        drop(line);
                        if lines.len() > LINES - LINE {
                            out.extend_from_slice(lines.as_bytes());
                            lines.clear();
                        }
                    }
                };
                state
                    .outcome_positions_and_plays(roll, &mut self.positions, write)
                    .map_err(|e| e.to_string())?;
                out.extend_from_slice(self.lines.as_bytes());
                Ok(())
            }
            "perft" => {
                let (pos, depth) = rsplit_space(rest).ok_or("usage: perft POSITION DEPTH")?;
                let depth = parse_decimal(depth)
                    .and_then(|d| u32::try_from(d).ok())
                    .ok_or_else(|| format!("{depth:?} is not a depth (0 to {})", u32::MAX))?;
                let state =
                    self.state(pos).map_err(|e| self.misplaced_fields(rest, 1, "perft POSITION DEPTH", e))?;
                out.extend_from_slice(b"perft ");
                push_decimal(out, perft(&state, depth));
                out.push(b'\n');
                Ok(())
            }
            _ => Err(not_a_command(cmd)),
        }
    }

    fn state(&self, text: &str) -> Result<GameState, String> {
        let position: Position = text.parse().map_err(|e| format!("{e}"))?;
        GameState::from_position(self.rules.with_seats(position.seats()), position).map_err(|e| e.to_string())
    }

    /// Why the fields of a command (`rest`, after its name) that should end in `numbers` numbers
    /// after a position do not read, when the position before them does not: the fields are not
    /// separated by single spaces, or a valid position is followed by more or fewer fields (a die
    /// or the depth left out, one too many); else `error`, the position's own. Without this, a
    /// field too many or too few is taken as part of the position and blamed on it. (Out of
    /// line: only a command with an error comes here.)
    #[cold]
    fn misplaced_fields(&self, rest: &str, numbers: usize, usage: &str, error: String) -> String {
        if rest.split(' ').any(str::is_empty) || rest.bytes().any(|b| b != b' ' && b.is_ascii_whitespace()) {
            return ParsePositionError::Spacing.to_string();
        }
        // Up to two fields too many, or all of them left out: a few more reads of the line.
        let mut front = rest;
        for after in 0..=numbers + 2 {
            if after != numbers && self.state(front).is_ok() {
                let fields = if after == 1 { "1 field".to_string() } else { format!("{after} fields") };
                return format!("usage: {usage} ({fields} after the position, not {numbers})");
            }
            let Some((before, _)) = rsplit_space(front) else { break };
            front = before;
        }
        error
    }
}

/// The most bytes an `outcomes` answer line takes (a position is at most 91 and a play 199),
/// with room for `Text`'s wide writes.
const LINE: usize = 352;
/// The lines of an `outcomes` answer are built in a buffer of this size.
const LINES: usize = 4096;

/// Why `cmd` is not a command. `quit` alone was handled before it got here, so a `quit`
/// here has more on its line. (Out of line: a batch's commands never come here.)
#[cold]
fn not_a_command(cmd: &str) -> String {
    if cmd == "quit" {
        "usage: quit (with nothing after it)".into()
    } else {
        format!("unknown command {cmd:?} (expected rules, outcomes, perft or quit)")
    }
}

/// `s.split_once(' ')` by a plain byte scan: a command's name is a few bytes, and the
/// general searcher costs more than the scan.
fn split_space(s: &str) -> Option<(&str, &str)> {
    let i = s.bytes().position(|b| b == b' ')?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// `s.rsplit_once(' ')` by a plain byte scan from the end: the numbers that end a command are
/// a byte or two, and the general searcher costs more than the scan (a batch reads millions).
fn rsplit_space(s: &str) -> Option<(&str, &str)> {
    let i = s.bytes().rposition(|b| b == b' ')?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// Where the first newline in `bytes` is, looked for eight bytes at a time (a batch of
/// commands is read by the megabyte).
#[cfg(feature = "std")]
fn newline(bytes: &[u8]) -> Option<usize> {
    let found = first_newline(bytes);
    // The bytes looked at, for the test that `serve` looks at each byte once.
    #[cfg(test)]
    tests::SCANNED.with(|n| n.set(n.get() + found.map_or(bytes.len(), |i| i + 1)));
    found
}

/// `newline`, eight bytes at a time.
#[cfg(feature = "std")]
#[inline(always)]
fn first_newline(bytes: &[u8]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        // The lowest zero byte of `word ^ newlines` is the first newline (bytes above a zero
        // byte may be flagged too, but only the lowest flag is read).
        let w = u64::from_le_bytes(word) ^ 0x0A0A_0A0A_0A0A_0A0A;
        let zero = w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080;
        if zero != 0 {
            return Some(at + (zero.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks.remainder().iter().position(|&b| b == b'\n').map(|i| at + i)
}

/// Bytes as text, invalid UTF-8 replaced (checking valid text first is the faster path, and
/// the usual one): a line of input, or an answer.
fn text_of(bytes: &[u8]) -> alloc::borrow::Cow<'_, str> {
    match core::str::from_utf8(bytes) {
        Ok(text) => alloc::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// Appends `n` in decimal: one answer per perft command, where `core::fmt` cost as much as
/// reading the position.
fn push_decimal(out: &mut Vec<u8>, n: u128) {
    let Ok(mut n) = u64::try_from(n) else {
        out.extend_from_slice(format!("{n}").as_bytes());
        return;
    };
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// A number in a command (a die, a depth): decimal digits only, no sign; `None` if it is not
/// one or does not fit in a `u64`.
fn parse_decimal(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "std")]
    std::thread_local! {
        /// The bytes `newline` has looked at on this thread.
        pub(super) static SCANNED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    /// The first newline is found wherever it is, with any bytes around it.
    #[cfg(feature = "std")]
    #[test]
    fn newlines_are_found_where_they_are() {
        for len in 0..40 {
            for at in 0..=len {
                for fill in [0u8, b'a', 0x0B, 0x09, 0x8A, 0xFF] {
                    let mut bytes = vec![fill; len];
                    if at < len {
                        bytes[at] = b'\n';
                        if at + 1 < len {
                            bytes[at + 1] = b'\n';
                        }
                    }
                    let expected = bytes.iter().position(|&b| b == b'\n');
                    assert_eq!(newline(&bytes), expected, "{len} {at} {fill}");
                }
            }
        }
    }

    /// Numbers are written as `Display` writes them, past `u64` too.
    #[test]
    fn decimals_are_written_in_full() {
        for n in [0, 7, 10, 21, 4447, u128::from(u64::MAX), u128::from(u64::MAX) + 1, u128::MAX] {
            let mut out = b"x".to_vec();
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}").into_bytes());
        }
    }

    fn answers(lines: &[&str]) -> (String, Flow) {
        let mut ti = TextInterface::new();
        let mut out = String::new();
        let mut flow = Flow::Continue;
        for line in lines {
            flow = ti.answer(line, &mut out);
            if flow == Flow::Quit {
                break;
            }
        }
        (out, flow)
    }

    #[test]
    fn blank_lines_get_no_answer_and_quit_stops() {
        assert_eq!(answers(&["", "   ", "\r"]), (String::new(), Flow::Continue));
        assert_eq!(answers(&["quit", "rules seed"]), (String::new(), Flow::Quit));
        // Only `quit` alone stops; with more on its line it is a malformed command.
        let answer = "error usage: quit (with nothing after it)\nperft 1\n".to_string();
        assert_eq!(answers(&["quit now", "perft g:n,n,n,n r:n,n,n,n g 0 0"]), (answer, Flow::Continue));
    }

    /// Whitespace around a command, ASCII or not, is dropped; a line of one byte is read
    /// like any other.
    #[test]
    fn whitespace_around_a_command_is_dropped() {
        let perft = "perft g:n,n,n,n r:n,n,n,n g 0 0";
        let lines = [
            format!(" {perft} "),
            format!("\t{perft}\r"),
            format!("\u{a0}{perft}\u{2003}"),
            format!("{perft}\n"),
        ];
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_eq!(answers(&lines), ("perft 1\n".repeat(4), Flow::Continue));
        let unknown = "error unknown command \"x\" (expected rules, outcomes, perft or quit)\n";
        assert_eq!(answers(&["x", " x", "x\u{a0}"]), (unknown.repeat(3), Flow::Continue));
    }

    /// Only a space ends a command's name: with a tab after it, the name is not read.
    #[test]
    fn only_a_space_ends_a_command_name() {
        let (out, _) =
            answers(&["perft\tg:n,n,n,n r:n,n,n,n g 0 0", "outcomes\tg:n,n,n,n r:n,n,n,n g 0 5 1"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].starts_with("error unknown command \"perft\\tg:"), "{out}");
        assert!(lines[1].starts_with("error unknown command \"outcomes\\tg:"), "{out}");
    }

    /// `Debug` says which rules the interface answers under, and nothing of its scratch space
    /// (kilobytes of the last answer).
    #[test]
    fn debug_names_the_rules() {
        let mut interface = TextInterface::new();
        let mut out = String::new();
        let _ = interface.answer("outcomes g:n,n,n,n r:n,n,n,n g 0 5 1", &mut out);
        assert_eq!(format!("{interface:?}"), format!("TextInterface {{ rules: {:?}, .. }}", Rules::seed()));
        let _ = interface.answer("rules hasbro", &mut out);
        assert_eq!(format!("{interface:?}"), format!("TextInterface {{ rules: {:?}, .. }}", Rules::hasbro()));
        // A default interface is a new one: the `seed` rules.
        assert_eq!(format!("{:?}", TextInterface::default()), format!("{:?}", TextInterface::new()));
    }

    #[test]
    fn rules_switch_presets() {
        let start = "g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0";
        let (out, _) = answers(&[&format!("perft {start} 1"), "rules hasbro", &format!("perft {start} 1")]);
        assert_eq!(out, "perft 22\nok\nperft 21\n");
        assert!(answers(&["rules chess"]).0.starts_with("error "));
    }

    #[test]
    fn numbers_are_decimal_digits() {
        let p = "g:n,n,n,n r:n,n,n,n g 0";
        assert_eq!(answers(&[&format!("perft {p} 0")]).0, "perft 1\n");
        assert_eq!(answers(&[&format!("perft {p} 01")]).0, "perft 22\n");
        for bad in [format!("perft {p} -1"), format!("perft {p} 1.0"), format!("outcomes {p} 0 1")] {
            let (out, _) = answers(&[&bad]);
            assert!(out.starts_with("error ") && out.lines().count() == 1, "{bad}: {out}");
        }
    }

    /// An answer of thousands of lines, many times the buffer its lines are built in, comes
    /// whole: each outcome as `Display` writes it with its play, sorted by the outcome.
    #[test]
    fn long_answers_come_whole() {
        let p = "g:10,20,30,40 r:27,37,47,57 b:44,54,64,6 y:61,3,13,23 g 0";
        let position: Position = p.parse().expect("a position");
        let state =
            GameState::from_position(Rules::seed().with_seats(position.seats()), position).expect("state");
        let outcomes = state.outcomes(Roll::new(3, 3).expect("dice")).expect("awaits a roll");
        let mut lines: Vec<String> = outcomes.iter().map(|o| format!("{o}\n")).collect();
        // No position's text is the start of another's, so the lines sort as their outcomes.
        lines.sort();
        let expected = format!("outcomes {}\n{}", lines.len(), lines.concat());
        assert!(expected.len() > 20 * LINES, "{} bytes", expected.len());
        assert_eq!(answers(&[&format!("outcomes {p} 3 3")]).0, expected);
    }

    /// A command without its parts is answered with its usage; the parts are the last
    /// fields, whatever spaces come before them.
    #[test]
    fn commands_without_their_parts_get_their_usage() {
        for (bad, usage) in [
            ("rules", "rules NAME (seed, hasbro or racket)"),
            ("outcomes", "outcomes POSITION D1 D2"),
            ("outcomes 3 4", "outcomes POSITION D1 D2"),
            ("outcomes 34", "outcomes POSITION D1 D2"),
            ("perft", "perft POSITION DEPTH"),
            ("perft 2", "perft POSITION DEPTH"),
        ] {
            assert_eq!(answers(&[bad]).0, format!("error usage: {usage}\n"), "{bad}");
        }
        assert_eq!(rsplit_space("a b  c"), Some(("a b ", "c")));
        assert_eq!(rsplit_space("a b "), Some(("a b", "")));
        assert_eq!(rsplit_space("ab"), None);
        // A doubled space leaves one at the end of the position.
        let p = "g:n,n,n,n r:n,n,n,n g 0";
        assert_eq!(
            answers(&[&format!("outcomes {p}  1 4")]).0,
            "error fields are separated by single spaces\n"
        );
    }

    #[test]
    fn a_field_too_many_or_too_few_is_named_not_blamed_on_the_position() {
        let p = "g:n,n,n,10 r:n,n,20,20 g 0";
        for (bad, reason) in [
            (format!("outcomes {p} 4"), "usage: outcomes POSITION D1 D2 (1 field after the position, not 2)"),
            (format!("outcomes {p}"), "usage: outcomes POSITION D1 D2 (0 fields after the position, not 2)"),
            (
                format!("outcomes {p} 4 5 6"),
                "usage: outcomes POSITION D1 D2 (3 fields after the position, not 2)",
            ),
            (format!("perft {p}"), "usage: perft POSITION DEPTH (0 fields after the position, not 1)"),
            (format!("perft {p} 1 2"), "usage: perft POSITION DEPTH (2 fields after the position, not 1)"),
            (format!("perft {p} 1 2 3"), "usage: perft POSITION DEPTH (3 fields after the position, not 1)"),
            // The position was blamed for these: the dice split off wrong.
            (format!("outcomes {p} 4  6"), "fields are separated by single spaces"),
            (format!("outcomes {p} 4\t6"), "fields are separated by single spaces"),
            // A position wrong in itself keeps its own reason, and so does one followed by
            // more than two fields too many (they are not looked for).
            ("outcomes g:n,n,n,10 r:n,n,20,20 x 0 4 6".into(), "\"x\" is not a seat letter (g, r, b or y)"),
            ("outcomes g:n,n,n,10 r:n,n,20 g 0 4 6".into(), "red has 3 pawns; every seat has four"),
            (
                format!("outcomes {p} 4 5 6 1 2"),
                "\"g\" is not a seat field (expected a seat letter, ':' and four locations)",
            ),
        ] {
            assert_eq!(answers(&[&bad]).0, format!("error {reason}\n"), "{bad}");
        }
        // The right fields still answer.
        assert_eq!(answers(&[&format!("perft {p} 0")]).0, "perft 1\n");
    }

    /// What a session of `serve` did, in order.
    #[cfg(feature = "std")]
    #[derive(Debug, PartialEq)]
    enum Event {
        Read(usize),
        Wrote(String),
        Flushed,
    }

    /// Input arriving in `chunks`, each on its own read, and output, both logging to `log`.
    #[cfg(feature = "std")]
    struct Peer<'a> {
        chunks: Vec<std::io::Result<&'a [u8]>>,
        log: &'a core::cell::RefCell<Vec<Event>>,
    }

    #[cfg(feature = "std")]
    impl std::io::Read for Peer<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.chunks.is_empty() {
                self.log.borrow_mut().push(Event::Read(0));
                return Ok(0);
            }
            let chunk = self.chunks.remove(0)?;
            buf[..chunk.len()].copy_from_slice(chunk);
            self.log.borrow_mut().push(Event::Read(chunk.len()));
            Ok(chunk.len())
        }
    }

    #[cfg(feature = "std")]
    impl std::io::Write for &Peer<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if !buf.is_empty() {
                self.log.borrow_mut().push(Event::Wrote(String::from_utf8_lossy(buf).into_owned()));
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.log.borrow_mut().push(Event::Flushed);
            Ok(())
        }
    }

    #[cfg(feature = "std")]
    fn serve(chunks: Vec<std::io::Result<&[u8]>>) -> (std::io::Result<()>, Vec<Event>) {
        let log = core::cell::RefCell::new(Vec::new());
        let mut input = Peer { chunks, log: &log };
        let output = &Peer { chunks: Vec::new(), log: &log };
        let result = TextInterface::new().serve(&mut input, output);
        (result, log.into_inner())
    }

    /// Each answer is out before the next read (a program may be waiting for it), and the
    /// lines of one read are answered in one write.
    #[cfg(feature = "std")]
    #[test]
    fn serve_flushes_before_reading_and_writes_a_batch_at_once() {
        let one = "perft g:n,n,n,n r:n,n,n,n g 0 0\n";
        let two = "rules hasbro\nperft g:n,n,n,n r:n,n,n,n g 0 1\n";
        let (result, log) = serve(vec![Ok(one.as_bytes()), Ok(two.as_bytes())]);
        assert!(result.is_ok());
        assert_eq!(
            log,
            [
                Event::Flushed,
                Event::Read(one.len()),
                Event::Wrote("perft 1\n".into()),
                Event::Flushed,
                Event::Read(two.len()),
                Event::Wrote("ok\nperft 21\n".into()),
                Event::Flushed,
                Event::Read(0),
                Event::Flushed,
            ]
        );
    }

    /// A command split over two reads is answered once whole; a last line without a newline is
    /// answered; a line that is not UTF-8 gets an error, and the session goes on.
    #[cfg(feature = "std")]
    #[test]
    fn serve_answers_lines_however_they_arrive() {
        let (result, log) = serve(vec![
            Ok(b"perft g:n,n,n,n r:n,".as_slice()),
            Ok(b"n,n,n g 0 0\n\xFF\nperft g:n,n,n,n r:n,n,n,n g 0 0"),
        ]);
        assert!(result.is_ok());
        let written: String = log
            .iter()
            .filter_map(|e| if let Event::Wrote(s) = e { Some(s.as_str()) } else { None })
            .collect();
        let lines: Vec<&str> = written.lines().collect();
        assert_eq!(lines.len(), 3, "{written}");
        assert_eq!((lines[0], lines[2]), ("perft 1", "perft 1"));
        assert!(lines[1].starts_with("error unknown command"), "{}", lines[1]);
    }

    /// Interrupted reads are retried; any other error ends the session with the error, after
    /// the answers so far are out.
    #[cfg(feature = "std")]
    #[test]
    fn serve_retries_interrupted_reads_and_returns_other_errors() {
        use std::io::{Error, ErrorKind};
        let (result, log) = serve(vec![
            Ok(b"perft g:n,n,n,n r:n,n,n,n g 0 0\n".as_slice()),
            Err(Error::from(ErrorKind::Interrupted)),
            Ok(b"perft g:n,n,n,n r:n,n,n,n g 0 0\n".as_slice()),
            Err(Error::from(ErrorKind::BrokenPipe)),
        ]);
        assert_eq!(result.map_err(|e| e.kind()), Err(ErrorKind::BrokenPipe));
        let written = log.iter().filter(|e| matches!(e, Event::Wrote(s) if s == "perft 1\n")).count();
        assert_eq!(written, 2, "{log:?}");
    }

    /// An output that fails (the reader of `analyze | head -1` gone, a full disk) ends the
    /// session with its error, whether a write or a flush fails and whether more input waits
    /// or `quit` came first: serving does not read on with nowhere to answer.
    #[cfg(feature = "std")]
    #[test]
    fn serve_stops_when_its_output_fails() {
        use std::io::{Error, ErrorKind};
        /// Fails every write, or only flushes.
        struct Broken {
            flush_only: bool,
        }
        impl std::io::Write for Broken {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                if self.flush_only { Ok(buf.len()) } else { Err(Error::from(ErrorKind::BrokenPipe)) }
            }
            fn flush(&mut self) -> std::io::Result<()> {
                if self.flush_only { Err(Error::from(ErrorKind::StorageFull)) } else { Ok(()) }
            }
        }
        let line = b"perft g:n,n,n,n r:n,n,n,n g 0 0\n".as_slice();
        let quit = b"perft g:n,n,n,n r:n,n,n,n g 0 0\nquit\n".as_slice();
        for (flush_only, chunks, error, reads) in [
            // The first answer cannot be written: the second line is never read.
            (false, vec![line, line], ErrorKind::BrokenPipe, 1),
            // The answers before `quit` cannot be written.
            (false, vec![quit], ErrorKind::BrokenPipe, 1),
            // Nothing to write yet, but the flush before the first read fails.
            (true, vec![line], ErrorKind::StorageFull, 0),
        ] {
            let log = core::cell::RefCell::new(Vec::new());
            let mut input = Peer { chunks: chunks.into_iter().map(Ok).collect(), log: &log };
            let result = TextInterface::new().serve(&mut input, Broken { flush_only });
            assert_eq!(result.map_err(|e| e.kind()), Err(error));
            assert_eq!(log.into_inner().len(), reads);
        }
    }

    /// A line that arrives over many reads is looked through once, not once per read (which
    /// made a line of 16 MB without a newline take seconds), and is answered whole.
    #[cfg(feature = "std")]
    #[test]
    fn serve_looks_at_each_byte_of_a_long_line_once() {
        let long = vec![b'x'; 256 * 1024];
        let tail = b"\nperft g:n,n,n,n r:n,n,n,n g 0 0\n";
        let mut chunks: Vec<std::io::Result<&[u8]>> = long.chunks(1024).map(Ok).collect();
        chunks.push(Ok(tail));
        let before = SCANNED.with(core::cell::Cell::get);
        let (result, log) = serve(chunks);
        let scanned = SCANNED.with(core::cell::Cell::get) - before;
        assert!(result.is_ok());
        let input = long.len() + tail.len();
        // Looked at once: the input. Once per read: some 128 times as much.
        assert!(scanned <= input, "{scanned} bytes looked at for {input} of input");
        let written: String = log
            .iter()
            .filter_map(|e| if let Event::Wrote(s) = e { Some(s.as_str()) } else { None })
            .collect();
        let lines: Vec<&str> = written.lines().collect();
        assert_eq!(lines.len(), 2);
        let quoted = format!("error unknown command \"{}\" ", "x".repeat(long.len()));
        assert!(lines[0].starts_with(&quoted), "{}", &lines[0][..40]);
        assert_eq!(lines[1], "perft 1");
    }

    #[test]
    fn outcome_lines_are_sorted_by_notation() {
        let (out, _) = answers(&["outcomes g:10,12,40,home r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0 2 2"]);
        let lines: Vec<&str> = out.lines().skip(1).collect();
        assert_eq!(lines.len(), 28);
        assert!(lines.windows(2).all(|w| w[0] < w[1]));
    }
}
