// Without proconio: for each line, the number of distinct substrings (Practice
// Contest I style, suffix array and LCP array), the Z-array, and the same for
// the line's bytes reversed through the arbitrary-type versions.
use ac_library::{
    lcp_array, lcp_array_arbitrary, suffix_array, suffix_array_arbitrary, z_algorithm,
};
use std::io::Read;

fn distinct(n: usize, lcp: &[usize]) -> usize {
    n * (n + 1) / 2 - lcp.iter().sum::<usize>()
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    for s in input.lines().filter(|line| !line.is_empty()) {
        let sa = suffix_array(s);
        let lcp = lcp_array(s, &sa);
        let reversed: Vec<u8> = s.bytes().rev().collect();
        let sa_reversed = suffix_array_arbitrary(&reversed);
        let lcp_reversed = lcp_array_arbitrary(&reversed, &sa_reversed);
        println!(
            "{} {} {:?} {:?}",
            distinct(s.len(), &lcp),
            distinct(s.len(), &lcp_reversed),
            sa,
            z_algorithm(s)
        );
    }
}
