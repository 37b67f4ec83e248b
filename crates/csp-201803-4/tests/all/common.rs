//! Board facts the tests compute on their own, independently of the submission.

/// Whether the player with `stone` (1 Alice, 2 Bob) owns a full row, column or
/// diagonal of `cells` (nine cells in reading order).
pub fn owns_line(cells: &[u8], stone: u8) -> bool {
    let at = |row: usize, col: usize| cells[row * 3 + col] == stone;
    (0..3).any(|i| (0..3).all(|j| at(i, j)) || (0..3).all(|j| at(j, i)))
        || (0..3).all(|i| at(i, i))
        || (0..3).all(|i| at(i, 2 - i))
}
