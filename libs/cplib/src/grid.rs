//! Grids of `h` rows and `w` columns, cells as (row, column).

/// The four directions: up, left, right, down.
pub const STEPS4: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The cells next to `(i, j)` (sharing a side) inside an `h` x `w` grid, in the
/// order of [`STEPS4`].
pub fn neighbours4(i: usize, j: usize, h: usize, w: usize) -> impl Iterator<Item = (usize, usize)> {
    // (usize::checked_add_signed would do, but it is Rust 1.66 and judges
    // compile with 1.63.)
    STEPS4.iter().filter_map(move |&(di, dj)| {
        let (ni, nj) = (i as isize + di, j as isize + dj);
        let inside = ni >= 0 && nj >= 0 && (ni as usize) < h && (nj as usize) < w;
        inside.then_some((ni as usize, nj as usize))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_the_middle() {
        let all = |i, j| neighbours4(i, j, 3, 4).collect::<Vec<_>>();
        assert_eq!(all(0, 0), [(0, 1), (1, 0)]);
        assert_eq!(all(2, 3), [(1, 3), (2, 2)]);
        assert_eq!(all(1, 1), [(0, 1), (1, 0), (1, 2), (2, 1)]);
        assert_eq!(neighbours4(0, 0, 1, 1).count(), 0);
    }
}
