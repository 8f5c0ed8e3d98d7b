#!/usr/bin/env bash
# Makes .venv here for the agent, on Debian's own Python and its packages: python3-fastapi and
# python3-uvicorn (apt-get installs them when they are missing, as root or with sudo). Nothing
# comes from a pip index, so it works offline and the first run needs no network beyond apt's.
# Elsewhere (macOS, another distribution): python3 -m venv .venv && .venv/bin/pip install -r requirements.txt
set -euo pipefail
cd "$(dirname "$0")"

# Debian's own interpreter: a pyenv or conda shim first in PATH sees none of Debian's packages.
PYTHON="${PYTHON:-/usr/bin/python3}"
if [ -x .venv/bin/python ] && .venv/bin/python -c 'import fastapi, uvicorn' 2>/dev/null; then
  exit 0
fi
if ! "$PYTHON" -c 'import fastapi, uvicorn, venv' 2>/dev/null; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q python3 python3-venv python3-fastapi python3-uvicorn
  PYTHON=/usr/bin/python3
fi

rm -rf .venv
# The system's packages (Debian's fastapi and uvicorn) are the venv's: nothing to download.
"$PYTHON" -m venv --system-site-packages --without-pip .venv
.venv/bin/python -c 'import fastapi, uvicorn; print("python-fastapi: fastapi", fastapi.__version__, "uvicorn", uvicorn.__version__)'
