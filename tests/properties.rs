//! Property tests over states reached by play from the start (random rolls and random choices,
//! two to four seats, every preset and random mixes of the rules' switches) and over hard
//! positions that play seldom reaches (`tests/hard/`: blockades, home rows, every pawn out, any
//! doubles count), checked as every position is; never over hand-filled structs.

mod hard;

use std::collections::{BTreeMap, BTreeSet};

use parcheesi::{GameState, Location, PlayError, Position, Preset, Roll, Rules, Seat, Seats, Step};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PRESETS: [Preset; 3] = [Preset::Seed, Preset::Hasbro, Preset::Racket];

/// `cases` per property, as CI runs them; `PROPTEST_CASES=N` sets another number for a longer
/// (or shorter) run, as proptest's own default configuration would.
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(cases);
    // Some one in eight states drawn is a finished game, which most properties skip: room for
    // that many skips however many cases are asked.
    let max_global_rejects = (cases / 4).max(ProptestConfig::default().max_global_rejects);
    ProptestConfig { cases, max_global_rejects, ..ProptestConfig::default() }
}

/// The rules of kind `kind`: a preset (0 to 2), or (3) a random mix of the switches
/// (`hard::mixed_rules`) drawn from `rng`.
fn rules_of(kind: usize, rng: &mut ChaCha8Rng) -> Rules {
    PRESETS.get(kind).map_or_else(|| hard::mixed_rules(rng), |p| p.rules())
}

/// A state reached from the start by `rolls` random rolls, each played by a random outcome,
/// under rules of kind `kind` (`rules_of`).
fn played(seed: u64, kind: usize, seats: usize, rolls: usize) -> GameState {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = rules_of(kind, &mut rng).with_seats(Seats::from_seats(&Seat::ALL[..seats]));
    let mut state = GameState::new(rules).expect("rules");
    for _ in 0..rolls {
        if state.is_finished() {
            break;
        }
        let outcomes = state.outcomes(Roll::random(&mut rng)).expect("outcomes");
        state = outcomes[rng.next_u32() as usize % outcomes.len()].state;
    }
    state
}

/// The hard position (`tests/hard/`) drawn from `seed`, under rules of kind `kind`
/// (`rules_of`).
fn hard_state(seed: u64, kind: usize) -> GameState {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let p = hard::position(&mut rng);
    GameState::from_position(rules_of(kind, &mut rng).with_seats(p.seats()), p).expect("a valid position")
}

/// A state under a preset, or a quarter of the time under a random mix of the switches.
fn any_state() -> impl Strategy<Value = GameState> {
    prop_oneof![
        2 => (any::<u64>(), 0..4usize, 2..=4usize, 0..160usize).prop_map(|(seed, k, s, r)| played(seed, k, s, r)),
        1 => (any::<u64>(), 0..4usize).prop_map(|(seed, k)| hard_state(seed, k)),
    ]
}

fn any_roll() -> impl Strategy<Value = Roll> {
    (1..=6u8, 1..=6u8).prop_map(|(a, b)| Roll::new(a, b).expect("dice"))
}

fn any_location() -> impl Strategy<Value = Location> {
    prop_oneof![
        Just(Location::Nest),
        Just(Location::Home),
        (0..7u8).prop_map(Location::HomeRow),
        (0..68u8).prop_map(|q| Location::Ring(parcheesi::Square::new(q).expect("square"))),
    ]
}

/// The invariants of a position (section 1): four pawns per seat, at most two pawns and one
/// seat per square, and a finished game only with its winner to move.
fn check_invariants(p: &Position) {
    for s in p.seats().iter() {
        for l in p.pawns(s) {
            assert!(l.is_valid());
            if matches!(l, Location::Ring(_) | Location::HomeRow(_)) {
                let (n, owner) = p.pawns_at(l, s);
                assert!(n <= 2, "{p}: {n} pawns on {l}");
                if let Location::Ring(_) = l {
                    assert!(owner.is_some());
                }
            }
        }
    }
    if let Some(w) = p.winner() {
        assert_eq!(p.mover(), w);
        assert_eq!(p.doubles_count(), 0);
    }
    assert!(p.doubles_count() <= 2);
    // Re-validating the raw form gives the same position.
    assert_eq!(Position::from_setup(&p.to_setup()), Ok(*p));
}

/// Every end position reachable by taking legal steps one at a time after rolling, ending
/// the roll wherever it may end.
fn stepwise_ends(state: &GameState, out: &mut BTreeSet<String>, budget: &mut usize) {
    if *budget == 0 {
        return;
    }
    *budget -= 1;
    if !state.awaits_roll() && !state.is_finished() {
        for step in state.legal_steps() {
            let mut next = *state;
            let report = next.apply_step(step).expect("a legal step applies");
            check_invariants(&next.position());
            assert_eq!(next.can_end_roll(), report.may_end_roll);
            if report.roll_end.is_some() {
                out.insert(next.position().to_string());
                continue;
            }
            if report.may_end_roll {
                let mut ended = next;
                ended.end_roll().expect("the roll may end");
                out.insert(ended.position().to_string());
            }
            stepwise_ends(&next, out, budget);
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn positions_round_trip_through_the_notation(state in any_state()) {
        let p = state.position();
        let text = p.to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(p));
        check_invariants(&p);
    }

    #[test]
    fn outcomes_are_valid_and_distinct(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        let outcomes = state.outcomes(roll).expect("outcomes");
        prop_assert!(!outcomes.is_empty());
        let distinct: BTreeSet<String> = outcomes.iter().map(|o| o.state.position().to_string()).collect();
        prop_assert_eq!(distinct.len(), outcomes.len(), "outcomes repeat");
        for o in &outcomes {
            check_invariants(&o.state.position());
            prop_assert!(o.state.awaits_roll() || o.state.is_finished());
            // Each listed play is legal and leads to its outcome, read whole and also one step
            // at a time: no step of it that either of two pawns could make ends the roll early,
            // so a reader that takes steps as they come gets there too (ending the roll after
            // the last step where the steps could also go on).
            let mut replay = state;
            replay.apply_play(roll, &o.play).expect("listed play is legal");
            prop_assert_eq!(replay.position(), o.state.position());
            let mut stepped = state;
            if !o.play.is_empty() {
                let _ = stepped.roll(roll).expect("roll");
                // Every step before the last leaves an incomplete play (RULES.md 3), read whole
                // a play that stops there is refused and changes nothing, unless the roll may
                // end there: then that play is legal and ends as `end_roll` ends the roll.
                let mut prefix = parcheesi::Play::EMPTY;
                for (i, &step) in o.play.steps().iter().enumerate() {
                    let mut short = state;
                    if stepped.can_end_roll() {
                        let mut ended = stepped;
                        ended.end_roll().expect("the roll may end");
                        short.apply_play(roll, &prefix).expect("a legal play");
                        prop_assert_eq!(short, ended, "{}", prefix);
                    } else {
                        prop_assert_eq!(short.apply_play(roll, &prefix), Err(PlayError::Incomplete), "{}", prefix);
                        prop_assert_eq!(short, state);
                    }
                    prefix.push(step).expect("no longer than the play");
                    let report = stepped.apply_step(step).expect("listed step is legal");
                    let last = i + 1 == o.play.len();
                    prop_assert!(!last || report.roll_end.is_some() || report.may_end_roll, "{}", o.play);
                    prop_assert!(last || report.roll_end.is_none(), "{}", o.play);
                }
                if stepped.current_roll().is_some() {
                    stepped.end_roll().expect("the roll may end");
                }
            } else {
                let _ = stepped.apply_play(roll, &o.play).expect("the empty play");
            }
            prop_assert_eq!(stepped, o.state);
        }
    }

    #[test]
    fn stepping_one_at_a_time_reaches_exactly_the_outcomes(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        let expected: BTreeSet<String> =
            state.outcomes(roll).expect("outcomes").iter().map(|o| o.state.position().to_string()).collect();
        let mut rolled = state;
        let mut got = BTreeSet::new();
        match rolled.roll(roll).expect("roll") {
            parcheesi::RollReport::Started(_) => {
                let mut budget = 20_000;
                stepwise_ends(&rolled, &mut got, &mut budget);
                prop_assume!(budget > 0);
            }
            _ => {
                got.insert(rolled.position().to_string());
            }
        }
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn outcomes_are_exactly_the_ends_of_the_legal_plays(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        let expected: BTreeSet<String> =
            state.outcomes(roll).expect("outcomes").iter().map(|o| o.state.position().to_string()).collect();
        let mut ends = BTreeSet::new();
        let plays = state.legal_plays(roll).expect("plays");
        // Each once, sorted by notation.
        let texts: Vec<String> = plays.iter().map(ToString::to_string).collect();
        prop_assert!(texts.windows(2).all(|w| w[0] < w[1]), "{:?}", texts);
        for play in plays {
            let mut s = state;
            s.apply_play(roll, &play).expect("a legal play applies");
            ends.insert(s.position().to_string());
        }
        prop_assert_eq!(ends, expected);
    }

    /// Step by step, the legal steps after the first steps of a legal play are exactly the
    /// next steps of the legal plays that start so: a user interface offers no step that is
    /// part of no legal play, however its continuations end.
    #[test]
    fn legal_steps_are_the_next_steps_of_the_legal_plays(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        let plays = state.legal_plays(roll).expect("plays");
        // Each prefix of a legal play (by its text, for a fixed order) and the next steps.
        let mut next: BTreeMap<String, (&[Step], BTreeSet<String>)> = BTreeMap::new();
        for play in &plays {
            for (k, step) in play.steps().iter().enumerate() {
                let prefix = &play.steps()[..k];
                let text = prefix.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
                next.entry(text).or_insert_with(|| (prefix, BTreeSet::new())).1.insert(step.to_string());
            }
        }
        let mut rolled = state;
        if !matches!(rolled.roll(roll).expect("roll"), parcheesi::RollReport::Started(_)) {
            // Forfeited or penalised: the empty play alone.
            prop_assert_eq!(plays, vec![parcheesi::Play::EMPTY]);
            return Ok(());
        }
        // At most 400 prefixes, in the order of their texts (each before its extensions).
        // The roll may end after a prefix exactly when it is a legal play too.
        for (text, (prefix, expected)) in next.iter().take(400) {
            let mut s = rolled;
            for &step in prefix.iter() {
                prop_assert!(s.apply_step(step).expect("a step of a legal play").roll_end.is_none(), "{}", text);
            }
            let got: BTreeSet<String> = s.legal_steps().iter().map(ToString::to_string).collect();
            prop_assert_eq!(&got, expected, "after {:?}", text);
            let play = parcheesi::Play::try_from(*prefix).expect("a play");
            prop_assert_eq!(s.can_end_roll(), plays.contains(&play), "after {:?}", text);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn positions_round_trip_through_serde(state in any_state()) {
        let p = state.position();
        let json = serde_json::to_string(&p).expect("serialise");
        prop_assert_eq!(serde_json::from_str::<Position>(&json).expect("deserialise"), p);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn outcomes_round_trip_through_serde(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        for outcome in state.outcomes(roll).expect("outcomes") {
            let json = serde_json::to_string(&outcome).expect("serialise");
            prop_assert_eq!(serde_json::from_str::<parcheesi::Outcome>(&json).expect("deserialise"), outcome);
        }
    }

    #[test]
    fn outcomes_print_as_the_text_interface_answers_them(
        seed in any::<u64>(),
        preset in 0..3usize,
        seats in 2..=4usize,
        rolls in 0..160usize,
        hard in any::<bool>(),
        roll in any_roll(),
    ) {
        let state = if hard { hard_state(seed, preset) } else { played(seed, preset, seats, rolls) };
        prop_assume!(!state.is_finished());
        let mut lines: Vec<String> = state.outcomes(roll).expect("outcomes").iter().map(ToString::to_string).collect();
        lines.sort();
        let mut ti = parcheesi::text::TextInterface::new();
        let mut answer = String::new();
        let _ = ti.answer(&format!("rules {}", PRESETS[preset]), &mut answer);
        answer.clear();
        let dice = roll.to_string().replace('-', " ");
        let _ = ti.answer(&format!("outcomes {} {dice}", state.position()), &mut answer);
        prop_assert_eq!(answer, format!("outcomes {}\n{}\n", lines.len(), lines.join("\n")));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn reports_round_trip_through_serde(state in any_state(), roll in any_roll(), picks in any::<[usize; 8]>()) {
        prop_assume!(!state.is_finished());
        let mut s = state;
        let report = s.roll(roll).expect("roll");
        let json = serde_json::to_string(&report).expect("serialise");
        prop_assert_eq!(serde_json::from_str::<parcheesi::RollReport>(&json).expect("deserialise"), report);
        // Then the report of every step of one play, up to the roll's end.
        let mut picks = picks.iter().cycle();
        while s.current_roll().is_some() {
            let steps = s.legal_steps();
            let pick = picks.next().expect("cycle");
            let report = s.apply_step(steps[pick % steps.len()]).expect("legal");
            let json = serde_json::to_string(&report).expect("serialise");
            prop_assert_eq!(serde_json::from_str::<parcheesi::StepReport>(&json).expect("deserialise"), report);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn states_round_trip_through_serde_even_mid_roll(state in any_state(), roll in any_roll(), pick in any::<usize>()) {
        let json = serde_json::to_string(&state).expect("serialise");
        prop_assert_eq!(serde_json::from_str::<GameState>(&json).expect("deserialise"), state);
        prop_assume!(!state.is_finished());
        let mut s = state;
        if let parcheesi::RollReport::Started(_) = s.roll(roll).expect("roll") {
            let steps = s.legal_steps();
            s.apply_step(steps[pick % steps.len()]).expect("legal");
            let json = serde_json::to_string(&s).expect("serialise");
            prop_assert_eq!(serde_json::from_str::<GameState>(&json).expect("deserialise"), s);
        }
    }

    #[test]
    fn the_phase_matches_the_amounts(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        let mut s = state;
        prop_assert!(s.awaits_roll() && s.amounts_left().is_none() && s.current_roll().is_none());
        if let parcheesi::RollReport::Started(_) = s.roll(roll).expect("roll") {
            // In a roll: some amount is left to spend, and a step to spend it.
            let (dice, bonuses) = s.amounts_left().expect("amounts in a roll");
            prop_assert!(!dice.is_empty() || !bonuses.is_empty());
            prop_assert_eq!(s.current_roll(), Some(roll));
            prop_assert!(!s.awaits_roll());
        } else {
            prop_assert!(s.awaits_roll() || s.is_finished());
        }
    }

    #[test]
    fn an_illegal_step_is_rejected_and_changes_nothing(
        state in any_state(), roll in any_roll(), from in any_location(), to in any_location()
    ) {
        prop_assume!(!state.is_finished());
        let mut s = state;
        let _ = s.roll(roll).expect("roll");
        let step = Step::new(from, to);
        let legal = s.legal_steps();
        let before = s;
        match s.apply_step(step) {
            Ok(_) => prop_assert!(legal.contains(&step)),
            Err(_) => {
                prop_assert!(!legal.contains(&step));
                prop_assert!(!before.is_legal(step));
                prop_assert_eq!(s, before);
            }
        }
    }

    #[test]
    fn every_unfinished_state_has_an_action(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        let mut s = state;
        match s.roll(roll).expect("an unfinished state awaiting a roll can roll") {
            parcheesi::RollReport::Started(_) => prop_assert!(!s.legal_steps().is_empty()),
            _ => prop_assert!(s.awaits_roll() || s.is_finished()),
        }
    }
}

#[test]
fn random_games_end_within_a_bound_of_rolls() {
    for seed in 0..12 {
        for (p, _) in PRESETS.iter().enumerate() {
            let state = played(seed, p, 2 + (seed as usize % 3), 3_000);
            assert!(state.is_finished(), "seed {seed}: game not over after 3000 rolls");
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn outcome_count_is_the_number_of_outcomes(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        prop_assert_eq!(state.outcome_count(roll).expect("count"), state.outcomes(roll).expect("outcomes").len());
    }

    #[test]
    fn outcome_positions_are_the_positions_of_the_outcomes(state in any_state(), roll in any_roll()) {
        prop_assume!(!state.is_finished());
        let outcomes = state.outcomes(roll).expect("outcomes");
        let positions = state.outcome_positions(roll).expect("positions");
        prop_assert_eq!(positions, outcomes.iter().map(|o| o.state.position()).collect::<Vec<_>>());
    }

    /// Perft searches twin doubles once; the total must not show it.
    #[test]
    fn perft_one_is_the_sum_of_every_rolls_count(state in any_state()) {
        prop_assume!(!state.is_finished());
        let sum: u128 = Roll::DISTINCT.iter().map(|&r| state.outcome_count(r).expect("count") as u128).sum();
        prop_assert_eq!(parcheesi::perft(&state, 1), sum);
    }
}

/// What `state` answers when asked about `roll` one of five ways (the outcomes with their
/// plays, their positions, their count, one drawn from a fixed seed, or perft 1, which counts
/// every roll), as text.
fn ask(state: &GameState, roll: Roll, way: usize) -> String {
    match way {
        0 => format!("{:?}", state.outcomes(roll)),
        1 => format!("{:?}", state.outcome_positions(roll)),
        2 => format!("{:?}", state.outcome_count(roll)),
        3 => format!("{:?}", state.random_outcome(roll, &mut ChaCha8Rng::seed_from_u64(9))),
        _ => parcheesi::perft(state, 1).to_string(),
    }
}

/// Doubles half the time: what a search may keep from one question to the next (the walk of
/// twin doubles) is kept for doubles.
fn doubles_or_any_roll() -> impl Strategy<Value = Roll> {
    prop_oneof![(1..=6u8).prop_map(|d| Roll::new(d, d).expect("dice")), any_roll()]
}

proptest! {
    #![proptest_config(config(256))]

    /// A thread keeps what it can from one search to the next (the generator of the last
    /// position, the walk of twin doubles); any sequence of questions about a few positions
    /// gets, for each, the answer a fresh thread gives.
    #[test]
    fn a_search_does_not_depend_on_the_searches_before_it(
        states in proptest::collection::vec(any_state(), 1..4),
        questions in proptest::collection::vec((any::<usize>(), doubles_or_any_roll(), 0..5usize), 1..16),
    ) {
        for (i, roll, way) in questions {
            let state = states[i % states.len()];
            if state.is_finished() {
                continue;
            }
            let fresh = std::thread::spawn(move || ask(&state, roll, way)).join().expect("a fresh thread");
            prop_assert_eq!(ask(&state, roll, way), fresh, "{} {} way {}", state.position(), roll, way);
        }
    }
}
