//! How each problem's cost grows with its input: its programs timed at doubling
//! input sizes, the exponent k of time ∝ bytes^k fitted, checked against the
//! problem's claim (`growth` in `[package.metadata.judge]`), and plotted.
//!
//! - [`series`]: every program of a problem over doubling sizes;
//! - [`fit`]: the exponent of one program's series;
//! - [`analysis`]: the exponents, and the solution's against the claim;
//! - [`report`]: tables, summary and the HTML page;
//! - [`plot`]: the SVG per problem;
//! - [`stats`]: median and slope;
//! - [`toy`]: the toy problem of the self-test.
//!
//! Each run is timed by the harness's [`judge::runner::measure`].

pub mod analysis;
pub mod fit;
pub mod plot;
pub mod report;
pub mod series;
pub mod stats;
pub mod toy;
