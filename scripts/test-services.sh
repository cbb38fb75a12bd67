#!/usr/bin/env bash
# Throwaway Postgres and Redis servers for the tests: on loopback ports of their own, with their data
# in a temp folder, no persistence. `start` prints `export` lines for the shell to eval; `stop` stops
# both and removes the folder (it reads SITUREC_TEST_SERVICES_DIR, or takes the folder as $2):
#
#   eval "$(scripts/test-services.sh start)"
#   trap 'scripts/test-services.sh stop' EXIT
#
# A server that cannot start is left out with a warning on stderr: its tests then try to start one
# of their own (src/storage/testing/test-services.ts) and skip, saying why, when that fails too.
set -euo pipefail

PG_OPTIONS="-c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"

free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# initdb and the server refuse to run as root: as root, they run as the postgres user.
as_server_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

postgres_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$bin" ] && [ -x "$bin/initdb" ]; then echo "$bin"; return 0; fi
  command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)"
}

start_postgres() {
  local dir=$1 bin port
  bin=$(postgres_bin) || { echo "no Postgres server installed (apt-get install postgresql)" >"$dir/postgres.log"; return 1; }
  mkdir "$dir/pg"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir/pg"; fi
  port=$(free_port)
  as_server_user "$bin/initdb" -D "$dir/pg/data" -A trust -U postgres -E UTF8 --locale=C --no-sync \
    >"$dir/postgres.log" 2>&1 || return 1
  as_server_user "$bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/server.log" -w -t 60 \
    -o "-p $port -k $dir/pg $PG_OPTIONS" start >>"$dir/postgres.log" 2>&1 || return 1
  echo "$bin" >"$dir/pg-bin"
  echo "export SITUREC_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$port/postgres"
}

redis_answers() {
  local port=$1 reply=""
  exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  read -r -t 1 reply <&3 || true
  exec 3>&-
  [[ $reply == +PONG* ]]
}

start_redis() {
  local dir=$1 port
  command -v redis-server >/dev/null 2>&1 || { echo "no redis-server installed (apt-get install redis-server)" >"$dir/redis.log"; return 1; }
  mkdir "$dir/redis"
  port=$(free_port)
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$dir/redis" \
    --daemonize yes --pidfile "$dir/redis/pid" --logfile "$dir/redis.log" || return 1
  for _ in $(seq 100); do
    if redis_answers "$port"; then
      echo "export SITUREC_TEST_REDIS_URL=redis://127.0.0.1:$port"
      return 0
    fi
    sleep 0.1
  done
  return 1
}

start() {
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/siturec-services-XXXXXX")
  chmod 755 "$dir" # the postgres user reaches its folder inside
  echo "export SITUREC_TEST_SERVICES_DIR=$dir"
  start_postgres "$dir" ||
    echo "test-services: Postgres did not start ($(tail -n 1 "$dir/postgres.log" 2>/dev/null)); its tests start their own or skip" >&2
  start_redis "$dir" ||
    echo "test-services: Redis did not start ($(tail -n 1 "$dir/redis.log" 2>/dev/null)); its tests start their own or skip" >&2
}

stop() {
  local dir=${1:-${SITUREC_TEST_SERVICES_DIR:-}}
  [ -n "$dir" ] && [ -d "$dir" ] || return 0
  case "$dir" in */siturec-services-*) ;; *) echo "test-services: not a services folder: $dir" >&2; return 1 ;; esac
  if [ -f "$dir/pg-bin" ]; then
    as_server_user "$(cat "$dir/pg-bin")/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ -f "$dir/redis/pid" ]; then
    local pid
    pid=$(cat "$dir/redis/pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}

case "${1:-}" in
start) start ;;
stop) stop "${2:-}" ;;
*)
  echo "usage: $0 start|stop [DIR]" >&2
  exit 2
  ;;
esac
