#!/usr/bin/env bash
# The game in a browser (issue 46), from this Debian 12 machine.
#
#   scripts/web.sh         build the game for the browser into target/web:
#                          the program (ca-ngua-HASH.wasm, and its glue
#                          ca-ngua-HASH.js), the
#                          page (index.html with its loading screen,
#                          style.css, start.js, old.js), its web manifest
#                          in each language, its icons and its service
#                          worker (sw.js, named for this build), each with
#                          a .gz copy; serve it with ca-ngua-server
#                          --web-dir target/web
#   scripts/web.sh page    the page's files again around the program built
#                          last, without compiling anything: after a change
#                          to assets/web/ or i18n/*/page.ftl (seconds)
#   scripts/web.sh check   type-check, for wasm32-unknown-unknown, every
#                          crate the browser build is made of: the core,
#                          both engines, the games, i18n, the protocol,
#                          the data layer, the client and the app's
#                          library (warnings denied in our crates), so none
#                          of them grows a dependency a browser cannot run
#                          (.ci/run)
#   scripts/web.sh test    build, then the tests in a real browser
#                          (tests/browser: Debian's headless Chromium
#                          driven over the DevTools protocol: a local game
#                          to its end with a reload in its middle, a room
#                          joined from its link and played to its end,
#                          the page installable and starting offline, a
#                          new build taken at the next start, the loading
#                          screen, the invite page, a room and a local
#                          game played by taps on a phone);
#                          figures in target/web-test/figures.txt,
#                          screenshots in target/web-test/shots (docs/web
#                          and docs/phone with CA_NGUA_WEB_SHOTS=1)
#
# CA_NGUA_WEB_OUT=DIR writes the page's files to DIR instead of target/web
# (and `test` tests those).
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
    sed -n '4,37p' "$0" | sed 's/^# \{0,1\}//'
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
# page is src/start/page.rs, built by build()).
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

# Where the page's files go.
out="${CA_NGUA_WEB_OUT:-$root/target/web}"
# The program as wasm-bindgen and wasm-opt leave it: ca-ngua.js, ca-ngua.wasm.
glue="$CARGO_TARGET_DIR/web-glue"

build() {
    packages rustc-web cargo-web rust-web-src clang-19 llvm-19 lld-19
    export PATH="$cargo_bin:$PATH"
    bindgen
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19
    # -p: only the app's own dependencies, so their features are the
    # browser's (the server's tokio with sockets is not among them). The
    # `web` profile (Cargo.toml): small first, a phone downloads it
    # (docs/WEB.md has the sizes and times).
    "$cargo" build "${build_std[@]}" --locked --target "$target" --profile web -p ca-ngua --bin ca-ngua
    rm -rf "$glue" && mkdir -p "$glue"
    wasm-bindgen --target web --no-typescript --out-dir "$glue" --out-name ca-ngua \
        "$CARGO_TARGET_DIR/$target/web/ca-ngua.wasm"
    # No wasm-opt: after the profile's own optimisation it took ten
    # minutes to make the file 6 % smaller and the download no smaller
    # (binaryen 132's -Oz: 7.11 MB to 6.68 MB, 2.66 MB gzipped either way).
    cp "$glue/ca-ngua_bg.wasm" "$glue/ca-ngua.wasm"
    page
}

# fill TEMPLATE LANG: TEMPLATE with each {{NAME}} filled in: NAME in
# capitals is the variable FILL_NAME (this build's file names, sizes);
# `vi:KEY` and `en:KEY` are that language's sentence KEY from
# i18n/LANG/common.ftl or page.ftl, and a bare KEY is LANG's. Sentences
# are escaped for HTML in .html files and for JSON in manifests. An
# unknown NAME stops the build.
fill() {
    local template="$1" lang="$2" escape=none
    case "$template" in
        *.html) escape=html ;;
        *.webmanifest) escape=json ;;
    esac
    awk -v lang="$lang" -v escape="$escape" -v template="$template" '
        function fail(name) {
            printf "web.sh: %s: nothing to fill in for {{%s}}\n", template, name > "/dev/stderr"
            exit 1
        }
        function escaped(s) {
            if (escape == "html") {
                gsub(/&/, "\\&amp;", s)
                gsub(/</, "\\&lt;", s)
                gsub(/>/, "\\&gt;", s)
                gsub(/"/, "\\&quot;", s)
            } else if (escape == "json") {
                gsub(/\\/, "\\\\", s)
                gsub(/"/, "\\\"", s)
            }
            return s
        }
        function value(name,    l, key) {
            if (name ~ /^[A-Z_]+$/) {
                if (!(("FILL_" name) in ENVIRON)) fail(name)
                return ENVIRON["FILL_" name]
            }
            if (name ~ /^(vi|en):/) {
                l = substr(name, 1, 2)
                key = substr(name, 4)
            } else {
                l = lang
                key = name
            }
            if (!((l, key) in text)) fail(name)
            return escaped(text[l, key])
        }
        FILENAME != template {
            if (match($0, /^[a-z][a-z0-9-]* = /)) {
                l = FILENAME
                sub(/\/[^\/]*$/, "", l)
                sub(/.*\//, "", l)
                text[l, substr($0, 1, RLENGTH - 3)] = substr($0, RLENGTH + 1)
            }
            next
        }
        {
            line = $0
            done = ""
            while ((i = index(line, "{{")) > 0) {
                j = index(substr(line, i + 2), "}}")
                if (j == 0) break
                done = done substr(line, 1, i - 1) value(substr(line, i + 2, j - 1))
                line = substr(line, i + j + 3)
            }
            print done line
        }
    ' i18n/vi/common.ftl i18n/vi/page.ftl i18n/en/common.ftl i18n/en/page.ftl "$template"
}

# The page's files in $out around the program in $glue: the program and
# its glue named by their content (ca-ngua-server keeps such names a
# year), the page with its sentences, a manifest per language
# (manifest.webmanifest in Vietnamese, the first language, and
# manifest.en.webmanifest: the server answers each visitor in theirs), the
# icons, and the service worker named for this build: a hash of every
# other file, so that a new build changes sw.js's bytes and the browser
# installs it at the next start (assets/web/sw.js).
page() {
    local f
    for f in ca-ngua.js ca-ngua.wasm; do
        if [ ! -f "$glue/$f" ]; then
            echo "web.sh: no $glue/$f: build the game first (scripts/web.sh)" >&2
            exit 1
        fi
    done
    local wasm_hash js_hash
    wasm_hash=$(sha256sum "$glue/ca-ngua.wasm" | cut -c1-16)
    js_hash=$(sha256sum "$glue/ca-ngua.js" | cut -c1-16)
    export FILL_JS="ca-ngua-$js_hash.js" FILL_WASM="ca-ngua-$wasm_hash.wasm"
    FILL_WASM_BYTES=$(stat -c %s "$glue/ca-ngua.wasm")
    export FILL_WASM_BYTES
    rm -rf "$out" && mkdir -p "$out"
    cp "$glue/ca-ngua.wasm" "$out/$FILL_WASM"
    cp "$glue/ca-ngua.js" "$out/$FILL_JS"
    cp assets/web/style.css assets/web/old.js assets/web/icon-192.png \
        assets/web/icon-maskable-512.png "$out/"
    cp assets/icon/png/64x64.png "$out/icon.png"
    cp assets/icon/png/512x512.png "$out/icon-512.png"
    fill assets/web/index.html vi > "$out/index.html"
    fill assets/web/start.js vi > "$out/start.js"
    FILL_LANG=vi fill assets/web/manifest.webmanifest vi > "$out/manifest.webmanifest"
    FILL_LANG=en fill assets/web/manifest.webmanifest en > "$out/manifest.en.webmanifest"
    FILL_BUILD=$(cd "$out" && sha256sum -- * | sha256sum | cut -c1-16)
    export FILL_BUILD
    fill assets/web/sw.js vi > "$out/sw.js"
    # Compressed copies, but for the pictures (PNG is compressed already).
    for f in "$out"/*; do
        case "$f" in
            *.png) ;;
            *) gzip -9 -k -f -n "$f" ;;
        esac
    done
    ls -l "$out"
}

# The tests in the browser, with the workspace's own toolchain (rustup's),
# against what build() wrote.
browser_tests() {
    packages chromium
    (
        unset RUSTC RUSTDOC RUSTC_BOOTSTRAP CARGO_TARGET_DIR
        export PATH="$cargo_bin:$PATH" CA_NGUA_WEB_DIR="$out"
        # --include-ignored: the games (ignored, for a plain `cargo test
        # --test browser` without a browser) and the binary's own unit
        # tests, which `cargo test` no longer builds (the target is not
        # among its tests).
        cargo test --locked -p ca-ngua --test browser -- --include-ignored --test-threads=1
    )
    cat "$root/target/web-test/figures.txt"
}

case "${1:-build}" in
    build) build ;;
    page) page ;;
    check) check ;;
    test)
        build
        browser_tests
        ;;
    *) usage ;;
esac
