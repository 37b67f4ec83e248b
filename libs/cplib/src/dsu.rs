//! Disjoint sets (union-find) over `0..n`: union by size and path halving,
//! amortised nearly constant time per operation. Verified on Library
//! Checker's `unionfind` (`examples/unionfind.rs`, `judge verify --libs`).

/// A partition of `0..n` into sets, each named by one of its members.
#[derive(Clone, Debug)]
pub struct Dsu {
    /// A member's parent; a root is its own, and its set's size is `size`'s.
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl Dsu {
    /// `n` sets of one element each.
    pub fn new(n: usize) -> Dsu {
        Dsu {
            parent: (0..n).collect(),
            size: vec![1; n],
        }
    }

    /// The member that names `x`'s set.
    pub fn leader(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            // Path halving: every other node on the way points to its grandparent.
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; `false` when they were one already.
    pub fn merge(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.leader(a), self.leader(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
        true
    }

    /// Whether `a` and `b` are in one set.
    pub fn same(&mut self, a: usize, b: usize) -> bool {
        self.leader(a) == self.leader(b)
    }

    /// How many elements `x`'s set has.
    pub fn size(&mut self, x: usize) -> usize {
        let leader = self.leader(x);
        self.size[leader]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_join_sets_and_say_whether_they_did() {
        let mut dsu = Dsu::new(5);
        assert!(dsu.merge(0, 1));
        assert!(dsu.merge(3, 4));
        assert!(!dsu.merge(1, 0));
        assert!(dsu.same(0, 1) && dsu.same(4, 3) && !dsu.same(1, 3));
        assert!(dsu.merge(1, 4));
        assert!(dsu.same(0, 3));
        assert_eq!((dsu.size(4), dsu.size(2)), (4, 1));
    }

    /// Against a brute force that relabels a whole set on each merge.
    #[test]
    fn agrees_with_relabelling_on_every_merge_sequence_of_four() {
        let pairs: Vec<(usize, usize)> = (0..4).flat_map(|a| (0..4).map(move |b| (a, b))).collect();
        for first in &pairs {
            for second in &pairs {
                for third in &pairs {
                    let mut dsu = Dsu::new(4);
                    let mut label: Vec<usize> = (0..4).collect();
                    for &(a, b) in [first, second, third] {
                        let (from, to) = (label[b], label[a]);
                        assert_eq!(dsu.merge(a, b), from != to);
                        label
                            .iter_mut()
                            .filter(|l| **l == from)
                            .for_each(|l| *l = to);
                    }
                    for a in 0..4 {
                        for b in 0..4 {
                            assert_eq!(dsu.same(a, b), label[a] == label[b]);
                        }
                        assert_eq!(
                            dsu.size(a),
                            label.iter().filter(|&&l| l == label[a]).count()
                        );
                    }
                }
            }
        }
    }
}
