#!/usr/bin/env bash
# Benchmarks of issue 8 (not part of `mvn verify` or CI): see BENCHMARKS.md for what each measures
# and the figures of one run.
#
#   ./bench.sh [--smoke] [jmh|throughput|recovery|amplification|cost|all|trace] [extra JMH arguments]
#
#   jmh            the layer's cost per JDBC call over an in-process stub driver (JMH, -prof gc)
#   throughput     ops/s on a loopback server: plain HikariCP vs the layer over and under it
#   recovery       errors and latency during a restart, pg_terminate_backend, a 700 ms outage
#   amplification  physical attempts per request while a role's connection limit is held full
#   cost           the read-write transaction's whole work (client and server pinned to one CPU), and
#                  pgbench's floor under any statement riding with it (issue 16)
#   all            the five, one after the other (the default)
#   trace          not a benchmark (and not in `all`): the failure path under the JDK's debugger, how many
#                  times each source file is entered from another while a failing call heals or
#                  surfaces (issue 24); -Dbench.scenarios=A,C runs a part
#
# --smoke runs everything with tiny counts (a check that the harnesses work, not a measurement).
# Knobs for a real run (system properties of the harnesses, passed through BENCH_JAVA_OPTS), e.g.
#   BENCH_JAVA_OPTS="-Dbench.rounds=20 -Dbench.holdSeconds=120" ./bench.sh all
# Results go to stdout and to benchmarks/target/results/<mode>.md.
set -euo pipefail
cd "$(dirname "$0")"

smoke=false
if [ "${1:-}" = "--smoke" ]; then smoke=true; shift; fi
mode="${1:-all}"; [ $# -gt 0 ] && shift
case "$mode" in
  jmh|throughput|recovery|amplification|cost|all|trace) ;;
  *) echo "usage: ./bench.sh [--smoke] [jmh|throughput|recovery|amplification|cost|all|trace] [JMH args]" >&2; exit 2 ;;
esac

# the load harnesses start a throwaway PostgreSQL server from the machine's binaries
if [ "$mode" != jmh ] && [ -z "${RETRYING_PG_URL:-}" ]; then .ci/ensure-postgres bench; fi

echo "bench: building (mvn -Pbenchmarks -pl benchmarks -am package) ..." >&2
mvn -B -ntp -q -Dstyle.color=never -Pbenchmarks -pl benchmarks -am package -DskipTests

jar=benchmarks/target/benchmarks.jar
out=benchmarks/target/results
mkdir -p "$out"
logs=(-Dorg.slf4j.simpleLogger.showDateTime=true -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS)
read -r -a opts <<< "${BENCH_JAVA_OPTS:-}"
if $smoke; then
  opts=(-Dbench.rounds=1 -Dbench.roundSeconds=0.5 -Dbench.warmupSeconds=0.3 -Dbench.repeats=1 -Dbench.tailSeconds=1
        -Dbench.holdSeconds=5 -Dbench.batch=2 -Dbench.pgbenchSeconds=2 "${opts[@]}")
fi

header() {
  echo "## $1"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
}

run_jmh() {
  local jmh_opts=(-prof gc -rf csv -rff "$out/jmh.csv")
  if $smoke; then jmh_opts+=(-wi 1 -w 200ms -i 1 -r 200ms -f 1); fi
  {
    header "JMH: the layer per JDBC call, over the stub driver"
    java -jar "$jar" "${jmh_opts[@]}" "$@" >"$out/jmh.log"
    tail -n +2 "$out/jmh.log" | grep -A1000 '^Benchmark ' || true
    echo
    java -cp "$jar" io.retrying.jdbc.bench.jmh.JmhSummary "$out/jmh.csv"
  } | tee "$out/jmh.md"
}

run_load() { # name class
  {
    header "$1"
    java "${opts[@]}" "${logs[@]}" -Dorg.slf4j.simpleLogger.logFile="$out/$1.log" -cp "$jar" "$2"
  } | tee "$out/$1.md"
}

# the whole work of one transaction: the JVM and the server it starts (which inherits this) on one CPU
run_cost() {
  local pin=(); command -v taskset >/dev/null && pin=(taskset -c "$(( $(nproc) - 1 ))")
  {
    header "cost"
    "${pin[@]}" java -XX:ActiveProcessorCount=1 "${opts[@]}" "${logs[@]}" -Dorg.slf4j.simpleLogger.logFile="$out/cost.log" \
      -cp "$jar" io.retrying.jdbc.bench.load.TransactionCost
  } | tee "$out/cost.md"
}

# the failure path traced by a debugger (JDI): the scenarios run in a child JVM it launches
run_trace() {
  {
    header "trace: the failure path, file by file (issue 24)"
    echo "Code: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with changes)')"
    echo
    java "${opts[@]}" "${logs[@]}" -Dorg.slf4j.simpleLogger.logFile="$out/trace.log" -Dbench.traceDir="$out" \
      -cp "$jar" io.retrying.jdbc.bench.trace.FailurePathTrace
  } | tee "$out/trace.md"
}

case "$mode" in
  jmh) run_jmh "$@" ;;
  trace) run_trace ;;
  cost) run_cost ;;
  throughput) run_load throughput io.retrying.jdbc.bench.load.Throughput ;;
  recovery) run_load recovery io.retrying.jdbc.bench.load.Recovery ;;
  amplification) run_load amplification io.retrying.jdbc.bench.load.Amplification ;;
  all)
    run_jmh "$@"
    run_load throughput io.retrying.jdbc.bench.load.Throughput
    run_load recovery io.retrying.jdbc.bench.load.Recovery
    run_load amplification io.retrying.jdbc.bench.load.Amplification
    run_cost
    ;;
esac
