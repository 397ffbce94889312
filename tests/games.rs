//! Seeded dice, the game driver, the bots and game records.

use parcheesi::bots::{Greedy, RandomBot, Search};
use parcheesi::record::RecordedRoll;
use parcheesi::{
    Choices, Game, GameError, GameState, NewGameError, Player, Preset, ReplayError, Roll, Rules, RulesError,
    Seat, Seats,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn two() -> Rules {
    Rules::seed().with_seats(Seats::from_seats(&[Seat::Green, Seat::Yellow]))
}

#[test]
fn a_seed_gives_the_same_dice_everywhere() {
    // Golden values: changing them breaks every recorded game, so it is a breaking change.
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let rolls: Vec<String> = (0..30).map(|_| Roll::random(&mut rng).to_string()).collect();
    assert_eq!(rolls.join(" "), GOLDEN_2026);
}

const GOLDEN_2026: &str = "6-1 2-6 3-5 3-6 1-2 4-6 6-4 5-3 1-4 1-2 1-3 6-4 4-3 5-2 4-2 6-4 6-5 1-5 4-5 3-1 3-2 5-6 5-3 3-2 1-4 3-6 3-1 4-1 6-6 2-3";

#[test]
fn the_same_seed_plays_the_same_game() {
    let play = || {
        let mut players: Vec<Box<dyn Player>> = vec![Box::new(Greedy::new()), Box::new(RandomBot::new(3))];
        Game::new(two(), 99).expect("rules").play(&mut players).expect("game")
    };
    let (a, b) = (play(), play());
    assert_eq!(a.record, b.record);
    assert_eq!(a.state, b.state);
    assert!(a.winner.is_some());
}

#[test]
fn records_replay_to_the_final_state() {
    for (i, preset) in [Preset::Seed, Preset::Hasbro, Preset::Racket].into_iter().enumerate() {
        let rules = preset.rules().with_seats(Seats::from_seats(&Seat::ALL[..2 + i]));
        let mut players: Vec<Box<dyn Player>> =
            (0..2 + i).map(|s| Box::new(RandomBot::new(s as u64)) as Box<dyn Player>).collect();
        let result = Game::new(rules, i as u64).expect("rules").play(&mut players).expect("game");
        assert_eq!(result.record.replay().expect("replays"), result.state);
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&result.record).expect("serialise");
            let back: parcheesi::GameRecord = serde_json::from_str(&json).expect("deserialise");
            assert_eq!(back.replay().expect("replays"), result.state);
        }
    }
}

#[test]
fn replay_reports_the_first_illegal_play_with_its_turn() {
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(Greedy::new()), Box::new(Greedy::new())];
    let result = Game::new(two(), 5).expect("rules").play(&mut players).expect("game");
    let mut record = result.record.clone();
    // Replace the 10th play with one that moves a pawn from an empty square (h6).
    record.rolls[9].play = "h6-home".parse().expect("play");
    let turn = 1 + turn_ends(&result.record.rolls[..9]).iter().filter(|&&end| end).count();
    assert!(turn > 1, "a game whose first turns are all doubles tests less");
    match record.replay() {
        Err(ReplayError::IllegalPlay { index: 10, turn: t, .. }) => assert_eq!(t, turn),
        other => panic!("{other:?}"),
    }
    // A roll the seed does not give.
    let mut record = result.record.clone();
    let first = record.rolls[0].roll;
    let other = Roll::DISTINCT.into_iter().find(|&r| r != first).expect("another roll");
    record.rolls[0] = RecordedRoll { roll: other, play: record.rolls[0].play };
    assert!(matches!(record.replay(), Err(ReplayError::WrongDice { index: 1, turn: 1, .. })));
    // Without a seed any dice replay, but the plays must still be legal.
    let mut unseeded = result.record.clone();
    unseeded.seed = None;
    assert_eq!(unseeded.replay().expect("replays"), result.state);
    // Rules that cannot be played (a record's fields are public) are named before any roll.
    let mut unplayable = result.record.clone();
    unplayable.rules.capture_bonus = 5;
    assert!(matches!(
        unplayable.replay(),
        Err(ReplayError::Rules(NewGameError::Rules(RulesError::Bonus(5))))
    ));
}

/// Whether each roll ends its turn, from the dice alone (RULES.md section 4): any roll but
/// doubles does, and so does a third doubles in a row (the penalty).
fn turn_ends(rolls: &[RecordedRoll]) -> Vec<bool> {
    let mut doubles = 0;
    rolls
        .iter()
        .map(|r| {
            doubles = if r.roll.is_doubles() { doubles + 1 } else { 0 };
            let end = !r.roll.is_doubles() || doubles == 3;
            if end {
                doubles = 0;
            }
            end
        })
        .collect()
}

#[test]
fn a_game_counts_its_turns() {
    for seed in 0..6 {
        let mut players: Vec<Box<dyn Player>> = vec![Box::new(RandomBot::new(seed)), Box::new(Greedy::new())];
        let result = Game::new(two(), seed).expect("rules").play(&mut players).expect("game");
        let ends = turn_ends(&result.record.rolls);
        // The winning roll ends the last turn, doubles or not.
        let won_on_doubles = result.winner.is_some() && ends.last() == Some(&false);
        let turns = ends.iter().filter(|&&end| end).count() + usize::from(won_on_doubles);
        assert_eq!(result.turns, turns, "seed {seed}");
    }
}

/// Picks the last outcome, and counts the times it was asked to choose for another seat.
struct Last {
    seat: Seat,
    asked: usize,
    for_another_seat: usize,
}

impl Player for Last {
    fn name(&self) -> &str {
        "last"
    }
    fn choose(&mut self, choices: &Choices<'_>) -> usize {
        self.asked += 1;
        if choices.state().mover() != self.seat {
            self.for_another_seat += 1;
        }
        choices.len() - 1
    }
}

#[test]
fn the_driver_asks_the_mover_and_plays_its_choice() {
    let mut players: Vec<Last> =
        [Seat::Green, Seat::Yellow].map(|seat| Last { seat, asked: 0, for_another_seat: 0 }).into();
    let result = Game::new(two(), 8).expect("rules").play(&mut players).expect("game");
    for p in &players {
        assert!(
            p.asked > 0 && p.for_another_seat == 0,
            "{} asked {} times, {} for another seat",
            p.seat,
            p.asked,
            p.for_another_seat
        );
    }
    // Every roll played the last of its outcomes.
    let mut state = GameState::new(two()).expect("rules");
    for r in &result.record.rolls {
        let last = *state.outcomes(r.roll).expect("awaits a roll").last().expect("an outcome");
        assert_eq!(r.play, last.play);
        state = last.state;
    }
    assert_eq!(state, result.state);
}

#[test]
fn choices_print_their_position_roll_and_count() {
    let state = GameState::new(two()).expect("rules");
    let roll = Roll::new(5, 6).expect("dice");
    let count = state.outcome_count(roll).expect("awaits a roll");
    let text = state.choices(roll, |choices| format!("{choices:?}")).expect("awaits a roll");
    let position = state.position();
    assert_eq!(text, format!("Choices {{ position: {position:?}, roll: {roll:?}, len: {count}, .. }}"));
}

struct Stubborn;
impl Player for Stubborn {
    fn name(&self) -> &str {
        "stubborn"
    }
    fn choose(&mut self, choices: &Choices<'_>) -> usize {
        choices.len()
    }
}

#[test]
fn the_driver_checks_its_players() {
    let mut one: Vec<Box<dyn Player>> = vec![Box::new(Greedy::new())];
    assert_eq!(
        Game::new(two(), 1).expect("rules").play(&mut one).map(|_| ()),
        Err(GameError::PlayerCount { seats: 2, players: 1 })
    );
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(Stubborn), Box::new(Stubborn)];
    assert!(matches!(
        Game::new(two(), 1).expect("rules").play(&mut players),
        Err(GameError::BadChoice { .. })
    ));
}

#[test]
fn a_roll_bound_stops_every_game() {
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
    let result = Game::new(two(), 3).expect("rules").with_max_rolls(10).play(&mut players).expect("game");
    assert_eq!(result.rolls, 10);
    assert_eq!(result.winner, None);
}

#[test]
fn bots_choose_legal_outcomes_under_every_preset() {
    for preset in [Preset::Seed, Preset::Hasbro, Preset::Racket] {
        let rules = preset.rules();
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(Search::new(2)),
            Box::new(Greedy::new()),
            Box::new(RandomBot::new(4)),
            Box::new(Greedy::new()),
        ];
        let result = Game::new(rules, 11).expect("rules").play(&mut players).expect("game");
        assert!(result.winner.is_some());
        assert_eq!(result.record.replay().expect("every play legal"), result.state);
    }
}

#[cfg(feature = "serde")]
#[test]
fn states_in_the_middle_of_a_roll_round_trip_through_serde() {
    let p: parcheesi::Position = "g:10,20,home,home r:13,n,n,n g 0".parse().expect("position");
    let mut s = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    let _ = s.roll(Roll::new(3, 3).expect("dice")).expect("roll");
    s.apply_step("10-13".parse().expect("step")).expect("capture");
    let json = serde_json::to_string(&s).expect("serialise");
    let back: GameState = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back, s);
    assert_eq!(back.legal_steps(), s.legal_steps());
    // A tampered position is rejected: it is not where the steps lead.
    let mut value: serde_json::Value = serde_json::from_str(&json).expect("json");
    value["position"]["pawns"][0][1] = serde_json::Value::from("21");
    assert!(serde_json::from_str::<GameState>(&value.to_string()).is_err());
    // So is a roll whose start has another doubles count, or another mover.
    for (field, other) in [("doubles", serde_json::Value::from(1)), ("mover", serde_json::Value::from("Red"))]
    {
        let mut value: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_ne!(value["roll"]["start"][field], other);
        value["roll"]["start"][field] = other;
        let error = serde_json::from_str::<GameState>(&value.to_string()).expect_err("tampered");
        assert!(error.to_string().contains("another mover or doubles count"), "{field}: {error}");
    }
    // So is a roll whose steps are not legal (3-3 gives 3, 3, 4 and 4: no 5), named by its
    // place in the play.
    let mut value: serde_json::Value = serde_json::from_str(&json).expect("json");
    value["roll"]["steps"][0]["to"] = serde_json::Value::from("15");
    let error = serde_json::from_str::<GameState>(&value.to_string()).expect_err("an illegal step");
    assert!(error.to_string().starts_with("step 1 (10-15): "), "{error}");
    // And a roll in progress that could not be: one that ends at once (red's pair on 12
    // stops every step of 4-6), or one whose steps end it (10-11 leaves a 2 that cannot move).
    let p: parcheesi::Position = "g:n,n,n,10 r:n,n,12,12 g 0".parse().expect("position");
    let mut s = GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state");
    let _ = s.roll(Roll::new(1, 2).expect("dice")).expect("roll");
    let json = serde_json::to_string(&s).expect("serialise");
    assert_eq!(serde_json::from_str::<GameState>(&json).expect("deserialise"), s);
    let tampered = [
        ("dice", serde_json::to_value(Roll::new(4, 6).expect("dice")).expect("json"), "ended at once"),
        (
            "steps",
            serde_json::to_value("10-11".parse::<parcheesi::Play>().expect("play")).expect("json"),
            "end the roll",
        ),
    ];
    for (field, other, message) in tampered {
        let mut value: serde_json::Value = serde_json::from_str(&json).expect("json");
        value["roll"][field] = other;
        let error = serde_json::from_str::<GameState>(&value.to_string()).expect_err("tampered");
        assert!(error.to_string().contains(message), "{field}: {error}");
    }
    // Nor can a roll be in progress in a game that is over.
    let mut value: serde_json::Value = serde_json::from_str(&json).expect("json");
    let home = serde_json::json!(["home", "home", "home", "home"]);
    value["position"]["pawns"][0] = home.clone();
    value["roll"]["start"]["pawns"][0] = home;
    let error = serde_json::from_str::<GameState>(&value.to_string()).expect_err("a finished game");
    assert!(error.to_string().contains("the game is over"), "{error}");
}

#[test]
fn state_sizes_stay_small() {
    // Documented in docs/performance.md; a growth here should be a decision, not an accident.
    assert!(
        std::mem::size_of::<parcheesi::Position>() <= 24,
        "{}",
        std::mem::size_of::<parcheesi::Position>()
    );
    assert!(std::mem::size_of::<GameState>() <= 112, "{}", std::mem::size_of::<GameState>());
    assert!(
        std::mem::size_of::<parcheesi::Outcome>() <= 192,
        "{}",
        std::mem::size_of::<parcheesi::Outcome>()
    );
}

#[test]
fn bots_by_name() {
    for name in ["random", "greedy", "search", "search:2"] {
        assert_eq!(
            parcheesi::bots::from_name(name, 1).expect(name).name(),
            name.split(':').next().expect("name")
        );
    }
    for bad in ["", "Greedy", "search:", "search:x", "random:1"] {
        assert!(parcheesi::bots::from_name(bad, 1).is_err(), "{bad}");
    }
}

// ---- The greedy evaluation (docs/bots.md): its weights, one at a time.

fn eval(text: &str, seat: Seat) -> i32 {
    parcheesi::bots::evaluate(&text.parse().expect("position"), seat)
}

#[test]
fn evaluation_of_a_won_game_and_a_fair_start() {
    let won = "g:home,home,home,home y:n,5,20,h3 g 0";
    assert_eq!(eval(won, Seat::Green), 1_000_000);
    assert_eq!(eval(won, Seat::Yellow), -1_000_000);
    let start = "g:n,n,n,n y:n,n,n,n g 0";
    assert_eq!((eval(start, Seat::Green), eval(start, Seat::Yellow)), (0, 0));
}

/// `evaluate` as docs/bots.md defines it, read plainly: seat by seat, pawn by pawn.
fn plain_evaluate(p: &parcheesi::Position, seat: Seat) -> i32 {
    use parcheesi::Location;
    const HIT_CHANCE: [i32; 13] = [0, 11, 12, 13, 14, 15, 16, 6, 5, 4, 3, 2, 1];
    let value = |l: Location, s: Seat| match l.steps_to_home(s) {
        None => 0,
        Some(0) => 106,
        Some(n) => 91 - i32::from(n),
    };
    let standing = |s: Seat| {
        let pawns = p.pawns(s);
        let mut total = 0;
        for (i, &l) in pawns.iter().enumerate() {
            total += value(l, s);
            match l {
                Location::HomeRow(_) => total += 6,
                Location::Ring(q) if q.is_safety() => total += 4,
                Location::Ring(q) => {
                    let mut chance = 0;
                    for other in p.seats().iter().filter(|&o| o != s) {
                        for o in p.pawns(other) {
                            if let Location::Ring(from) = o {
                                let t = usize::from(from.steps_to(q));
                                if t < 13 && usize::from(from.steps_to(other.exit())) >= t {
                                    chance += HIT_CHANCE[t];
                                }
                            }
                        }
                    }
                    total -= value(l, s) * chance.min(36) / 36 / 2;
                }
                _ => {}
            }
            if i > 0 && pawns[i - 1] == l && matches!(l, Location::Ring(_)) {
                total += 3;
            }
        }
        for other in p.seats().iter().filter(|&o| o != s) {
            if p.pawns(other).contains(&Location::Nest) {
                let entry = Location::Ring(other.entry());
                total -=
                    pawns.iter().filter(|&&l| l == entry).map(|&l| value(l, s) * 15 / 36 / 2).sum::<i32>();
            }
        }
        total
    };
    if let Some(w) = p.winner() {
        return if w == seat { 1_000_000 } else { -1_000_000 };
    }
    let others: Vec<Seat> = p.seats().iter().filter(|&o| o != seat).collect();
    standing(seat) - others.iter().map(|&o| standing(o)).sum::<i32>() / others.len().max(1) as i32
}

/// `evaluate` gives the score of its plain reading for every seat, playing or not, of every
/// position of random games with two to four seats.
#[test]
fn evaluation_is_its_plain_reading() {
    let mut dice = ChaCha8Rng::seed_from_u64(9);
    let mut checked = 0;
    for seats in [2, 3, 4] {
        let rules = Rules::seed().with_seats(Seats::from_seats(&Seat::ALL[..seats]));
        let mut state = GameState::new(rules).expect("rules");
        for n in 0usize.. {
            let p = state.position();
            for seat in Seat::ALL {
                assert_eq!(parcheesi::bots::evaluate(&p, seat), plain_evaluate(&p, seat), "{p} {seat:?}");
                checked += 1;
            }
            if state.is_finished() {
                break;
            }
            let outcomes = state.outcomes(Roll::random(&mut dice)).expect("awaits a roll");
            state = outcomes[n * 7 % outcomes.len()].state;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// 20 for a pawn out of its nest, one per step from the entry square, 15 more at home, 6 in
/// the home row, 4 on a safety square (no opponent out to threaten anything).
#[test]
fn evaluation_counts_progress_home_and_safety() {
    let g = |pawn: &str| eval(&format!("g:n,n,n,{pawn} y:n,n,n,n g 0"), Seat::Green);
    assert_eq!(g("5"), 20 + 4, "on the entry square, a safety");
    assert_eq!(g("7"), 20 + 2);
    assert_eq!(g("8"), 20 + 3);
    assert_eq!(g("h0"), 20 + 64 + 6, "63 ring steps to the exit, one more to h0");
    assert_eq!(g("h6"), 20 + 70 + 6);
    assert_eq!(g("home"), 20 + 71 + 15);
    // The opponent's view: its standing (none) minus ours.
    assert_eq!(eval("g:n,n,n,8 y:n,n,n,n g 0", Seat::Yellow), -23);
}

#[test]
fn evaluation_counts_a_blockade_on_the_ring() {
    assert_eq!(eval("g:n,n,7,7 y:n,n,n,n g 0", Seat::Green), 2 * 22 + 3);
    // Two pawns on different squares, or a pair in the home row, are no blockade bonus.
    assert_eq!(eval("g:n,n,7,8 y:n,n,n,n g 0", Seat::Green), 22 + 23);
    assert_eq!(eval("g:n,n,h1,h1 y:n,n,n,n g 0", Seat::Green), 2 * (20 + 65 + 6));
}

/// Half the expected loss of a pawn an opponent pawn behind it can reach with one roll: a
/// pawn worth 25 with an opponent 3 squares behind (13 chances in 36) loses 25 * 13 / 36 / 2.
#[test]
fn evaluation_charges_for_pawns_in_reach() {
    // Green on 10 (5 steps from its entry: worth 25); yellow on 7 (19 from its entry: 39).
    assert_eq!(eval("g:n,n,n,10 y:n,n,n,7 g 0", Seat::Green), (25 - 25 * 13 / 36 / 2) - 39);
    // Out of reach (13 behind): no charge; nor for yellow, with green ahead of it.
    assert_eq!(eval("g:n,n,n,20 y:n,n,n,7 g 0", Seat::Green), 35 - 39);
    // Two pawns in reach add their chances: 3 behind (13) and 8 behind (5).
    assert_eq!(eval("g:n,n,n,10 y:n,n,2,7 g 0", Seat::Green), (25 - 25 * 18 / 36 / 2) - (39 + 34));
    // A yellow pawn on its exit square (51) goes into its home row, not on to green's 53 ...
    assert_eq!(eval("g:n,n,n,53 y:n,n,n,51 g 0", Seat::Green), 68 - (20 + 63 + 4));
    // ... but one that went round again past it (52) can reach 53; it is worth 16, with 75
    // steps to go the way round again.
    assert_eq!(eval("g:n,n,n,53 y:n,n,n,52 g 0", Seat::Green), (68 - 68 * 11 / 36 / 2) - 16);
}

/// A pawn on an opponent's entry square can be captured by its entering pawns (15 chances in
/// 36), as long as the opponent has a pawn in its nest.
#[test]
fn evaluation_charges_for_an_opponents_entry_square() {
    // Green on 56 (yellow's entry, a safety: 51 steps from green's entry, worth 71).
    assert_eq!(eval("g:n,n,n,56 y:n,n,n,n g 0", Seat::Green), 71 + 4 - 71 * 15 / 36 / 2);
    assert_eq!(eval("g:n,n,n,56 y:h0,h0,home,home g 0", Seat::Green), 71 + 4 - (2 * 90 + 2 * 106));
}

/// The others' standings are averaged.
#[test]
fn evaluation_averages_the_other_seats() {
    let text = "g:n,n,n,8 r:n,n,n,22 b:n,n,n,40 y:n,n,n,n g 0";
    // Red on its entry (a safety): 24; blue 1 step past its entry: 21; yellow 0.
    assert_eq!(eval(text, Seat::Green), 23 - (24 + 21) / 3);
    assert_eq!(eval(text, Seat::Yellow), -(23 + 24 + 21) / 3);
}

// ---- The bots' choices.

/// States awaiting a roll and the roll made there, from the first rolls of a greedy game.
fn decisions() -> Vec<(GameState, Roll)> {
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(Greedy::new()), Box::new(RandomBot::new(4))];
    let result = Game::new(two(), 21).expect("rules").with_max_rolls(80).play(&mut players).expect("game");
    let mut state = GameState::new(two()).expect("rules");
    let mut out = Vec::new();
    for r in &result.record.rolls {
        out.push((state, r.roll));
        state.apply_play(r.roll, &r.play).expect("recorded plays are legal");
    }
    out
}

/// What `player` chooses among the outcomes of `roll` from `state`.
fn choose(player: &mut impl Player, state: &GameState, roll: Roll) -> usize {
    state.choices(roll, |choices| player.choose(choices)).expect("awaits a roll")
}

fn score(o: &parcheesi::Outcome, seat: Seat) -> i32 {
    parcheesi::bots::evaluate(&o.state.position(), seat)
}

/// Greedy takes the first of the outcomes with the best score for the mover.
#[test]
fn greedy_takes_the_first_best_outcome() {
    let mut ties = 0;
    for (state, roll) in decisions() {
        let outcomes = state.outcomes(roll).expect("awaits a roll");
        let me = state.mover();
        let best = outcomes.iter().map(|o| score(o, me)).max().expect("an outcome");
        let first = outcomes.iter().position(|o| score(o, me) == best).expect("the best");
        ties += usize::from(outcomes.iter().filter(|o| score(o, me) == best).count() > 1);
        assert_eq!(choose(&mut Greedy::new(), &state, roll), first, "{} {roll}", state.position());
    }
    assert!(ties > 0, "no tie to break among the decisions");
}

/// A search that looks at one outcome only takes greedy's.
#[test]
fn search_with_effort_one_takes_the_greedy_outcome() {
    for (state, roll) in decisions().into_iter().take(40) {
        assert_eq!(
            choose(&mut Search::new(1), &state, roll),
            choose(&mut Greedy::new(), &state, roll),
            "{} {roll}",
            state.position()
        );
    }
}

/// The search as the module docs describe it: among the `effort` outcomes with the best
/// scores (the first of equal ones first), the one whose score after the next roll, averaged
/// over the 36 throws, is best for the mover; the next roll is answered by its mover's greedy
/// choice; a finished game keeps its score.
#[test]
fn search_takes_the_best_expectation_among_its_best_outcomes() {
    let expected = |state: &GameState, me: Seat| -> i64 {
        let now = i64::from(parcheesi::bots::evaluate(&state.position(), me));
        if state.is_finished() {
            return 36 * now;
        }
        Roll::DISTINCT
            .iter()
            .map(|&roll| {
                let replies = state.outcomes(roll).expect("awaits a roll");
                let pick = choose(&mut Greedy::new(), state, roll);
                i64::from(roll.weight()) * i64::from(score(&replies[pick], me))
            })
            .sum()
    };
    let mut differs = 0;
    for (state, roll) in decisions().into_iter().take(30) {
        let outcomes = state.outcomes(roll).expect("awaits a roll");
        let me = state.mover();
        let mut ranked: Vec<usize> = (0..outcomes.len()).collect();
        ranked.sort_by_key(|&i| (-score(&outcomes[i], me), i));
        let mut best = (i64::MIN, 0);
        for &i in ranked.iter().take(3) {
            let e = expected(&outcomes[i].state, me);
            // Equal expectations go to the outcome listed first.
            if e > best.0 || e == best.0 && i < best.1 {
                best = (e, i);
            }
        }
        let chosen = choose(&mut Search::new(3), &state, roll);
        assert_eq!(chosen, best.1, "{} {roll}", state.position());
        differs += usize::from(chosen != choose(&mut Greedy::new(), &state, roll));
    }
    assert!(differs > 0, "the search never disagreed with greedy: the test shows little");
}

/// A win now is worth more than any chance of one later: the search counts a finished game's
/// score once for each of the 36 throws. Under `racket` (either die usable), 6-6 here brings
/// both pawns home, or leaves one or both in the home row, from where the mover, rolling again
/// after doubles, wins on some throws; the search takes the win whatever its effort.
#[test]
fn search_takes_a_win_over_a_likely_win_after_rolling_again() {
    let position: parcheesi::Position = "g:n,n,n,n y:h1,h0,home,home y 0".parse().expect("a position");
    let state =
        GameState::from_position(Rules::racket().with_seats(position.seats()), position).expect("valid");
    let roll = Roll::new(6, 6).expect("dice");
    let outcomes = state.outcomes(roll).expect("awaits a roll");
    let wins_next = |o: &parcheesi::Outcome| {
        let wins =
            |next: Roll| o.state.outcomes(next).expect("awaits a roll").iter().any(|o| o.state.is_finished());
        Roll::DISTINCT.into_iter().filter(|&next| wins(next)).count()
    };
    let later: Vec<usize> = outcomes.iter().filter(|o| !o.state.is_finished()).map(wins_next).collect();
    assert!(later.len() >= 2 && later.iter().all(|&n| n > 0), "{later:?}");
    assert!(outcomes.iter().all(|o| o.state.mover() == Seat::Yellow), "yellow rolls again");
    for effort in 1..=outcomes.len() {
        let chosen = choose(&mut Search::new(effort), &state, roll);
        assert!(
            outcomes[chosen].state.is_finished(),
            "effort {effort}: {}",
            outcomes[chosen].state.position()
        );
    }
}

/// The random bot's choices are uniform over the outcomes and always one of them.
#[test]
fn random_bot_spreads_its_choices_evenly() {
    let (state, roll) = decisions()
        .into_iter()
        .find(|(s, r)| s.outcomes(*r).expect("awaits a roll").len() >= 5)
        .expect("a roll with five outcomes or more");
    let outcomes = state.outcomes(roll).expect("awaits a roll");
    let n = outcomes.len();
    let mut bot = RandomBot::new(11);
    let mut counts = vec![0usize; n];
    let draws = 400 * n;
    state
        .choices(roll, |choices| {
            for _ in 0..draws {
                let i = bot.choose(choices);
                assert!(i < n, "index {i} of {n} outcomes");
                counts[i] += 1;
            }
        })
        .expect("awaits a roll");
    // 400 expected each; a fair choice stays well within 300..500 (over 5 standard deviations).
    assert!(counts.iter().all(|&c| (300..500).contains(&c)), "{counts:?}");
}
