//! The worked examples of `tests/data/outcomes.txt` (a copy of the shared examples): every
//! outcome set exactly, and every play legal and leading to its outcome.

use parcheesi::text::TextInterface;
use parcheesi::{GameState, Play, Position, Preset, Roll};

struct Case {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/outcomes.txt");
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(cmd) = line.strip_prefix("> ") {
            cases.push(Case { line: i + 1, command: cmd.to_string(), expected: Vec::new() });
        } else if !line.starts_with('#') && !line.is_empty() {
            cases.last_mut().expect("answer before any command").expected.push(line.to_string());
        }
    }
    cases
}

fn outcome_part(line: &str) -> &str {
    line.split(" ; ").next().unwrap_or(line)
}

#[test]
fn every_worked_example_matches() {
    let mut ti = TextInterface::new();
    let mut preset = Preset::Seed;
    let mut failures = Vec::new();
    let cases = cases();
    assert!(cases.len() > 150, "the examples file was not read");
    for case in &cases {
        if let Some(name) = case.command.strip_prefix("rules ") {
            preset = name.parse().expect("preset");
        }
        let mut out = String::new();
        ti.answer(&case.command, &mut out);
        let got: Vec<&str> = out.lines().collect();
        let same_shape = got.len() == case.expected.len()
            && got.iter().zip(&case.expected).all(|(g, e)| outcome_part(g) == outcome_part(e));
        if !same_shape {
            failures.push(format!(
                "line {} ({preset}): {}\nexpected:\n{}\ngot:\n{}",
                case.line,
                case.command,
                case.expected.join("\n"),
                out
            ));
            continue;
        }
        // Every play we print must be legal and lead to its outcome.
        if let Some(rest) = case.command.strip_prefix("outcomes ") {
            let mut parts = rest.rsplitn(3, ' ');
            let d2: u8 = parts.next().and_then(|d| d.parse().ok()).expect("die");
            let d1: u8 = parts.next().and_then(|d| d.parse().ok()).expect("die");
            let position: Position = parts.next().expect("position").parse().expect("position");
            let roll = Roll::new(d1, d2).expect("roll");
            for answer in got.iter().copied().skip(1).chain(case.expected.iter().skip(1).map(String::as_str))
            {
                let (outcome, play) = answer.split_once(" ; ").expect("OUTCOME ; PLAY");
                let play: Play = play.parse().expect("play");
                let mut state =
                    GameState::from_position(preset.rules().with_seats(position.seats()), position)
                        .expect("state");
                match state.apply_play(roll, &play) {
                    Ok(_) => {
                        if state.position().to_string() != outcome {
                            failures.push(format!(
                                "line {}: play {play} led to {}",
                                case.line,
                                state.position()
                            ));
                        }
                    }
                    Err(e) => failures.push(format!("line {}: play {play} rejected: {e}", case.line)),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
}
