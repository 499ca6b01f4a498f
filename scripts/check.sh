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
# A first install on a new machine can fail to fetch a large optional package; a second try gets it.
[ -d node_modules/.bin ] || npm install --no-audit --no-fund || npm install --no-audit --no-fund

lanes=$(mktemp -d)
trap 'rm -rf "$lanes"' EXIT
passed=0
failed=0
step() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name" | tee -a "$lanes/failed-steps"; fi
}
step build bun scripts/build.ts

# The API suite: every test file that starts a server (tests/support/lifecycle.ts or server.ts) or builds the app in
# the test process (tests/support/in-process-app.ts; a real server on the cluster). It runs on one
# embedded server, then on the loopback cluster (tests/support/cluster.ts: PostgreSQL, s3rver, two
# STEMMA_ROLE=api instances and a worker behind nginx), one cluster per file, less the files below, each with the
# reason it cannot mean the same on a cluster. Cluster-only tests (tests/cluster) follow it there.
mapfile -t api_files < <(
  grep -lE 'support/(lifecycle|server|in-process-app)"' $(find modules src islands tests -path tests/cluster -prune -o -name '*.test.ts' -print) | sort
)
cluster_skip=(
  # Already about several processes on PostgreSQL: they start their own servers on purpose.
  modules/lists/list-versions-postgres.test.ts
  src/server/db/postgres-instances.test.ts
  # Compares one SQLite server with one PostgreSQL server, both its own.
  modules/search/search-parity.test.ts
  # Backups of an embedded install, on embedded servers of their own; tests/cluster/backup-postgres.test.ts is
  # the PostgreSQL and bucket case.
  modules/backups/backups.test.ts
  tests/backup/backup-restore.test.ts
  # About Elysia's own router in this process (app.handle), which a cluster, answering over HTTP, never uses.
  modules/lists/own-list-in-process.test.ts
  # Builds beside one running server in a checkout of its own: nothing a cluster would change.
  src/server/infra/build-folders.test.ts
)
mapfile -t cluster_api_files < <(printf '%s\n' "${api_files[@]}" | grep -vxF -f <(printf '%s\n' "${cluster_skip[@]}" | grep -v '^ *#'))
# Every other test file, on one embedded server: unit tests, the fault sample, and the browser journeys (*.e2e.ts).
mapfile -t other_files < <(
  find modules src islands tests -path tests/cluster -prune -o \( -name '*.test.ts' -o -name '*.e2e.ts' \) -print | sort |
    grep -vxF -f <(printf '%s\n' "${api_files[@]}")
)
mapfile -t cluster_only < <(find tests/cluster -name '*.test.ts' | sort)
# The browser journeys in two halves (every other file by name), one per lane.
mapfile -t journeys_front < <(printf '%s\n' "${other_files[@]}" | grep '\.e2e\.ts$' | awk 'NR % 2 == 1')
mapfile -t rest_behind < <(printf '%s\n' "${other_files[@]}" | grep -vxF -f <(printf '%s\n' "${journeys_front[@]}"))

# Two lanes at once, as most of each is one process waiting on another. In front, the cluster run (one cluster booted
# per file: the longest part, and mostly waiting), then half the browser journeys; behind it, typecheck, lint, the API
# suite on one server and the other tests, whose output follows. The cluster starts at once because it is the critical
# path: started after the API suite, it would leave a core idle at the end; a third lane would load two cores past what
# the tests' timeouts allow. The lanes share nothing: every server has its own data folder, database and free ports.
# The generated test media are made first, once, rather than by both lanes' preloads at once.
bun --eval 'import { ensureCorpus } from "./tests/support/corpus.ts"; ensureCorpus();'

# Runs bun test on the given files (extra env first), adding its counts to pass/fail.
pass=0
fail=0
run_tests() {
  local log rc p f
  log=$(mktemp -p "$lanes" tests.XXXX)
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

# In a subshell of its own: it counts from zero and hands its counts back in a file.
behind() {
  passed=0 failed=0 pass=0 fail=0
  step typecheck tsc --noEmit
  step lint biome check .
  echo "== API suite"
  timed "API suite" run_tests bun test --timeout 120000 "${api_files[@]/#/./}"
  echo "== other tests"
  timed "other tests" run_tests bun test --timeout 120000 "${rest_behind[@]/#/./}"
  echo "$passed $failed $pass $fail" >"$lanes/behind-counts"
}
behind >"$lanes/behind.log" 2>&1 &
behind_lane=$!

echo "== cluster"
timed cluster run_tests STEMMA_TEST_TARGET=cluster bun test --timeout 120000 "${cluster_api_files[@]/#/./}" "${cluster_only[@]/#/./}"
echo "== browser journeys, first half"
timed "browser journeys" run_tests bun test --timeout 120000 "${journeys_front[@]/#/./}"
wait "$behind_lane"
cat "$lanes/behind.log"
if read -r b_passed b_failed b_pass b_fail <"$lanes/behind-counts"; then
  passed=$((passed + b_passed))
  failed=$((failed + b_failed))
  pass=$((pass + b_pass))
  fail=$((fail + b_fail))
else
  failed=$((failed + 1))
  echo "FAILED: typecheck, lint, the API suite and the other tests did not finish"
fi

# What failed, once more at the end: a reader of only the last lines of a long run still learns which.
# Each failed test with what bun printed before it (its error and stack, the last 40 lines), then the names alone.
awk '
  /^\((pass|skip|todo)\) / || /\.(test|e2e)\.ts:$/ { n = 0; next }
  /^\(fail\) / {
    print "---- " $0
    for (i = (n > 40 ? n - 40 : 0); i < n; i++) print block[i % 40]
    n = 0
    next
  }
  { block[n % 40] = $0; n++ }
' "$lanes"/tests.* 2>/dev/null | head -400
cat "$lanes/failed-steps" 2>/dev/null
grep -h '^(fail) ' "$lanes"/tests.* 2>/dev/null | sort -u
echo "$((passed + pass)) passed, $((failed + fail)) failed"
[ $((failed + fail)) = 0 ]
