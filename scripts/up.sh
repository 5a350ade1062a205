#!/usr/bin/env bash
# The first command of a fresh machine: install everything, then start Guildhall on SQLite with demo
# data and the development sign-in at http://localhost:3000 (README).
set -euo pipefail
cd "$(dirname "$0")/.."
# Issue 10 item 23: say which Node.js is needed before installing anything.
command -v node >/dev/null 2>&1 || { echo "Guildhall needs Node.js (see README.md), and there is no node on the PATH." >&2; exit 1; }
node scripts/check-node-version.mjs
bash scripts/install-system-deps.sh
npm ci --no-fund --no-audit
npm run build
exec npm start
