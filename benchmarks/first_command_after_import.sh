#!/bin/sh
# Time `aos warscroll import` on the shared catalogues, then the first and second
# `aos warscroll show` after it, in fresh data and cache folders (issue 24 §6).
# Run: sh benchmarks/first_command_after_import.sh [path/to/bsdata-aos2]
set -e
DATA=${1:-$(dirname "$0")/../../shared/data/bsdata-aos2}
AOS=${AOS:-aos}
TMP=$(mktemp -d)
export AOS_DATA_DIR="$TMP/data" AOS_CACHE_DIR="$TMP/cache"
"$AOS" warscroll list >/dev/null 2>&1 || true   # the bundled content cached, as on any machine
/usr/bin/time -f "import: %e s" "$AOS" warscroll import "$DATA" --json >/dev/null
/usr/bin/time -f "first show after import: %e s" "$AOS" warscroll show Liberators >/dev/null
/usr/bin/time -f "second show: %e s" "$AOS" warscroll show Liberators >/dev/null
rm -rf "$TMP"
