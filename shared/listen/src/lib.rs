//! `listen`: receives problems from Competitive Companion, the browser
//! extension that parses a problem's page on most judges and sends it as JSON
//! to a local HTTP server, and makes each a problem of the workspace.
//!
//! - [`payload`]: the extension's JSON, read and checked;
//! - [`naming`]: a crate name from the problem's URL or name;
//! - [`server`]: the HTTP server on the loopback address, and each request's answer.

pub mod naming;
pub mod payload;
pub mod server;
