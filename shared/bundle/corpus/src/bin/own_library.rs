// A submission that uses the workspace's own library (libs/cplib) by path:
// for each query `a b`, gcd, lcm, 2^a mod b and whether a + b is prime. Only
// cplib::num is used; cplib::grid must not reach the bundle.
use cplib::num::{gcd, is_prime, lcm, pow_mod};
use proconio::input;

fn main() {
    input! { q: usize, queries: [(u64, u64); q] }
    for (a, b) in queries {
        let lcm = lcm(a, b).map_or("overflow".to_string(), |l| l.to_string());
        let power = if b == 0 { 0 } else { pow_mod(2, a, b) };
        println!("{} {} {} {}", gcd(a, b), lcm, power, is_prime(a + b));
    }
}
