//! Problems and their cases.
//!
//! - [`problem`]: a problem crate, its manifest and its judge's limits;
//! - [`suite`]: finding `io-tests/<problem>/<name>.in` + `<name>.out`;
//! - [`workspace`]: the workspace root above a folder.

pub mod problem;
pub mod suite;
pub mod workspace;
