//! Glob imports of both crates, as many templates start, and a different set
//! of itertools methods: `counts`, `positions`, `interleave`, `cartesian_product`,
//! `multi_cartesian_product`, `sorted_by_key`, `fold1`-style `reduce`, `rev`
//! through `collect_vec`, `max_set`, `enumerate` with `sorted_unstable_by`.
//! Input: a word, then n and n integers.
use itertools::*;
use proconio::marker::*;
use proconio::*;

fn main() {
    input! {
        word: Chars,
        n: usize,
        a: [u32; n],
    }
    let counts = word.iter().counts();
    let most = counts.iter().map(|(c, k)| (*k, *c)).max().unwrap();
    println!("most {} x{}", most.1, most.0);
    let vowels = word
        .iter()
        .positions(|c| "aeiou".contains(*c))
        .collect_vec();
    println!("vowels at {:?}", vowels);
    let mixed: String = word.iter().interleave(word.iter().rev()).collect();
    println!("mixed {mixed}");
    let sums = (1..=2)
        .cartesian_product(a.iter())
        .map(|(k, x)| k * x)
        .sorted()
        .dedup()
        .collect_vec();
    println!("scaled {:?}", sums);
    let codes = (0..2)
        .map(|_| 0..2u8)
        .multi_cartesian_product()
        .map(|bits| bits.iter().join(""))
        .join(" ");
    println!("codes {codes}");
    let by_last_digit = a.iter().sorted_by_key(|x| (*x % 10, **x)).collect_vec();
    println!("by last digit {:?}", by_last_digit);
    println!("all maxima {:?}", a.iter().max_set());
    let order = a
        .iter()
        .enumerate()
        .sorted_unstable_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(&y.0)))
        .map(|(i, _)| i)
        .collect_vec();
    println!("order {:?}", order);
    println!("xor {:?}", a.iter().copied().reduce(|x, y| x ^ y));
}
