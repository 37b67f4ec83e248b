//! The four problems of the mission keep the whole library-checker set: a naive,
//! a generator, a validator and a baseline, each with its tests. A new problem
//! starts with none of them (`scripts/new-problem.sh`), so nothing else asks for them.

use judge::cases::problem::{Piece, Problem};
use std::path::Path;

const MISSION: [&str; 4] = ["connect3", "csp-201803-4", "hrbust-2320", "line-sg"];

#[test]
fn the_mission_problems_have_every_piece() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for name in MISSION {
        let problem = Problem::load(&root, name).unwrap();
        assert_eq!(problem.pieces().unwrap(), Piece::ALL, "{name}");
        for file in [
            "src/bin/naive.rs",
            "src/bin/gen.rs",
            "src/bin/validate.rs",
            "src/bin/baseline.rs",
            "tests/io_tests.rs",
            "tests/all/main.rs",
            "tests/all/brute_force.rs",
            "tests/all/validate.rs",
        ] {
            assert!(problem.manifest_dir.join(file).is_file(), "{name}: {file}");
        }
    }
}
