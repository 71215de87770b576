#!/usr/bin/env bash
# The game in a browser (issue 46), from this Debian 12 machine.
#
#   scripts/web.sh check   type-check, for wasm32-unknown-unknown, every
#                          crate the browser build is made of: the core,
#                          both engines, the games, i18n, the protocol,
#                          the data layer, the client and the app's
#                          library (warnings denied in our crates), so none
#                          of them grows a dependency a browser cannot run
#                          (.ci/run)
#
# The browser build itself (target/web: index.html, the glue, one .wasm)
# and its tests in headless Chromium are not here yet: the app's entry in
# a page, its storage and its sound remain (docs/ARCHITECTURE.md, "The
# browser"). ca-ngua-server --web-dir already serves such a folder.
#
# Run as root on a fresh Debian 12 (it installs what it lacks with apt-get);
# idempotent. The toolchain is scripts/cross.sh's: Debian's rustc-web and
# cargo-web (Rust 1.96) with rust-web-src, so -Zbuild-std builds the
# standard library for wasm32. ring (the dice's hashes) compiles its C for
# wasm32 with Debian's clang-19; its random numbers, and rand's, come from
# the browser's Web Crypto (the wasm32_unknown_unknown_js and wasm_js
# features, set per target in the crates' Cargo.toml).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

usage() {
    sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}
[ "$#" -eq 1 ] || usage

# Shared with scripts/cross.sh: the host's build scripts and proc macros
# are built once for both.
export CARGO_TARGET_DIR="$root/target/cross"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
cargo=/usr/bin/cargo
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
build_std=(-Zbuild-std=std,panic_abort)
target=wasm32-unknown-unknown
export CC_wasm32_unknown_unknown=clang-19 AR_wasm32_unknown_unknown=llvm-ar-19

packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed' || missing+=("$p")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "web.sh: installing ${missing[*]}"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    fi
}

# The crates a browser runs (the app as a library: its entry in a page is
# still to come).
crates=(ca-ngua-i18n ca-ngua-core game-ca-ngua game-co-nhay ca-ngua-games ca-ngua-protocol ca-ngua-data ca-ngua-client ca-ngua)

check() {
    packages rustc-web cargo-web rust-web-src clang-19 llvm-19
    local args=()
    for c in "${crates[@]}"; do
        args+=(-p "$c")
    done
    # -D warnings reaches our crates only (Cargo caps dependencies' lints).
    RUSTFLAGS="-D warnings" "$cargo" check "${build_std[@]}" --locked --target "$target" \
        --lib "${args[@]}"
}

case "$1" in
    check) check ;;
    *) usage ;;
esac
