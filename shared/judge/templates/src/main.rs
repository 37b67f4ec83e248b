use proconio::input;

fn main() {
    input! {
        n: usize,
    }
    todo!("@NAME@: write the solution in src/main.rs (it has read n = {n})");
}
