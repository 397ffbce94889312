//! The perft table of `tests/data/perft.txt`: every count by the engine, and every depth-1
//! count also by the plain reference generator of `tests/reference`.

mod reference;

use parcheesi::{GameState, Position, Preset, Roll, perft};

struct Row {
    preset: Preset,
    position: Position,
    depth: u32,
    count: u128,
}

fn table() -> Vec<Row> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            Row {
                preset: f[0].parse().expect("preset"),
                position: f[1].parse().expect("position"),
                depth: f[2].parse().expect("depth"),
                count: f[3].parse().expect("count"),
            }
        })
        .collect()
}

fn state(row: &Row) -> GameState {
    GameState::from_position(row.preset.rules().with_seats(row.position.seats()), row.position)
        .expect("state")
}

#[test]
fn perft_counts_match_the_table() {
    let rows = table();
    assert!(rows.len() >= 20);
    for row in &rows {
        assert_eq!(
            perft(&state(row), row.depth),
            row.count,
            "{} {} depth {}",
            row.preset,
            row.position,
            row.depth
        );
    }
}

#[test]
fn depth_one_counts_match_the_reference() {
    for row in table().iter().filter(|r| r.depth == 1) {
        let rules = row.preset.rules().with_seats(row.position.seats());
        let n: usize = Roll::DISTINCT
            .iter()
            .map(|r| reference::outcomes(&rules, &row.position, r.first.value(), r.second.value()).len())
            .sum();
        assert_eq!(n as u128, row.count, "{} {}", row.preset, row.position);
    }
}
