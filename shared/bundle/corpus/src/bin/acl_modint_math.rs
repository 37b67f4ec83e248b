// Without proconio: reads a modulus m and pairs (n, k) from stdin by hand;
// prints C(n, k) mod m with a dynamic modint (m need not be prime: Pascal's
// triangle), then pow_mod, inv_mod, crt and floor_sum on the same numbers.
use ac_library::math::{crt, floor_sum, inv_mod, pow_mod};
use ac_library::ModInt;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<i64>().unwrap());
    let m = numbers.next().unwrap();
    ModInt::set_modulus(m as u32);
    let pairs: Vec<(i64, i64)> =
        std::iter::from_fn(|| Some((numbers.next()?, numbers.next()?))).collect();
    let top = pairs.iter().map(|p| p.0).max().unwrap_or(0) as usize;
    let mut pascal = vec![vec![ModInt::new(1)]];
    for n in 1..=top {
        let previous = &pascal[n - 1];
        let row: Vec<ModInt> = (0..=n)
            .map(|k| {
                if k == 0 || k == n {
                    ModInt::new(1)
                } else {
                    previous[k - 1] + previous[k]
                }
            })
            .collect();
        pascal.push(row);
    }
    let mut out = Vec::new();
    for &(n, k) in &pairs {
        let k = k.min(n);
        let c = pascal[n as usize][k as usize];
        let inverse = if gcd(n, m) == 1 { inv_mod(n, m) } else { -1 };
        out.push(format!(
            "{} {} {} {} {}",
            c,
            c.pow(k as u64) * -ModInt::new(n),
            pow_mod(n, k, m as u32),
            inverse,
            floor_sum(n + 1, m, k, n)
        ));
    }
    let (r, modulus) = crt(
        &pairs.iter().map(|p| p.1).collect::<Vec<_>>(),
        &pairs.iter().map(|p| p.0 + 1).collect::<Vec<_>>(),
    );
    out.push(format!("crt {r} {modulus} modulus {}", ModInt::modulus()));
    println!("{}", out.join("\n"));
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
