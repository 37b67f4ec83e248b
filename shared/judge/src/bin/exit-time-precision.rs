//! How close to the limit a run may end and still be accepted: how often
//! `sleep` for a little under 1000 ms is accepted under a 1000 ms limit, and
//! how late after a program's last clock reading the run returns. A
//! measurement, not a test (`tests/harness/adversarial.rs` checks the margin).
//!
//! ```text
//! cargo run --release -p judge --bin exit-time-precision
//! ```

use std::path::Path;
use std::time::Duration;

use judge::runner::{execute, Execution};

fn main() {
    let limit = Duration::from_millis(1000);
    for seconds in ["0.9", "0.99", "0.995", "0.998"] {
        let runs: Vec<Execution> = (0..10)
            .map(|_| execute(Path::new("/bin/sleep"), &[seconds], b"", limit).unwrap())
            .collect();
        // A sleep that did not exit 0 did not sleep: it would be counted
        // accepted for nothing.
        if let Some(run) = runs
            .iter()
            .find(|run| !run.timed_out(limit) && !run.succeeded())
        {
            panic!("sleep {seconds} failed, so it measured nothing: {run:?}");
        }
        let accepted = runs.iter().filter(|run| !run.timed_out(limit)).count();
        let times: Vec<String> = runs
            .iter()
            .map(|run| format!("{:.2}", run.elapsed.as_secs_f64() * 1000.0))
            .collect();
        println!("sleep {seconds}: AC {accepted}/10, ms {}", times.join(" "));
    }
    // `date` prints the wall clock just before it exits; the clock read when
    // the run returns bounds how late the harness saw the exit (it also holds
    // the return itself).
    let mut gaps: Vec<f64> = (0..20)
        .map(|_| {
            let run = execute(Path::new("/bin/date"), &["+%s%N"], b"", limit).unwrap();
            let returned = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as f64;
            let printed: f64 = String::from_utf8(run.stdout)
                .unwrap()
                .trim()
                .parse()
                .unwrap();
            (returned - printed) / 1e6
        })
        .collect();
    gaps.sort_by(f64::total_cmp);
    println!(
        "run returned after date's last clock reading: median {:.3} ms, max {:.3} ms",
        gaps[gaps.len() / 2],
        gaps[gaps.len() - 1]
    );
}
