#!/usr/bin/env bash
# Vendor the club pages' charting library: Chart.js, exactly the pinned version, from the
# npm registry (docs/architecture.md, decision (an)).
#
#   bash tools/vendor.sh          # fetch, check and write the committed files
#   bash tools/vendor.sh --check  # fetch and check only: the committed files are the pin's
#
# What is checked, in order: the registry's `dist.integrity` for the version is the one
# pinned here; the tarball `npm pack` fetched has that SHA-512 (checked again here, not only
# by npm); the UMD build inside it has the pinned SHA-256, which is also what
# tests/server/test_vendor.py checks the committed file against. Nothing is built: the
# package's own minified UMD build and its licence are copied as they are.
#
# To update: set CHART_JS_VERSION, CHART_JS_INTEGRITY (`npm view chart.js@X dist.integrity`)
# and run the script; it refuses with the new file's SHA-256, which goes in CHART_JS_SHA256.
# Then run tests/server/test_vendor.py and look at a chart page (docs/club.md, "Charts").
set -euo pipefail
CHART_JS_VERSION=4.6.1
CHART_JS_INTEGRITY=sha512-hJyniucsFmq//EvXYvJ6c6mahPoI3kaxdjVH8awTaJ/fDNWeSqqqArixMJWkWNN6fcYvPU3HneSANFNYtRi61g==
CHART_JS_SHA256=87364cc2b2a76a6684929e7d6b80b18a897794db38400caff1fcf1791c6925d2
DEST=server/openwhist_server/static/vendor/chart.js

cd "$(dirname "$0")/.."
check_only=false
[ "${1:-}" = --check ] && check_only=true

registry=$(npm view "chart.js@${CHART_JS_VERSION}" dist.integrity)
if [ "$registry" != "$CHART_JS_INTEGRITY" ]; then
    echo "vendor.sh: the registry's integrity of chart.js ${CHART_JS_VERSION} is ${registry}," >&2
    echo "not the pinned ${CHART_JS_INTEGRITY}: refusing" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$work" && npm pack --silent "chart.js@${CHART_JS_VERSION}")
got="sha512-$(openssl dgst -sha512 -binary "$work/$tarball" | base64 -w0)"
if [ "$got" != "$CHART_JS_INTEGRITY" ]; then
    echo "vendor.sh: the fetched tarball's integrity is ${got}, not the pinned one: refusing" >&2
    exit 1
fi
tar -xzf "$work/$tarball" -C "$work" package/dist/chart.umd.min.js package/LICENSE.md
file_sha=$(sha256sum "$work/package/dist/chart.umd.min.js" | cut -d' ' -f1)
if [ "$file_sha" != "$CHART_JS_SHA256" ]; then
    echo "vendor.sh: chart.umd.min.js of ${CHART_JS_VERSION} has SHA-256 ${file_sha}, not the" >&2
    echo "pinned ${CHART_JS_SHA256} (after changing the version, pin this one)" >&2
    exit 1
fi
if $check_only; then
    cmp "$work/package/dist/chart.umd.min.js" "$DEST/chart.umd.min.js"
    cmp "$work/package/LICENSE.md" "$DEST/LICENSE.md"
    echo "chart.js ${CHART_JS_VERSION}: the committed files are the registry's"
    exit 0
fi
mkdir -p "$DEST"
cp "$work/package/dist/chart.umd.min.js" "$DEST/chart.umd.min.js"
cp "$work/package/LICENSE.md" "$DEST/LICENSE.md"
echo "chart.js ${CHART_JS_VERSION} -> ${DEST} (integrity and SHA-256 checked)"
