#!/usr/bin/env bash
# Installs a pinned n8n into a cache folder outside the clone, once; later calls reuse it.
# Usage: scripts/install-n8n.sh [2.41.0|1.123.81]   (prints the install folder last)
# n8n 2.x runs on Node 24, taken from the registry's `node` package; 1.x runs on this machine's Node 20.
set -euo pipefail
version="${1:-${N8N_VERSION:-2.41.0}}"
cache="${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-messaging-gateway}"
dir="$cache/n8n-$version"
log() { printf '[install-n8n] %s\n' "$*" >&2; }

if [ -f "$dir/.complete" ]; then log "reusing $dir"; echo "$dir"; exit 0; fi
rm -rf "$dir"; mkdir -p "$dir"
major="${version%%.*}"

# Progress while npm is silent for minutes: elapsed time every 20 s.
start=$SECONDS
( while sleep 20; do log "still installing n8n $version ($((SECONDS - start)) s)"; done ) &
ticker=$!
trap 'kill $ticker 2>/dev/null || true' EXIT

export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
if [ "$major" -ge 2 ]; then
  log "installing Node 24 for n8n $version"
  mkdir -p "$dir/node24"
  (cd "$dir/node24" && echo '{"private":true}' > package.json && npm install --no-save --loglevel=error node@24 >&2)
  nodebin="$dir/node24/node_modules/node/bin"
  [ -x "$dir/node24/node_modules/.bin/node" ] || { log "Node 24 binary missing"; exit 1; }
  headers=$(ls -d "$dir"/node24/node_modules/node/node_modules/node-linux-*)
  overrides='{"linkedom":"0.18.13"}'
else
  nodebin="$(dirname "$(command -v node)")"
  headers=""
  overrides='{"xlsx":"npm:@e965/xlsx@0.20.3"}'
fi
cat > "$dir/package.json" <<JSON
{ "private": true, "dependencies": { "n8n": "$version" }, "overrides": $overrides }
JSON
log "installing n8n $version into $dir (several minutes, about 3 GB)"
(cd "$dir" && npm install --ignore-scripts --loglevel=error >&2)
log "building native modules (sqlite3 compiles for about 2 minutes)"
(
  cd "$dir"
  export PATH="$nodebin:$PATH"
  [ -n "$headers" ] && export npm_config_nodedir="$headers"
  if [ "$major" -ge 2 ]; then npm rebuild sqlite3 isolated-vm >&2; else npm rebuild sqlite3 >&2; fi
)
echo "$nodebin" > "$dir/.nodebin"
touch "$dir/.complete"
log "n8n $version ready in $((SECONDS - start)) s"
echo "$dir"
