#!/bin/sh
# Renders the app icon from ca-ngua.svg into every file the three desktops
# need. The outputs are committed, so building and packaging never need
# these tools; run this again after changing the SVG.
#
#   png/NxN.png    Linux (hicolor theme, AppImage), the window icon, packagers
#   ca-ngua.ico    Windows: the executable's icon (build.rs) and the installer
#   ca-ngua.icns   macOS: the .app bundle and the .dmg volume
#   ../web/icon-192.png, ../web/icon-maskable-512.png
#                  the page's web manifest (scripts/web.sh; its 512 px icon
#                  is png/512x512.png): the maskable one is the board at
#                  328 px on the page's cream, full bleed, so that every
#                  corner of the board is inside the safe zone (the circle
#                  of 80% of the width a launcher's mask always keeps)
#
# Needs (Debian 12): apt-get install librsvg2-bin icoutils icnsutils imagemagick
set -eu
cd "$(dirname "$0")"

for tool in rsvg-convert icotool png2icns convert; do
    command -v "$tool" >/dev/null || {
        echo "make-icons.sh: $tool is missing (apt-get install librsvg2-bin icoutils icnsutils imagemagick)" >&2
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

# The page's (web manifest). The board's farthest point from the centre
# is 0.594 of the rendered width (its rounded corners): 328 px puts it at
# 195 px, inside the 205 px safe zone of a 512 px maskable icon.
rsvg-convert --width 192 --height 192 ca-ngua.svg --output ../web/icon-192.png
rsvg-convert --width 328 --height 328 ca-ngua.svg --output maskable-board.png
convert -size 512x512 xc:'#f4ecd8' maskable-board.png -gravity center -composite \
    -depth 8 -strip ../web/icon-maskable-512.png
rm -f maskable-board.png

echo "icons written under $(pwd)"
