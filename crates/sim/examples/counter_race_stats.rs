//! Prints the counter race's spread over seeds and how long one run takes natively.
//! `cargo run --release -p locklab-sim --example counter_race_stats`
use locklab_sim::counter_race::{run, Params};
use std::time::Instant;

fn main() {
    let finals: Vec<u64> = (0..20).map(|seed| run(&Params { seed, ..Params::default() }).summary.final_value).collect();
    let mean = finals.iter().sum::<u64>() as f64 / finals.len() as f64;
    println!("defaults, seeds 0..20: finals {finals:?}, mean {mean:.1}");
    for (label, p) in [
        ("defaults", Params::default()),
        ("largest (20 workers x 1000)", Params { workers: 20, increments: 1000, ..Params::default() }),
    ] {
        let reps = 50;
        let t = Instant::now();
        for _ in 0..reps {
            std::hint::black_box(run(std::hint::black_box(&p)));
        }
        println!("{label}: {:.3} ms per run", t.elapsed().as_secs_f64() * 1e3 / reps as f64);
    }
}
