#!/usr/bin/env bash
# The game in a browser (issue 46), from this Debian 12 machine.
#
#   scripts/web.sh         build the game for the browser into target/web:
#                          index.html, style.css, start.js, the glue
#                          (ca-ngua-HASH.js) and one ca-ngua-HASH.wasm
#                          optimised by wasm-opt, each with a .gz copy;
#                          serve it with ca-ngua-server --web-dir target/web
#   scripts/web.sh check   type-check, for wasm32-unknown-unknown, every
#                          crate the browser build is made of: the core,
#                          both engines, the games, i18n, the protocol,
#                          the data layer, the client and the app's
#                          library (warnings denied in our crates), so none
#                          of them grows a dependency a browser cannot run
#                          (.ci/run)
#   scripts/web.sh test    build, then the tests in a real browser
#                          (crates/cli/tests/browser: Debian's headless
#                          Chromium driven over the DevTools protocol: a
#                          local game to its end with a reload in its
#                          middle, a room joined from its link and played
#                          to its end); figures in target/web-test/
#                          figures.txt, screenshots in target/web-test/
#                          shots (docs/web with CA_NGUA_WEB_SHOTS=1)
#
# CA_NGUA_WEB_QUICK=1 skips wasm-opt (while working on the page).
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
    sed -n '4,25p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}
[ "$#" -le 1 ] || usage

# Shared with scripts/cross.sh: the host's build scripts and proc macros
# are built once for both.
export CARGO_TARGET_DIR="$root/target/cross"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
cargo=/usr/bin/cargo
# Where `cargo install` puts programs (wasm-bindgen), and where rustup's
# cargo is: $CARGO_HOME/bin, ~/.cargo/bin when it is not set.
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
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

# The crates a browser runs (the app's library; its binary's entry in a
# page is src/platform/start_page.rs, built by build()).
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

# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in
# Cargo.lock (the glue and the crate must agree). Its own lock file names
# crates this registry may lack, so it is installed without --locked.
bindgen() {
    local want have
    want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
    have=$(wasm-bindgen --version 2> /dev/null | awk '{print $2}' || true)
    if [ "$have" != "$want" ]; then
        echo "web.sh: installing wasm-bindgen-cli $want"
        # With rustup's toolchain, for the host: the variables this script
        # sets for Debian's are unset (an empty RUSTC is a program named
        # "", not no program), and its own target folder, not ours.
        env -u RUSTC -u RUSTDOC -u RUSTC_BOOTSTRAP -u CARGO_TARGET_DIR \
            -u CC_wasm32_unknown_unknown -u AR_wasm32_unknown_unknown \
            -u CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER \
            cargo install wasm-bindgen-cli --version "$want"
        have=$(wasm-bindgen --version 2> /dev/null | awk '{print $2}' || true)
        if [ "$have" != "$want" ]; then
            echo "web.sh: wasm-bindgen $want is not on PATH after its install ($cargo_bin)" >&2
            exit 1
        fi
    fi
}

# wasm-opt: binaryen 132, from the npm registry (binaryen's own build for
# Node). Debian 12's binaryen (108) predates what Rust 1.96 emits: the
# module it writes fails in the browser ("WebAssembly.Table.set(): Argument
# 1 is invalid for table"). It runs for about ten minutes here.
BINARYEN=132.0.0
wasm_opt=(node "$root/target/web-tools/node_modules/binaryen/bin/wasm-opt")
optimizer() {
    command -v node > /dev/null || packages nodejs npm
    local have
    have=$("${wasm_opt[@]}" --version 2> /dev/null | awk '{print $3}' || true)
    if [ "$have" != "${BINARYEN%%.*}" ]; then
        echo "web.sh: installing binaryen $BINARYEN (wasm-opt)"
        npm install --no-audit --no-fund --prefix "$root/target/web-tools" "binaryen@$BINARYEN"
    fi
}

build() {
    packages rustc-web cargo-web rust-web-src clang-19 llvm-19 lld-19
    export PATH="$cargo_bin:$PATH"
    bindgen
    [ "${CA_NGUA_WEB_QUICK:-}" = 1 ] || optimizer
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19
    # -p: only the app's own dependencies, so their features are the
    # browser's (the server's tokio with sockets is not among them).
    "$cargo" build "${build_std[@]}" --locked --target "$target" --release -p ca-ngua --bin ca-ngua
    local out="$root/target/web" glue="$CARGO_TARGET_DIR/web-glue"
    rm -rf "$glue" && mkdir -p "$glue"
    wasm-bindgen --target web --no-typescript --out-dir "$glue" --out-name ca-ngua \
        "$CARGO_TARGET_DIR/$target/release/ca-ngua.wasm"
    # Smaller; the features are those Rust 1.96 emits by default.
    # CA_NGUA_WEB_QUICK=1 skips it (a larger file, ten minutes sooner:
    # while working on the page).
    if [ "${CA_NGUA_WEB_QUICK:-}" = 1 ]; then
        cp "$glue/ca-ngua_bg.wasm" "$glue/ca-ngua.wasm"
    else
        "${wasm_opt[@]}" -Oz --strip-debug --enable-bulk-memory --enable-nontrapping-float-to-int \
            --enable-sign-ext --enable-mutable-globals --enable-multivalue --enable-reference-types \
            "$glue/ca-ngua_bg.wasm" -o "$glue/ca-ngua.wasm"
    fi
    # Named by their content, so that a browser keeps them as long as they
    # are the same (ca-ngua-server caches such names for a year).
    local wasm_hash js_hash
    wasm_hash=$(sha256sum "$glue/ca-ngua.wasm" | cut -c1-16)
    js_hash=$(sha256sum "$glue/ca-ngua.js" | cut -c1-16)
    rm -rf "$out" && mkdir -p "$out"
    cp "$glue/ca-ngua.wasm" "$out/ca-ngua-$wasm_hash.wasm"
    cp "$glue/ca-ngua.js" "$out/ca-ngua-$js_hash.js"
    cp assets/web/index.html assets/web/style.css "$out/"
    cp assets/icon/png/64x64.png "$out/icon.png"
    sed -e "s/@JS@/ca-ngua-$js_hash.js/" -e "s/@WASM@/ca-ngua-$wasm_hash.wasm/" \
        assets/web/start.js > "$out/start.js"
    for f in "$out"/*; do
        gzip -9 -k -f -n "$f"
    done
    ls -l "$out"
}

# The tests in the browser, with the workspace's own toolchain (rustup's),
# against what build() wrote.
browser_tests() {
    packages chromium
    (
        unset RUSTC RUSTDOC RUSTC_BOOTSTRAP CARGO_TARGET_DIR
        export PATH="$cargo_bin:$PATH" CA_NGUA_WEB_DIR="$root/target/web"
        cargo test --locked -p ca-ngua-cli --test browser -- --ignored --test-threads=1
    )
    cat "$root/target/web-test/figures.txt"
}

case "${1:-build}" in
    build) build ;;
    check) check ;;
    test)
        build
        browser_tests
        ;;
    *) usage ;;
esac
