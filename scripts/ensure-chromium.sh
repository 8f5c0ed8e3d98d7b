#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when it is missing. Never downloads a
# browser build of its own.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "toolchat: installing Debian's chromium for the browser tests…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "toolchat: browser tests need Chromium at $chromium_path (apt-get install -y chromium), or CHROMIUM_PATH." >&2
exit 1
