#!/bin/sh
# Writes apps/web/src/styles/fonts/*.woff2: @fontsource's Latin files of the first screen's fonts
# (Play 400 and 700, Archivo Black) with every glyph, but without their TrueType hinting
# instructions, half of each file's bytes (18 → 9–10 kB). Hinting only changes rendering on
# Windows at small sizes without high-DPI screens; phones and macOS ignore it (docs/perf/first-screen.md).
# Needs fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli). Run again
# after upgrading @fontsource/play or @fontsource/archivo-black.
set -eu
cd "$(dirname "$0")/.."
out=apps/web/src/styles/fonts
for file in node_modules/@fontsource/play/files/play-latin-400-normal.woff2 \
  node_modules/@fontsource/play/files/play-latin-700-normal.woff2 \
  node_modules/@fontsource/archivo-black/files/archivo-black-latin-400-normal.woff2; do
  python3 -m fontTools.subset "$file" --unicodes='*' --glyphs='*' --layout-features='*' --name-IDs='*' \
    --notdef-outline --no-hinting --flavor=woff2 --output-file="$out/$(basename "$file")"
done
ls -l "$out"
