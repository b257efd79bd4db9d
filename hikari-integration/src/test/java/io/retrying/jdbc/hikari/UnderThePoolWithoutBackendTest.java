package io.retrying.jdbc.hikari;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.WriteOutcomeUnknownException;
import java.util.List;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.WriteOutcomeUnknownException;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 29 under the pool: HikariCP over the retrying driver, the server reached through a proxy
 * that for 5 s accepts each connection and closes it before a byte (HAProxy's primary port while
 * no node is primary), after every backend died. Each pooled connection, and each connection
 * HikariCP dials, waits for a server within the default reconnect window: no error reaches the
 * application, as with a server that is simply down. On the defaults (the process's bucket).
 */
@ExtendWith(PgExtension.class)
class UnderThePoolWithoutBackendTest {

    @Test
    void borrowsAndStatementsRideAProxyWithNoBackend(PgServer server) throws Exception {
        MixedWorkload.createSchema(server);
        String app = "under-no-backend";
        try (FaultProxy proxy = FaultProxy.start(server)) {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl(proxy.jdbcUrl() + "&ApplicationName=" + app);
            config.setPoolName(app);
            config.setMaximumPoolSize(4);
            config.setMinimumIdle(4);
            try (HikariDataSource ds = RetryingHikari.under(config)) {
                Pools.awaitFull(ds.getHikariPoolMXBean(), 4);
                CompletableFuture<MixedWorkload.Result> run = CompletableFuture.supplyAsync(() -> {
                    try {
                        return MixedWorkload.run(ds, 8, Duration.ofSeconds(9));
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                Thread.sleep(1_000);
                proxy.closeNew(true);
                server.terminateBackends(app);
                int before = proxy.acceptedConnections();
                Thread.sleep(5_000);
                int during = proxy.acceptedConnections() - before;
                proxy.closeNew(false);
                MixedWorkload.Result result = run.join();
                System.out.printf("under the pool, a proxy with no backend for 5 s: %s; %d dials reached it%n", result, during);
                assertTrue(during > 0, "dials reached the proxy while it had no backend");
                // an autocommit write in flight when its backend is terminated may end in doubt: the proxy can
                // close the client's side before the server's FATAL gets through (no id in autocommit: issue 26)
                List<Throwable> errors = result.errors().stream()
                        .filter(e -> !(e instanceof WriteOutcomeUnknownException)).toList();
                assertTrue(errors.isEmpty(), () -> "errors: " + errors.subList(0, Math.min(5, errors.size())));
                result.assertNoTransactionFailures();
                assertTrue(result.reads() > 0 && result.writes() > 0 && result.transfers() > 0, result.toString());
                assertEquals(MixedWorkload.ACCOUNTS * MixedWorkload.START_BALANCE, MixedWorkload.totalBalance(server),
                        "transfers are all-or-nothing");
            }
        }
    }
}
