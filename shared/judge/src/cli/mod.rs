//! The commands of the `judge` binary, each a module with its options, help
//! and parser; `check`, and what every command shares ([`Stop`],
//! [`Failure`], [`Place`], the value parsers, how a command ends), are the
//! `judge-cli` package's.

pub(crate) mod bench;
pub(crate) mod new;
pub(crate) mod outputs;
pub(crate) mod stress;
pub(crate) mod test;
pub(crate) mod tools;
pub(crate) mod verify;

pub(crate) use judge_cli::check;
pub(crate) use judge_cli::*;
