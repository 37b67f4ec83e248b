// Point updates and range queries on one array with three structures:
// `0 p x` adds x at p, `1 l r` prints the sum of [l, r) (FenwickTree), the
// maximum (Segtree<Max>) and the farthest r' with a sum of [l, r') under 20
// (Segtree<Additive>::max_right).
use ac_library::{Additive, FenwickTree, Max, Segtree};
use proconio::input;
use proconio::marker::Usize1;

fn main() {
    input! {
        n: usize,
        q: usize,
        a: [i64; n],
    }
    let mut fenwick = FenwickTree::new(n, 0i64);
    let mut maximum: Segtree<Max<i64>> = a.clone().into();
    let mut sums = Segtree::<Additive<i64>>::new(n);
    for (i, &x) in a.iter().enumerate() {
        fenwick.add(i, x);
        sums.set(i, x.abs());
    }
    for _ in 0..q {
        input! { t: u8 }
        if t == 0 {
            input! { p: Usize1, x: i64 }
            fenwick.add(p, x);
            maximum.set(p, maximum.get(p) + x);
            sums.set(p, maximum.get(p).abs());
        } else {
            input! { l: Usize1, r: usize }
            let reach = sums.max_right(l, |&s| s < 20);
            println!("{} {} {}", fenwick.sum(l..r), maximum.prod(l..r), reach);
        }
    }
    println!("{}", maximum.all_prod());
}
