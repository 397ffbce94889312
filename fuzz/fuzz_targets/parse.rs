//! Positions, steps and plays from arbitrary text: no panic, and whatever parses round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use parcheesi::{Location, Play, Position, Step};

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
    let _ = text.parse::<Location>();
});
