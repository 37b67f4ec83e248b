//! `judge submit`'s parts: what a problem's judge takes and where it is pasted
//! ([`page`]), and the system's clipboard ([`clipboard`]).

pub mod clipboard;
pub mod page;
