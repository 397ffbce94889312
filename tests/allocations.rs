//! Generating outcomes (whole, or their positions, or one drawn at random, or as a player is
//! given them to choose from, with a search made inside) and legal steps,
//! and answering `outcomes` commands of the text interface, allocates nothing once the
//! caller's lists and the thread's search buffers have grown to fit: a counting global
//! allocator proves it. (The only test in this binary, so no other test's allocations are
//! counted.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use parcheesi::{GameState, Position, Roll, RollReport, Rules};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed straight to the system allocator; the counter only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const SUITE: [&str; 7] = [
    "g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0",
    "g:n,n,5,12 r:n,n,n,22 b:n,n,n,n y:n,n,n,56 g 0",
    "g:n,15,40,42 r:n,n,22,24 b:n,53,62,31 y:n,n,n,67 g 0",
    "g:10,10,30,30 r:27,27,h1,h1 b:44,44,50,50 y:61,61,3,3 g 0",
    "g:10,20,30,40 r:27,37,47,57 b:44,54,64,6 y:61,3,13,23 g 0",
    "g:7,9,h2,home r:10,13,31,33 b:n,n,n,n y:n,n,n,n g 0",
    "g:62,h1,h1,h4 r:60,64,h2,h2 b:n,n,n,n y:n,n,n,n r 0",
];

#[test]
fn outcomes_and_steps_do_not_allocate_once_warm() {
    let states: Vec<GameState> = SUITE
        .iter()
        .map(|t| {
            let p: Position = t.parse().expect("position");
            GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("state")
        })
        .collect();
    // Mid-roll states for the steps.
    let mut rolled = Vec::new();
    for s in &states {
        for roll in Roll::DISTINCT {
            let mut r = *s;
            if let Ok(RollReport::Started(_)) = r.roll(roll) {
                rolled.push(r);
            }
        }
    }
    let mut outcomes = Vec::new();
    let mut positions = Vec::new();
    let mut inner = Vec::new();
    let mut steps = Vec::new();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let mut run = || {
        let mut n = 0;
        for s in &states {
            for roll in Roll::DISTINCT {
                s.outcomes_into(roll, &mut outcomes).expect("outcomes");
                s.outcome_positions_into(roll, &mut positions).expect("positions");
                assert_eq!(positions.len(), outcomes.len());
                let drawn = s.random_outcome(roll, &mut rng).expect("a draw");
                assert!(positions.contains(&drawn.position()));
                // As `Game::play` asks a player, one that looks ahead: the search inside uses
                // the thread's second buffers.
                let last = s.choices(roll, |choices| {
                    s.outcome_positions_into(Roll::DISTINCT[20], &mut inner).expect("positions");
                    choices.outcome(choices.len() - 1)
                });
                assert_eq!(last.expect("choices").as_ref(), outcomes.last());
                n += outcomes.len();
            }
        }
        for r in &rolled {
            r.legal_steps_into(&mut steps);
            n += steps.len();
        }
        n
    };
    let first = run();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let second = run();
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(first, second);
    assert!(first > 9000);
    assert_eq!(after - before, 0, "allocations while generating");

    // The text interface: a batch of `outcomes` commands, answered into one reused string.
    let mut ti = parcheesi::text::TextInterface::new();
    let commands: Vec<String> = SUITE
        .iter()
        .flat_map(|p| {
            Roll::DISTINCT
                .iter()
                .map(move |r| format!("outcomes {p} {} {}", r.first.value(), r.second.value()))
        })
        .collect();
    let mut answer = String::new();
    let mut answer_all = |answer: &mut String| {
        let mut bytes = 0;
        for c in &commands {
            answer.clear();
            ti.answer(c, answer);
            bytes += answer.len();
        }
        bytes
    };
    let first = answer_all(&mut answer);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let second = answer_all(&mut answer);
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(first, second);
    assert_eq!(after - before, 0, "allocations while answering outcomes commands");
}
