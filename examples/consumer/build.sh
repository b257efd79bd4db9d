#!/usr/bin/env bash
# Proves that an application outside the reactor builds against this project by the README's
# snippets (issue 25): installs the project (`mvn -DskipTests install`, the one step the README asks
# for until the first release), then builds and runs ./pom.xml (the BOM and the starter) and
# resolves ./core-only/pom.xml (the core alone). Not offline: without Spring Boot's BOM, Maven's
# nearest-wins mediation picks some third-party versions (commons-logging) the reactor's build never
# downloaded, so on a fresh machine they come from Maven Central; retrying-jdbc's own artifacts come
# from the local repository alone (Central has no snapshots). Arguments go to every mvn call (e.g.
# -Dmaven.repo.local=... to keep the install out of ~/.m2). .ci/run runs it before the tests.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

echo "consumer: mvn -DskipTests install of $root"
(cd "$root" && mvn -B -ntp -q -DskipTests install "$@")

echo "consumer: building examples/consumer against what was installed"
rm -rf "$here/target" "$here/core-only/target"
mvn -B -ntp -q -f "$here/pom.xml" "$@" compile dependency:build-classpath \
    -Dmdep.outputFile="$here/target/classpath.txt"
java -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" com.example.consumer.Consumer

mvn -B -ntp -q -f "$here/core-only/pom.xml" "$@" dependency:build-classpath \
    -Dmdep.outputFile="$here/core-only/target/classpath.txt"
cp="$(cat "$here/core-only/target/classpath.txt")"
for jar in retrying-jdbc-core- postgresql- slf4j-api-; do
  case "$cp" in
    *"/$jar"*) ;;
    *) echo "consumer: the core alone does not bring $jar: $cp" >&2; exit 1 ;;
  esac
done
echo "consumer: OK: the core alone brings retrying-jdbc-core, pgjdbc and slf4j-api"
