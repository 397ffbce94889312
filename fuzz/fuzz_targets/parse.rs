//! Positions, steps, plays, seats, dice and rolls from arbitrary text: no panic, and whatever
//! parses round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use parcheesi::{Die, Location, Play, Position, Roll, Seat, Step};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = text.parse::<Position>() {
        assert_eq!(p.to_string().parse::<Position>(), Ok(p));
    }
    if let Ok(s) = text.parse::<Step>() {
        assert_eq!(s.to_string().parse::<Step>(), Ok(s));
    }
    if let Ok(play) = text.parse::<Play>() {
        assert_eq!(play.to_string().parse::<Play>(), Ok(play));
    }
    if let Ok(seat) = text.parse::<Seat>() {
        assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
    }
    if let Ok(die) = text.parse::<Die>() {
        assert_eq!(die.to_string(), text);
    }
    if let Ok(roll) = text.parse::<Roll>() {
        assert_eq!(roll.to_string(), text);
    }
    let _ = text.parse::<Location>();
});
