#!/usr/bin/env bash
# Tests that meet real servers (Redis, PostgreSQL, a Python backend) use Debian's packages (Python: Debian's own
# /usr/bin/python3, not a pyenv one); install the missing ones. The tests start and stop the servers themselves on 127.0.0.1.
set -euo pipefail
missing=()
[ -x /usr/bin/redis-server ] || missing+=(redis-server)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
/usr/bin/python3 -c 'import fastapi, uvicorn' 2>/dev/null || missing+=(python3-fastapi python3-uvicorn)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "toolchat: installing Debian's ${missing[*]} for the tests…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "toolchat: the tests need ${missing[*]} (apt-get install -y ${missing[*]})." >&2
exit 1
