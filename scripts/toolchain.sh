#!/usr/bin/env bash
# Run by CI (.ci/run) on Debian: bash 4 with apt-get, apt-cache and dpkg;
# not one of the portable scripts.
# Usage: scripts/toolchain.sh 1.63|1.85
#
# Fetches a real old rustc from Debian 12 (bookworm) and prints the path of a
# `rustc` wrapper for it, so that a file can be compiled as an old judge would:
#   1.63  packages rustc, libstd-rust-1.63, libstd-rust-dev
#   1.85  packages rustc-web, libstd-rust-web-1.85, libstd-rust-web-dev
# each at a version VERSION.x, plus every library they load that the machine
# lacks (libllvm14 or libllvm19, and so on). The packages are fetched with `apt-get download` and unpacked
# with `dpkg -x` into ${CARGO_TARGET_DIR:-target}/toolchains/VERSION: nothing
# is installed on the system. The wrapper passes --sysroot and sets
# LD_LIBRARY_PATH; it links with the system's `cc`, as rustc always does.
#
# A second run finds the cache and prints the same path at once. Runs
# `apt-get update` first when apt's package lists do not have the packages
# (that needs root). Exit 1 with a message when apt, dpkg or the packages are
# not there; exit 2 on a usage error.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

die() {
    printf 'toolchain.sh: %s\n' "$*" >&2
    exit 1
}

if [ $# -ne 1 ]; then
    echo 'usage: scripts/toolchain.sh 1.63|1.85' >&2
    exit 2
fi
version=$1
# The packages of each compiler; the first is the compiler, the second its
# runtime (librustc_driver, libstd), whose dependencies are the libraries the
# compiler loads.
case $version in
    1.63) packages=(rustc libstd-rust-1.63 libstd-rust-dev) ;;
    1.85) packages=(rustc-web libstd-rust-web-1.85 libstd-rust-web-dev) ;;
    *)
        echo "toolchain.sh: unknown version '$version'; Debian 12 ships rustc 1.63 and 1.85" >&2
        echo 'usage: scripts/toolchain.sh 1.63|1.85' >&2
        exit 2
        ;;
esac

cache=$target_dir/toolchains/$version
wrapper=$cache/bin/rustc

# The cache is complete only when the wrapper runs and says the right version:
# it is renamed into place after that check, so an interrupted run leaves none.
release_of() { "$1" -vV 2>/dev/null | sed -n 's/^release: //p'; }
cached() {
    case $(release_of "$wrapper" || true) in
        "$version".*) echo "$wrapper" ;;
        *) return 1 ;;
    esac
}
cached && exit 0

# One fetch at a time per cache (two checks started together would otherwise
# unpack into the same folder); the second finds the first one's result.
mkdir -p "${cache%/*}"
if command -v flock >/dev/null; then
    exec 9>"$cache.lock"
    flock 9
    cached && exit 0
fi

for tool in apt-get apt-cache dpkg dpkg-query; do
    command -v "$tool" >/dev/null ||
        die "needs Debian's $tool (the compilers come from Debian 12 packages); this machine has no $tool"
done
command -v cc >/dev/null ||
    die "rustc links with the system's cc, and this machine has none (Debian: apt-get install gcc)"

# Empty package lists (a fresh container) know no package: fetch them once.
if ! apt-cache show "${packages[0]}" >/dev/null 2>&1; then
    [ "$(id -u)" -eq 0 ] ||
        die "apt knows no package '${packages[0]}' and only root can run apt-get update; run it, then retry"
    echo "toolchain.sh: apt knows no package '${packages[0]}'; running apt-get update" >&2
    apt-get update -qq >&2 || die "apt-get update failed"
    apt-cache show "${packages[0]}" >/dev/null 2>&1 ||
        die "apt has no package '${packages[0]}' even after apt-get update: this needs Debian 12 (bookworm) package sources"
fi

# The packages at exactly this compiler's version: Debian may also offer a newer
# rustc under the same name (bookworm-security has had rustc-web 1.96), and the
# three must match.
pinned=()
for package in "${packages[@]}"; do
    offered=$(apt-cache madison "$package" | awk -F' *[|] *' '{ print $2 }')
    chosen=$(printf '%s\n' "$offered" | grep -m 1 "^$version\." || true)
    [ -n "$chosen" ] ||
        die "apt offers no $package $version.x, only: $(printf '%s' "$offered" | paste -sd ' ')" \
            "(this needs Debian 12 (bookworm) package sources, and Debian may have replaced it)"
    pinned+=("$package=$chosen")
done

# The runtime's dependencies, recursively, that are not installed here.
missing=()
while IFS= read -r package; do
    case $package in '<'*) continue ;; esac
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [ "$status" = installed ] || missing+=("$package")
done < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
    --no-breaks --no-replaces --no-enhances "${pinned[1]}" | grep -v '^ ' | sort -u)
wanted=("${pinned[@]}")
for package in "${missing[@]}"; do
    case " ${packages[*]} " in *" $package "*) ;; *) wanted+=("$package") ;; esac
done

partial=$cache.partial
rm -rf "$partial"
mkdir -p "$partial/debs" "$partial/bin"
echo "toolchain.sh: downloading ${wanted[*]}" >&2
# As root, apt downloads as the _apt user, which cannot write to our folder.
sandbox=()
[ "$(id -u)" -ne 0 ] || sandbox=(-o APT::Sandbox::User=root)
(cd "$partial/debs" && apt-get download -q "${sandbox[@]}" "${wanted[@]}" >&2) ||
    die "apt-get download ${wanted[*]} failed"
for deb in "$partial"/debs/*.deb; do
    dpkg -x "$deb" "$partial/root" || die "dpkg -x $deb failed"
    # shellcheck disable=SC2016 # dpkg's own ${Field} syntax, not the shell's
    dpkg-deb -W --showformat='${Package} ${Version}\n' "$deb" >>"$partial/packages"
done
rm -rf "$partial/debs"

# librustc_driver and the libraries it loads sit in the multiarch folder
# (usr/lib/x86_64-linux-gnu on amd64).
driver=$(find "$partial/root/usr/lib" -name 'librustc_driver-*.so' | head -n 1)
[ -n "$driver" ] || die "no librustc_driver in ${wanted[*]}"
libdir=${driver%/*}
libdir=${libdir#"$partial/"}
compiler=usr/bin/rustc
[ -x "$partial/root/$compiler" ] || die "no $compiler in ${packages[0]}"

cat >"$partial/bin/rustc" <<EOF
#!/bin/sh
# rustc $version from Debian 12's packages, unpacked by scripts/toolchain.sh:
$(sed 's/^/#   /' "$partial/packages")
here=\$(dirname "\$(readlink -f "\$0")")/..
LD_LIBRARY_PATH=\$here/$libdir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH} \\
    exec "\$here/root/$compiler" --sysroot "\$here/root/usr" "\$@"
EOF
chmod +x "$partial/bin/rustc"

got=$(release_of "$partial/bin/rustc" || true)
case $got in
    "$version".*) ;;
    '')
        "$partial/bin/rustc" -vV >&2 || true
        die "the unpacked rustc does not run (see above; a missing library?)"
        ;;
    *) die "apt's ${packages[0]} is rustc $got, not $version: this needs Debian 12 (bookworm) package sources" ;;
esac

rm -rf "$cache"
mv "$partial" "$cache"
echo "$wrapper"
