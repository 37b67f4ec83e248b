//! The harness's integration tests, in one binary: one build and one link
//! instead of one per file, and libtest runs all of them side by side. The
//! tests that change the whole process (its signal handlers, its stack's hard
//! limit, its allocator, its children, its open files) stay binaries of their
//! own, beside this folder.

mod common;

mod adversarial;
mod bench;
mod check_record;
mod checker;
mod cli;
mod docs_links;
mod editor;
mod file_io;
mod helpers;
mod interactive;
mod interactive_bench;
mod interactor;
mod libraries;
mod library_shards;
mod limits;
mod mission_problems;
mod new_problem;
mod outputs;
mod progress;
mod scaffold;
mod scale;
mod stress;
mod submissions;
mod verdicts;
mod working_folder;
