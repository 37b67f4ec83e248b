// Convolution (Practice Contest F / Library Checker style): the product of two
// polynomials modulo 998244353, and exactly over i64; also a prefix-sum
// check through the static modint's Sum.
use ac_library::{convolution, convolution_i64, ModInt998244353 as Mint};
use proconio::input;
use std::fmt::Write;

fn main() {
    input! {
        n: usize,
        m: usize,
        a: [i64; n],
        b: [i64; m],
    }
    let am: Vec<Mint> = a.iter().map(|&x| Mint::new(x)).collect();
    let bm: Vec<Mint> = b.iter().map(|&x| Mint::new(x)).collect();
    let product = convolution(&am, &bm);
    let mut line = String::new();
    for c in &product {
        write!(line, "{} ", c).unwrap();
    }
    println!("{}", line.trim_end());
    let exact = convolution_i64(&a, &b);
    println!("{:?}", exact);
    let total: Mint = product.iter().sum();
    let expected = am.iter().sum::<Mint>() * bm.iter().sum::<Mint>();
    println!("{} {}", total, total == expected);
}
