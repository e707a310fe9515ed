#!/usr/bin/env bash
# Installs a pinned n8n into a cache folder outside the clone, once; later calls reuse it.
# Usage: scripts/install-n8n.sh [2.41.1|1.123.81]   (prints the install folder last)
# n8n 2.x runs on Node 24, taken from the registry's `node` package; 1.x runs on this machine's Node 20.
# Works the same from a plain shell and from `npm run …`, and redoes any install that did not finish.
set -euo pipefail
version="${1:-${N8N_VERSION:-2.41.1}}"
cache="${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-messaging-gateway}"
dir="$cache/n8n-$version"
log() { printf '[install-n8n] %s\n' "$*" >&2; }

# `npm run` exports the project's .npmrc to its children as npm_config_* variables (ignore-scripts,
# legacy-peer-deps, local prefix …): an install started from an npm script would silently skip the
# scripts that fetch Node 24 and build sqlite3. Drop them all except where the registry is and how to
# reach it, so npm reads its configuration as from a plain shell.
for name in $(compgen -e); do
  case "${name,,}" in
    npm_config_registry | npm_config_cache | npm_config_userconfig | npm_config_globalconfig | npm_config_cafile | \
      npm_config_ca | npm_config_proxy | npm_config_https_proxy | npm_config_noproxy | npm_config_strict_ssl) ;;
    npm_config_* | npm_package_* | npm_lifecycle_*) unset "$name" ;;
  esac
done
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
# What npm's own cache already holds is taken from it without asking the registry again: n8n 2.x is 2,347
# packages, and asking after each took more than 6 minutes on a quiet machine (150 s for the whole install
# without). An empty cache (a fresh machine) fetches everything as before.
export npm_config_prefer_offline=true

# What the install needs from the system, checked before anything is downloaded: flock (one installer
# at a time), and for a new install python3, make and g++ (node-gyp compiles sqlite3 and isolated-vm).
declare -A package_of=([flock]=util-linux [python3]=python3 [make]=make [g++]=g++)
needed=(flock); [ -f "$dir/.complete" ] || needed+=(python3 make g++)
missing=()
for tool in "${needed[@]}"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ "${#missing[@]}" -gt 0 ]; then
  packages=$(for tool in "${missing[@]}"; do printf '%s ' "${package_of[$tool]}"; done)
  log "missing ${missing[*]}: install first with: sudo apt-get install -y ${packages% }"
  exit 1
fi

# One installer per folder at a time: a second caller waits here, then finds the install complete.
mkdir -p "$cache"
exec 9>"$dir.lock"
if ! flock -n 9; then
  log "another process is installing n8n $version into $dir; waiting for it"
  flock 9
fi

# The marker is written last, after the installed Node and sqlite3 were seen to work; without it the
# folder is an interrupted or failed install and is started over.
if [ -f "$dir/.complete" ]; then log "reusing $dir"; echo "$dir"; exit 0; fi
if [ -e "$dir" ]; then log "$dir is an unfinished install: removing it and starting over"; fi
rm -rf "$dir"; mkdir -p "$dir"
major="${version%%.*}"

# Progress while npm is silent for minutes: elapsed time every 20 s.
start=$SECONDS
# It stops with this script, also when Ctrl-C or a failure ends it.
( while sleep 20 && kill -0 $$ 2>/dev/null; do log "still installing n8n $version ($((SECONDS - start)) s)"; done ) &
ticker=$!
trap 'kill $ticker 2>/dev/null || true' EXIT

if [ "$major" -ge 2 ]; then
  log "1/4 installing Node 24 for n8n $version (registry package node@24)"
  mkdir -p "$dir/node24"
  (cd "$dir/node24" && echo '{"private":true}' > package.json &&
    npm_config_ignore_scripts=false npm install --no-save --loglevel=error node@24 >&2)
  nodebin="$dir/node24/node_modules/node/bin"
  [ -x "$dir/node24/node_modules/.bin/node" ] || { log "Node 24 binary missing after installing node@24"; exit 1; }
  headers=$(ls -d "$dir"/node24/node_modules/node/node_modules/node-linux-*)
  overrides='{"linkedom":"0.18.13"}'
  native='sqlite3 isolated-vm'
  size='3.0 GB'
else
  log "1/4 n8n $version runs on this machine's Node $(node --version)"
  nodebin="$(dirname "$(command -v node)")"
  headers=""
  overrides='{"xlsx":"npm:@e965/xlsx@0.20.3"}'
  native='sqlite3'
  size='1.8 GB'
fi
cat > "$dir/package.json" <<JSON
{ "private": true, "dependencies": { "n8n": "$version" }, "overrides": $overrides }
JSON
log "2/4 installing n8n $version into $dir (several minutes; $size on disk)"
(cd "$dir" && npm install --ignore-scripts --loglevel=error >&2)
log "3/4 building native modules: $native (sqlite3 compiles for about 2 minutes)"
(
  cd "$dir"
  export PATH="$nodebin:$PATH" npm_config_ignore_scripts=false
  if [ -n "$headers" ]; then export npm_config_nodedir="$headers"; fi
  # shellcheck disable=SC2086
  npm rebuild --loglevel=error $native >&2
)
log "4/4 checking the install"
if [ "$major" -ge 2 ]; then want=v24; else want="$(node --version | cut -d. -f1)"; fi
got="$("$nodebin/node" --version)"
case "$got" in "$want".*) ;; *) log "Node is $got, n8n $version needs $want"; exit 1 ;; esac
(cd "$dir" && "$nodebin/node" -e '
  const sqlite3 = require("sqlite3");
  new sqlite3.Database(":memory:").get("select sqlite_version() as v", (error, row) => {
    if (error) throw error;
    for (const name of process.argv.slice(1)) require(name);
    console.error(`[install-n8n] sqlite ${row.v} and ${process.argv.slice(1).join(", ") || "no other native module"} load on Node ${process.version}`);
  });' ${native#sqlite3}) || { log "the native modules do not load: the install is not usable"; exit 1; }
[ -f "$dir/node_modules/n8n/bin/n8n" ] || { log "n8n's start script is missing"; exit 1; }
echo "$nodebin" > "$dir/.nodebin"
touch "$dir/.complete"
log "n8n $version ready in $((SECONDS - start)) s ($(du -sh "$dir" | cut -f1))"
echo "$dir"
