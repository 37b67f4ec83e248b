#!/usr/bin/env bash
# .ci/cross.sh: builds the workspace for macOS and Windows on Linux with Debian
# 12's own Rust, to prove that it compiles there; CI runs it.
#
# Needs Debian 12 (bookworm) with bookworm-security in apt's sources, and the
# network to Debian's apt and crates.io; `setup` needs root (apt-get install).
# What it uses, all Debian packages (about 2 GB installed):
#   rustc-web cargo-web rust-web-src   Debian's rustc/cargo 1.96 and the
#       library sources that -Zbuild-std compiles std from (rustup's toolchain
#       stays the default: these are run by path, /usr/bin/cargo and
#       /usr/bin/rustc, and the library sources are found through Debian's
#       sysroot /usr, at /usr/lib/rustlib/src/rust/library)
#   gcc-mingw-w64-x86-64-posix   the linker for x86_64-pc-windows-gnu
#   wine64 (Wine 8.0)            runs the Windows programs and test binaries
# std for the targets is compiled from source (RUSTC_BOOTSTRAP=1,
# -Zbuild-std=std,panic_abort); std's own dependencies come from crates.io.
#
# Usage:
#   .ci/cross.sh setup [apple|windows]   install what is missing (as root), build
#       the ProcessPrng shim (.ci/wine/bcryptprimitives.c says why) and make the
#       wine prefix; both targets' parts without an argument. A second run finds
#       everything in place and takes well under a second.
#   .ci/cross.sh cargo TARGET ARGS...     Debian's cargo for TARGET, e.g.
#       .ci/cross.sh cargo aarch64-apple-darwin check --workspace --all-targets --locked
#       .ci/cross.sh cargo x86_64-pc-windows-gnu test --workspace --locked
#   .ci/cross.sh env TARGET               prints the `export` lines that the
#       `cargo` subcommand uses, for `eval`; then run /usr/bin/cargo yourself
#   .ci/cross.sh wine PROGRAM.exe ARGS... runs a Windows program under wine in
#       the same prefix
# TARGET is aarch64-apple-darwin, x86_64-apple-darwin (check only: there is no
# macOS linker, so build and test fail at the link) or x86_64-pc-windows-gnu
# (check, build, test: test binaries run under wine).
#
# Builds go to ${CARGO_TARGET_DIR:-target}/cross, never into the normal target
# dir: the rustup build cache stays valid. The wine prefix is
# ${CARGO_TARGET_DIR:-target}/cross/wine-prefix, so nothing lands in $HOME.
# Exit 1 with a message when something is missing; exit 2 on a usage error.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
cross_dir=$target_dir/cross
wine_prefix=$cross_dir/wine-prefix
shim_src=$root/.ci/wine/bcryptprimitives.c
shim_def=$root/.ci/wine/bcryptprimitives.def
shim_dll=$cross_dir/wine-shim/bcryptprimitives.dll

# Debian's binaries, by path: rustup's cargo and rustc come first on PATH.
deb_cargo=/usr/bin/cargo
deb_rustc=/usr/bin/rustc
deb_rustdoc=/usr/bin/rustdoc
deb_library=/usr/lib/rustlib/src/rust/library
wine=/usr/lib/wine/wine64
wineserver=/usr/lib/wine/wineserver64
mingw_cc=/usr/bin/x86_64-w64-mingw32-gcc
# Wine's own DLLs; a Wine that has bcryptprimitives needs no shim.
wine_dlls=/usr/lib/x86_64-linux-gnu/wine/x86_64-windows

rust_packages=(rustc-web cargo-web rust-web-src)
# bookworm-security's rustc-web; bookworm's own 1.85 cargo does not take
# build-std from the environment (CARGO_UNSTABLE_BUILD_STD below).
rust_least=1.96
windows_packages=(gcc-mingw-w64-x86-64-posix wine64)
build_std=std,panic_abort

die() {
    printf 'cross.sh: %s\n' "$*" >&2
    exit 1
}
usage() {
    sed -n '/^# Usage:/,/^# Builds go/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}
note() { printf 'cross.sh: %s\n' "$*" >&2; }

is_windows() { [ "$1" = x86_64-pc-windows-gnu ]; }
check_target() {
    case $1 in
        aarch64-apple-darwin | x86_64-apple-darwin | x86_64-pc-windows-gnu) ;;
        *) echo "cross.sh: unknown target '$1'" >&2 && usage ;;
    esac
}

installed() {
    local package status
    for package; do
        status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
        [ "$status" = installed ] || return 1
    done
}
version_of() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || true; }

# The compiler, cargo and the library sources must be one release: apt installs
# them together, and this checks it (an older rustc-web left on the machine is
# upgraded with the rest).
rust_ready() {
    installed "${rust_packages[@]}" || return 1
    local version
    version=$(version_of rustc-web)
    dpkg --compare-versions "$version" ge "$rust_least" || return 1
    [ "$(version_of cargo-web)" = "$version" ] && [ "$(version_of rust-web-src)" = "$version" ] &&
        [ -d "$deb_library/std" ]
}
windows_ready() { installed "${windows_packages[@]}" && [ -x "$wine" ] && [ -x "$mingw_cc" ]; }

apt_install() {
    [ "$(id -u)" -eq 0 ] || die "needs root to apt-get install $*; run .ci/cross.sh setup as root"
    command -v apt-get >/dev/null || die "needs Debian's apt-get (Debian 12 packages); this machine has none"
    # Empty package lists (a fresh container) know no package, and old ones
    # know an old rustc-web: fetch them when they do not offer what is needed.
    local candidate
    candidate=$(apt-cache policy rustc-web 2>/dev/null | sed -n 's/^ *Candidate: //p')
    if ! apt-cache show "$1" >/dev/null 2>&1 ||
        ! dpkg --compare-versions "${candidate:-0}" ge "$rust_least"; then
        note "apt's lists lack '$1' or rustc-web $rust_least; running apt-get update"
        apt-get update -qq || die "apt-get update failed"
    fi
    note "apt-get install $*"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" ||
        die "apt-get install $* failed (this needs Debian 12 (bookworm) package sources, with bookworm-security)"
}

wine_env=(
    WINEPREFIX="$wine_prefix"
    WINEARCH=win64
    WINEDEBUG=-all
    # No prompts to install Mono or Gecko: nothing here needs .NET or HTML.
    WINEDLLOVERRIDES="mscoree,mshtml="
)

shim_needed() { [ ! -e "$wine_dlls/bcryptprimitives.dll" ]; }

# The ProcessPrng shim, rebuilt when its source changes.
build_shim() {
    if [ -f "$shim_dll" ] && [ "$shim_dll" -nt "$shim_src" ] && [ "$shim_dll" -nt "$shim_def" ]; then
        return 0
    fi
    note "building ${shim_dll#"$root"/} from ${shim_src#"$root"/}"
    mkdir -p "${shim_dll%/*}"
    "$mingw_cc" -shared -O2 -s -nostdlib -Wl,--entry,DllMain -o "$shim_dll.partial" \
        "$shim_src" "$shim_def" -ladvapi32 || die "building the ProcessPrng shim failed"
    mv "$shim_dll.partial" "$shim_dll"
}

# The wine prefix, made once (wineboot, no window, no prompt), with the shim in
# its system32.
wine_ready() {
    [ -f "$wine_prefix/system.reg" ] || return 1
    if shim_needed; then
        [ -f "$shim_dll" ] && [ "$shim_dll" -nt "$shim_src" ] && [ "$shim_dll" -nt "$shim_def" ] &&
            cmp -s "$shim_dll" "$wine_prefix/drive_c/windows/system32/bcryptprimitives.dll"
    fi
}
setup_wine() {
    wine_ready && return 0
    windows_ready || die "the Windows tools are missing; run .ci/cross.sh setup (as root) first"
    mkdir -p "$cross_dir"
    # One setup at a time per prefix: two wineboots in one prefix collide.
    exec 8>"$cross_dir/wine-setup.lock"
    flock 8
    if ! wine_ready; then
        if [ ! -f "$wine_prefix/system.reg" ]; then
            note "making the wine prefix ${wine_prefix#"$root"/}"
            rm -rf "$wine_prefix"
            env "${wine_env[@]}" "$wine" wineboot -i </dev/null >/dev/null 2>&1 ||
                die "wineboot -i failed in $wine_prefix"
            env "${wine_env[@]}" "$wineserver" -w
            [ -f "$wine_prefix/system.reg" ] || die "wineboot made no prefix in $wine_prefix"
        fi
        if shim_needed; then
            build_shim
            cp "$shim_dll" "$wine_prefix/drive_c/windows/system32/bcryptprimitives.dll"
        fi
    fi
    exec 8>&-
}

setup() {
    local parts=${1:-all} started=$SECONDS
    case $parts in apple | windows | all) ;; *) usage ;; esac
    local wanted=()
    rust_ready || wanted+=("${rust_packages[@]}")
    if [ "$parts" != apple ]; then
        windows_ready || wanted+=("${windows_packages[@]}")
    fi
    [ ${#wanted[@]} -eq 0 ] || apt_install "${wanted[@]}"
    rust_ready || die "after apt-get install, rustc-web, cargo-web and rust-web-src are not one release of" \
        "$rust_least or later, or $deb_library is missing: $(version_of rustc-web) $(version_of cargo-web) $(version_of rust-web-src)"
    if [ "$parts" != apple ]; then
        windows_ready || die "after apt-get install, $wine or $mingw_cc is missing"
        setup_wine
    fi
    note "ready ($parts) in $((SECONDS - started)) s: $("$deb_rustc" -V)"
}

# The environment of Debian's cargo for a target, as NAME=VALUE words.
cross_env() {
    local target=$1 upper
    upper=$(printf '%s' "$target" | tr 'a-z-' 'A-Z_')
    cross_vars=(
        CARGO_TARGET_DIR="$cross_dir"
        CARGO_BUILD_TARGET="$target"
        # -Z flags on Debian's stable cargo and rustc.
        RUSTC_BOOTSTRAP=1
        # Cargo runs whatever `rustc` PATH finds (rustup's) unless told.
        RUSTC="$deb_rustc"
        RUSTDOC="$deb_rustdoc"
        # The same as -Zbuild-std=std,panic_abort, but for any subcommand.
        CARGO_UNSTABLE_BUILD_STD="$build_std"
    )
    if is_windows "$target"; then
        cross_vars+=(
            "CARGO_TARGET_${upper}_LINKER=$mingw_cc"
            "CARGO_TARGET_${upper}_RUNNER=$wine"
            "${wine_env[@]}"
        )
    fi
}

ready_for() {
    rust_ready || die "Debian's Rust (${rust_packages[*]}) is missing; run .ci/cross.sh setup (as root) first"
    if is_windows "$1"; then
        windows_ready || die "the Windows tools (${windows_packages[*]}) are missing; run .ci/cross.sh setup (as root) first"
        setup_wine
    fi
}

[ $# -ge 1 ] || usage
command=$1
shift
case $command in
    setup)
        [ $# -le 1 ] || usage
        setup "$@"
        ;;
    cargo)
        [ $# -ge 2 ] || usage
        target=$1
        shift
        check_target "$target"
        ready_for "$target"
        cross_env "$target"
        # A rustup toolchain name and a rustc wrapper (sccache and the like,
        # set up for rustup's rustc) are not meant for Debian's compiler.
        exec env -u RUSTUP_TOOLCHAIN -u RUSTC_WRAPPER -u RUSTC_WORKSPACE_WRAPPER \
            "${cross_vars[@]}" "$deb_cargo" "$@"
        ;;
    env)
        [ $# -eq 1 ] || usage
        check_target "$1"
        ready_for "$1"
        cross_env "$1"
        for var in "${cross_vars[@]}"; do
            printf 'export %s=%q\n' "${var%%=*}" "${var#*=}"
        done
        printf '# then: %s check (or build, test) ...\n' "$deb_cargo"
        ;;
    wine)
        [ $# -ge 1 ] || usage
        ready_for x86_64-pc-windows-gnu
        exec env "${wine_env[@]}" "$wine" "$@"
        ;;
    -h | --help | help) usage ;;
    *) usage ;;
esac
