//! Benchmark baseline (`@NAME@-baseline`): reads the input exactly as src/main.rs
//! does, solves nothing, and prints what it read, so that the reading is not
//! optimised away. A stub that fails until it is written.

fn main() {
    eprintln!("@NAME@-baseline: the baseline is not written yet (src/bin/baseline.rs is a stub)");
    std::process::exit(2);
}
