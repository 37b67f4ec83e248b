//! Brute force for the tests and scripts/stress.sh. TODO: write it.

fn main() {
    eprintln!("naive: not written yet");
    std::process::exit(2);
}
