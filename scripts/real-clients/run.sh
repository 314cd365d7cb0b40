#!/usr/bin/env bash
# Runs the public Tedee clients, from their own source, against a running server of this project
# (docs/api-compatibility.md, "The public clients"), each with only its base URL changed.
# Usage: scripts/real-clients/run.sh <base URL, e.g. http://localhost:8200> <folder with the clients' sources>
# The folder holds aiotedee/ (zweckj/aiotedee at 71c0d1e, v0.2.27), pytedee/ (joerg65/pytedee at
# 0eee1b5), homebridge-tedee/ (lukasroegner/homebridge-tedee at 414d22a, v0.4.1) and
# tedee-api-client/ (solderra/tedee-api-client at 513d714, v0.0.4), and a node_modules/ with
# axios@0.21.1, qs@6.10.1 and winston@3.3.3 (what the two Node clients import). Python: Debian's
# python3 with python3-aiohttp and python3-requests. The server must have the demo data.
set -euo pipefail
BASE="$1"; SRC="$2"; HERE="$(cd "$(dirname "$0")" && pwd)"; ROOT="$HERE/../.."
KEY=$(node "$HERE/key.mjs" "$BASE" owner@demo.test demo-password | tail -1)
TOKEN=$(node "$HERE/key.mjs" "$BASE" owner@demo.test demo-password app | tail -1)
# only the base URL changes in each client
sed -i "s#https://api.tedee.com/api/v1.32/#$BASE/api/v37/#" "$SRC/aiotedee/aiotedee/const.py"
sed -i "s#https://api.tedee.com/api/v1.30/#$BASE/api/v37/#" "$SRC/pytedee/pytedee/pytedee/TedeeClient.py"
sed -i "s#https://api.tedee.com/api/v1.18#$BASE/api/v37#" "$SRC/tedee-api-client/src/clients/tedee-api-client.ts"
PYTHONPATH="$SRC/aiotedee" /usr/bin/python3 "$HERE/aiotedee_run.py" "$KEY" || true
PYTHONPATH="$SRC/pytedee/pytedee" /usr/bin/python3 "$HERE/pytedee_run.py" "$KEY" || true
"$ROOT/node_modules/.bin/tsx" "$HERE/node_run.ts" homebridge "$SRC/homebridge-tedee" "$BASE" "$TOKEN" || true
"$ROOT/node_modules/.bin/tsx" "$HERE/node_run.ts" tac "$SRC/tedee-api-client" "$BASE" "$TOKEN" || true
