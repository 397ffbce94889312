//! The engine against Racket's verdicts. `tests/data/racket.txt` holds, per preset and
//! position, a digest of the outcomes of every roll, as
//! `benches/peers/racket_outcomes.rkt` works them out with Racket's own Parcheesi moving the
//! pawns (`benches/peers/racket_digests.sh` writes the file; `docs/verification.md`, "Against
//! Racket's rules", says what is Racket's). The engine must give the same text, byte for byte.

use std::fmt::Write;

use parcheesi::{GameState, Location, Position, Preset, Roll};

/// 64-bit FNV-1a, as the Racket side computes it.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Whether the mover has a pawn on one of the four ring squares after its exit, which
/// Racket's third-doubles penalty takes as the nearest to home and RULES.md as the farthest:
/// `racket_outcomes.rkt` leaves out a third doubles there.
fn past_exit(position: &Position) -> bool {
    let seat = position.mover();
    position.pawns(seat).iter().any(|&l| match l {
        Location::Ring(q) => (1..=4).contains(&seat.exit().steps_to(q)),
        _ => false,
    })
}

/// What `racket_outcomes.rkt` prints for `text`: a line per roll, `POSITION D1 D2 | OUTCOME |
/// OUTCOME ...`, the distinct outcomes in byte order.
fn lines(preset: Preset, text: &str) -> String {
    let position: Position = text.parse().expect("position");
    let rules = preset.rules().with_seats(position.seats());
    let state = GameState::from_position(rules, position).expect("state");
    let mut out = String::new();
    for d1 in 1..=6 {
        for d2 in d1..=6 {
            if d1 == d2 && position.doubles_count() == 2 && past_exit(&position) {
                continue;
            }
            let roll = Roll::new(d1, d2).expect("roll");
            // Distinct already; in byte order, as the text interface sorts them.
            let mut outcomes: Vec<String> =
                state.outcome_positions(roll).expect("outcomes").iter().map(Position::to_string).collect();
            outcomes.sort_unstable();
            writeln!(out, "{text} {d1} {d2} | {}", outcomes.join(" | ")).expect("a String");
        }
    }
    out
}

#[test]
fn fnv1a_matches_the_published_test_vectors() {
    assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
}

#[test]
fn every_roll_has_the_outcomes_racket_gives() {
    let mut checked = [0usize; 3];
    let mut wrong = Vec::new();
    for line in include_str!("data/racket.txt").lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('|').collect();
        let [preset, position, digest] = fields[..] else { panic!("a line of three fields: {line}") };
        let preset: Preset = preset.parse().expect("preset");
        let digest = u64::from_str_radix(digest, 16).expect("a hex digest");
        checked[preset as usize] += 1;
        if fnv1a(lines(preset, position).as_bytes()) != digest {
            wrong.push(format!("{preset:?} {position}"));
        }
    }
    // Each preset has the positions of the tests' data and of its random games.
    assert!(checked.iter().all(|&n| n >= 100), "positions per preset: {checked:?}");
    assert!(
        wrong.is_empty(),
        "not Racket's outcomes (benches/peers/agree.sh PRESET 0 FILE shows how): {wrong:#?}"
    );
}
