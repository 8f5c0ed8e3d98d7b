#!/usr/bin/env bash
# Creates .venv here with the server's Python packages (requirements.txt), from the pip index the
# machine is configured with (`pip config list`). Installs Python and venv with apt-get when they
# are missing (Debian/Ubuntu, as root or with sudo). Does nothing when .venv is already complete.
set -euo pipefail
cd "$(dirname "$0")"

if [ -x .venv/bin/python ] && .venv/bin/python -c 'import fastapi, uvicorn, openai' 2>/dev/null; then
  exit 0
fi

# Debian's own interpreter: a pyenv or conda shim first in PATH may lack venv.
PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
  if [ -x /usr/bin/python3 ]; then PYTHON=/usr/bin/python3; else PYTHON=python3; fi
fi
if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q python3 python3-venv
  PYTHON=/usr/bin/python3
fi

# pip retries an unreachable index (pypi.org on a machine with only a local mirror) for minutes.
export PIP_RETRIES="${PIP_RETRIES:-0}"

rm -rf .venv
"$PYTHON" -m venv .venv
.venv/bin/pip install --disable-pip-version-check -q -r requirements.txt
.venv/bin/python -c 'import fastapi, uvicorn, openai; print("python-fastapi: fastapi", fastapi.__version__, "uvicorn", uvicorn.__version__, "openai", openai.__version__)'
