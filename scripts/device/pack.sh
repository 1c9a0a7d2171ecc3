#!/usr/bin/env bash
# Puts what check.sh needs beside Node.js in .device/: koffi and its native module (the bundle's
# only external package), and the per-call timer (scripts/device/time-calls.ts) bundled, since
# the GPU machine has no tsx. Run after `npm run build` and ../shared/device/pack-node.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
rm -rf .device/node_modules && mkdir -p .device/node_modules/@koromix
cp -r node_modules/koffi .device/node_modules/
cp -r node_modules/@koromix/koffi-linux-x64 .device/node_modules/@koromix/
npx esbuild scripts/device/time-calls.ts --bundle --platform=node --target=node20 --format=esm --external:koffi \
  --banner:js="import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" \
  --outfile=.device/time-calls.mjs --log-level=warning
du -sh .device dist
