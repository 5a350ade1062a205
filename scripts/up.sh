#!/usr/bin/env bash
# The first command of a fresh machine: install everything, then start Guildhall on SQLite with demo
# data and the development sign-in at http://localhost:3000 (README).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh
npm ci --no-fund --no-audit
exec npm start
