//! Point updates and range sums on a generic segment tree: `mod` blocks that
//! reach each other with `use crate::...`, a generic trait with impls, and an
//! exported `macro_rules!`. Input: n q, a_1..a_n, then q queries
//! `0 i x` (a_i += x, 1-based) or `1 l r` (sum of a_l..=a_r).
use proconio::input;
use proconio::marker::Usize1;

#[macro_export]
macro_rules! chmax {
    ($target:expr, $value:expr) => {
        if $value > $target {
            $target = $value;
            true
        } else {
            false
        }
    };
}

mod algebra {
    pub trait Monoid {
        type Value: Copy;
        fn identity() -> Self::Value;
        fn combine(a: Self::Value, b: Self::Value) -> Self::Value;
    }

    pub struct Sum;
    impl Monoid for Sum {
        type Value = i64;
        fn identity() -> i64 {
            0
        }
        fn combine(a: i64, b: i64) -> i64 {
            a + b
        }
    }

    pub struct Max;
    impl Monoid for Max {
        type Value = i64;
        fn identity() -> i64 {
            i64::MIN
        }
        fn combine(a: i64, b: i64) -> i64 {
            a.max(b)
        }
    }
}

mod tree {
    use crate::algebra::Monoid;

    pub struct SegmentTree<M: Monoid> {
        size: usize,
        nodes: Vec<M::Value>,
    }

    impl<M: Monoid> SegmentTree<M> {
        pub fn from_slice(values: &[M::Value]) -> Self {
            let size = values.len().next_power_of_two();
            let mut nodes = vec![M::identity(); 2 * size];
            nodes[size..size + values.len()].copy_from_slice(values);
            for i in (1..size).rev() {
                nodes[i] = M::combine(nodes[2 * i], nodes[2 * i + 1]);
            }
            SegmentTree { size, nodes }
        }

        pub fn get(&self, i: usize) -> M::Value {
            self.nodes[self.size + i]
        }

        pub fn set(&mut self, i: usize, value: M::Value) {
            let mut i = i + self.size;
            self.nodes[i] = value;
            while i > 1 {
                i /= 2;
                self.nodes[i] = M::combine(self.nodes[2 * i], self.nodes[2 * i + 1]);
            }
        }

        /// Combination over `l..r`.
        pub fn fold(&self, l: usize, r: usize) -> M::Value {
            let (mut l, mut r) = (l + self.size, r + self.size);
            let (mut left, mut right) = (M::identity(), M::identity());
            while l < r {
                if l % 2 == 1 {
                    left = M::combine(left, self.nodes[l]);
                    l += 1;
                }
                if r % 2 == 1 {
                    r -= 1;
                    right = M::combine(self.nodes[r], right);
                }
                l /= 2;
                r /= 2;
            }
            M::combine(left, right)
        }
    }
}

use algebra::{Max, Sum};
use tree::SegmentTree;

fn main() {
    input! {
        n: usize,
        q: usize,
        a: [i64; n],
    }
    let mut sums = SegmentTree::<Sum>::from_slice(&a);
    let mut maxima = SegmentTree::<Max>::from_slice(&a);
    let mut best_answer = i64::MIN;
    let mut records = 0;
    for _ in 0..q {
        input! { kind: u8 }
        if kind == 0 {
            input! { i: Usize1, x: i64 }
            sums.set(i, sums.get(i) + x);
            maxima.set(i, maxima.get(i) + x);
        } else {
            input! { l: Usize1, r: usize }
            let answer = sums.fold(l, r);
            if chmax!(best_answer, answer) {
                records += 1;
            }
            println!("{} {}", answer, maxima.fold(l, r));
        }
    }
    println!("records {records}");
}
