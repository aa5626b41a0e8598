#!/usr/bin/env bash
# Installs what sketchd needs on Debian 12: the C libraries, binutils (`nm`, for the test that
# sketchd links no training code), Chromium for the browser tests,
# and selenium. Safe to run again; it installs only what is missing.
set -euo pipefail

need=()
for pkg in pkg-config libwebsockets-dev libwebsockets-evlib-ev libev-dev libsqlite3-dev libpng-dev zlib1g-dev binutils "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
