#!/usr/bin/env bash
# The one check: system tools, install, typecheck, lint, build, every test. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

need=()
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
[ -x /usr/bin/chromium ] || need+=(chromium)
# The cluster run and the HTTP bench need PostgreSQL and nginx.
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing ${need[*]} with apt-get"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "missing ${need[*]}: install them (apt-get install ${need[*]}) or run as root" >&2
  fi
fi
[ -d node_modules/.bin ] || npm install --no-audit --no-fund

passed=0
failed=0
step() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi
}
step build bun --bun astro build --silent

# The API suite: every test file that starts a server (tests/support/lifecycle.ts or server.ts). It runs on one
# embedded server, then on the loopback cluster (tests/support/cluster.ts: PostgreSQL, s3rver, two
# STEMMA_ROLE=api instances and a worker behind nginx), one cluster per file, less the files below, each with the
# reason it cannot mean the same on a cluster. Cluster-only tests (tests/cluster) follow it there.
mapfile -t api_files < <(
  grep -lE 'support/(lifecycle|server)"' $(find modules src islands tests -path tests/cluster -prune -o -name '*.test.ts' -print) | sort
)
cluster_skip=(
  # Already about several processes on PostgreSQL: they start their own servers on purpose.
  modules/lists/list-versions-postgres.test.ts
  src/server/db/postgres-instances.test.ts
)
mapfile -t cluster_api_files < <(printf '%s\n' "${api_files[@]}" | grep -vxF -f <(printf '%s\n' "${cluster_skip[@]}" | grep -v '^ *#'))
# Every other test file, on one embedded server: unit tests, the fault sample, and the browser journeys (*.e2e.ts).
mapfile -t other_files < <(
  find modules src islands tests -path tests/cluster -prune -o \( -name '*.test.ts' -o -name '*.e2e.ts' \) -print | sort |
    grep -vxF -f <(printf '%s\n' "${api_files[@]}")
)
mapfile -t cluster_only < <(find tests/cluster -name '*.test.ts' | sort)

# Three lanes at once. Most of each is one process waiting on another: the cluster lane (one cluster booted per file)
# keeps about one core busy for the longest time, the browser journeys less, so run one after another they left a
# core idle for most of the run. The lanes: the API suite on one server; the same files on the cluster, then the
# cluster-only tests; typecheck, lint and the other tests. They share nothing: every server has its own data folder,
# database and free ports. The generated test media are made first, once, rather than by each lane's preload at once.
bun --eval 'import { ensureCorpus } from "./tests/support/corpus.ts"; ensureCorpus();'
lanes=$(mktemp -d)
trap 'rm -rf "$lanes"' EXIT

# Runs bun test on the given files (extra env first), adding its counts to pass/fail.
pass=0
fail=0
run_tests() {
  local log rc p f
  log=$(mktemp -p "$lanes")
  env "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  p=$(grep -Eo '^ *[0-9]+ pass' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  f=$(grep -Eo '^ *[0-9]+ fail' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi
  pass=$((pass + p))
  fail=$((fail + f))
}
# Runs a command (after its name), then says how long it took.
timed() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  echo "$name run: $((SECONDS - started)) s"
}

api_lane() {
  echo "== API suite"
  timed "API suite" run_tests bun test --timeout 120000 "${api_files[@]/#/./}"
}
cluster_lane() {
  echo "== cluster"
  timed cluster run_tests STEMMA_TEST_TARGET=cluster bun test --timeout 120000 "${cluster_api_files[@]/#/./}" "${cluster_only[@]/#/./}"
}
checks_lane() {
  step typecheck tsc --noEmit
  step lint biome check .
  echo "== other tests"
  timed "other tests" run_tests bun test --timeout 120000 "${other_files[@]/#/./}"
}

# Each lane in a subshell of its own: it counts from zero and hands its counts back in a file; its output follows
# once all have ended.
lane_names=(cluster api checks)
lane_pids=()
for name in "${lane_names[@]}"; do
  (
    passed=0 failed=0 pass=0 fail=0
    "${name}_lane"
    echo "$passed $failed $pass $fail" >"$lanes/$name-counts"
  ) >"$lanes/$name.log" 2>&1 &
  lane_pids+=($!)
done
for index in "${!lane_names[@]}"; do
  name=${lane_names[$index]}
  wait "${lane_pids[$index]}"
  cat "$lanes/$name.log"
  if read -r l_passed l_failed l_pass l_fail <"$lanes/$name-counts"; then
    passed=$((passed + l_passed))
    failed=$((failed + l_failed))
    pass=$((pass + l_pass))
    fail=$((fail + l_fail))
  else
    failed=$((failed + 1))
    echo "FAILED: the $name lane did not finish"
  fi
done

echo "$((passed + pass)) passed, $((failed + fail)) failed"
[ $((failed + fail)) = 0 ]
