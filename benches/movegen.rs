//! Criterion benches of the move generator; each asserts its result.

use criterion::{Criterion, criterion_group, criterion_main};
use parcheesi::{GameState, Position, Roll, Rules};
use std::hint::black_box;

fn state(text: &str) -> GameState {
    let p: Position = text.parse().expect("bench position");
    GameState::from_position(Rules::seed().with_seats(p.seats()), p).expect("bench state")
}

fn outcomes(c: &mut Criterion) {
    let start = state("g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0");
    let d9 = state("g:10,12,40,home r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0");
    c.bench_function("outcomes/start/all 21 rolls", |b| {
        b.iter(|| {
            let n: usize =
                Roll::DISTINCT.iter().map(|&r| black_box(&start).outcomes(r).map_or(0, |o| o.len())).sum();
            assert_eq!(n, 22);
        })
    });
    let double_twos = Roll::new(2, 2).expect("dice");
    c.bench_function("outcomes/all out/2-2", |b| {
        b.iter(|| assert_eq!(black_box(&d9).outcomes(double_twos).map_or(0, |o| o.len()), 28))
    });
}

fn perft2(c: &mut Criterion) {
    let start = state("g:n,n,n,n r:n,n,n,n b:n,n,n,n y:n,n,n,n g 0");
    c.bench_function("perft/start/2", |b| b.iter(|| assert_eq!(parcheesi::perft(black_box(&start), 2), 518)));
}

criterion_group!(benches, outcomes, perft2);
criterion_main!(benches);
