// Range Affine Range Sum (Practice Contest K style) modulo 998244353:
// `0 l r b c` sets a_i = b * a_i + c on [l, r), `1 l r` prints the sum.
use ac_library::{LazySegtree, MapMonoid, ModInt998244353 as Mint, Monoid};
use proconio::{fastout, input};

struct Sum;
impl Monoid for Sum {
    type S = (Mint, usize);
    fn identity() -> Self::S {
        (Mint::new(0), 0)
    }
    fn binary_operation(&(a, n): &Self::S, &(b, m): &Self::S) -> Self::S {
        (a + b, n + m)
    }
}

struct Affine;
impl MapMonoid for Affine {
    type M = Sum;
    type F = (Mint, Mint);
    fn identity_map() -> Self::F {
        (Mint::new(1), Mint::new(0))
    }
    fn mapping(&(b, c): &Self::F, &(x, n): &(Mint, usize)) -> (Mint, usize) {
        (b * x + c * Mint::new(n), n)
    }
    fn composition(&(b1, c1): &Self::F, &(b2, c2): &Self::F) -> Self::F {
        (b1 * b2, b1 * c2 + c1)
    }
}

#[fastout]
fn main() {
    input! {
        n: usize,
        q: usize,
        a: [u32; n],
    }
    let mut tree: LazySegtree<Affine> = a
        .iter()
        .map(|&x| (Mint::new(x), 1))
        .collect::<Vec<_>>()
        .into();
    for _ in 0..q {
        input! { t: u8, l: usize, r: usize }
        if t == 0 {
            input! { b: u32, c: u32 }
            tree.apply_range(l..r, (Mint::new(b), Mint::new(c)));
        } else {
            println!("{}", tree.prod(l..r).0);
        }
    }
}
