// TODO: replace this echo with the solution.
use proconio::input;

fn main() {
    input! { n: u64 }
    println!("{n}");
}
