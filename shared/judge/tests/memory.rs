//! Issue 15, defect 8: the harness's memory stays proportional to the output
//! (it once grew ~17× the output on short lines). A counting allocator measures
//! the peak of live heap bytes while one run is judged.

// Its program is a pipeline run by /bin/sh.
#![cfg(unix)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted as a copy: both blocks are live while it moves.
        grew(new_size);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn judging_short_lines_takes_memory_proportional_to_the_output() {
    // 2 MB of output: the old 17x was 34 MB, past the bound of 10 MB.
    const LINES: usize = 1_000_000;
    let output = 2 * LINES;
    let mut expected = b"y\n".repeat(LINES);
    for (answer, wrong) in [("AC", false), ("WA", true)] {
        if wrong {
            expected[output - 2] = b'n';
        }
        let before = LIVE.load(Ordering::Relaxed);
        PEAK.store(before, Ordering::Relaxed);
        let (verdict, _) = judge::judging::verdict::judge(
            "/bin/sh".as_ref(),
            format!("yes | head -n {LINES}").as_bytes(),
            &expected,
            Duration::from_secs(20),
        )
        .unwrap();
        let peak = PEAK.load(Ordering::Relaxed) - before;
        assert_eq!(verdict.code(), answer);
        // The kept output: a Vec that grows by doubling, so while it moves the old
        // block (up to the output) and the new one (up to twice it) are both live;
        // plus the fixed read buffers (1 MiB a stream) and the kept stderr. It once
        // took ~17x the output.
        let fixed = 4 << 20;
        assert!(
            peak < 3 * output + fixed,
            "{answer}: peak {peak} bytes for {output} bytes of output"
        );
    }
}
