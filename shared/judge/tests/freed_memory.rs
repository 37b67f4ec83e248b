//! What the harness has freed is given back to the system before a program
//! starts (`runner::release_free_memory`), so that its measured peak is its
//! own: glibc keeps freed memory resident, and Linux counts the forked copy of
//! the harness in the program's `ru_maxrss`. A binary of its own: any other
//! test running beside it holds memory that is not freed, and is counted too.

// glibc's allocator, and Linux's count of the forked copy; its program is a
// shell script.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

#[path = "harness/common/mod.rs"]
mod common;

use common::{run_script, SECOND};

/// 64 MiB freed by the harness is not in a program's peak.
#[test]
fn memory_the_harness_freed_is_not_in_a_programs_peak() {
    // 64 MiB in chunks below malloc's mmap threshold, freed behind one kept:
    // the heap cannot shrink past it, so the freed pages stay resident.
    let chunks: Vec<Vec<u8>> = (0..1024).map(|_| vec![1u8; 64 * 1024]).collect();
    let kept = vec![1u8; 64];
    drop(chunks);
    let run = run_script("exit 0", b"", 10 * SECOND);
    assert!(
        run.peak_memory_kb < 32 * 1024,
        "a shell that exits at once measured at {} KiB",
        run.peak_memory_kb
    );
    drop(kept);
}
