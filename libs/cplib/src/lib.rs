//! The workspace's own library: what submissions keep re-typing, written and
//! tested once. A problem takes it with `cplib.workspace = true` and calls
//! `cplib::num::gcd(a, b)`; `scripts/bundle.sh` pastes the modules it uses into
//! the one file a judge gets (see libs/README.md).

pub mod dsu;
pub mod grid;
pub mod num;
