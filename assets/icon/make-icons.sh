#!/bin/sh
# Renders the app icon from ca-ngua.svg into every file the three desktops
# need. The outputs are committed, so building and packaging never need
# these tools; run this again after changing the SVG.
#
#   png/NxN.png    Linux (hicolor theme, AppImage), the window icon, packagers
#   ca-ngua.ico    Windows: the executable's icon (build.rs) and the installer
#   ca-ngua.icns   macOS: the .app bundle and the .dmg volume
#
# Needs (Debian 12): apt-get install librsvg2-bin icoutils icnsutils
set -eu
cd "$(dirname "$0")"

for tool in rsvg-convert icotool png2icns; do
    command -v "$tool" >/dev/null || {
        echo "make-icons.sh: $tool is missing (apt-get install librsvg2-bin icoutils icnsutils)" >&2
        exit 1
    }
done

mkdir -p png
for size in 16 24 32 48 64 128 256 512 1024; do
    rsvg-convert --width "$size" --height "$size" ca-ngua.svg --output "png/${size}x${size}.png"
done

# Windows shows 16-48 in lists and 256 in large views; sizes up to 128 are
# stored as bitmaps, 256 as PNG (-r), as Windows Vista and later expect.
icotool --create --output ca-ngua.ico \
    png/16x16.png png/24x24.png png/32x32.png png/48x48.png png/64x64.png png/128x128.png \
    --raw=png/256x256.png

# The sizes an .icns can hold, up to the 1024 px Retina icon.
png2icns ca-ngua.icns \
    png/16x16.png png/32x32.png png/48x48.png png/128x128.png png/256x256.png \
    png/512x512.png png/1024x1024.png >/dev/null

echo "icons written under $(pwd)"
