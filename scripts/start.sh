#!/usr/bin/env bash
# `npm start`: the Dockerfile's steps on a bare Debian/Ubuntu machine — ffmpeg, the Astro build, the server.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
if [ -z "${FFMPEG_PATH:-}" ] && ! command -v ffmpeg >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing ffmpeg with apt-get"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null
  else
    echo "Stemma needs ffmpeg: run 'sudo apt-get install ffmpeg' (or set FFMPEG_PATH), then npm start again." >&2
    exit 1
  fi
fi
# A new build beside a running server leaves it serving its own (scripts/build.ts); none when nothing changed.
bun scripts/build.ts
# As the image does: React's production server renderer (the development one checks every prop, a third of a render).
export NODE_ENV=production
exec bun src/server/main.bundle.js
