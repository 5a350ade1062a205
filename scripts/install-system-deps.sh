#!/usr/bin/env bash
# Installs what a clean Debian machine lacks for Guildhall: Chromium (documents are printed by it,
# ARCHITECTURE.md §3, and the e2e tests drive it), poppler-utils (tests read PDFs back) and HAProxy
# (the scale-out journey puts two processes behind a real load balancer, issue 12).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: chromium, poppler-utils and haproxy present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
