//! What the judge's packages and a problem's own tools share about text:
//!
//! - [`show`]: bytes and paths made printable, for messages;
//! - [`decimal`]: a token's value when it is a decimal number, as float
//!   comparison and checkers read it (no `nan`, `inf` or hexadecimal).

mod decimal;
pub mod show;

pub use decimal::decimal;
