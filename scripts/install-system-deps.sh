#!/usr/bin/env bash
# Installs what a clean Debian machine lacks for Guildhall: Chromium (documents are printed by it,
# ARCHITECTURE.md §3, and the e2e tests drive it), poppler-utils (tests read PDFs back), HAProxy
# (the scale-out journey puts two processes behind a real load balancer, issue 12) and PgBouncer (the
# database's connection watch must leave a pooler's connections alone, decision 0049), and Noto Color
# Emoji (emoji in a case's text print as themselves in the record PDFs, not as empty boxes).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: chromium, poppler-utils, haproxy, pgbouncer and fonts-noto-color-emoji present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
