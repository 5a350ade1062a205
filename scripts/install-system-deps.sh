#!/usr/bin/env bash
# Installs what a clean Debian machine lacks for Guildhall: Chromium (documents are printed by it,
# ARCHITECTURE.md §3, and the e2e tests drive it) and poppler-utils (tests read PDFs back).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: chromium and poppler-utils present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
