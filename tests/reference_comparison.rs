//! The engine's outcomes compared with the plain reference generator of `tests/reference` on
//! positions reached by random play and on constructed hard positions, for all 21 rolls, under
//! every preset and under random mixes of the rules' switches and bonuses, and on every roll of
//! games under a blockade time limit: the same outcomes (and as many counted, alone and by
//! perft 1), the same legal plays, and each outcome's play one of them leading to it.

mod hard;
mod reference;

use std::collections::HashMap;

use hard::{below, mixed_rules};
use parcheesi::{GameState, Location, Play, Position, Preset, Roll, Rules, Seat, Seats, perft};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Positions reached by random play from the start under `rules` (with two to four seats).
fn played_positions(rng: &mut ChaCha8Rng, rules: Rules, count: usize) -> Vec<Position> {
    let mut out = Vec::new();
    while out.len() < count {
        let seats = 2 + below(rng, 3) as usize;
        let rules = rules.with_seats(Seats::from_seats(&Seat::ALL[..seats]));
        let mut state = GameState::new(rules).expect("rules");
        let rolls = below(rng, 200);
        for _ in 0..rolls {
            if state.is_finished() {
                break;
            }
            let outcomes = state.outcomes(Roll::random(rng)).expect("outcomes");
            state = outcomes[below(rng, outcomes.len() as u32) as usize].state;
        }
        if !state.is_finished() {
            out.push(state.position());
        }
    }
    out
}

/// The engine's outcomes of `roll` from `state` against the reference's, which is told the
/// mover's `overdue` blockades: a description of the first difference in the positions, or of
/// an outcome whose play is none of the reference's legal plays to it.
fn check(state: &GameState, roll: Roll, overdue: &[Location]) -> Option<String> {
    let (rules, position) = (*state.rules(), state.position());
    let (a, b) = (roll.first.value(), roll.second.value());
    let legal = reference::plays_with_overdue(&rules, &position, a, b, overdue);
    let mut expected: Vec<&str> = legal.iter().map(|(_, outcome)| outcome.as_str()).collect();
    expected.sort_unstable();
    expected.dedup();
    let outcomes = state.outcomes(roll).expect("outcomes");
    let mut got: Vec<String> = outcomes.iter().map(|o| o.state.position().to_string()).collect();
    got.sort();
    let head = || format!("rules {rules:?}\noutcomes {position} {a} {b} (overdue {overdue:?})");
    // A count walks the roll its own way (its leaves counted, not kept).
    let count = state.outcome_count(roll).expect("count");
    if got != expected || count != expected.len() {
        return Some(format!(
            "{}\ncounted {count}\nreference {}:\n{}\nengine {}:\n{}",
            head(),
            expected.len(),
            expected.join("\n"),
            got.len(),
            got.join("\n")
        ));
    }
    // A play's steps lead to one outcome, whichever of two pawns on a square moves.
    let legal: HashMap<Play, String> = legal.into_iter().collect();
    let listed = state.legal_plays(roll).expect("plays");
    if listed.len() != legal.len() || !listed.iter().all(|p| legal.contains_key(p)) {
        let only_listed: Vec<String> =
            listed.iter().filter(|p| !legal.contains_key(p)).map(ToString::to_string).collect();
        let only_reference: Vec<String> =
            legal.keys().filter(|p| !listed.contains(p)).map(ToString::to_string).collect();
        return Some(format!(
            "{}\nlegal plays: {} listed, {} by the reference; only listed {only_listed:?}, only the reference's {only_reference:?}",
            head(),
            listed.len(),
            legal.len()
        ));
    }
    outcomes.iter().find_map(|o| {
        let outcome = o.state.position().to_string();
        (legal.get(&o.play) != Some(&outcome))
            .then(|| format!("{}\nthe engine's play to {outcome} is {}, not a legal play", head(), o.play))
    })
}

/// Every roll of every one of `positions` under `rules` (given the seats of each position).
fn compare(rules: Rules, positions: &[Position]) {
    let mut failures = Vec::new();
    for p in positions {
        let state = GameState::from_position(rules.with_seats(p.seats()), *p).expect("state");
        failures.extend(Roll::DISTINCT.iter().filter_map(|&roll| check(&state, roll, &[])));
        // Perft's last level counts the 21 rolls of a position in turn, sharing one walk's
        // buffers and the steps from the start of the roll; each roll's count is checked
        // against the reference's outcomes above.
        let outcomes: u128 =
            Roll::DISTINCT.iter().map(|&roll| state.outcome_count(roll).expect("count") as u128).sum();
        let counted = perft(&state, 1);
        if counted != outcomes {
            failures.push(format!("perft 1 of {p} under {rules:?}: {counted} against {outcomes} outcomes"));
        }
    }
    assert!(failures.is_empty(), "{} mismatches; first:\n{}", failures.len(), failures[0]);
}

fn count() -> usize {
    std::env::var("PARCHEESI_REFERENCE_POSITIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000)
}

/// The seed of preset `i`'s positions in a test whose seeds start at `base`: fixed in CI; a
/// longer run can draw other positions with `PARCHEESI_REFERENCE_SEED`.
fn seed(base: u64, i: usize) -> u64 {
    let offset: u64 =
        std::env::var("PARCHEESI_REFERENCE_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    offset.wrapping_mul(1000).wrapping_add(base + i as u64)
}

#[test]
fn hard_positions_agree_with_the_reference() {
    for (i, preset) in [Preset::Seed, Preset::Hasbro, Preset::Racket].into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed(100, i));
        let positions: Vec<Position> = (0..count()).map(|_| hard::position(&mut rng)).collect();
        compare(preset.rules(), &positions);
    }
}

#[test]
fn played_positions_agree_with_the_reference() {
    for (i, preset) in [Preset::Seed, Preset::Hasbro, Preset::Racket].into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed(200, i));
        let positions = played_positions(&mut rng, preset.rules(), count());
        compare(preset.rules(), &positions);
    }
}

#[test]
fn mixed_rules_agree_with_the_reference() {
    // Fewer positions per mix than per preset, over many mixes.
    let mixes = (count() / 25).max(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed(300, 0));
    for _ in 0..mixes {
        let rules = mixed_rules(&mut rng);
        let mut positions: Vec<Position> = (0..4).map(|_| hard::position(&mut rng)).collect();
        positions.extend(played_positions(&mut rng, rules, 4));
        compare(rules, &positions);
    }
}

/// The squares of `seat`'s blockades in `position`: ring squares, and home-row squares (its own).
fn blockades(position: &Position, seat: Seat) -> Vec<Location> {
    let pawns = position.pawns(seat);
    // At most two pawns share a square, so each pair is found once, at its first pawn.
    pawns
        .iter()
        .enumerate()
        .filter(|&(i, l)| matches!(l, Location::Ring(_) | Location::HomeRow(_)) && pawns[i + 1..].contains(l))
        .map(|(_, &l)| l)
        .collect()
}

/// Games under a blockade time limit. A state keeps its blockades' ages, which a position does
/// not carry, so the reference is told which of the mover's blockades are overdue, counted
/// here from the game's positions as RULES.md section 5 says: at the end of each of a seat's
/// turns, one more turn for each square it holds a blockade on, and none for the others.
#[test]
fn games_under_a_blockade_time_limit_agree_with_the_reference() {
    let games = (count() / 50).max(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed(400, 0));
    let (mut failures, mut overdue_rolls) = (Vec::new(), 0);
    for g in 0..games {
        let limit = 1 + below(&mut rng, 3) as u8;
        let seats = Seats::from_seats(&Seat::ALL[..2 + below(&mut rng, 3) as usize]);
        let rules = if g % 2 == 0 {
            [Preset::Seed, Preset::Hasbro, Preset::Racket][g / 2 % 3].rules()
        } else {
            mixed_rules(&mut rng)
        };
        let rules = Rules { blockade_limit: Some(limit), ..rules.with_seats(seats) };
        let mut state = GameState::new(rules).expect("rules");
        // Turns each (seat, square) has held a blockade at the ends of its owner's turns.
        let mut ages: HashMap<(Seat, Location), u8> = HashMap::new();
        for _ in 0..400 {
            if state.is_finished() {
                break;
            }
            let mover = state.mover();
            let overdue: Vec<Location> =
                ages.iter().filter(|&(&(s, _), &n)| s == mover && n >= limit).map(|(&(_, l), _)| l).collect();
            overdue_rolls += usize::from(!overdue.is_empty());
            let roll = Roll::random(&mut rng);
            failures.extend(check(&state, roll, &overdue));
            let outcomes = state.outcomes(roll).expect("outcomes");
            state = outcomes[below(&mut rng, outcomes.len() as u32) as usize].state;
            if state.mover() != mover {
                let held = blockades(&state.position(), mover);
                ages.retain(|&(s, l), _| s != mover || held.contains(&l));
                held.into_iter().for_each(|l| *ages.entry((mover, l)).or_insert(0) += 1);
            }
        }
    }
    assert!(failures.is_empty(), "{} mismatches; first:\n{}", failures.len(), failures[0]);
    // The games reach overdue blockades often enough to test the rule.
    assert!(overdue_rolls >= games, "{overdue_rolls} rolls with an overdue blockade in {games} games");
}

#[test]
fn long_bonus_chains_agree_with_the_reference() {
    // Twelve lone opponents in front of four pawns: captures chain bonus after bonus.
    let p: Position = "g:8,9,10,11 r:14,16,18,20 b:23,25,27,30 y:31,33,35,37 g 0".parse().expect("position");
    for preset in [Preset::Seed, Preset::Hasbro, Preset::Racket] {
        let state = GameState::from_position(preset.rules().with_seats(p.seats()), p).expect("state");
        for (a, b) in [(1, 2), (5, 6), (2, 4), (1, 3), (3, 3)] {
            let roll = Roll::new(a, b).expect("dice");
            assert_eq!(check(&state, roll, &[]), None, "{preset} {a}-{b}");
        }
    }
}
