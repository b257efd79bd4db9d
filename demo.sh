#!/usr/bin/env bash
# The README's main command: builds what the demo needs (one Maven invocation) and runs it.
# With no arguments it starts a throwaway PostgreSQL server of its own; ./demo.sh --help for options.
set -euo pipefail
cd "$(dirname "$0")"

# the throwaway server needs PostgreSQL's binaries (not when --url names your server)
case " $* " in
  *" --url"*|*" --help "*|*" -h "*) ;;
  *) [ -n "${RETRYING_PG_URL:-}" ] || .ci/ensure-postgres demo ;;
esac

# --ha runs a Patroni cluster of its own: it needs Patroni and etcd (Debian: patroni, etcd-server)
case " $* " in
  *" --ha "*)
    if [ ! -x /usr/bin/patroni ] || [ ! -x /usr/bin/etcd ]; then
      echo "demo: --ha needs Patroni and etcd (Debian: apt-get install patroni etcd-server)" >&2
      exit 1
    fi ;;
esac

# one Maven invocation builds the demo and the modules it needs; its output is shown (on stderr,
# so that --json leaves nothing but JSON on stdout) only if it fails
echo "demo: building (mvn -pl examples -am package) ..." >&2
if ! build_log=$(mvn -B -ntp -q -Dstyle.color=never -pl examples -am package -Dmaven.test.skip=true 2>&1); then
  printf '%s\n' "$build_log" >&2
  echo "demo: the build failed" >&2
  exit 1
fi

# a JVM cannot tell whether stderr is a terminal, nor how wide it is: tell it
tty_out=false; [ -t 1 ] && tty_out=true
tty_err=false; [ -t 2 ] && tty_err=true
columns=$( { { [ -t 1 ] || [ -t 2 ]; } && tput cols 2>/dev/null; } || echo "${COLUMNS:-120}")

exec java \
  -Dretrying.demo.stdout.tty="$tty_out" -Dretrying.demo.stderr.tty="$tty_err" -Dretrying.demo.columns="$columns" \
  -Dorg.slf4j.simpleLogger.logFile=examples/target/demo.log \
  -Dorg.slf4j.simpleLogger.log.io.retrying.jdbc=debug \
  -Dorg.slf4j.simpleLogger.showDateTime=true \
  -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS \
  -cp "examples/target/classes:examples/target/lib/*" \
  io.retrying.jdbc.demo.Demo "$@"
