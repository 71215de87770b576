#!/usr/bin/env bash
# The README's two commands timed as a new contributor meets them, back to
# back, on a fresh clone of this repository's main with an empty Cargo
# registry (a CARGO_HOME of its own: every crate downloaded again):
#
#   1. `cargo run --release`, from the command to the game's window on the
#      screen (an Xvfb screen; the window is looked for twice a second and
#      the game closed once it is there);
#   2. then `cargo test`, to its last line.
#
#   scripts/fresh-times.sh [CLONE_DIR] [OUT_DIR]
#
# CLONE_DIR (/tmp/ca-ngua-fresh by default) is deleted and cloned anew;
# OUT_DIR (target/fresh-times) gets times.txt, both commands' output and
# Cargo's --timings reports (where the time went, crate by crate). Run it on
# an otherwise idle machine: the README's figures are from such a run, on
# two cores. Needs xvfb-run and xdotool (installed with apt-get when
# missing; run as root on Debian 12).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
clone="${1:-/tmp/ca-ngua-fresh}"
out="$(realpath -m "${2:-$root/target/fresh-times}")"

missing=()
for p in xvfb xauth xdotool libxkbcommon-x11-0 libxcursor1 libxi6 libegl1 libegl-mesa0 libgl1-mesa-dri; do
    dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

rm -rf "$clone" "$out" && mkdir -p "$out"
git clone -q "$root" "$clone"
cargo_home=$(mktemp -d)
config=$(mktemp -d)
data=$(mktemp -d)
trap 'rm -rf "$cargo_home" "$config" "$data"' EXIT
# rustup's cargo and toolchain, with a registry of its own.
rustup_cargo=$(command -v cargo)
export CARGO_HOME="$cargo_home" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
export PATH="$(dirname "$rustup_cargo"):$PATH"
export CA_NGUA_CONFIG_DIR="$config" CA_NGUA_DATA_DIR="$data"
cd "$clone"

seconds() { echo "$(($(date +%s%N) - $1))" | awk '{printf "%.0f", $1 / 1e9}'; }

start=$(date +%s%N)
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    cargo run --release --timings > "$1/run.log" 2>&1 &
    cargo=$!
    until xdotool search --onlyvisible --name "Cờ" > /dev/null 2>&1; do
        kill -0 "$cargo" 2> /dev/null || { echo "cargo run ended before a window opened" >&2; exit 1; }
        sleep 0.5
    done
    pkill -f "^target/release/ca-ngua" || pkill -f "target/release/ca-ngua$" || true
    wait "$cargo" || true' _ "$out"
run=$(seconds "$start")
echo "cargo run --release, to the window: $run s" | tee "$out/times.txt"

start=$(date +%s%N)
rc=0
cargo test --timings > "$out/test.log" 2>&1 || rc=$?
test=$(seconds "$start")
summary=$(grep '^test result' "$out/test.log" |
    awk '{p += $4; f += $6} END {print p " passed, " f " failed"}')
echo "cargo test, to its last line: $test s (exit $rc; $summary)" | tee -a "$out/times.txt"
cp -r target/cargo-timings "$out/"
exit "$rc"
