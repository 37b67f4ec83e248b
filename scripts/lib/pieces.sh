# Sourced by the scripts. A problem's pieces (naive, gen, validate, baseline:
# scripts/new-problem.sh NAME --with PIECE) are the binaries NAME-PIECE its
# crate's manifest declares; the judge reads them the same way (judge::cases::problem::Piece).

# has_piece ROOT PROBLEM PIECE: whether ROOT/crates/PROBLEM declares PROBLEM-PIECE.
has_piece() {
    grep -qxF "name = \"$2-$3\"" "$1/crates/$2/Cargo.toml"
}
