//! Prints how long the course content takes natively: parsing and validating the built-in decks.
//!
//!   cargo bench -p locklab-course
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let reps = 200;
    let t = Instant::now();
    for _ in 0..reps {
        for (name, json) in locklab_course::quiz::BUILT_IN {
            drop(black_box(locklab_course::quiz::parse_deck(black_box(json), name)));
        }
    }
    println!("{:<58} {:>9.3} ms", "quiz           parse and validate the built-in decks", t.elapsed().as_secs_f64() * 1e3 / f64::from(reps));
}
