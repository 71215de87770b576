#!/usr/bin/env bash
# The Windows build under Wine (scripts/cross.sh wine runs this, after
# scripts/cross.sh windows): the installer, the installed game, links, the
# player's files, the command line and the server, each checked, with
# screenshots. Everything it starts talks only to 127.0.0.1, and it stops
# what it started. Writes target/cross/wine/: the Wine prefix (made anew
# each run), logs/ and shots/; prints one PASS or FAIL line a check and
# exits 1 if one failed.
#
# Why Wine runs the x86_64-win7-windows-gnu build: docs/PACKAGING.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
win="$root/target/cross/windows"
work="$root/target/cross/wine"
shots="$work/shots"
logs="$work/logs"

# What Wine and the window need (Debian 12), and the Linux programs the
# Windows ones are compared with.
need=(wine64 xvfb xauth xdotool imagemagick libgl1 libegl1 libegl-mesa0 libgl1-mesa-dri
    libxkbcommon-x11-0 libxcursor1 libxi6)
missing=()
for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
for exe in ca-ngua.exe ca-ngua-cli.exe ca-ngua-server.exe ca-ngua-setup.exe; do
    [ -f "$win/$exe" ] || { echo "wine.sh: $win/$exe is missing: run scripts/cross.sh windows" >&2; exit 1; }
done
# With the README's toolchain and target folder, whatever scripts/cross.sh set.
env -u CARGO_TARGET_DIR -u RUSTC -u RUSTDOC -u RUSTC_BOOTSTRAP \
    cargo build --release --locked -p ca-ngua-cli -p ca-ngua-server
linux_cli="$root/target/release/ca-ngua-cli"
linux_server="$root/target/release/ca-ngua-server"

rm -rf "$work"
mkdir -p "$shots" "$logs"
export WINEPREFIX="$work/prefix" WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko installer dialogs.
export WINEDLLOVERRIDES="mscoree,mshtml="
export LC_ALL=C.UTF-8
wine=/usr/lib/wine/wine64
failures=0
pass() { echo "PASS $*"; }
fail() {
    echo "FAIL $*"
    failures=$((failures + 1))
}
check() { # check WHAT COMMAND...: PASS when the command succeeds
    local what="$1"
    shift
    if "$@" > /dev/null 2>&1; then pass "$what"; else fail "$what"; fi
}
w() { "$wine" "$@"; }
# A Windows path as this side sees it.
unix_path() { { w winepath -u "$1" 2> /dev/null || true; } | tr -d '\r'; }
win_env() { { w cmd /c echo "%$1%" 2> /dev/null || true; } | tr -d '\r'; }
reg_value() { # reg_value KEY NAME: a value of KEY itself (NAME empty: its default)
    local file="$work/export.reg"
    rm -f "$file"
    w reg export "$1" "$(w winepath -w "$file" 2> /dev/null | tr -d '\r')" /y > /dev/null 2>&1 || true
    [ -f "$file" ] || return 0
    # reg export writes UTF-16, as on Windows; the key's own section first.
    python3 - "$file" "$2" << 'PY'
import sys
text = open(sys.argv[1], "rb").read().decode("utf-16")
want = "@" if sys.argv[2] == "" else '"%s"' % sys.argv[2]
sections = text.split("\r\n\r\n[")
for line in sections[0].splitlines() if len(sections) == 1 else ("[" + sections[1]).splitlines():
    if line.startswith(want + "="):
        value = line[len(want) + 1:]
        if value.startswith('"'):
            value = value[1:-1].replace("\\\\", "\0").replace('\\"', '"').replace("\0", "\\")
        print(value)
        break
PY
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Everything started here stops with the script.
children=()
cleanup() {
    for pid in "${children[@]}"; do kill "$pid" 2> /dev/null || true; done
    "${wine}server" -k 2> /dev/null || /usr/lib/wine/wineserver64 -k 2> /dev/null || true
}
trap cleanup EXIT

# A display of our own.
display=91
while [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp > "$logs/xvfb.log" 2>&1 &
children+=($!)
export DISPLAY=":$display"
sleep 1

echo "== the Wine prefix"
w wineboot --init > "$logs/wineboot.log" 2>&1
/usr/lib/wine/wineserver64 -w 2> /dev/null || true
# No sound device at all: the game must stay silent, never crash.
w reg add 'HKCU\Software\Wine\Drivers' /v Audio /d '' /f > /dev/null 2>&1
appdata_win=$(win_env APPDATA)
localappdata_win=$(win_env LOCALAPPDATA)
profile_win=$(win_env USERPROFILE)
appdata=$(unix_path "$appdata_win")
echo "APPDATA=$appdata_win"

shot() { # shot NAME: the whole screen
    import -window root "$shots/$1.png" 2> /dev/null || true
}

# The game's window: found by its class (Wine names it after the program).
game_window() { { xdotool search --onlyvisible --class 'ca-ngua.exe' 2> /dev/null || true; } | head -n 1; }
wait_window() {
    for _ in $(seq 1 120); do
        local id
        id=$(game_window)
        if [ -n "$id" ]; then
            echo "$id"
            return 0
        fi
        sleep 0.5
    done
    return 1
}
wait_gone() { # wait_gone PID: until the process ends (60 s at most)
    for _ in $(seq 1 120); do
        kill -0 "$1" 2> /dev/null || return 0
        sleep 0.5
    done
    return 1
}

echo "== the installer"
custom_win="$profile_win\\Trò chơi gia đình\\Cờ Cá Ngựa"
# A folder with spaces and Vietnamese letters, as the folder of an earlier
# install, which the installer reads back from the registry. (NSIS's own
# /D=FOLDER must come unquoted, and Wine quotes every argument with a space
# in it when it makes the command line: on Windows, typed in a console, it
# works as NSIS documents.)
w reg add 'HKCU\Software\ca-ngua' /v InstallDir /d "$custom_win" /f > /dev/null 2>&1
w "$win/ca-ngua-setup.exe" /S > "$logs/install-1.log" 2>&1 && rc=0 || rc=$?
check "a silent install (/S) into a folder with spaces and Vietnamese letters ends well" test "$rc" = 0
instdir=$(unix_path "$custom_win")
check "the game and its command line are in that folder" test -f "$instdir/ca-ngua.exe" -a -f "$instdir/ca-ngua-cli.exe" -a -f "$instdir/uninstall.exe"
command=$(reg_value 'HKCU\Software\Classes\ca-ngua\shell\open\command' '')
check "ca-ngua: links open the installed game with the link" test "$command" = "\"$custom_win\\ca-ngua.exe\" \"%1\""
check "the link scheme is a URL protocol" w reg query 'HKCU\Software\Classes\ca-ngua' /v 'URL Protocol'
check "Settings › Apps lists it with its uninstaller" test "$(reg_value 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\ca-ngua' UninstallString)" = "\"$custom_win\\uninstall.exe\""
check "… with its version" test "$(reg_value 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\ca-ngua' DisplayVersion)" = "$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
startmenu="$appdata/Microsoft/Windows/Start Menu/Programs/Cờ Cá Ngựa.lnk"
check "a Start menu entry" test -f "$startmenu"
# An older version's files, which the next install must replace.
echo "an older ca-ngua-cli.exe" > "$instdir/ca-ngua-cli.exe"
w "$win/ca-ngua-setup.exe" /S > "$logs/install-2.log" 2>&1 && rc=0 || rc=$?
check "a second install over the first ends well" test "$rc" = 0
check "… and upgrades the same folder in place" cmp -s "$win/ca-ngua-cli.exe" "$instdir/ca-ngua-cli.exe"
default_dir=$(unix_path "$localappdata_win\\Programs\\Cờ Cá Ngựa")
check "… without a second copy in the default folder" test ! -e "$default_dir"
check "… and one entry in Settings › Apps" test "$(w reg query 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall' 2> /dev/null | tr -d '\r' | grep -c 'ca-ngua')" = 1

# The player's settings, as a player who has played before would have
# them (scripts/cross/prefs.ron): Vietnamese, a person and three Medium
# computers, fast computers, rolls and lone moves made for the person.
config="$appdata/ca-ngua/config"
data="$appdata/ca-ngua/data"
mkdir -p "$config"
cp scripts/cross/prefs.ron "$config/prefs.ron"
cp "$config/prefs.ron" "$logs/prefs-written.ron"

start_game() { # start_game [ARGS]: the installed game, in the background
    CA_NGUA_LOG=info "$wine" "$instdir/ca-ngua.exe" "$@" >> "$logs/game.log" 2>&1 &
    game_pid=$!
    children+=("$game_pid")
}
close_game() { # the window's close button, as a player would
    local id
    id=$(game_window)
    if [ -n "$id" ]; then xdotool windowfocus "$id" key alt+F4 2> /dev/null || true; fi
    wait_gone "$game_pid"
}
play_for() { # play_for SECONDS: press 1 (the first move) now and then
    local id end
    id=$(game_window)
    end=$((SECONDS + $1))
    while [ "$SECONDS" -lt "$end" ]; do
        xdotool windowfocus "$id" key 1 2> /dev/null || true
        sleep 0.3
    done
}
events_in() { grep -c 'seq:' "$1" 2> /dev/null || echo 0; }

echo "== the installed game"
start_game
if id=$(wait_window); then pass "the installed game opens its window"; else fail "the installed game opens its window"; fi
sleep 4
shot windows-board-vi
play_for 15
check "the game in progress is saved under %APPDATA%\\ca-ngua\\config" test -s "$config/game.ron"
close_game && pass "the window closes with Alt+F4" || fail "the window closes with Alt+F4"
cp "$config/game.ron" "$logs/game-before-restart.ron"
saved_events=$(events_in "$config/game.ron")
check "the settings are kept as the player left them" diff -q "$logs/prefs-written.ron" "$config/prefs.ron"

start_game
wait_window > /dev/null || true
sleep 3
shot windows-restarted-vi
# The game goes on from where it was: its first events are the saved ones.
head -n "$(($(grep -n 'seq:' "$logs/game-before-restart.ron" | tail -n 1 | cut -d: -f1)))" "$logs/game-before-restart.ron" > "$logs/saved-head"
head -n "$(wc -l < "$logs/saved-head")" "$config/game.ron" > "$logs/restored-head"
check "after a restart the game in progress goes on ($saved_events events kept)" diff -q "$logs/saved-head" "$logs/restored-head"

echo "== a local game against three computers, to the end"
games_done() { grep -q '^    games: [1-9]' "$config/stats.ron" 2> /dev/null; }
end=$((SECONDS + 900))
id=$(game_window)
while ! games_done && [ "$SECONDS" -lt "$end" ] && kill -0 "$game_pid" 2> /dev/null; do
    xdotool windowfocus "$id" key 1 2> /dev/null || true
    sleep 0.3
done
check "the game is played to its end and counted in the statistics" games_done
sleep 2
shot windows-game-over-vi
check "the game never stopped, silent without a sound device" kill -0 "$game_pid"
close_game || true
cp "$config/stats.ron" "$logs/stats-after-game.ron"
record=$(find "$config/records" -name '*.txt' 2> /dev/null | head -n 1)
check "a record of the game is saved" test -n "$record"
if [ -n "$record" ]; then
    record_win=$(w winepath -w "$record" 2> /dev/null | tr -d '\r')
    w "$instdir/ca-ngua-cli.exe" record check "$record_win" > "$logs/record-check-windows.txt" 2>&1 || true
    "$linux_cli" record check "$record" > "$logs/record-check-linux.txt" 2>&1 || true
    check "the record replays on Windows (record check)" grep -q '^ok: ' "$logs/record-check-windows.txt"
    check "… as it does on Linux" diff -q <(tr -d '\r' < "$logs/record-check-windows.txt") "$logs/record-check-linux.txt"
    w "$instdir/ca-ngua-cli.exe" record analyse "$record_win" > "$logs/analyse-windows.txt" 2>&1 || true
    "$linux_cli" record analyse "$record" > "$logs/analyse-linux.txt" 2>&1 || true
    check "its analysis is the same on Windows and Linux" diff -q <(tr -d '\r' < "$logs/analyse-windows.txt") "$logs/analyse-linux.txt"
fi
start_game
wait_window > /dev/null || true
sleep 2
check "the statistics survive a restart" diff -q "$logs/stats-after-game.ron" "$config/stats.ron"
check "no crash report" test ! -e "$data/crash-reports"

echo "== links"
port=$(free_port)
"$linux_server" --bind "127.0.0.1:$port" --bot-delay-ms 300 > "$logs/link-server.log" 2>&1 &
children+=($!)
sleep 1
"$linux_cli" online host "127.0.0.1:$port" --name Lan --wait-for 1 > "$logs/link-host.log" 2>&1 &
children+=($!)
link=""
for _ in $(seq 1 40); do
    link=$(sed -n 's/^# invite: //p' "$logs/link-host.log")
    [ -n "$link" ] && break
    sleep 0.25
done
echo "link: $link"
# Wine's start opens a link as Windows does, by the scheme's registered
# command. Windows finds a scheme registered for the user (HKCU\Software\
# Classes, where the installer writes it) through HKEY_CLASSES_ROOT, which
# merges the user's classes over the machine's; Wine 8's
# HKEY_CLASSES_ROOT shows the machine's alone. So the key the installer
# wrote is copied, unchanged, to the machine's classes first.
reg_file="$work/scheme.reg"
w reg export 'HKCU\Software\Classes\ca-ngua' "$(w winepath -w "$reg_file" 2> /dev/null | tr -d '\r')" /y > /dev/null 2>&1 || true
python3 - "$reg_file" << 'PY'
import sys
path = sys.argv[1]
text = open(path, "rb").read().decode("utf-16")
text = text.replace("[HKEY_CURRENT_USER\\Software\\Classes\\", "[HKEY_LOCAL_MACHINE\\Software\\Classes\\")
open(path, "wb").write(text.encode("utf-16"))
PY
w reg import "$(w winepath -w "$reg_file" 2> /dev/null | tr -d '\r')" > /dev/null 2>&1 || true
w start "$link" > "$logs/start-1.log" 2>&1 || true
sleep 4
shot windows-link-handed-over-vi
check "a second start hands its link to the running window" grep -q "a later start handed over: Join(\"$link\")" "$data/ca-ngua.log"
check "… and ends, leaving one window" test "$({ xdotool search --onlyvisible --class 'ca-ngua.exe' || true; } | wc -l)" = 1

echo "== uninstalling and installing while the game runs"
# The uninstaller copies itself to %TEMP% and runs the copy (NSIS's way to
# delete itself): wait for the copy (Au_.exe) to be done.
w "$instdir/uninstall.exe" /S > "$logs/uninstall-running.log" 2>&1 || true
sleep 2
for _ in $(seq 1 60); do pgrep -f 'Au_.exe' > /dev/null || break; sleep 0.5; done
check "the uninstaller changes nothing while the game runs" test -f "$instdir/ca-ngua.exe" -a -f "$instdir/ca-ngua-cli.exe" -a -f "$instdir/uninstall.exe" -a -f "$startmenu"
check "… its entry in Settings › Apps stays" test -n "$(reg_value 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\ca-ngua' DisplayName)"
w "$win/ca-ngua-setup.exe" /S > "$logs/install-running.log" 2>&1 && rc=0 || rc=$?
check "the installer refuses while the game runs (status 2)" test "$rc" = 2
check "the game still runs" kill -0 "$game_pid"
close_game || true

# A cold start by a link: the game opens on the join dialog.
w start "$link" > "$logs/start-2.log" 2>&1 || true
sleep 1
game_pid=$(pgrep -f 'ca-ngua.exe' | head -n 1 || true)
wait_window > /dev/null || true
sleep 4
shot windows-link-cold-start-vi
check "a ca-ngua: link opens the game on the room's join dialog" grep -q "started with a room's link: $link" "$data/ca-ngua.log"
id=$(game_window)
if [ -n "$id" ]; then xdotool windowfocus "$id" key alt+F4 2> /dev/null || true; fi
sleep 3

echo "== the command line: the same games on Windows and Linux"
strip_timings() {
    python3 -c 'import json,sys
def clean(v):
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items() if k not in ("seconds","games_per_second","median_decision_us","max_decision_us","decisions_per_second")}
    if isinstance(v, list):
        return [clean(x) for x in v]
    return v
print(json.dumps(clean(json.load(sys.stdin)), sort_keys=True, indent=1))'
}
games_win="$profile_win\\Ván đấu (Windows)"
mkdir -p "$logs/games-linux"
w "$instdir/ca-ngua-cli.exe" selfplay --games 20 --seed 7 --bots hard,medium,easy,random --json --record "$games_win" 2> /dev/null | tr -d '\r' | strip_timings > "$logs/selfplay-windows.json"
"$linux_cli" selfplay --games 20 --seed 7 --bots hard,medium,easy,random --json --record "$logs/games-linux" | strip_timings > "$logs/selfplay-linux.json"
check "selfplay --seed 7 gives the same games on Windows and Linux" diff -q "$logs/selfplay-windows.json" "$logs/selfplay-linux.json"
games_dir=$(unix_path "$games_win")
same_records=1
for f in "$logs"/games-linux/*.txt; do
    name=$(basename "$f")
    diff -q <(grep -v '^Date: ' "$f") <(grep -v '^Date: ' "$games_dir/$name" | tr -d '\r') > /dev/null || same_records=0
done
check "… and the same records, written into a folder with spaces and Vietnamese letters" test "$same_records" = 1 -a -f "$games_dir/game-0020.txt"
w "$instdir/ca-ngua-cli.exe" nhay selfplay --games 4 --seed 3 --players 3 --bots hard,medium,easy --json 2> /dev/null | tr -d '\r' | strip_timings > "$logs/nhay-windows.json"
"$linux_cli" nhay selfplay --games 4 --seed 3 --players 3 --bots hard,medium,easy --json | strip_timings > "$logs/nhay-linux.json"
check "Cờ nhảy's seeded self-play is the same too" diff -q "$logs/nhay-windows.json" "$logs/nhay-linux.json"
# A record with Windows line ends, read on both.
sed 's/$/\r/' "$logs/games-linux/game-0003.txt" > "$games_dir/ván 3 (CRLF).txt"
w "$instdir/ca-ngua-cli.exe" record analyse "$games_win\\ván 3 (CRLF).txt" 2> /dev/null | tr -d '\r' > "$logs/analyse-crlf-windows.txt"
"$linux_cli" record analyse "$logs/games-linux/game-0003.txt" > "$logs/analyse-lf-linux.txt"
check "a CRLF record's analysis on Windows is the LF one's on Linux" diff -q "$logs/analyse-crlf-windows.txt" "$logs/analyse-lf-linux.txt"

echo "== ca-ngua-server.exe"
port=$(free_port)
"$wine" "$win/ca-ngua-server.exe" --bind "127.0.0.1:$port" --bot-delay-ms 0 > "$logs/server-windows.log" 2>&1 &
server_pid=$!
children+=("$server_pid")
for _ in $(seq 1 60); do
    grep -q 'listening' "$logs/server-windows.log" && break
    sleep 0.5
done
timeout 300 "$linux_cli" online host "127.0.0.1:$port" --name Lan --wait-for 1 --level easy > "$logs/server-host.log" 2>&1 &
host_pid=$!
children+=("$host_pid")
link=""
for _ in $(seq 1 60); do
    link=$(sed -n 's/^# invite: //p' "$logs/server-host.log")
    [ -n "$link" ] && break
    sleep 0.25
done
timeout 300 "$linux_cli" online join "$link" --name Minh > "$logs/server-join.log" 2>&1 && rc=0 || rc=$?
wait "$host_pid" && host_rc=0 || host_rc=$?
check "the Windows server serves a room the Linux ca-ngua-cli plays to the end" test "$rc" = 0 -a "$host_rc" = 0
check "… both see the same places" test "$(tail -n 1 "$logs/server-host.log")" = "$(tail -n 1 "$logs/server-join.log")"
check "… and every roll matches the revealed seed" grep -q '^# dice checked: ' "$logs/server-join.log"

kill "$server_pid" 2> /dev/null || true
pkill -f 'ca-ngua-server.exe' 2> /dev/null || true
wait_gone "$server_pid" || true

echo "== uninstalling"
w "$instdir/uninstall.exe" /S > "$logs/uninstall.log" 2>&1 || true
/usr/lib/wine/wineserver64 -w 2> /dev/null || true
for _ in $(seq 1 20); do [ -e "$instdir/ca-ngua.exe" ] || break; sleep 0.5; done
check "the uninstaller removes the program" test ! -e "$instdir/ca-ngua.exe" -a ! -e "$instdir/ca-ngua-cli.exe"
check "… its Start menu entry" test ! -e "$startmenu"
check "… its link scheme and its entry in Settings › Apps" bash -c "! $wine reg query 'HKCU\\Software\\Classes\\ca-ngua' && ! $wine reg query 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\ca-ngua'"
check "… and keeps the player's settings, games and records (/S)" test -f "$config/prefs.ron" -a -f "$config/stats.ron" -a -n "$(find "$config/records" -name '*.txt')"
w "$win/ca-ngua-setup.exe" /S > "$logs/install-3.log" 2>&1 || true
instdir=$(unix_path "$localappdata_win\\Programs\\Cờ Cá Ngựa")
check "a fresh install goes to %LOCALAPPDATA%\\Programs\\Cờ Cá Ngựa" test -f "$instdir/ca-ngua.exe"
w "$instdir/uninstall.exe" /S /DELETEDATA > "$logs/uninstall-data.log" 2>&1 || true
/usr/lib/wine/wineserver64 -w 2> /dev/null || true
for _ in $(seq 1 20); do [ -e "$appdata/ca-ngua" ] || break; sleep 0.5; done
check "asked to (/DELETEDATA), the uninstaller deletes the player's files too" test ! -e "$appdata/ca-ngua"

echo
if [ "$failures" -gt 0 ]; then
    echo "wine.sh: $failures check(s) failed; logs and screenshots in $work"
    exit 1
fi
echo "wine.sh: every check passed; screenshots in $shots"
