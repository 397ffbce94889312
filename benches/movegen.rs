//! Criterion benches of the move generator. Every bench asserts its result (counts that
//! `tests/data/perft.txt` pins and the reference generator confirms), so a fast wrong answer
//! cannot pass.
//!
//! ```text
//! cargo bench --bench movegen
//! ```

use criterion::{Criterion, criterion_group, criterion_main};
use parcheesi::bots::RandomBot;
use parcheesi::text::TextInterface;
use parcheesi::{Game, GameState, Position, Roll, Rules, Step, perft};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// The fixed suite: name, position, and its perft-1 count under `seed` (the distinct outcomes
/// of all 21 rolls together).
const SUITE: [(&str, &str, usize); 7] = [
    ("start", "g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0", 22),
    ("early", "g:n,n,5,12 r:n,n,n,22 b:n,n,n,n y:n,n,n,56 g 0", 90),
    ("mid-game", "g:n,15,40,42 r:n,n,22,24 b:n,53,62,31 y:n,n,n,67 g 0", 199),
    ("blockades", "g:10,10,30,30 r:27,27,h1,h1 b:44,44,50,50 y:61,61,3,3 g 0", 240),
    ("all out", "g:10,20,30,40 r:27,37,47,57 b:44,54,64,6 y:61,3,13,23 g 0", 7484),
    ("bonus chain", "g:7,9,h2,home r:10,13,31,33 b:n,n,n,n y:n,n,n,n g 0", 594),
    ("home rows", "g:62,h1,h1,h4 r:60,64,h2,h2 b:n,n,n,n y:n,n,n,n r 0", 428),
];

fn state(text: &str) -> GameState {
    let p: Position = text.parse().expect("bench position");
    GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("bench state")
}

fn all_rolls(s: &GameState) -> usize {
    Roll::DISTINCT.iter().map(|&r| s.outcomes(r).map_or(0, |o| o.len())).sum()
}

fn outcomes(c: &mut Criterion) {
    let mut group = c.benchmark_group("outcomes of all 21 rolls");
    for (name, text, count) in SUITE {
        let s = state(text);
        group.bench_function(name, |b| b.iter(|| assert_eq!(all_rolls(black_box(&s)), count)));
    }
    group.finish();
}

/// The same as `outcomes`, asked as positions (`outcome_positions`): no play is kept or built.
fn outcome_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("outcome positions of all 21 rolls");
    for (name, text, count) in SUITE {
        let s = state(text);
        let all_rolls = |s: &GameState| {
            Roll::DISTINCT.iter().map(|&r| s.outcome_positions(r).map_or(0, |p| p.len())).sum::<usize>()
        };
        group.bench_function(name, |b| b.iter(|| assert_eq!(all_rolls(black_box(&s)), count)));
    }
    group.finish();
}

/// The text interface answering `outcomes` for all 21 rolls of the suite (the lines of every
/// answer counted), against the same searches alone: what reading, writing and sorting the
/// text adds to the search.
fn text_interface(c: &mut Criterion) {
    let commands: Vec<String> = SUITE
        .iter()
        .flat_map(|(_, text, _)| {
            Roll::DISTINCT.map(|r| format!("outcomes {text} {} {}", r.first.value(), r.second.value()))
        })
        .collect();
    let outcomes: usize = SUITE.iter().map(|(_, _, count)| count).sum();
    let mut group = c.benchmark_group("outcomes commands of the suite");
    group.bench_function("answered", |b| {
        let mut ti = TextInterface::new();
        let mut answer = String::new();
        b.iter(|| {
            let mut lines = 0;
            for command in &commands {
                answer.clear();
                ti.answer(black_box(command), &mut answer);
                lines += answer.lines().count();
            }
            assert_eq!(lines, commands.len() + outcomes);
        })
    });
    let searches: Vec<(GameState, Roll)> =
        SUITE.iter().flat_map(|(_, text, _)| Roll::DISTINCT.map(|r| (state(text), r))).collect();
    group.bench_function("searched only", |b| {
        let mut list = Vec::new();
        b.iter(|| {
            let mut found = 0;
            for (s, roll) in &searches {
                black_box(s).outcomes_into(*roll, &mut list).expect("awaits a roll");
                found += list.len();
            }
            assert_eq!(found, outcomes);
        })
    });
    group.finish();
}

fn legal_steps(c: &mut Criterion) {
    // In the middle of a four-amount doubles roll with every pawn out.
    let mut s = state("g:10,20,30,40 r:27,37,47,57 b:44,54,64,6 y:61,3,13,23 g 0");
    let _ = s.roll(Roll::new(3, 3).expect("dice")).expect("roll");
    s.apply_step("10-13".parse().expect("step")).expect("legal");
    let n = s.legal_steps().len();
    assert!(n > 5);
    c.bench_function("legal steps mid-roll", |b| b.iter(|| assert_eq!(black_box(&s).legal_steps().len(), n)));
    let step: Step = "20-24".parse().expect("step");
    c.bench_function("apply step", |b| {
        b.iter(|| {
            let mut t = *black_box(&s);
            assert!(t.apply_step(step).is_ok());
            t
        })
    });
}

fn perft2(c: &mut Criterion) {
    let start = state(SUITE[0].1);
    c.bench_function("perft start depth 2", |b| b.iter(|| assert_eq!(perft(black_box(&start), 2), 518)));
}

fn random_game(c: &mut Criterion) {
    let rules = Rules::seed();
    c.bench_function("random four-player game", |b| {
        b.iter(|| {
            let mut players: Vec<RandomBot> = (0..4).map(RandomBot::new).collect();
            let result = Game::new(rules, black_box(7)).expect("rules").play(&mut players).expect("game");
            assert!(result.winner.is_some());
            result.rolls
        })
    });
    // The same kind of game played out by `random_outcome`: no outcome list, no play.
    c.bench_function("random four-player playout", |b| {
        b.iter(|| {
            let mut rng = ChaCha8Rng::seed_from_u64(black_box(7));
            let mut state = GameState::new(rules).expect("rules");
            let mut rolls = 0;
            while !state.is_finished() {
                let roll = Roll::random(&mut rng);
                state = state.random_outcome(roll, &mut rng).expect("awaits a roll");
                rolls += 1;
            }
            assert!(state.winner().is_some() && rolls > 100, "{rolls} rolls");
            rolls
        })
    });
}

criterion_group!(benches, outcomes, outcome_positions, text_interface, legal_steps, perft2, random_game);
criterion_main!(benches);
