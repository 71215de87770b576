#!/usr/bin/env bash
# Windows and macOS from this Debian 12 machine: type-checks, the Windows
# build and installer, and the Windows build tried under Wine.
#
#   scripts/cross.sh check     type-check every crate's library, binaries,
#                              tests, benches and examples for Windows
#                              (x86_64-pc-windows-msvc) and macOS
#                              (aarch64-apple-darwin, x86_64-apple-darwin),
#                              warnings denied in our own crates (.ci/run)
#   scripts/cross.sh windows   build ca-ngua.exe, ca-ngua-cli.exe,
#                              ca-ngua-server.exe (x86_64-win7-windows-gnu,
#                              the dist profile) and the installer
#                              ca-ngua-setup.exe into target/cross/windows/
#   scripts/cross.sh wine      run those under Wine (and Xvfb for the game)
#                              and check them: scripts/cross/wine.sh
#
# Run as root on a fresh Debian 12 (it installs what it lacks with apt-get,
# and nothing that is not a Debian package or built from crates.io);
# idempotent: a second run installs nothing and rebuilds only what changed.
# docs/PACKAGING.md ("Windows and macOS from Linux") says why each choice.
#
# The toolchain: Debian's rustc-web and cargo-web (Rust 1.96, from
# bookworm-security) with rust-web-src, the standard library's source, which
# -Zbuild-std compiles for any target (RUSTC_BOOTSTRAP=1 allows that flag
# on a stable compiler); rustup's toolchain, which has only Linux's standard
# library, stays the one of the README's two commands.
#
# What is skipped, and why: C and assembly in dependencies' build scripts
# (ring's, for TLS and hashing, is the only one) cannot be compiled for
# macOS here (no macOS SDK: its headers, TargetConditionals.h and libc's,
# are Apple's and not in Debian) nor for MSVC (no Windows SDK or MSVC
# headers). A type-check links nothing and never reads those objects, so for
# those targets scripts/cross/stand-in-cc takes the C compiler's and the
# archiver's place and writes empty files. Every line of Rust, ours and
# the dependencies', is still compiled to metadata and checked. The
# Windows build that links (windows) compiles ring's C for real, with
# mingw-w64's gcc.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

usage() {
    sed -n '4,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}
[ "$#" -eq 1 ] || usage

export CARGO_TARGET_DIR="$root/target/cross"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# Debian's toolchain, whatever rustup puts first on PATH.
cargo=/usr/bin/cargo
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
build_std=(-Zbuild-std=std,panic_abort)

# The Debian packages each command needs (apt-get only when one is missing).
packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed' || missing+=("$p")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "cross.sh: installing ${missing[*]}"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    fi
}

toolchain() {
    packages rustc-web cargo-web rust-web-src
    local version
    version=$("$RUSTC" --version | awk '{print $2}')
    case "$version" in
        1.9[5-9]* | 1.[1-9][0-9][0-9]*) ;;
        *)
            echo "cross.sh: $RUSTC is $version; the project needs 1.95 or newer" \
                "(Debian 12's rustc-web from bookworm-security)" >&2
            exit 1
            ;;
    esac
}

check() {
    toolchain
    local stand_in="$root/scripts/cross/stand-in-cc"
    local targets=(x86_64-pc-windows-msvc aarch64-apple-darwin x86_64-apple-darwin)
    local args=()
    for t in "${targets[@]}"; do
        local var="${t//-/_}"
        export "CC_$var=$stand_in" "AR_$var=$stand_in"
        args+=(--target "$t")
    done
    # -D warnings reaches our crates only: Cargo caps the lints of
    # dependencies (and of the standard library it builds).
    RUSTFLAGS="-D warnings" "$cargo" check "${build_std[@]}" --locked --workspace \
        --all-targets "${args[@]}"
}

windows() {
    toolchain
    packages gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 nsis
    local target=x86_64-win7-windows-gnu
    local profile="${CROSS_PROFILE:-dist}"
    export CARGO_TARGET_X86_64_WIN7_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
    export CC_x86_64_win7_windows_gnu=x86_64-w64-mingw32-gcc
    export AR_x86_64_win7_windows_gnu=x86_64-w64-mingw32-ar
    "$cargo" build "${build_std[@]}" --locked --target "$target" --profile "$profile" --bins
    local out="$CARGO_TARGET_DIR/windows"
    mkdir -p "$out"
    for exe in ca-ngua ca-ngua-cli ca-ngua-server; do
        cp "$CARGO_TARGET_DIR/$target/$profile/$exe.exe" "$out/"
    done
    scripts/installer.sh "$out" "$out/ca-ngua-setup.exe" > /dev/null
    ls -l "$out"
}

case "$1" in
    check) check ;;
    windows) windows ;;
    wine)
        [ -f target/cross/windows/ca-ngua-setup.exe ] || windows
        exec scripts/cross/wine.sh
        ;;
    *) usage ;;
esac
