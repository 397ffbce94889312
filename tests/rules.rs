//! One test (or a few) per rule of RULES.md sections 1 to 5, each on a board set up from the
//! notation, checking the exact legal steps or outcomes under the presets where they differ.

use parcheesi::{
    EndRollError, GameState, Location, PlayError, Position, Preset, Roll, RollError, RollReport, Rules, Seat,
    Step, StepError, TurnChange,
};

use Preset::{Hasbro, Racket, Seed};

fn state_with(rules: Rules, pos: &str) -> GameState {
    let p: Position = pos.parse().expect("test position");
    GameState::from_position(rules.with_seats(p.seats()), p).expect("test state")
}

fn state(preset: Preset, pos: &str) -> GameState {
    state_with(preset.rules(), pos)
}

fn roll(a: u8, b: u8) -> Roll {
    Roll::new(a, b).expect("dice")
}

/// The distinct outcomes of a roll, as canonical notation, sorted.
fn outcomes(preset: Preset, pos: &str, a: u8, b: u8) -> Vec<String> {
    let s = state(preset, pos);
    let mut v: Vec<String> =
        s.outcomes(roll(a, b)).expect("outcomes").iter().map(|o| o.state.position().to_string()).collect();
    v.sort();
    v
}

/// Positions written in any pawn order, made canonical and sorted.
fn canon(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> =
        list.iter().map(|p| p.parse::<Position>().expect("expected position").to_string()).collect();
    v.sort();
    v
}

/// The legal steps after rolling `a`, `b` and taking `taken`, sorted as text.
fn steps_after(preset: Preset, pos: &str, a: u8, b: u8, taken: &[&str]) -> Vec<String> {
    steps_after_with(preset.rules(), pos, a, b, taken)
}

/// `steps_after` under rules of any switches.
fn steps_after_with(rules: Rules, pos: &str, a: u8, b: u8, taken: &[&str]) -> Vec<String> {
    let mut s = state_with(rules, pos);
    assert!(matches!(s.roll(roll(a, b)), Ok(RollReport::Started(_))), "roll did not start");
    for t in taken {
        s.apply_step(t.parse().expect("step")).expect("taken step is legal");
    }
    let mut v: Vec<String> = s.legal_steps().iter().map(Step::to_string).collect();
    v.sort();
    v
}

fn step(text: &str) -> Step {
    text.parse().expect("step")
}

// ---- 2.1 amounts and 2.2 entering

#[test]
fn enter_with_a_five_then_move_the_other_die() {
    assert_eq!(steps_after(Seed, "g:n,n,n,n r:n,n,n,n g 0", 5, 2, &[]), ["n-5"]);
    assert_eq!(outcomes(Seed, "g:n,n,n,n r:n,n,n,n g 0", 5, 2), canon(&["g:n,n,n,7 r:n,n,n,n r 0"]));
}

#[test]
fn enter_with_one_and_four_or_two_and_three() {
    for (a, b) in [(1, 4), (4, 1), (2, 3), (3, 2)] {
        for preset in [Seed, Hasbro, Racket] {
            assert_eq!(
                outcomes(preset, "g:n,n,n,n r:n,n,n,n g 0", a, b),
                canon(&["g:n,n,n,5 r:n,n,n,n r 0"]),
                "{a}-{b} {preset}"
            );
        }
    }
}

#[test]
fn double_five_enters_two_pawns_or_enters_and_moves() {
    assert_eq!(
        outcomes(Seed, "g:n,n,n,30 r:n,n,n,n g 0", 5, 5),
        canon(&[
            "g:n,5,5,30 r:n,n,n,n g 1",
            "g:n,n,5,35 r:n,n,n,n g 1",
            "g:n,n,10,30 r:n,n,n,n g 1",
            "g:n,n,n,40 r:n,n,n,n g 1",
        ])
    );
}

#[test]
fn doubles_give_tops_and_bottoms_only_with_no_pawn_in_the_nest() {
    let mut s = state(Seed, "g:10,20,home,home r:n,n,n,n g 0");
    let report = s.roll(roll(1, 1)).expect("roll");
    let RollReport::Started(amounts) = report else { panic!("{report:?}") };
    assert_eq!(amounts.as_slice(), &[1, 1, 6, 6]);
    let mut s = state(Seed, "g:n,20,home,home r:n,n,n,n g 0");
    let RollReport::Started(amounts) = s.roll(roll(1, 1)).expect("roll") else { panic!() };
    assert_eq!(amounts.as_slice(), &[1, 1]);
}

#[test]
fn entering_is_blocked_by_own_or_opponent_blockade() {
    let own = steps_after(Seed, "g:n,n,5,5 r:n,n,n,n g 0", 5, 1, &[]);
    assert!(!own.contains(&"n-5".to_string()), "{own:?}");
    let mut s = state(Seed, "g:n,n,5,5 r:n,n,n,n g 0");
    let _ = s.roll(roll(5, 1)).expect("roll");
    assert_eq!(s.apply_step(step("n-5")), Err(StepError::EntryBlocked(Location::Ring(Seat::Green.entry()))));
    // A red blockade on green's entry: no pawn of green can move, the roll is forfeited.
    assert_eq!(outcomes(Seed, "g:n,n,n,n r:5,5,n,n g 0", 5, 1), canon(&["g:n,n,n,n r:5,5,n,n r 0"]));
}

#[test]
fn entering_captures_a_single_opponent_even_on_the_safety_square() {
    // Enter capturing red on 5, move the 1, then the capture bonus of 20.
    assert_eq!(outcomes(Seed, "g:n,n,n,n r:5,n,n,n g 0", 5, 1), canon(&["g:n,n,n,26 r:n,n,n,n r 0"]));
}

// ---- 2.3 advancing

#[test]
fn stepwise_sum_with_the_intermediate_landing_blocked_in_one_order() {
    // 9+3 = 12 holds red on a safety square; 9+4 = 13 then +3 = 16 is fine.
    let pos = "g:9,n,n,n r:12,n,n,n g 0";
    assert_eq!(steps_after(Seed, pos, 3, 4, &[]), ["9-13"]);
    assert_eq!(outcomes(Seed, pos, 3, 4), canon(&["g:n,n,n,16 r:n,n,n,12 r 0"]));
}

#[test]
fn four_amount_doubles_one_pawn_takes_all_fourteen() {
    assert_eq!(
        outcomes(Seed, "g:10,home,home,home r:n,n,n,n g 0", 2, 2),
        canon(&["g:24,home,home,home r:n,n,n,n g 1"])
    );
}

#[test]
fn four_amount_doubles_split_between_pawns() {
    // 1,1,6,6 shared between pawns on 10 and 20: every sub-multiset to the first.
    let expected: Vec<String> = [0, 1, 2, 6, 7, 8, 12, 13, 14]
        .iter()
        .map(|s| format!("g:{},{},home,home r:n,n,n,n g 1", 10 + s, 20 + 14 - s))
        .collect();
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_eq!(outcomes(Seed, "g:10,20,home,home r:n,n,n,n g 0", 1, 1), canon(&expected));
}

#[test]
fn no_pawn_passes_its_own_blockade() {
    assert_eq!(steps_after(Seed, "g:10,12,12,n r:n,n,n,n g 0", 4, 6, &[]), ["12-16", "12-18"]);
    let mut s = state(Seed, "g:10,12,12,n r:n,n,n,n g 0");
    let _ = s.roll(roll(4, 6)).expect("roll");
    assert_eq!(
        s.apply_step(step("10-14")),
        Err(StepError::PassesBlockade(Location::Ring(parcheesi::Square::new(12).expect("sq"))))
    );
    // Once the blockade breaks, the pawn behind may pass.
    assert_eq!(
        steps_after(Seed, "g:10,12,12,n r:n,n,n,n g 0", 4, 6, &["12-16"]),
        ["10-16", "12-18", "16-22"]
    );
}

#[test]
fn no_pawn_passes_an_opponent_blockade() {
    assert_eq!(outcomes(Seed, "g:10,n,n,n r:12,12,n,n g 0", 1, 6), canon(&["g:n,n,n,11 r:12,12,n,n r 0"]));
}

#[test]
fn no_pawn_passes_a_blockade_in_its_home_row() {
    let first = steps_after(Seed, "g:h0,h1,h1,30 r:n,n,n,n g 0", 4, 6, &[]);
    assert!(first.contains(&"h1-h5".to_string()), "{first:?}");
    assert!(!first.iter().any(|s| s.starts_with("h0-")), "{first:?}");
}

#[test]
fn no_pawn_lands_on_its_own_pair_on_the_ring_or_in_its_home_row() {
    // h1+2 lands on the pair on h3; h1+6 would reach home but passes it.
    let first = steps_after(Seed, "g:h1,h3,h3,30 r:n,n,n,n g 0", 2, 6, &[]);
    assert_eq!(first, ["30-32", "30-36", "h3-h5"]);
    let mut s = state(Seed, "g:h1,h3,h3,30 r:n,n,n,n g 0");
    let _ = s.roll(roll(2, 6)).expect("roll");
    assert_eq!(s.apply_step(step("h1-h3")), Err(StepError::LandsOnBlockade(step("h1-h3").to)));
    // On the ring: 10+4 lands on the pair on 14 (4+1 enters the pawn in the nest).
    let first = steps_after(Seed, "g:10,14,14,n r:n,n,n,n g 0", 4, 1, &[]);
    assert_eq!(first, ["10-11", "14-15", "14-18", "n-5"]);
    // Into the home row from the ring, past the exit (0): 66+6 would land on the pair on h3,
    // so the 6 takes the ring route only (round again, with seed); 66+5 stops just before it.
    let first = steps_after(Seed, "g:66,h3,h3,30 r:n,n,n,n g 0", 6, 5, &[]);
    assert_eq!(first, ["30-35", "30-36", "66-3", "66-4", "66-h2"]);
}

#[test]
fn no_pawn_lands_on_a_blockade_or_an_occupied_safety_square() {
    let mut s = state(Seed, "g:10,home,home,home r:14,14,n,n g 0");
    let _ = s.roll(roll(4, 1)).expect("roll");
    assert_eq!(s.apply_step(step("10-14")), Err(StepError::LandsOnBlockade(step("10-14").to)));
    assert_eq!(s.legal_steps(), [step("10-11")]);

    let mut s = state(Seed, "g:7,n,n,n r:12,n,n,n g 0");
    let _ = s.roll(roll(5, 6)).expect("roll");
    assert_eq!(s.apply_step(step("7-12")), Err(StepError::LandsOnSafety(step("7-12").to)));
}

#[test]
fn a_single_opponent_off_the_safety_squares_is_captured() {
    let mut s = state(Seed, "g:7,30,home,home r:13,n,n,n g 0");
    let _ = s.roll(roll(6, 1)).expect("roll");
    let report = s.apply_step(step("7-13")).expect("capture");
    assert_eq!(report.captured, Some(Seat::Red));
    assert_eq!(report.bonus_earned, Some(20));
    assert_eq!(s.position().to_string(), "g:13,30,home,home r:n,n,n,n g 0");
}

#[test]
fn a_pawn_captured_in_the_roll_is_not_captured_again() {
    // 8-10 captures red and earns one 20; 7-10 then lands beside green's own pawn, on a square
    // red has left, and earns nothing.
    let pos = "g:7,8,home,home r:10,n,n,n g 0";
    assert_eq!(
        outcomes(Seed, pos, 3, 2),
        canon(&[
            "g:10,30,home,home r:n,n,n,n r 0",
            "g:12,28,home,home r:n,n,n,n r 0",
            "g:13,27,home,home r:n,n,n,n r 0",
            "g:7,13,home,home r:n,n,n,10 r 0",
            "g:7,33,home,home r:n,n,n,n r 0",
            "g:8,12,home,home r:n,n,n,10 r 0",
            "g:8,32,home,home r:n,n,n,n r 0",
            "g:9,11,home,home r:n,n,n,10 r 0",
        ])
    );
    let mut s = state(Seed, pos);
    let _ = s.roll(roll(3, 2)).expect("roll");
    assert_eq!(s.apply_step(step("8-10")).expect("capture").bonus_earned, Some(20));
    let report = s.apply_step(step("7-10")).expect("beside its own pawn");
    assert_eq!((report.captured, report.bonus_earned), (None, None));
}

#[test]
fn a_step_reports_what_it_did_and_what_is_left() {
    let left = |s: &GameState| s.amounts_left().map(|(dice, bonuses)| (dice.as_slice().to_vec(), bonuses));
    let pos = "g:7,30,home,home r:13,n,n,n g 0";
    let mut s = state(Seed, pos);
    let _ = s.roll(roll(6, 1)).expect("roll");
    assert_eq!(left(&s), Some((vec![1, 6], vec![])));
    let plain = s.apply_step(step("30-31")).expect("a plain step");
    assert_eq!((plain.captured, plain.bonus_earned, plain.reached_home), (None, None, false));
    assert_eq!(plain.roll_end, None);
    let capture = s.apply_step(step("7-13")).expect("capture");
    assert_eq!((capture.captured, capture.bonus_earned), (Some(Seat::Red), Some(20)));
    assert_eq!(left(&s), Some((vec![], vec![20])));
    // Two captures: two bonuses pending.
    let mut s = state(Seed, "g:7,16,home,home r:13,n,n,n b:19,n,n,n g 0");
    let _ = s.roll(roll(6, 3)).expect("roll");
    s.apply_step(step("7-13")).expect("capture");
    s.apply_step(step("16-19")).expect("capture");
    assert_eq!(left(&s), Some((vec![], vec![20, 20])));
    // With no capture bonus a capture earns nothing.
    let rules = Rules { capture_bonus: 0, ..Rules::seed() };
    let before = state_with(rules, pos);
    let mut s = before;
    let _ = s.roll(roll(6, 1)).expect("roll");
    let capture = s.apply_step(step("7-13")).expect("capture");
    assert_eq!((capture.captured, capture.bonus_earned), (Some(Seat::Red), None));
    // Nothing is pending: the 1 is the last amount (a bonus of no steps would be a step
    // `13-13`, which every play would have to take).
    assert!(s.apply_step(step("30-31")).expect("the 1").roll_end.is_some());
    for o in before.outcomes(roll(6, 1)).expect("outcomes") {
        assert!(o.play.steps().iter().all(|st| st.from != st.to), "{}", o.play);
    }
}

#[test]
fn a_play_that_goes_on_after_the_roll_ends_is_rejected_at_the_extra_step() {
    let mut s = state(Seed, "g:10,20,home,home r:n,n,n,n g 0");
    let too_long = "10-11 11-13 20-21".parse().expect("play");
    assert!(matches!(
        s.apply_play(roll(1, 2), &too_long),
        Err(PlayError::Step { index: 3, error: StepError::RollOver, .. })
    ));
    assert_eq!(s.position().to_string(), "g:10,20,home,home r:n,n,n,n g 0");
    // After the winning step the game is over.
    let mut s = state(Seed, "g:h4,home,home,home r:n,n,n,n g 0");
    let won_then_more = "h4-home n-5".parse().expect("play");
    assert!(matches!(
        s.apply_play(roll(3, 5), &won_then_more),
        Err(PlayError::Step { index: 2, error: StepError::GameOver, .. })
    ));
    assert!(!s.is_finished());
}

/// RULES.md 3: a play is complete. Read whole, one that stops while a die or a bonus can
/// still be spent is refused, and the state is left as it was; the whole play is taken.
#[test]
fn a_play_that_stops_before_the_roll_ends_is_incomplete() {
    // 5-6 from the start: after `n-5` the entered pawn can still take the 6. 1-3: `9-10`
    // captures red, and the 20 it earns must be spent after the 3.
    let cases = [
        ("g:n,n,n,n r:n,n,n,n g 0", roll(5, 6), ["-", "n-5"], "n-5 5-11", "g:n,n,n,11 r:n,n,n,n r 0"),
        (
            "g:n,n,n,9 r:n,n,n,10 g 0",
            roll(1, 3),
            ["9-10", "9-10 10-13"],
            "9-10 10-13 13-33",
            "g:n,n,n,33 r:n,n,n,n r 0",
        ),
    ];
    for (start, dice, shorts, whole, after) in cases {
        let mut s = state(Seed, start);
        let before = s;
        for short in shorts {
            let play = short.parse().expect("play");
            assert_eq!(s.apply_play(dice, &play), Err(PlayError::Incomplete), "{short}");
            assert_eq!(s, before);
        }
        let whole = whole.parse().expect("play");
        assert_eq!(s.apply_play(dice, &whole), Ok(TurnChange::PassedTo(Seat::Red)));
        assert_eq!(s.position().to_string(), after);
    }
}

/// A play is the play of one roll: mid-roll, or once the game is over, `apply_play` cannot
/// roll, says why, and changes nothing.
#[test]
fn a_play_needs_a_state_that_awaits_a_roll() {
    let mut s = state(Seed, "g:n,n,n,n r:n,n,n,n g 0");
    let _ = s.roll(roll(5, 6)).expect("roll");
    let mid_roll = s;
    let play = "n-5 5-11".parse().expect("play");
    assert_eq!(s.apply_play(roll(5, 6), &play), Err(PlayError::Roll(RollError::RollInProgress)));
    assert_eq!(s, mid_roll);
    let mut won = state(Seed, "g:home,home,home,home r:n,n,n,n g 0");
    let over = won;
    assert_eq!(
        won.apply_play(roll(1, 2), &parcheesi::Play::EMPTY),
        Err(PlayError::Roll(RollError::GameOver))
    );
    assert_eq!(won, over);
}

/// RULES.md 6.2: where two pawns on one square could make a step, a play is read with the
/// one that keeps it legal. Read whole, that can be the pawn whose move lets the play go on,
/// where the same steps also form a legal play if the other pawn moved. Taken one at a time
/// (section 3.6), such steps leave the roll open: the mover may end it (they form a legal
/// play) or go on (they begin one), so both plays are reached step by step too.
#[test]
fn a_play_is_read_whole_where_two_pawns_could_make_a_step() {
    // 5-5 with every pawn out: 5, 5, 2, 2. The pair on 64 started the roll together, so it may
    // not end it together (`hasbro`: every roll). 64-h0 h0-h5 h3-h5 puts a pawn of the pair
    // and the pawn from h3 on h5, and h5-home sends one of them home, for a bonus of 10:
    // - the pawn from h3: the bonus is forfeited (64-h5 would bring the pair together again on
    //   h5, and 25-35 passes yellow's blockade on 29), so the play ends there;
    // - the pawn of the pair: 64-h5 spends the bonus, the pair apart (h5 and home).
    let pos = "g:25,64,64,h3 y:24,29,29,41 g 1";
    let (short, long) = ("64-h0 h0-h5 h3-h5 h5-home", "64-h0 h0-h5 h3-h5 h5-home 64-h5");
    let (short_end, long_end) = ("g:25,64,h5,home y:24,29,29,41 g 2", "g:25,h5,h5,home y:24,29,29,41 g 2");
    let plays: Vec<String> =
        state(Hasbro, pos).legal_plays(roll(5, 5)).expect("plays").iter().map(ToString::to_string).collect();
    assert!(plays.contains(&short.to_string()) && plays.contains(&long.to_string()), "{plays:?}");
    for (play, after) in [(short, short_end), (long, long_end)] {
        let mut s = state(Hasbro, pos);
        assert_eq!(
            s.apply_play(roll(5, 5), &play.parse().expect("play")),
            Ok(TurnChange::RollAgain),
            "{play}"
        );
        assert_eq!(s.position().to_string(), after, "{play}");
    }
    // One step at a time, the fourth step leaves the roll open: it may end or go on.
    let mut s = state(Hasbro, pos);
    assert_eq!(s.end_roll(), Err(EndRollError::NoRoll));
    let _ = s.roll(roll(5, 5)).expect("roll");
    for taken in short.split(' ') {
        let before = s;
        assert!(!s.can_end_roll());
        assert_eq!(s.end_roll(), Err(EndRollError::Incomplete), "before {taken}");
        assert_eq!(s, before);
        let report = s.apply_step(step(taken)).expect(taken);
        assert_eq!(report.roll_end, None, "{taken}");
        assert_eq!(report.may_end_roll, taken == "h5-home", "{taken}");
    }
    assert!(s.can_end_roll());
    assert_eq!(s.legal_steps(), [step("64-h5")]);
    // Saved there, the state reads back as it was: still open.
    #[cfg(feature = "serde")]
    {
        let read: GameState = serde_json::from_str(&serde_json::to_string(&s).expect("json")).expect("state");
        assert!(read == s && read.can_end_roll());
    }
    // Another step there is illegal for its own reason, taken alone or in a play read whole
    // (the roll is not over: it could go on).
    let passes = StepError::PassesBlockade(Location::Ring(parcheesi::Square::new(29).expect("a square")));
    let mut other = s;
    assert_eq!(other.apply_step(step("25-35")), Err(passes));
    assert_eq!(other, s);
    let mut whole = state(Hasbro, pos);
    assert_eq!(
        whole.apply_play(roll(5, 5), &format!("{short} 25-35").parse().expect("play")),
        Err(PlayError::Step { index: 5, step: step("25-35"), error: passes })
    );
    let mut ended = s;
    let end = ended.end_roll().expect("the steps form a legal play");
    assert_eq!((end.forfeited_dice.as_slice(), end.forfeited_bonuses), (&[][..], 1));
    assert_eq!(end.turn, TurnChange::RollAgain);
    assert_eq!(ended.position().to_string(), short_end);
    assert!(!ended.can_end_roll());
    assert_eq!(ended.end_roll(), Err(EndRollError::NoRoll));
    let report = s.apply_step(step("64-h5")).expect("the step goes on");
    assert!(report.roll_end.is_some() && !report.may_end_roll);
    assert_eq!(s.position().to_string(), long_end);
}

/// Every end reached by taking legal steps one at a time from `s`, ending the roll wherever
/// it may end.
fn ends_step_by_step(s: &GameState, out: &mut std::collections::BTreeSet<String>) {
    for taken in s.legal_steps() {
        let mut next = *s;
        let report = next.apply_step(taken).expect("a legal step");
        if report.roll_end.is_some() {
            out.insert(next.position().to_string());
            continue;
        }
        if report.may_end_roll {
            let mut ended = next;
            let _ = ended.end_roll().expect("the roll may end");
            out.insert(ended.position().to_string());
        }
        ends_step_by_step(&next, out);
    }
}

/// Section 3.6 where a pair's pawn and another pawn share a square: steps taken one at a
/// time reach every outcome, also those whose every order of steps passes a point where the
/// steps form a legal play with one pawn moving and begin a longer one with the other.
/// Under `hasbro`, green's pair on 18 rolls 3-3 (3, 3, 4 and 4) beside pawns on 38 and 44,
/// among lone opponents. `g:38,38,58,58` with blue captured on 48, 54 and 58 takes `44-48
/// 48-51 51-54 54-58 18-38 38-58 18-38`: `38-58` moves the pair's pawn, so that its partner
/// may then come to 38. Had the pawn that stood on 38 moved, the last bonus would be
/// forfeited (the partner could only join the pair's pawn on 38): the roll may end there.
/// The 4-4 of `b:28,28,h3,h5 y:56,58,9,9 b 0` (`hasbro`) is another such roll: its listed
/// play `28-31 31-34 34-h3 h3-home 28-h3` may end after `h3-home`, where the pawn from h3 may
/// have gone home, and goes on to its outcome.
#[test]
fn stepping_reaches_every_outcome_where_a_step_can_be_read_two_ways() {
    let cases =
        [("g:18,18,38,44 r:47,9,h6,home b:48,54,58,0 g 0", 3, 177), ("b:28,28,h3,h5 y:56,58,9,9 b 0", 4, 10)];
    let mut open = 0;
    for (pos, d, count) in cases {
        let s = state(Hasbro, pos);
        let outcomes = s.outcomes(roll(d, d)).expect("outcomes");
        assert_eq!(outcomes.len(), count, "{pos}");
        let mut rolled = s;
        let _ = rolled.roll(roll(d, d)).expect("roll");
        let mut reached = std::collections::BTreeSet::new();
        ends_step_by_step(&rolled, &mut reached);
        let listed: std::collections::BTreeSet<String> =
            outcomes.iter().map(|o| o.state.position().to_string()).collect();
        assert_eq!(reached, listed, "{pos}");
        // Every listed play is followed to its outcome, ended where it could go on.
        for o in &outcomes {
            let mut stepped = rolled;
            for (i, &taken) in o.play.steps().iter().enumerate() {
                let report = stepped.apply_step(taken).expect("a listed step");
                open += usize::from(report.may_end_roll);
                assert!(report.roll_end.is_none() || i + 1 == o.play.len(), "{o}");
            }
            if stepped.current_roll().is_some() {
                let _ = stepped.end_roll().expect("the roll may end");
            }
            assert_eq!(stepped, o.state, "{o}");
        }
    }
    assert!(open > 0);
    let s = state(Hasbro, cases[0].0);
    let outcomes = s.outcomes(roll(3, 3)).expect("outcomes");
    let mut rolled = s;
    let _ = rolled.roll(roll(3, 3)).expect("roll");
    let play = "44-48 48-51 51-54 54-58 18-38 38-58 18-38";
    let long = outcomes.iter().find(|o| o.play.to_string() == play).expect("listed");
    assert_eq!(long.state.position().to_string(), "g:38,38,58,58 r:47,9,h6,home b:n,n,n,0 g 1");
    let mut stepped = rolled;
    for taken in play.split(' ') {
        let report = stepped.apply_step(step(taken)).expect(taken);
        assert_eq!(report.may_end_roll, taken == "38-58", "{taken}");
        if report.may_end_roll {
            let mut ended = stepped;
            let _ = ended.end_roll().expect("the roll may end");
            assert_eq!(ended.position().to_string(), "g:18,38,58,58 r:47,9,h6,home b:n,n,n,0 g 1");
        }
    }
    assert_eq!(stepped, long.state);
}

#[test]
fn a_play_for_a_roll_that_allows_no_step_says_why_its_first_step_is_not_legal() {
    // Nothing can enter on 1-1 (section 2.2).
    let mut s = state(Seed, "g:n,n,n,n r:n,n,n,n g 0");
    let enter = "n-5".parse().expect("play");
    assert!(matches!(
        s.apply_play(roll(1, 1), &enter),
        Err(PlayError::Step { index: 1, error: StepError::AmountNotAvailable { needed: 5 }, .. })
    ));
    assert_eq!(s.apply_play(roll(1, 1), &parcheesi::Play::EMPTY), Ok(TurnChange::RollAgain));
    // A third doubles is not played (section 4).
    let mut s = state(Seed, "g:h2,66,30,home r:n,n,n,n g 2");
    let steps = "30-33".parse().expect("play");
    assert!(matches!(
        s.apply_play(roll(3, 3), &steps),
        Err(PlayError::Step { index: 1, error: StepError::ThirdDoubles, .. })
    ));
    assert_eq!(s.position().to_string(), "g:30,66,h2,home r:n,n,n,n g 2");
}

#[test]
fn home_only_by_exact_count() {
    let pos = "g:h4,home,home,home r:n,n,n,n g 0";
    assert_eq!(outcomes(Seed, pos, 3, 5), canon(&["g:home,home,home,home r:n,n,n,n g 0"]));
    assert_eq!(outcomes(Seed, pos, 5, 6), canon(&["g:h4,home,home,home r:n,n,n,n r 0"]));
    assert_eq!(outcomes(Seed, pos, 2, 4), canon(&["g:h6,home,home,home r:n,n,n,n r 0"]));
    // From 66 home is 10 steps (2 to the exit, 8 beyond): no die reaches it, and a 20 overshoots.
    let mut s = state(Seed, "g:66,home,home,home r:n,n,n,n g 0");
    let _ = s.roll(roll(1, 2)).expect("roll");
    assert_eq!(s.apply_step(step("66-home")), Err(StepError::AmountNotAvailable { needed: 10 }));
    let mut s = state(Seed, "g:9,66,home,home r:10,n,n,n g 0");
    let _ = s.roll(roll(1, 6)).expect("roll");
    s.apply_step(step("9-10")).expect("capture");
    assert_eq!(s.apply_step(step("66-home")), Err(StepError::OvershootsHome { needed: 10 }));
}

#[test]
fn going_round_again_is_a_choice_with_seed_only() {
    let pos = "g:66,home,home,home r:n,n,n,n g 0";
    assert_eq!(steps_after(Seed, pos, 6, 1, &[]), ["66-4", "66-67", "66-h3"]);
    assert_eq!(steps_after(Hasbro, pos, 6, 1, &[]), ["66-67", "66-h3"]);
    assert_eq!(steps_after(Racket, pos, 6, 1, &[]), ["66-67", "66-h3"]);
    let mut s = state(Hasbro, pos);
    let _ = s.roll(roll(6, 1)).expect("roll");
    assert_eq!(s.apply_step(step("66-4")), Err(StepError::MustTakeHomeRow));
}

#[test]
fn a_blockade_before_the_exit_stops_both_routes_one_after_it_the_ring_route() {
    // Red's pair on 67 stands between green's 66 and its exit (0): no 6, no 1.
    let blocked = "g:66,n,n,n r:67,67,n,n g 0";
    assert_eq!(outcomes(Seed, blocked, 6, 1), canon(&["g:66,n,n,n r:67,67,n,n r 0"]));
    // Red's pair on 1, past the exit: the 6 may still turn into the home row.
    assert_eq!(steps_after(Seed, "g:66,n,n,n r:1,1,n,n g 0", 6, 1, &[]), ["66-67", "66-h3"]);
}

#[test]
fn a_pawn_gone_round_again_turns_into_its_home_row_with_a_bonus_that_reaches_it() {
    // Green's pawn on 2 has passed its exit (0). The 1 takes h6 home, the 2 moves 2-4; what
    // can the home bonus do from 4, 64 steps before the exit?
    let bonus_steps = |home_bonus: u8| {
        let rules = Rules { home_bonus, ..Rules::seed() };
        steps_after_with(rules, "g:h6,2,home,home r:n,n,n,n g 0", 1, 2, &["h6-home", "2-4"])
    };
    // 67 comes round to the exit and goes on into the home row, or stays on the ring.
    assert_eq!(bonus_steps(67), ["4-3", "4-h2"]);
    // 64 ends on the exit: a ring step, and no home-row route of no squares beyond it.
    assert_eq!(bonus_steps(64), ["4-0"]);
}

#[test]
fn a_home_route_longer_than_eight_past_the_exit_does_not_exist() {
    // 57-58 captures; with a mandatory home row no pawn this close to its exit can spend 20
    // (20 - 8 > 8), so the bonus is forfeited. With seed a bonus must go round again.
    let pos = "g:57,60,home,home r:58,n,n,n g 0";
    let forfeited = canon(&["g:58,66,home,home r:n,n,n,n r 0"]).remove(0);
    assert!(outcomes(Hasbro, pos, 1, 6).contains(&forfeited));
    let seed = outcomes(Seed, pos, 1, 6);
    assert!(!seed.contains(&forfeited), "{seed:?}");
    assert!(seed.contains(&canon(&["g:10,66,home,home r:n,n,n,n r 0"])[0]), "{seed:?}");
}

// ---- 2.4 bonus timing

const BONUS_CLOSES_DICE: &str = "g:9,11,11,home r:n,n,10,12 b:17,n,n,n y:n,n,n,n g 0";

#[test]
fn bonus_after_dice_forfeits_a_die_no_step_can_use() {
    // 9-10 captures with the 1; the 6 cannot move (own blockade, blue on safety 17), so the
    // dice phase ends and the 6 is forfeited even after the bonus breaks the blockade.
    assert_eq!(steps_after(Seed, BONUS_CLOSES_DICE, 1, 6, &["9-10"]), ["11-31"]);
    let mut s = state(Seed, BONUS_CLOSES_DICE);
    let _ = s.roll(roll(1, 6)).expect("roll");
    s.apply_step(step("9-10")).expect("capture");
    assert_eq!(s.apply_step(step("10-16")), Err(StepError::DiceForfeited(6)));
    let end = s.apply_step(step("11-31")).expect("bonus").roll_end.expect("roll over");
    assert_eq!(end.forfeited_dice.as_slice(), &[6]);
    assert_eq!(outcomes(Hasbro, BONUS_CLOSES_DICE, 1, 6).len(), 1);
}

#[test]
fn the_dice_phase_ends_by_section_2_alone_not_by_the_blockade_rule() {
    // 2-2 with a pawn in the nest: 2, 2. 30-32 captures red; the other 2 can then only bring
    // the starting pair together again on 32 (34 holds blue on a safety square), which no play
    // may end with, and after it red's pair on 51 stops the 20. That step is still possible
    // by section 2, so the dice phase goes on and the 20 may not come first: the play ends
    // after 30-32, the 2 and the 20 forfeited. Were the dice phase judged by validity, it
    // would end after 30-32 and the 20 would take 30 to 50, as `bonus immediately` lets it.
    let pos = "g:30,30,n,home r:32,51,51,n b:34,n,n,n g 0";
    let forfeited = canon(&["g:n,30,32,home r:n,n,51,51 b:n,n,n,34 g 1"]);
    assert_eq!(outcomes(Seed, pos, 2, 2), forfeited);
    assert_eq!(outcomes(Hasbro, pos, 2, 2), forfeited);
    assert_eq!(outcomes(Racket, pos, 2, 2), canon(&["g:n,32,50,home r:n,n,51,51 b:n,n,n,34 g 1"]));
    let mut s = state(Seed, pos);
    let _ = s.roll(roll(2, 2)).expect("roll");
    let end = s.apply_step(step("30-32")).expect("capture").roll_end.expect("roll over");
    assert_eq!((end.forfeited_dice.as_slice(), end.forfeited_bonuses), (&[2][..], 1));
}

#[test]
fn bonus_immediately_lets_the_die_move_after_the_bonus_breaks_a_blockade() {
    assert_eq!(steps_after(Racket, BONUS_CLOSES_DICE, 1, 6, &["9-10"]), ["11-31"]);
    assert_eq!(steps_after(Racket, BONUS_CLOSES_DICE, 1, 6, &["9-10", "11-31"]), ["10-16", "31-37"]);
    assert_eq!(
        outcomes(Racket, BONUS_CLOSES_DICE, 1, 6),
        canon(&[
            "g:10,11,37,home r:n,n,n,12 b:n,n,n,17 y:n,n,n,n r 0",
            "g:11,16,31,home r:n,n,n,12 b:n,n,n,17 y:n,n,n,n r 0",
        ])
    );
}

#[test]
fn bonus_waits_for_the_dice_with_bonus_after_dice() {
    let pos = "g:7,30,home,home r:13,n,n,n g 0";
    let mut s = state(Seed, pos);
    let _ = s.roll(roll(6, 1)).expect("roll");
    s.apply_step(step("7-13")).expect("capture");
    assert!(!s.is_legal(step("30-50")));
    assert_eq!(s.apply_step(step("30-50")), Err(StepError::BonusNotYet(20)));
    let mut r = state(Racket, pos);
    let _ = r.roll(roll(6, 1)).expect("roll");
    r.apply_step(step("7-13")).expect("capture");
    assert!(r.is_legal(step("30-50")));
}

#[test]
fn bonuses_chain() {
    // 7-10 captures red; after the dice the 20 takes 11 to 31, capturing again; that 20 goes on.
    assert_eq!(
        outcomes(Seed, "g:7,home,home,home r:10,31,n,n g 0", 3, 1),
        canon(&["g:51,home,home,home r:n,n,n,n r 0", "g:11,home,home,home r:10,31,n,n r 0"])
    );
}

#[test]
fn a_bonus_no_pawn_can_use_is_forfeited() {
    let pos = "g:7,home,home,home r:10,n,n,n b:20,20,n,n g 0";
    assert!(
        outcomes(Seed, pos, 3, 1).contains(&canon(&["g:11,home,home,home r:n,n,n,n b:20,20,n,n r 0"])[0])
    );
    let mut s = state(Seed, pos);
    let _ = s.roll(roll(3, 1)).expect("roll");
    s.apply_step(step("7-10")).expect("capture");
    let end = s.apply_step(step("10-11")).expect("die").roll_end.expect("roll over");
    assert_eq!(end.forfeited_bonuses, 1);
}

// ---- 3 which plays a roll allows

#[test]
fn larger_die_with_seed_either_die_otherwise() {
    let pos = "g:n,n,n,10 r:n,n,20,20 g 0";
    assert_eq!(outcomes(Seed, pos, 4, 6), canon(&["g:n,n,n,16 r:n,n,20,20 r 0"]));
    let either = canon(&["g:n,n,n,14 r:n,n,20,20 r 0", "g:n,n,n,16 r:n,n,20,20 r 0"]);
    assert_eq!(outcomes(Hasbro, pos, 4, 6), either);
    assert_eq!(outcomes(Racket, pos, 4, 6), either);
    let mut s = state(Seed, pos);
    let _ = s.roll(roll(4, 6)).expect("roll");
    assert_eq!(s.apply_step(step("10-14")), Err(StepError::MustUseLargerDie));
}

#[test]
fn the_most_dice_must_be_used() {
    // 10-13 leaves a 2 no pawn can use (15 is a blockade, 34 holds red on a safety square);
    // 10-12 or 32-35 first lets both dice be used.
    let mut s = state(Racket, "g:10,32,home,home r:15,15,34,n g 0");
    let _ = s.roll(roll(3, 2)).expect("roll");
    assert_eq!(s.legal_steps(), [step("10-12"), step("32-35")]);
    assert_eq!(s.apply_step(step("10-13")), Err(StepError::MustUseMostDice));
}

#[test]
fn all_or_nothing_doubles_with_hasbro() {
    let pos = "g:10,home,home,home r:n,n,20,20 g 0";
    assert_eq!(outcomes(Hasbro, pos, 3, 3), canon(&["g:10,home,home,home r:n,n,20,20 g 1"]));
    assert_eq!(outcomes(Seed, pos, 3, 3), canon(&["g:18,home,home,home r:n,n,20,20 g 1"]));
    assert_eq!(
        outcomes(Racket, pos, 3, 3),
        canon(&[
            "g:16,home,home,home r:n,n,20,20 g 1",
            "g:17,home,home,home r:n,n,20,20 g 1",
            "g:18,home,home,home r:n,n,20,20 g 1",
        ])
    );
    let mut s = state(Hasbro, pos);
    assert!(matches!(s.roll(roll(3, 3)), Ok(RollReport::Forfeited(_))));
    // Section 2 allows 10-13, but no play spends all four amounts.
    let mut s = state(Hasbro, pos);
    let some = "10-13 13-16".parse().expect("play");
    assert!(matches!(
        s.apply_play(roll(3, 3), &some),
        Err(PlayError::Step { index: 1, error: StepError::AllOrNothing, .. })
    ));
    assert_eq!(s.position().to_string(), pos);
    // Only complete plays count, and those are valid: the one way to spend all four (3 and 4
    // each for the pair on 10, to 17 together; red's pair on 18 stops every other) moves the
    // blockade together, so no pawn moves. Using as many as possible, three are played.
    let pos = "g:10,10,home,home r:18,18,n,n g 0";
    assert_eq!(outcomes(Hasbro, pos, 3, 3), canon(&["g:10,10,home,home r:18,18,n,n g 1"]));
    assert_eq!(outcomes(Seed, pos, 3, 3), canon(&["g:14,17,home,home r:18,18,n,n g 1"]));
    assert_eq!(
        outcomes(Racket, pos, 3, 3),
        canon(&[
            "g:13,17,home,home r:18,18,n,n g 1",
            "g:14,16,home,home r:18,18,n,n g 1",
            "g:14,17,home,home r:18,18,n,n g 1",
        ])
    );
}

#[test]
fn must_enter_with_hasbro() {
    let pos = "g:n,n,n,10 r:n,n,n,n g 0";
    let entered = ["g:n,n,5,12 r:n,n,n,n r 0", "g:n,n,7,10 r:n,n,n,n r 0"];
    assert_eq!(outcomes(Hasbro, pos, 5, 2), canon(&entered));
    let all = canon(&[entered[0], entered[1], "g:n,n,n,17 r:n,n,n,n r 0"]);
    assert_eq!(outcomes(Seed, pos, 5, 2), all);
    assert_eq!(outcomes(Racket, pos, 5, 2), all);
    let mut s = state(Hasbro, pos);
    let _ = s.roll(roll(5, 2)).expect("roll");
    assert_eq!(s.apply_step(step("10-15")), Err(StepError::MustEnter));
    // The most dice come first: entering with the 5 leaves a 3 that no pawn can use (red's
    // pair on 7, blue on safety 29), so 26-31 31-34, which enters nobody, is the play.
    let pos = "g:n,26,home,home r:7,7,n,n b:29,n,n,n g 0";
    assert_eq!(outcomes(Hasbro, pos, 5, 3), canon(&["g:n,34,home,home r:7,7,n,n b:29,n,n,n r 0"]));
    let mut s = state(Hasbro, pos);
    let _ = s.roll(roll(5, 3)).expect("roll");
    assert_eq!(s.apply_step(step("n-5")), Err(StepError::MustUseMostDice));
}

#[test]
fn a_blockade_may_not_move_together_on_doubles() {
    for preset in [Seed, Hasbro, Racket] {
        assert_eq!(
            outcomes(preset, "g:10,10,n,n r:n,n,n,n g 0", 2, 2),
            canon(&["g:n,n,10,14 r:n,n,n,n g 1"]),
            "{preset}"
        );
    }
    let mut s = state(Seed, "g:10,10,n,n r:n,n,n,n g 0");
    let _ = s.roll(roll(2, 2)).expect("roll");
    s.apply_step(step("10-12")).expect("first");
    assert_eq!(s.apply_step(step("10-12")), Err(StepError::MovesBlockadeTogether));
}

#[test]
fn a_pair_that_ends_at_home_is_no_blockade() {
    // 2-2 (2, 2, 5, 5): the pair on h5 may go home together with the 2s, the 5s take 30 to 40
    // and the two bonuses of 10 take it on to 60, under every preset.
    let pos = "g:h5,h5,30,home r:n,n,n,n g 0";
    let expected = canon(&[
        "g:44,h5,h5,home r:n,n,n,n g 1",
        "g:52,h5,home,home r:n,n,n,n g 1",
        "g:60,home,home,home r:n,n,n,n g 1",
    ]);
    for preset in [Seed, Hasbro, Racket] {
        assert_eq!(outcomes(preset, pos, 2, 2), expected, "{preset}");
    }
}

#[test]
fn two_bonuses_may_move_a_blockade_with_seed_only() {
    // Two captures with the dice give two bonuses of 20 that can take the pair from 30 to 50.
    let pos = "g:30,30,40,50 r:41,52,n,n g 0";
    let taken = ["40-41", "50-52", "30-50"];
    assert!(steps_after(Seed, pos, 1, 2, &taken).contains(&"30-50".to_string()));
    for preset in [Hasbro, Racket] {
        let after = steps_after(preset, pos, 1, 2, &taken);
        assert!(!after.contains(&"30-50".to_string()), "{preset}: {after:?}");
        let mut s = state(preset, pos);
        let _ = s.roll(roll(1, 2)).expect("roll");
        for t in taken {
            s.apply_step(step(t)).expect("legal");
        }
        assert_eq!(s.apply_step(step("30-50")), Err(StepError::MovesBlockadeTogether), "{preset}");
    }
}

#[test]
fn a_pair_may_meet_mid_play_and_part_again() {
    let pos = "g:10,10,home,home r:n,n,n,n g 0";
    let mut s = state(Seed, pos);
    let play = "10-13 10-13 13-17 17-21".parse().expect("play");
    assert_eq!(s.apply_play(roll(3, 3), &play), Ok(TurnChange::RollAgain));
    assert_eq!(s.position().to_string(), "g:13,21,home,home r:n,n,n,n g 1");
    let mut s = state(Seed, pos);
    let together = "10-13 10-13 13-17 13-17".parse().expect("play");
    assert!(matches!(
        s.apply_play(roll(3, 3), &together),
        Err(PlayError::Step { index: 4, error: StepError::MovesBlockadeTogether, .. })
    ));
}

#[test]
fn an_outcome_is_listed_once_when_plays_to_it_leave_different_bonuses() {
    // 1-1 with every pawn out: 1, 1, 6, 6. The dice take h5 and h1 home, for two bonuses of
    // 10, and 10 to 16. Then either a 10 takes 16 to 26, capturing red for 20, and the 20
    // takes 56 home (10 and 10 left), or the two 10s take 56 home by 66 and the 10 that
    // brings takes 16 to 26, capturing (20 left). Blue's blockade on 33 stops what is left
    // either way: one board, two complete plays that leave different bonuses, one outcome.
    let pos = "g:10,56,h1,h5 r:n,n,26,0 b:33,33,h6,home g 0";
    let after = "g:26,home,home,home r:n,n,n,0 b:33,33,h6,home g 1";
    let by_twenty = "h5-h6 h6-home h1-home 10-16 16-26 56-home";
    let by_tens = "h5-h6 h6-home h1-home 10-16 56-66 66-home 16-26";
    for preset in [Seed, Hasbro, Racket] {
        for (a, b) in [(1, 1), (6, 6)] {
            // Sorted, so an outcome listed twice would stand next to itself.
            let all = outcomes(preset, pos, a, b);
            assert!(all.windows(2).all(|w| w[0] < w[1]), "{preset} {a}-{b}: an outcome listed twice");
            assert_eq!(all.iter().filter(|o| *o == after).count(), 1, "{preset} {a}-{b}");
            let s = state(preset, pos);
            assert_eq!(s.outcome_count(roll(a, b)), Ok(all.len()), "{preset} {a}-{b}");
            assert_eq!(s.outcome_positions(roll(a, b)).map(|p| p.len()), Ok(all.len()), "{preset} {a}-{b}");
        }
        for play in [by_twenty, by_tens] {
            let mut s = state(preset, pos);
            let end = s.apply_play(roll(1, 1), &play.parse().expect("play"));
            assert_eq!(end, Ok(TurnChange::RollAgain), "{preset} {play}");
            assert_eq!(s.position().to_string(), after, "{preset} {play}");
        }
    }
}

#[test]
fn every_roll_has_at_least_one_outcome_and_no_step_beyond_a_legal_play() {
    let mut s = state(Seed, "g:n,n,n,10 r:n,n,20,20 g 0");
    let _ = s.roll(roll(4, 6)).expect("roll");
    let report = s.apply_step(step("10-16")).expect("legal");
    assert!(report.roll_end.is_some());
    assert_eq!(s.apply_step(step("16-20")), Err(StepError::NoRoll));
}

// ---- 4 turns

#[test]
fn third_doubles_sends_the_pawn_nearest_home_back_even_from_the_home_row() {
    let mut s = state(Seed, "g:h2,66,30,home r:n,n,n,n g 2");
    assert_eq!(s.legal_plays(roll(3, 3)), Ok(vec![parcheesi::Play::EMPTY]));
    let report = s.roll(roll(3, 3)).expect("roll");
    assert_eq!(report, RollReport::Penalty { from: Some(Location::HomeRow(2)), next: Seat::Red });
    assert_eq!(s.position().to_string(), "g:n,30,66,home r:n,n,n,n r 0");
    // Counted along the home route: h2 is 5 steps from home, the exit square 8.
    let mut s = state(Seed, "g:h2,0,30,home r:n,n,n,n g 2");
    let report = s.roll(roll(3, 3)).expect("roll");
    assert_eq!(report, RollReport::Penalty { from: Some(Location::HomeRow(2)), next: Seat::Red });
    // A pawn that went round again past its exit to 2 is 74 steps from home (66 to the exit),
    // farther than one on the entry square (71), though it has moved more.
    assert_eq!(outcomes(Seed, "g:n,n,5,2 r:n,n,n,n g 2", 3, 3), canon(&["g:n,n,n,2 r:n,n,n,n r 0"]));
    // With no pawn out, nothing moves and the turn passes.
    assert_eq!(
        outcomes(Seed, "g:n,n,home,home r:n,n,n,n g 2", 4, 4),
        canon(&["g:n,n,home,home r:n,n,n,n r 0"])
    );
}

#[test]
fn doubles_roll_again_and_count() {
    assert_eq!(outcomes(Seed, "g:n,n,n,n r:n,n,n,n g 1", 6, 6), canon(&["g:n,n,n,n r:n,n,n,n g 2"]));
    let no_penalty = Rules { three_doubles: parcheesi::rules::ThreeDoubles::NoPenalty, ..Rules::seed() };
    let s = state_with(no_penalty, "g:n,n,n,10 r:n,n,n,n g 0");
    let after = s.outcomes(roll(6, 6)).expect("outcomes");
    assert!(after.iter().all(|o| o.state.position().doubles_count() == 0 && o.state.mover() == Seat::Green));
}

/// Without the penalty "the doubles count is always 0" (RULES.md section 4). A position read
/// with another count (valid by section 6.1, which does not look at the rules) is played as
/// given, and the count after a roll is 0: this crate's reading, found by comparing random
/// mixes of the switches with the reference generator.
#[test]
fn without_the_penalty_the_count_after_doubles_is_zero_whatever_it_was() {
    let no_penalty = Rules { three_doubles: parcheesi::rules::ThreeDoubles::NoPenalty, ..Rules::seed() };
    for pos in ["g:n,n,n,10 r:n,n,n,n g 1", "g:n,n,n,10 r:n,n,n,n g 2"] {
        let s = state_with(no_penalty, pos);
        // No third-doubles penalty: the pawn moves 6 and 6 (a pawn in the nest, so no tops and
        // bottoms), and green rolls again with the count at 0.
        let after: Vec<String> = s
            .outcomes(roll(6, 6))
            .expect("outcomes")
            .iter()
            .map(|o| o.state.position().to_string())
            .collect();
        assert_eq!(after, canon(&["g:n,n,n,22 r:n,n,n,n g 0"]), "{pos}");
        let positions = s.outcome_positions(roll(6, 6)).expect("positions");
        assert_eq!(positions.iter().map(Position::to_string).collect::<Vec<_>>(), after, "{pos}");
        // Step by step, the same.
        let mut stepped = s;
        let _ = stepped.roll(roll(6, 6)).expect("roll");
        stepped.apply_step(step("10-16")).expect("legal");
        let end = stepped.apply_step(step("16-22")).expect("legal").roll_end.expect("the roll ends");
        assert_eq!(end.turn, TurnChange::RollAgain);
        assert_eq!(stepped.position().to_string(), after[0], "{pos}");
        // Any other roll passes the turn with the count at 0, as under the penalty.
        let passed = s.outcome_positions(roll(1, 2)).expect("positions");
        assert_eq!(passed.iter().map(Position::to_string).collect::<Vec<_>>(), ["g:n,n,n,13 r:n,n,n,n r 0"]);
    }
}

#[test]
fn the_turn_passes_to_the_next_playing_seat() {
    assert_eq!(outcomes(Seed, "g:n,n,n,n b:n,n,n,n g 0", 1, 2), canon(&["g:n,n,n,n b:n,n,n,n b 0"]));
    assert_eq!(outcomes(Seed, "r:n,n,n,n y:n,n,n,n y 0", 1, 2), canon(&["r:n,n,n,n y:n,n,n,n r 0"]));
}

#[test]
fn the_game_ends_mid_roll_when_the_fourth_pawn_gets_home() {
    // 1,1,6,6: h6 goes home with a 1, h1 with a 6; the rest is never played.
    let pos = "g:h1,h6,home,home r:n,n,n,n g 0";
    assert_eq!(outcomes(Seed, pos, 1, 1), canon(&["g:home,home,home,home r:n,n,n,n g 0"]));
    let mut s = state(Seed, pos);
    let _ = s.roll(roll(1, 1)).expect("roll");
    s.apply_step(step("h6-home")).expect("first home");
    let end = s.apply_step(step("h1-home")).expect("second home").roll_end.expect("over");
    assert_eq!(end.turn, TurnChange::Won(Seat::Green));
    assert!(s.is_finished());
    assert!(!s.awaits_roll());
    assert_eq!(s.winner(), Some(Seat::Green));
    assert_eq!(s.roll(roll(2, 3)), Err(parcheesi::RollError::GameOver));
    assert_eq!(s.apply_step(step("n-5")), Err(StepError::GameOver));
    // The roll ended with the game: there is nothing left to end, and the reason is the game.
    let before = s;
    assert!(!s.can_end_roll());
    assert_eq!(s.end_roll(), Err(EndRollError::GameOver));
    assert_eq!(s, before);
}

/// RULES.md exempts no play from the filters of section 3.3, so a play that wins (and ends the
/// roll at once, section 2.4) is kept only if no complete play spends more dice: this crate's
/// reading of the two sections together.
#[test]
fn a_winning_play_is_filtered_like_any_other() {
    // 1-1 with no pawn in the nest: 1, 1, 6, 6. From 64 home is 12 away (4 to the exit, 8
    // beyond): 6 and 6 win with two dice, while 1, 1 and 6 reach h3 with three (the last 6
    // overshoots home), and `seed` goes round again with all four.
    let pos = "g:64,home,home,home r:n,n,n,n g 0";
    assert_eq!(outcomes(Seed, pos, 1, 1), canon(&["g:10,home,home,home r:n,n,n,n g 1"]));
    assert_eq!(outcomes(Racket, pos, 1, 1), canon(&["g:h3,home,home,home r:n,n,n,n g 1"]));
    // `hasbro`: no play spends all four, so none moves.
    assert_eq!(outcomes(Hasbro, pos, 1, 1), canon(&["g:64,home,home,home r:n,n,n,n g 1"]));
    let mut s = state(Racket, pos);
    let _ = s.roll(roll(1, 1)).expect("roll");
    s.apply_step(step("64-h1")).expect("the 6 may come first");
    assert_eq!(s.apply_step(step("h1-home")), Err(StepError::MustUseMostDice));
    // 4-4: 4, 4, 3, 3. From 65 home is 11 away: 3, 4 and 4 win, and `seed` goes round again
    // with all four instead; `racket` keeps the win beside another play of three dice.
    let pos = "g:65,home,home,home r:n,n,n,n g 0";
    assert_eq!(outcomes(Seed, pos, 4, 4), canon(&["g:11,home,home,home r:n,n,n,n g 1"]));
    assert_eq!(
        outcomes(Racket, pos, 4, 4),
        canon(&["g:h6,home,home,home r:n,n,n,n g 1", "g:home,home,home,home r:n,n,n,n g 0"])
    );
    // With `bonus immediately`, h6-home's 10 would take 66 home at once, a win with one die;
    // the plays that also spend the 6 are kept instead.
    let pos = "g:h6,66,home,home r:n,n,n,n g 0";
    assert_eq!(
        outcomes(Racket, pos, 1, 6),
        canon(&["g:h3,home,home,home r:n,n,n,n r 0", "g:h4,h6,home,home r:n,n,n,n r 0"])
    );
    let mut s = state(Racket, pos);
    let _ = s.roll(roll(1, 6)).expect("roll");
    s.apply_step(step("h6-home")).expect("the 1 first");
    assert_eq!(s.apply_step(step("66-home")), Err(StepError::MustUseMostDice));
}

// ---- 5 blockade time limit

/// Every outcome's state is the one its play leads to, blockade ages included: a pair kept
/// through a turn that passes is a turn older, one kept through doubles is not yet.
#[test]
fn outcomes_carry_the_blockade_ages_their_plays_leave() {
    let rules = Rules { blockade_limit: Some(2), ..Rules::seed() };
    let s = state_with(rules, "g:9,9,30,n r:n,n,22,n g 0");
    let mut aged = 0;
    for r in Roll::DISTINCT {
        for o in s.outcomes(r).expect("outcomes") {
            let mut played = s;
            played.apply_play(r, &o.play).expect("legal");
            assert_eq!(played, o.state, "{r} {}", o.play);
            let fresh = state_with(rules, &o.state.position().to_string());
            let kept =
                o.state.position().pawns(Seat::Green).iter().filter(|l| l.to_string() == "9").count() == 2;
            assert_eq!(o.state != fresh, kept && !r.is_doubles(), "{r} {}", o.play);
            aged += usize::from(o.state != fresh);
        }
    }
    assert!(aged > 0);
}

#[test]
fn an_overdue_blockade_must_be_broken() {
    // A limit of one turn. Green's pair on h6 can only break with a 1 (a 2 overshoots home).
    let rules = Rules { blockade_limit: Some(1), ..Rules::seed() };
    let mut s = state_with(rules, "g:h6,h6,30,n r:n,n,n,n g 0");
    let outcome_set = |s: &GameState| -> Vec<String> {
        s.outcomes(roll(1, 2)).expect("outcomes").iter().map(|o| o.state.position().to_string()).collect()
    };
    // Not yet overdue: green may keep the pair.
    let kept = "g:n,33,h6,h6 r:n,n,n,n r 0".to_string();
    assert!(outcome_set(&s).contains(&kept));
    // Green keeps it for one turn; red cannot move; now it is overdue.
    let keep = "30-31 31-33".parse().expect("play");
    assert_eq!(s.apply_play(roll(1, 2), &keep), Ok(TurnChange::PassedTo(Seat::Red)));
    assert_eq!(s.apply_play(roll(1, 2), &parcheesi::Play::EMPTY), Ok(TurnChange::PassedTo(Seat::Green)));
    let overdue = outcome_set(&s);
    assert!(!overdue.is_empty());
    for o in &overdue {
        assert!(!o.contains("h6,h6"), "{o} keeps the overdue blockade");
    }
    let mut t = s;
    let _ = t.roll(roll(1, 2)).expect("roll");
    assert_eq!(t.apply_step(step("33-34")), Err(StepError::MustBreakBlockade));
    assert!(t.is_legal(step("33-35")));
    // A roll with no 1 cannot break it, so the filter keeps every legal play, step by step too.
    let mut u = s;
    let _ = u.roll(roll(2, 3)).expect("roll");
    let mut steps: Vec<String> = u.legal_steps().iter().map(Step::to_string).collect();
    steps.sort();
    assert_eq!(steps, ["33-35", "33-36", "n-5"]);
    // Nor is a play kept that breaks it but loses to the most dice: h6-home leaves a 4 that
    // no pawn can use (red's pair on 35), where entering with 1 and 4 spends both. (The
    // blockade's age is set through serde: no notation carries it.)
    #[cfg(feature = "serde")]
    {
        let mut value =
            serde_json::to_value(state_with(rules, "g:n,33,h6,h6 r:35,35,n,n g 0")).expect("json");
        value["blockade_ages"] = serde_json::json!([{ "seat": Seat::Green, "square": "h6", "turns": 1 }]);
        let mut v: GameState = serde_json::from_value(value).expect("state");
        let entered = "g:5,33,h6,h6 r:n,n,35,35 r 0";
        assert_eq!(v.outcomes(roll(1, 4)).expect("outcomes")[0].state.position().to_string(), entered);
        assert_eq!(v.outcomes(roll(1, 4)).expect("outcomes").len(), 1);
        let _ = v.roll(roll(1, 4)).expect("roll");
        assert_eq!(v.legal_steps(), [step("n-5")]);
    }
    // Without a limit the same roll may keep the pair.
    let mut free = state(Seed, "g:h6,h6,30,n r:n,n,n,n g 0");
    free.apply_play(roll(1, 2), &keep).expect("legal");
    free.apply_play(roll(1, 2), &parcheesi::Play::EMPTY).expect("legal");
    assert!(outcome_set(&free).iter().any(|o| o.contains("h6,h6")));
}

#[test]
fn a_blockade_may_stand_until_the_end_of_its_limit() {
    // A limit of two turns: after one turn the pair on h6 may stay, after two it must break
    // (only a 1 breaks it: h6-home).
    let rules = Rules { blockade_limit: Some(2), ..Rules::seed() };
    let mut s = state_with(rules, "g:h6,h6,30,n r:n,n,n,n g 0");
    let keeps_pair = |s: &GameState| -> Vec<bool> {
        s.outcomes(roll(1, 2))
            .expect("outcomes")
            .iter()
            .map(|o| o.state.position().to_string().contains("h6,h6"))
            .collect()
    };
    let stand_one_turn = |s: &mut GameState, play: &str| {
        let play = play.parse().expect("play");
        assert_eq!(s.apply_play(roll(1, 2), &play), Ok(TurnChange::PassedTo(Seat::Red)));
        assert_eq!(s.apply_play(roll(1, 2), &parcheesi::Play::EMPTY), Ok(TurnChange::PassedTo(Seat::Green)));
    };
    stand_one_turn(&mut s, "30-31 31-33");
    let after_one = keeps_pair(&s);
    assert!(after_one.contains(&true) && after_one.contains(&false), "{after_one:?}");
    stand_one_turn(&mut s, "33-34 34-36");
    let after_two = keeps_pair(&s);
    assert!(!after_two.is_empty() && !after_two.contains(&true), "{after_two:?}");
    // A roll that cannot break it (no 1) is played as if there were no limit.
    let unbreakable: Vec<String> =
        s.outcomes(roll(2, 3)).expect("outcomes").iter().map(|o| o.state.position().to_string()).collect();
    assert!(!unbreakable.is_empty() && unbreakable.iter().all(|o| o.contains("h6,h6")), "{unbreakable:?}");
}

#[test]
fn a_blockade_is_aged_from_the_turn_it_forms() {
    // A pawn stands alone on 30 for a turn, then another joins it: the pair has stood one
    // turn, not two, so with a limit of two it may stay.
    let rules = Rules { blockade_limit: Some(2), ..Rules::seed() };
    let mut s = state_with(rules, "g:23,30,40,home r:n,n,n,n g 0");
    for (dice, play) in [(roll(1, 2), "40-41 41-43"), (roll(3, 4), "23-26 26-30")] {
        let play = play.parse().expect("play");
        assert_eq!(s.apply_play(dice, &play), Ok(TurnChange::PassedTo(Seat::Red)));
        assert_eq!(s.apply_play(roll(1, 2), &parcheesi::Play::EMPTY), Ok(TurnChange::PassedTo(Seat::Green)));
    }
    let kept = s.outcomes(roll(1, 2)).expect("outcomes");
    assert!(kept.iter().any(|o| o.state.position().to_string().starts_with("g:30,30,")));
}

#[cfg(feature = "serde")]
#[test]
fn two_overdue_blockades_are_broken_the_least_advanced_first() {
    // Only a 1 can be used (red's pair on 12 stops the ring pawns, a 5 overshoots from h3),
    // and it breaks the pair on 10 or the one on h3, not both.
    let rules = Rules { blockade_limit: Some(1), ..Rules::seed() };
    let fresh = state_with(rules, "g:10,10,h3,h3 r:12,12,n,n g 0");
    let ends = |s: &GameState| -> Vec<String> {
        let mut v: Vec<String> = s
            .outcomes(roll(1, 5))
            .expect("outcomes")
            .iter()
            .map(|o| o.state.position().to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(ends(&fresh), ["g:10,10,h3,h4 r:n,n,12,12 r 0", "g:10,11,h3,h3 r:n,n,12,12 r 0"]);
    // Both overdue, their ages given in either order: the pair on 10 goes first.
    let age = |square: &str| {
        let square: Location = square.parse().expect("square");
        serde_json::json!({ "seat": Seat::Green, "square": square, "turns": 1 })
    };
    let mut states = Vec::new();
    for order in [["h3", "10"], ["10", "h3"]] {
        let mut value = serde_json::to_value(fresh).expect("json");
        value["blockade_ages"] = serde_json::json!([age(order[0]), age(order[1])]);
        let overdue: GameState = serde_json::from_value(value).expect("state");
        assert_eq!(ends(&overdue), ["g:10,11,h3,h3 r:n,n,12,12 r 0"], "ages in the order {order:?}");
        states.push(overdue);
    }
    // One state, whatever order its ages came in.
    assert_eq!(states[0], states[1]);
}

#[test]
fn two_blockades_age_together() {
    // The two pairs of the test above, aged by play: green can use nothing of 5-6 and its
    // turn passes with both pairs standing, red moves elsewhere, and both are overdue.
    let rules = Rules { blockade_limit: Some(1), ..Rules::seed() };
    let mut s = state_with(rules, "g:10,10,h3,h3 r:12,12,40,n g 0");
    let empty = parcheesi::Play::EMPTY;
    assert_eq!(s.apply_play(roll(5, 6), &empty), Ok(TurnChange::PassedTo(Seat::Red)));
    let red = "40-44 44-50".parse().expect("play");
    assert_eq!(s.apply_play(roll(4, 6), &red), Ok(TurnChange::PassedTo(Seat::Green)));
    let ends: Vec<String> =
        s.outcomes(roll(1, 5)).expect("outcomes").iter().map(|o| o.state.position().to_string()).collect();
    assert_eq!(ends, ["g:10,11,h3,h3 r:n,50,12,12 r 0"]);
}

#[test]
fn the_steps_taken_and_the_roll_are_kept_until_the_roll_ends() {
    let mut s = state(Seed, "g:10,20,home,home r:n,n,n,n g 0");
    assert!(s.steps_taken().is_empty());
    assert_eq!(s.current_roll(), None);
    assert!(s.awaits_roll());
    let _ = s.roll(roll(1, 1)).expect("roll");
    assert!(s.steps_taken().is_empty());
    assert_eq!(s.current_roll(), Some(roll(1, 1)));
    assert!(!s.awaits_roll());
    s.apply_step(step("10-11")).expect("a 1");
    s.apply_step(step("11-17")).expect("a 6");
    assert_eq!(s.steps_taken().to_string(), "10-11 11-17");
    s.apply_step(step("20-21")).expect("a 1");
    let report = s.apply_step(step("21-27")).expect("a 6");
    assert_eq!(report.roll_end.map(|end| end.turn), Some(TurnChange::RollAgain));
    assert!(s.steps_taken().is_empty());
    assert_eq!(s.current_roll(), None);
    assert!(s.awaits_roll());
}

#[test]
fn overshooting_home_is_named() {
    let mut s = state(Seed, "g:h4,30,home,home r:n,n,n,n g 0");
    let _ = s.roll(roll(5, 6)).expect("roll");
    assert_eq!(s.apply_step(step("h4-home")), Err(StepError::OvershootsHome { needed: 3 }));
}

#[test]
fn an_illegal_step_is_named_by_its_first_reason() {
    let error = |pos: &str, dice: Roll, text: &str| {
        let mut s = state(Seed, pos);
        let _ = s.roll(dice).expect("roll");
        s.apply_step(step(text)).expect_err("illegal")
    };
    let sq = |n: u8| Location::Ring(parcheesi::Square::new(n).expect("square"));
    // No pawn leaves home.
    let from_home = error("g:10,home,home,home r:n,n,n,n g 0", roll(1, 2), "home-h6");
    assert_eq!(from_home, StepError::NoPawn { seat: Seat::Green, from: Location::Home });
    // Red's pair on green's entry: any way to enter is blocked, but only a 5 or a sum of 5
    // enters at all.
    let pos = "g:n,n,n,30 r:5,5,n,n g 0";
    for dice in [roll(1, 4), roll(2, 3), roll(5, 1)] {
        assert_eq!(error(pos, dice, "n-5"), StepError::EntryBlocked(sq(5)), "{dice}");
    }
    for dice in [roll(1, 2), roll(2, 6), roll(3, 4)] {
        assert_eq!(error(pos, dice, "n-5"), StepError::AmountNotAvailable { needed: 5 }, "{dice}");
    }
    // Overshooting is named only for home and only when a larger amount is there.
    assert_eq!(
        error("g:h1,30,home,home r:n,n,n,n g 0", roll(1, 2), "h1-home"),
        StepError::AmountNotAvailable { needed: 6 }
    );
    assert_eq!(
        error("g:h4,30,home,home r:n,n,n,n g 0", roll(5, 6), "30-33"),
        StepError::AmountNotAvailable { needed: 3 }
    );
    // From the ring into the home row, past the mover's own pair on h1.
    let pos = "g:66,h1,h1,home r:n,n,n,n g 0";
    assert_eq!(error(pos, roll(5, 6), "66-h2"), StepError::PassesBlockade(Location::HomeRow(1)));
    assert_eq!(error(pos, roll(4, 6), "66-h1"), StepError::LandsOnBlockade(Location::HomeRow(1)));
    assert_eq!(error(pos, roll(1, 2), "66-h3"), StepError::AmountNotAvailable { needed: 6 });
    // Within the home row: the squares passed, the amount, no step that stays put.
    let pos = "g:h1,h1,h3,h3 r:n,n,n,n g 0";
    assert_eq!(error(pos, roll(4, 1), "h1-h5"), StepError::PassesBlockade(Location::HomeRow(3)));
    assert_eq!(error(pos, roll(2, 1), "h1-h5"), StepError::AmountNotAvailable { needed: 4 });
    assert_eq!(
        error(pos, roll(4, 1), "h3-h3"),
        StepError::NoRoute(Location::HomeRow(3), Location::HomeRow(3))
    );
    // No route: from the nest to another square than the entry, or to where the pawn stands.
    let pos = "g:n,30,home,home r:n,n,n,n g 0";
    assert_eq!(error(pos, roll(5, 6), "n-30"), StepError::NoRoute(Location::Nest, sq(30)));
    assert_eq!(error(pos, roll(5, 6), "30-30"), StepError::NoRoute(sq(30), sq(30)));
    // Round past the exit (square 0) is allowed with the seed rules: an amount is missing.
    let pos = "g:62,30,home,home r:0,0,n,n g 0";
    assert_eq!(error(pos, roll(5, 1), "62-3"), StepError::AmountNotAvailable { needed: 9 });
    // With a mandatory home row a step may still end on the exit square.
    let mut s = state(Hasbro, pos);
    let _ = s.roll(roll(6, 1)).expect("roll");
    assert_eq!(s.apply_step(step("62-0")), Err(StepError::LandsOnBlockade(sq(0))));
}

#[test]
fn legal_plays_list_every_order() {
    let s = state(Seed, "g:9,n,n,n r:12,n,n,n g 0");
    let plays: Vec<String> =
        s.legal_plays(roll(3, 4)).expect("plays").iter().map(|p| p.to_string()).collect();
    assert_eq!(plays, ["9-13 13-16"]);
    let s = state(Seed, "g:10,20,home,home r:n,n,n,n g 0");
    let plays = s.legal_plays(roll(1, 2)).expect("plays");
    let texts: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
    // Both dice on one pawn in either order, or one die each in either order.
    assert_eq!(
        texts,
        [
            "10-11 11-13",
            "10-11 20-22",
            "10-12 12-13",
            "10-12 20-21",
            "20-21 10-12",
            "20-21 21-23",
            "20-22 10-11",
            "20-22 22-23"
        ]
    );
}

#[test]
fn the_rules_say_which_seats_play() {
    let p: Position = "g:n,n,n,n b:n,n,n,n g 0".parse().expect("position");
    let rules = Rules::seed().with_seats(p.seats());
    let playing: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| rules.plays(s)).collect();
    assert_eq!(playing, [Seat::Green, Seat::Blue]);
}

#[test]
fn a_die_shows_seven_less_its_top_underneath() {
    for top in 1..=6 {
        assert_eq!(parcheesi::Die::new(top).expect("die").bottom(), 7 - top);
    }
}
