#!/usr/bin/env bash
# The arrows between the crates point down (docs/ARCHITECTURE.md): this
# fails when a crate depends on one it must not, directly or through
# another. After rerun's scripts/ci/check_forbidden_dependencies.py.
#
#   scripts/check-deps.sh        run from anywhere in the repository
set -euo pipefail
cd "$(dirname "$0")/.."

gui='eframe egui egui_plot egui_kittest winit glow rfd cpal pulseaudio accesskit'
net='tokio axum tokio-tungstenite tokio-rustls hyper'
failed=0

# forbid CRATE "DEPENDENCIES…" WHY: CRATE's normal dependencies (the
# whole tree, build and development ones left out) hold none of them.
forbid() {
    local crate=$1 banned=$2 why=$3 tree dep
    tree=$(cargo tree --quiet --locked -p "$crate" -e normal --prefix none \
        --format '{p}' | awk '{print $1}' | sort -u)
    for dep in $banned; do
        if grep -qx -- "$dep" <<<"$tree"; then
            echo "check-deps: $crate depends on $dep ($why):" >&2
            cargo tree --quiet --locked -p "$crate" -e normal -i "$dep" >&2 || true
            failed=1
        fi
    done
}

# forbid_direct CRATE "DEPENDENCIES…" WHY: CRATE's own normal dependencies
# (those it names itself; build and development ones left out) hold none
# of them.
forbid_direct() {
    local crate=$1 banned=$2 why=$3 direct dep
    direct=$(cargo tree --quiet --locked -p "$crate" -e normal --depth 1 --prefix none \
        --format '{p}' | tail -n +2 | awk '{print $1}' | sort -u)
    for dep in $banned; do
        if grep -qx -- "$dep" <<<"$direct"; then
            echo "check-deps: $crate depends on $dep itself ($why)" >&2
            failed=1
        fi
    done
}

engines='ca-ngua-i18n ca-ngua-core game-ca-ngua game-co-nhay ca-ngua-games'
for crate in $engines; do
    forbid "$crate" "$gui $net clap ca-ngua-protocol ca-ngua-data ca-ngua-client ca-ngua-server ca-ngua-cli" \
        "a game's crate knows only the core and the words"
done
# Neither game imports the other (what must know both is ca-ngua-games).
forbid game-ca-ngua game-co-nhay "neither game's crate knows the other"
forbid game-co-nhay game-ca-ngua "neither game's crate knows the other"
forbid ca-ngua-protocol "$gui $net clap ca-ngua-data ca-ngua-client ca-ngua-server ca-ngua-cli" \
    "the wire messages are plain data, no async"
forbid_direct ca-ngua-protocol "game-ca-ngua game-co-nhay" \
    "the protocol reaches the games through ca-ngua-games; a game's crate only for its tests"
forbid ca-ngua-data "$gui $net clap ca-ngua-client ca-ngua-server ca-ngua-cli" \
    "the player's files know no network and no window"
forbid ca-ngua-client "$gui axum ca-ngua-server ca-ngua-data ca-ngua-cli" \
    "the client is not the server, and draws nothing"
forbid ca-ngua-server "$gui ca-ngua-client ca-ngua-data ca-ngua-cli" \
    "the server is built with no GUI crate"
forbid ca-ngua-cli "$gui ca-ngua-server" \
    "the command line opens no window"

if [ "$failed" = 0 ]; then
    echo "check-deps: every arrow points down"
fi
exit "$failed"
