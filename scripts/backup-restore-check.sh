#!/usr/bin/env bash
# Backup and restore drill (docs/deploy.md, "Backups"): a backup counts only once it
# has been restored and served. On a local PostgreSQL server (PGHOST, default
# 127.0.0.1:5432, trust) this:
#   1. makes a throwaway database and lets Folio fill it: migrations, the plan
#      catalogue, one demo edition (BACKUP_CHECK_SEED=0 skips the edition), the job
#      queue's schema (pg-boss, as JOB_RUNNER=queue makes it) and a signed-in reader;
#   2. dumps it with pg_dump (custom format, as the nightly job does) and copies the
#      media folder (the stand-in for the bucket);
#   3. restores both into a fresh database and folder;
#   4. compares every table's row count and content checksum, every sequence and
#      the schema's indexes and constraints;
#   5. starts Folio on the restored pair: it must be ready (database, media and job
#      queue), find nothing to migrate, serve the edition and its front page image
#      byte for byte, and still know the reader's session (the same AUTH_SECRET);
#   6. drops both databases whatever happened, and its folder unless a check failed
#      (then the server's log is kept there to read).
# Exits 0 only when all of that held. Usage: bash scripts/backup-restore-check.sh
set -euo pipefail

cd "$(dirname "$0")/.."
export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-$(id -un)}"
port="${BACKUP_CHECK_PORT:-3297}"
seed="${BACKUP_CHECK_SEED:-1}"
url="http://127.0.0.1:$port"
suffix="$(date +%Y%m%d%H%M%S)_$$"
source_db="folio_backup_src_$suffix"
restored_db="folio_backup_restored_$suffix"
work="$(mktemp -d "${TMPDIR:-/tmp}/folio-backup-check.XXXXXX")"
server_pid=""
failures=0

say() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() {
  say "FAIL: $*"
  failures=$((failures + 1))
}
# Seconds since the step started, to one decimal.
since() { awk -v s="$1" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f s", e - s }'; }

stop_server() {
  [ -n "$server_pid" ] || return 0
  local status=0
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" || status=$?
  server_pid=""
  # SIGTERM drains and exits 0 (docs/deploy.md, "Rolling a deploy"): anything else
  # is a shutdown that lost work.
  [ "$status" -eq 0 ] || fail "the server exited $status on SIGTERM"
}

cleanup() {
  stop_server
  dropdb --if-exists "$source_db" 2>/dev/null || true
  dropdb --if-exists "$restored_db" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Starts Folio on database $1 with media folder $2, SEED_DEMO=$3 and JOB_RUNNER=$4,
# and waits until it listens.
start_server() {
  DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$1" MEDIA_DIR="$2" SEED_DEMO="$3" \
    JOB_RUNNER="$4" DEMO_DAYS=1 \
    DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 PUBLIC_URL="$url" NODE_ENV=development \
    LOG_LEVEL=warn LOG_FORMAT=json node --import tsx apps/server/src/main.ts >>"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 240); do
    curl -fsS "$url/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
  tail -n 20 "$work/server.log" >&2
  say "the server on $1 did not start"
  exit 1
}

# A field of a JSON document on stdin (a dotted path), or empty.
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{let v;try{v=JSON.parse(s);for(const k of process.argv[1].split("."))v=v?.[k]}catch{};console.log(v??"")})' "$1"; }

# One line per table: schema.table, rows, md5 of its rows in a stable order; then each
# sequence's last value, then counts of the schema's indexes and constraints.
fingerprint() {
  psql -X -q -At -F ' ' -d "$1" <<'SQL'
select format(
  'select %L, count(*), md5(coalesce(string_agg(r::text, E''\n'' order by r::text), '''')) from %I.%I r',
  schemaname || '.' || tablename, schemaname, tablename)
from pg_tables
where schemaname not in ('pg_catalog', 'information_schema')
order by schemaname, tablename
\gexec
select 'sequence:' || schemaname || '.' || sequencename, coalesce(last_value, 0), '-'
from pg_sequences order by 1;
select 'schema:indexes', count(*), '-' from pg_indexes
where schemaname not in ('pg_catalog', 'information_schema');
select 'schema:constraints', count(*), '-' from pg_constraint c
join pg_namespace n on n.oid = c.connamespace
where n.nspname not in ('pg_catalog', 'information_schema');
SQL
}

say "PostgreSQL $(psql -X -At -d postgres -c 'show server_version') at $PGHOST:$PGPORT, $(pg_dump --version)"

# 1. A database worth backing up.
step=$(date +%s.%N)
createdb "$source_db"
mkdir -p "$work/data" "$work/media"
if [ "$seed" = 1 ]; then
  # A web process seeds only with the in-process runner (in a cluster a worker does).
  start_server "$source_db" "$work/media" true in-process
  for _ in $(seq 1 360); do
    seeded=$(curl -sS "$url/readyz" 2>/dev/null | json demoSeed.seeded)
    [ "${seeded:-0}" -ge 1 ] && break
    sleep 0.5
  done
  [ "${seeded:-0}" -ge 1 ] || { say "no demo edition was published"; exit 1; }
  stop_server
fi
# As production runs it: the queue's schema and queues are made by this start.
start_server "$source_db" "$work/media" false queue
email="backup-check-$$@example.com"
sent=$(curl -fsS -X POST "$url/api/auth/code" -H "origin: $url" \
  -H 'content-type: application/json' -d "{\"email\":\"$email\"}")
code=$(curl -fsS "$url/api/dev/outbox" | node -e '
  let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{
    const m=JSON.parse(s).find(x=>x.to===process.argv[1]);console.log(m?.text.match(/\b\d{6}\b/)?.[0]??"")})' "$email")
curl -fsS -D "$work/signin.headers" -o /dev/null -X POST "$url/api/auth/verify-code" \
  -H "origin: $url" -H 'content-type: application/json' \
  -d "{\"preAuthSessionId\":\"$(echo "$sent" | json preAuthSessionId)\",\"deviceId\":\"$(echo "$sent" | json deviceId)\",\"userInputCode\":\"$code\"}"
cookie=$(grep -i '^set-cookie: [^=]*folio.session_token=' "$work/signin.headers" | head -n 1 |
  sed 's/^[^:]*: //; s/;.*//')
[ -n "$cookie" ] || { say "could not sign a reader in"; exit 1; }
stop_server
say "1. source database $source_db filled by Folio ($(since "$step")):" \
  "$(psql -X -At -d "$source_db" -c "select count(*) from pg_tables where schemaname not in ('pg_catalog','information_schema')") tables," \
  "$(psql -X -At -d "$source_db" -c 'select pg_size_pretty(pg_database_size(current_database()))')," \
  "media $(du -sh "$work/media" | cut -f1)"

# 2. The backup: a custom-format dump and a copy of the media.
step=$(date +%s.%N)
pg_dump -Fc -f "$work/folio.dump" "$source_db"
tar -C "$work/media" -cf "$work/media.tar" .
say "2. pg_dump -Fc: $(du -h "$work/folio.dump" | cut -f1), $(pg_restore --list "$work/folio.dump" | grep -c '^[0-9]') entries; media archive $(du -h "$work/media.tar" | cut -f1) ($(since "$step"))"

# 3. The restore, into a database and a folder that never saw the source.
step=$(date +%s.%N)
createdb "$restored_db"
pg_restore --exit-on-error --single-transaction --no-owner -d "$restored_db" "$work/folio.dump"
mkdir -p "$work/restored-media"
tar -C "$work/restored-media" -xf "$work/media.tar"
say "3. pg_restore into $restored_db, media into a fresh folder ($(since "$step"))"

# 4. Everything that was there is there.
step=$(date +%s.%N)
fingerprint "$source_db" >"$work/source.txt"
fingerprint "$restored_db" >"$work/restored.txt"
printf '\n%-44s %10s %10s  %s\n' "table" "source" "restored" "content"
LC_ALL=C join -a1 -a2 -e missing -o 0,1.2,2.2,1.3,2.3 \
  <(LC_ALL=C sort "$work/source.txt") <(LC_ALL=C sort "$work/restored.txt") |
  awk '{ same = ($2 == $3 && $4 == $5) ? "same" : "DIFFERENT"; printf "%-44s %10s %10s  %s\n", $1, $2, $3, same }' |
  tee "$work/compare.txt"
echo
tables=$(grep -vc '^sequence:\|^schema:' "$work/source.txt")
rows=$(grep -v '^sequence:\|^schema:' "$work/source.txt" | awk '{ n += $2 } END { print n }')
if grep -q 'DIFFERENT' "$work/compare.txt"; then
  fail "the restored database differs: $(grep -c DIFFERENT "$work/compare.txt") lines above"
else
  say "4. $tables tables ($rows rows), every sequence, index and constraint: the same in both ($(since "$step"))"
fi

# 5. Folio serves the restored pair.
step=$(date +%s.%N)
failures_before=$failures
start_server "$restored_db" "$work/restored-media" false queue
ready=$(curl -sS -w ' %{http_code}' "$url/readyz")
[ "${ready##* }" = 200 ] || fail "/readyz answered ${ready##* } on the restored database: ${ready% *}"
queue=$(echo "${ready% *}" | json checks.queue)
[ "$queue" = ok ] || fail "the restored job queue is not reachable (checks.queue: ${queue:-none})"
migrations_before=$(psql -X -At -d "$source_db" -c 'select count(*) from kysely_migration')
migrations_after=$(psql -X -At -d "$restored_db" -c 'select count(*) from kysely_migration')
[ "$migrations_before" = "$migrations_after" ] ||
  fail "the restored database needed migrations ($migrations_before before, $migrations_after after)"
checks="ready (database, media and job queue), nothing to migrate"
issue=$(psql -X -At -F ' ' -d "$restored_db" -c "
  select upper(i.brand), to_char(i.issue_date, 'YYYYMMDD'), e.edition_number, i.media_prefix || p.img_file,
         (select count(*) from pages q where q.issue_id = i.id)
  from issues i join editions e on e.id = i.edition_id join pages p on p.issue_id = i.id and p.page_no = 1
  order by i.id limit 1")
if [ -n "$issue" ]; then
  read -r publisher date edition front pages <<<"$issue"
  served=$(curl -fsS "$url/api/epaper/data?date=$date&edition=$edition&publisher=$publisher" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).sections.reduce((n,x)=>n+x.pages.length,0)))')
  [ "$served" = "$pages" ] || fail "the restored edition serves $served of its $pages pages"
  want=$(sha256sum "$work/media/$front" | cut -d' ' -f1)
  got=$(curl -fsS "$url/media/$front" | sha256sum | cut -d' ' -f1)
  [ "$want" = "$got" ] || fail "the front page image differs after the restore"
  checks="$checks, $publisher $date edition $edition with its $served pages, front page image byte for byte"
fi
me=$(curl -sS -o /dev/null -w '%{http_code}' -H "cookie: $cookie" "$url/api/auth/me")
[ "$me" = 200 ] || fail "the reader's session is gone after the restore (/api/auth/me answered $me)"
stop_server
[ "$failures" -gt "$failures_before" ] ||
  say "5. Folio on the restored pair: $checks, the reader still signed in ($(since "$step"))"

if [ "$failures" -gt 0 ]; then
  say "backup and restore check FAILED ($failures problems); server log: $work/server.log"
  trap - EXIT
  stop_server
  dropdb --if-exists "$source_db" || true
  dropdb --if-exists "$restored_db" || true
  exit 1
fi
say "backup and restore check passed; dropping $source_db and $restored_db"
