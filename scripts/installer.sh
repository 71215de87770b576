#!/usr/bin/env bash
# Builds the Windows installer from assets/windows/installer.nsi with NSIS's
# makensis: here after a cross build (scripts/cross.sh windows), and on the
# release workflow's Windows runner after the MSVC build, so the installer
# tried under Wine and the one players get come from the same script.
#
#   scripts/installer.sh BINDIR OUTFILE
#
# BINDIR holds ca-ngua.exe and ca-ngua-cli.exe. The installer's own
# sentences are i18n/{vi,en}/installer.ftl, turned here into NSIS language
# strings (one line per message, no placeables).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "$#" -ne 2 ]; then
    echo "usage: scripts/installer.sh BINDIR OUTFILE" >&2
    exit 2
fi
bindir="$(cd "$1" && pwd)"
out="$2"
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
for exe in ca-ngua.exe ca-ngua-cli.exe; do
    [ -f "$bindir/$exe" ] || { echo "error: $bindir/$exe is missing" >&2; exit 1; }
done
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# i18n/LANG/installer.ftl → LangString KEY ${LANG_X} "TEXT", with NSIS's
# escapes ($ as $$, " as $\"). UTF-8 with a byte-order mark, which makensis
# needs to read an included file as UTF-8.
strings="$work/strings.nsh"
printf '\xef\xbb\xbf; Made by scripts/installer.sh from i18n/*/installer.ftl.\n' > "$strings"
for pair in vi:VIETNAMESE en:ENGLISH; do
    lang="${pair%%:*}"
    nsis="${pair#*:}"
    sed -n 's/^\([a-z][a-z0-9-]*\) = \(.*\)$/\1\t\2/p' "$root/i18n/$lang/installer.ftl" |
        while IFS=$'\t' read -r key text; do
            text="${text//\$/\$\$}"
            text="${text//\"/\$\\\"}"
            printf 'LangString %s ${LANG_%s} "%s"\n' "$key" "$nsis" "$text"
        done >> "$strings"
done

# Windows paths for makensis on Windows (Git Bash's /c/... are not).
native() {
    if command -v cygpath > /dev/null; then cygpath -w "$1"; else printf '%s' "$1"; fi
}
makensis -V2 -WX -INPUTCHARSET UTF8 \
    "-DVERSION=$version" \
    "-DBINDIR=$(native "$bindir")" \
    "-DICON=$(native "$root/assets/icon/ca-ngua.ico")" \
    "-DSTRINGS=$(native "$strings")" \
    "-DOUTFILE=$(native "$out")" \
    "$(native "$root/assets/windows/installer.nsi")"
echo "$out"
