#!/usr/bin/env bash
# Puts what check.sh needs beside Node.js in .device/: koffi and its native module (the bundle's
# only external package). Run after `npm run build` and ../shared/device/pack-node.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
rm -rf .device/node_modules && mkdir -p .device/node_modules/@koromix
cp -r node_modules/koffi .device/node_modules/
cp -r node_modules/@koromix/koffi-linux-x64 .device/node_modules/@koromix/
du -sh .device dist
