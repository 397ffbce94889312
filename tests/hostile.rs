//! Hostile input: every public entry point that takes outside data returns a typed error (or a
//! correct answer) and never panics or loops.

mod hard;

use parcheesi::text::TextInterface;
use parcheesi::{
    GameState, Location, Play, Position, Preset, Roll, RollError, Rules, RulesError, Seat, Seats, Setup,
    Step, StepError,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

/// `cases` per property, as CI runs them; `PROPTEST_CASES=N` sets another number.
fn config(cases: u32) -> ProptestConfig {
    let asked = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok());
    ProptestConfig { cases: asked.unwrap_or(cases), ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config(1024))]

    #[test]
    fn parsers_never_panic(text in ".{0,80}") {
        let _ = text.parse::<Location>();
        let _ = text.parse::<Position>();
        let _ = text.parse::<Step>();
        let _ = text.parse::<Play>();
        let _ = text.parse::<Preset>();
        let _ = text.parse::<Seat>();
        let _ = text.parse::<parcheesi::Die>();
        let _ = text.parse::<Roll>();
    }

    #[test]
    fn position_like_text_never_panics(text in "([grby]:[nh0-9ome,]{1,20} ){0,5}[grby] [0-9]") {
        if let Ok(p) = text.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        }
    }

    #[test]
    fn the_text_interface_answers_every_line(line in "(rules|outcomes|perft|quit|x)?( [ -~]{0,60})?") {
        let mut ti = TextInterface::new();
        let mut out = String::new();
        ti.answer(&line, &mut out);
        prop_assert!(out.is_empty() || out.ends_with('\n'));
        if out.starts_with("error") {
            prop_assert_eq!(out.lines().count(), 1);
        }
    }

    /// Serving any bytes, however they arrive, answers exactly what answering its lines one by
    /// one does, up to `quit`. (`serve` reads and writes through `std::io`.)
    #[cfg(feature = "std")]
    #[test]
    fn serving_any_input_answers_its_lines_in_order(
        lines in proptest::collection::vec(
            prop_oneof![
                Just("rules racket".as_bytes().to_vec()),
                Just("perft g:n,n,n,n r:n,n,n,n g 0 1".as_bytes().to_vec()),
                Just("outcomes g:5,n,n,n r:n,n,n,n g 0 2 2".as_bytes().to_vec()),
                Just(b"quit".to_vec()),
                proptest::collection::vec(any::<u8>(), 0..12),
            ],
            0..8,
        ),
        cuts in proptest::collection::vec(1usize..40, 1..8),
        newline_at_end in any::<bool>(),
    ) {
        let mut input = lines.join(&b'\n');
        if newline_at_end {
            input.push(b'\n');
        }
        // The input arrives in pieces of the given sizes, then what is left.
        let mut pieces = Vec::new();
        let mut rest = input.as_slice();
        for &cut in &cuts {
            let (piece, after) = rest.split_at(cut.min(rest.len()));
            pieces.push(piece);
            rest = after;
        }
        pieces.push(rest);
        let mut served = Vec::new();
        prop_assert!(TextInterface::new().serve(Pieces(pieces), &mut served).is_ok());

        let mut ti = TextInterface::new();
        let mut expected = String::new();
        for line in input.split(|&b| b == b'\n') {
            if ti.answer(&String::from_utf8_lossy(line), &mut expected) == parcheesi::text::Flow::Quit {
                break;
            }
        }
        prop_assert_eq!(String::from_utf8_lossy(&served), expected);
    }

    #[test]
    fn raw_setups_are_checked(
        locs in proptest::collection::vec((0u8..80, any::<bool>()), 16),
        seats in 0u8..16, mover in 0usize..4, doubles in 0u8..5,
    ) {
        let mut setup = Setup { pawns: [None; 4], mover: Seat::ALL[mover], doubles };
        for s in 0..4 {
            if seats >> s & 1 == 1 {
                let mut four = [Location::Nest; 4];
                for (p, slot) in four.iter_mut().enumerate() {
                    let (n, row) = locs[4 * s + p];
                    *slot = match (n, row) {
                        (0, _) => Location::Nest,
                        (1, _) => Location::Home,
                        (n, true) => Location::HomeRow(n % 10),
                        (n, false) => parcheesi::Square::new(n).map_or(Location::Nest, Location::Ring),
                    };
                }
                setup.pawns[s] = Some(four);
            }
        }
        if let Ok(p) = Position::from_setup(&setup) {
            // A valid position plays.
            let state = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
            if !p.is_finished() {
                for roll in Roll::DISTINCT {
                    prop_assert!(!state.outcomes(roll).expect("outcomes").is_empty());
                }
            }
        }
    }

    #[test]
    fn any_rules_play_a_game_to_its_end(rules_seed in any::<u64>(), seed in any::<u64>(), seats in 2usize..=4) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rules_seed);
        let rules = hard::mixed_rules(&mut rng).with_seats(Seats::from_seats(&Seat::ALL[..seats]));
        let mut state = GameState::new(rules).expect("valid rules");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut rolls = 0;
        while !state.is_finished() && rolls < 5_000 {
            let mut next = state;
            if let parcheesi::RollReport::Started(_) = next.roll(Roll::random(&mut rng)).expect("roll") {
                // Step by step, choosing randomly among the legal steps.
                loop {
                    let steps = next.legal_steps();
                    prop_assert!(!steps.is_empty());
                    let step = steps[rng.next_u32() as usize % steps.len()];
                    if next.apply_step(step).expect("legal").roll_end.is_some() {
                        break;
                    }
                }
            }
            state = next;
            rolls += 1;
        }
        prop_assert!(state.is_finished(), "no winner after {} rolls", rolls);
    }
}

/// A reader that hands out its pieces one per read.
#[cfg(feature = "std")]
struct Pieces<'a>(Vec<&'a [u8]>);

#[cfg(feature = "std")]
impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while let Some(piece) = self.0.first_mut() {
            if piece.is_empty() {
                self.0.remove(0);
                continue;
            }
            let n = piece.len().min(buf.len());
            buf[..n].copy_from_slice(&piece[..n]);
            *piece = &piece[n..];
            return Ok(n);
        }
        Ok(0)
    }
}

#[test]
fn odd_rules_are_errors() {
    let one = Rules::seed().with_seats(Seats::EMPTY.with(Seat::Blue));
    assert_eq!(GameState::new(one), Err(RulesError::Seats(1).into()));
    assert_eq!(GameState::new(Rules::seed().with_seats(Seats::EMPTY)), Err(RulesError::Seats(0).into()));
    for bonus in [1, 6, 68, 255] {
        let r = Rules { home_bonus: bonus, ..Rules::seed() };
        assert_eq!(GameState::new(r), Err(RulesError::Bonus(bonus).into()));
    }
    let r = Rules { blockade_limit: Some(0), ..Rules::hasbro() };
    assert_eq!(GameState::new(r), Err(RulesError::BlockadeLimit.into()));
    let p: Position = "g:n,n,n,n r:n,n,n,n g 0".parse().expect("position");
    assert_eq!(GameState::from_position(Rules::seed(), p), Err(parcheesi::NewGameError::SeatsMismatch));
    let r = Rules { capture_bonus: 5, ..Rules::seed().with_seats(p.seats()) };
    assert_eq!(GameState::from_position(r, p), Err(RulesError::Bonus(5).into()));
    assert!(matches!(parcheesi::Game::new(r, 1), Err(parcheesi::NewGameError::Rules(RulesError::Bonus(5)))));
}

/// Every question about a roll needs a state that awaits one: mid-roll, or once the game is
/// over, each says so (and leaves a list it fills empty).
#[test]
fn a_roll_is_asked_of_a_state_that_awaits_one() {
    let p: Position = "g:10,n,n,n r:n,n,n,n g 0".parse().expect("position");
    let mut mid_roll = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    let _ = mid_roll.roll(Roll::new(1, 2).expect("dice")).expect("roll");
    let p: Position = "g:home,home,home,home r:n,n,n,n g 0".parse().expect("position");
    let over = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    let roll = Roll::new(5, 6).expect("dice");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for (state, error) in [(mid_roll, RollError::RollInProgress), (over, RollError::GameOver)] {
        assert_eq!(state.outcomes(roll), Err(error));
        assert_eq!(state.outcome_count(roll), Err(error));
        assert_eq!(state.outcome_positions(roll), Err(error));
        assert_eq!(state.legal_plays(roll), Err(error));
        assert_eq!(state.random_outcome(roll, &mut rng), Err(error));
        assert_eq!(state.choices(roll, |choices| choices.len()), Err(error));
        let mut outcomes = vec![parcheesi::Outcome { state, play: Play::EMPTY }];
        assert_eq!(state.outcomes_into(roll, &mut outcomes), Err(error));
        assert!(outcomes.is_empty());
        let mut positions = vec![state.position()];
        assert_eq!(state.outcome_positions_into(roll, &mut positions), Err(error));
        assert!(positions.is_empty());
        let mut rolled = state;
        assert_eq!(rolled.roll(roll), Err(error));
        assert_eq!(rolled, state);
    }
}

#[test]
fn invalid_locations_in_steps_are_errors() {
    let p: Position = "g:10,n,n,n r:n,n,n,n g 0".parse().expect("position");
    let mut s = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    assert_eq!(s.apply_step(Step::new(Location::Nest, Location::Home)), Err(StepError::NoRoll));
    let _ = s.roll(Roll::new(1, 2).expect("dice")).expect("roll");
    let before = s;
    for (from, to) in [
        (Location::HomeRow(255), Location::Home),
        (Location::Ring(parcheesi::Square::new(10).expect("sq")), Location::HomeRow(200)),
        (Location::Home, Location::Nest),
        (Location::Nest, Location::Nest),
    ] {
        let error = s.apply_step(Step::new(from, to)).expect_err("no such step");
        if !from.is_valid() || !to.is_valid() {
            assert_eq!(error, StepError::NoRoute(from, to));
        }
        assert_eq!(s, before);
    }
    // The same in a whole play, also for a roll that allows no step (nothing enters on 1-1).
    let mut play = parcheesi::Play::EMPTY;
    play.push(Step::new(Location::HomeRow(255), Location::Home)).expect("room");
    let start: Position = "g:n,n,n,n r:n,n,n,n g 0".parse().expect("position");
    for (position, dice) in [(p, (1, 2)), (start, (1, 1))] {
        let rules = Rules::seed().with_seats(position.seats());
        let mut s = GameState::from_position(rules, position).expect("state");
        assert!(matches!(
            s.apply_play(Roll::new(dice.0, dice.1).expect("dice"), &play),
            Err(parcheesi::PlayError::Step { index: 1, error: StepError::NoRoute(..), .. })
        ));
    }
    assert_eq!(Location::HomeRow(250).steps_to_home(Seat::Red), None);
    assert_eq!(p.pawns_at(Location::HomeRow(250), Seat::Green), (0, None));
    assert!(Location::HomeRow(250).progress(Seat::Green) > 0);
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_validation() {
    let p: Position = "g:n,5,h3,home r:n,22,40,home g 1".parse().expect("position");
    let json = serde_json::to_string(&p).expect("serialise");
    assert_eq!(serde_json::from_str::<Position>(&json).expect("deserialise"), p);
    // Three pawns on one square, a home-row square past h6, a die of 7, a bad seat set.
    let crowded = json.replace("\"5\"", "\"22\"").replace("\"n\"", "\"22\"");
    assert!(serde_json::from_str::<Position>(&crowded).is_err());
    assert!(serde_json::from_str::<Position>(&json.replace("h3", "h9")).is_err());
    assert!(serde_json::from_str::<parcheesi::Die>("7").is_err());
    assert!(serde_json::from_str::<Seats>("255").is_err());
    assert!(
        serde_json::from_str::<Play>(&format!("[{}]", vec!["{\"from\":\"1\",\"to\":\"2\"}"; 21].join(",")))
            .is_err()
    );
    let play: Play = "10-14 66-h1".parse().expect("play");
    assert_eq!(serde_json::from_str::<Play>(&serde_json::to_string(&play).expect("ser")).expect("de"), play);
    // Malformed data is an error too, not a panic.
    assert!(serde_json::from_str::<Play>("\"10-14\"").is_err());
    assert!(serde_json::from_str::<GameState>("{}").is_err());
    // Die amounts: at most four, each 1 to 6, read in any order and kept sorted.
    let amounts: parcheesi::Amounts = serde_json::from_str("[5,2,5,2]").expect("amounts");
    assert_eq!(
        (amounts.as_slice(), serde_json::to_string(&amounts).expect("ser").as_str()),
        (&[2, 2, 5, 5][..], "[2,2,5,5]")
    );
    for bad in ["[7]", "[0,1]", "[1,2,3,4,5]", "[-1]", "3", "\"3-4\""] {
        assert!(serde_json::from_str::<parcheesi::Amounts>(bad).is_err(), "{bad}");
    }
    let error = serde_json::from_str::<parcheesi::Amounts>("[1,1,1,1,1]").expect_err("five");
    assert!(error.to_string().contains("at most four die amounts, not 5"), "{error}");
    // A state's rules must be playable and name the position's seats.
    let p: Position = "g:10,n,n,n r:n,n,n,n g 0".parse().expect("position");
    let state = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    let json = serde_json::to_string(&state).expect("serialise");
    assert_eq!(serde_json::from_str::<GameState>(&json).expect("deserialise"), state);
    for (field, bad, says) in [
        ("\"capture_bonus\":20", "\"capture_bonus\":5", "a bonus is 0 (none) or 7 to 67 steps"),
        ("\"seats\":3", "\"seats\":7", "seats are not the seats the rules say play"),
    ] {
        assert!(json.contains(field), "{json}");
        let error = serde_json::from_str::<GameState>(&json.replace(field, bad)).expect_err(bad);
        assert!(error.to_string().contains(says), "{error}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_checks_blockade_ages() {
    let p: Position = "g:10,10,n,n r:n,n,n,n g 0".parse().expect("position");
    let s = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    let with_ages = |ages: serde_json::Value| {
        let mut value = serde_json::to_value(s).expect("json");
        value["blockade_ages"] = ages;
        serde_json::from_value::<GameState>(value)
    };
    let age = |seat: Seat, square: &str, turns: u8| {
        let square: Location = square.parse().expect("location");
        serde_json::json!({ "seat": seat, "square": square, "turns": turns })
    };
    let kept = with_ages(serde_json::json!([age(Seat::Green, "10", 2)])).expect("a valid age");
    assert_eq!(serde_json::to_value(kept).expect("json")["blockade_ages"][0]["turns"], 2);
    // A seat that does not play, a nest or home, no turns, three ages for one seat, one square
    // twice.
    for ages in [
        serde_json::json!([age(Seat::Blue, "10", 1)]),
        serde_json::json!([age(Seat::Green, "n", 1)]),
        serde_json::json!([age(Seat::Green, "home", 1)]),
        serde_json::json!([age(Seat::Green, "10", 0)]),
        serde_json::json!([age(Seat::Green, "10", 1), age(Seat::Green, "20", 1), age(Seat::Green, "30", 1)]),
        serde_json::json!([age(Seat::Green, "10", 1), age(Seat::Green, "10", 2)]),
    ] {
        let error = with_ages(ages.clone()).expect_err("an invalid age");
        assert!(error.to_string().contains("invalid blockade age"), "{ages}: {error}");
    }
}

#[test]
fn numbers_in_commands_are_plain_digits() {
    let mut ti = TextInterface::new();
    let start = "g:n,n,n,n r:n,n,n,n g 0";
    for command in
        [format!("outcomes {start} +1 2"), format!("outcomes {start} 1 +2"), format!("perft {start} +1")]
    {
        let mut out = String::new();
        ti.answer(&command, &mut out);
        assert!(out.starts_with("error "), "{command}: {out}");
    }
    let mut out = String::new();
    ti.answer(&format!("perft {start} 1"), &mut out);
    assert!(!out.starts_with("error "), "{out}");
}

#[test]
fn notation_errors_say_where_the_text_is_wrong() {
    let start = "g:n,n,n,n r:n,n,n,n g 0";
    for spaced in [format!(" {start}"), format!("{start} "), start.replace(' ', "  ")] {
        assert_eq!(spaced.parse::<Position>(), Err(parcheesi::ParsePositionError::Spacing), "{spaced:?}");
    }
    let error = "10-14 14-x 20-21".parse::<Play>().expect_err("a bad second step");
    assert!(matches!(error, parcheesi::ParsePlayError::Step { index: 2, .. }), "{error:?}");
}

#[test]
fn perft_of_a_finished_game_is_one_at_any_depth() {
    let p: Position = "g:home,home,home,home r:n,n,n,n g 0".parse().expect("position");
    let s = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    assert_eq!(parcheesi::perft(&s, u32::MAX), 1);
    let mut ti = TextInterface::new();
    let mut out = String::new();
    ti.answer("outcomes g:home,home,home,home r:n,n,n,n g 0 1 2", &mut out);
    assert!(out.starts_with("error "), "{out}");
}

#[test]
fn errors_are_send_sync_and_std_errors() {
    fn check<E: std::error::Error + Send + Sync + 'static>() {}
    check::<parcheesi::RulesError>();
    check::<parcheesi::PositionError>();
    check::<parcheesi::ParsePositionError>();
    check::<parcheesi::ParseLocationError>();
    check::<parcheesi::ParseStepError>();
    check::<parcheesi::ParsePlayError>();
    check::<parcheesi::ParseSeatError>();
    check::<parcheesi::ParseDieError>();
    check::<parcheesi::ParseRollError>();
    check::<parcheesi::NewGameError>();
    check::<parcheesi::RollError>();
    check::<StepError>();
    check::<parcheesi::PlayError>();
    check::<parcheesi::DieError>();
    check::<parcheesi::GameError>();
    check::<parcheesi::ReplayError>();
    check::<parcheesi::rules::UnknownPreset>();
}
