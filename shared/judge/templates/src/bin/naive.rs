//! Brute force (`@NAME@-naive`): reads an input on stdin and prints its answer by
//! the most direct method, without the submission's insight. tests/naive.rs runs it
//! on the stored cases; tests/all/brute_force.rs and scripts/stress.sh compare the
//! submission with it. A stub that fails until it is written.

fn main() {
    eprintln!("@NAME@-naive: the brute force is not written yet (src/bin/naive.rs is a stub)");
    std::process::exit(2);
}
