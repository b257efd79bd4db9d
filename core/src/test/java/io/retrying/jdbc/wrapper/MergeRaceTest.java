package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A MERGE that loses the race for a key to a concurrent insert (23505, a unique violation the
 * statement's own WHEN NOT MATCHED INSERT met) is run again, on the defaults, and finds the row
 * then; the events say the class the retry was decided by, SAFE for a merge, not the class the same
 * SQLState has without that context (FATAL).
 */
@ExtendWith(PgExtension.class)
class MergeRaceTest {

    private static final String MERGE = "MERGE INTO counts c USING (SELECT 1 AS id) s ON c.id = s.id"
            + " WHEN MATCHED THEN UPDATE SET n = c.n + 1 WHEN NOT MATCHED THEN INSERT VALUES (s.id, 1)";

    private final PgServer pg;

    MergeRaceTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void table() {
        pg.sql("DROP TABLE IF EXISTS counts", "CREATE TABLE counts (id int PRIMARY KEY, n int NOT NULL)");
    }

    @Test
    void aMergeThatLostTheRaceForItsKeyRunsAgainAndItsEventsSayItWasSafe() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(pg.jdbcUrl());
        RetryingDataSource ds = RetryingDataSource.builder(target).listener(new RetryListener() {
            @Override
            public void onRetry(RetryEvent e) {
                events.add("retry " + e.sqlState() + " " + e.recovery());
            }

            @Override
            public void onRecovered(RetryEvent e) {
                events.add("recovered " + e.sqlState() + " " + e.recovery());
            }

            @Override
            public void onGiveUp(RetryEvent e) {
                events.add("gave up " + e.sqlState() + " " + e.recovery());
            }
        }).build();
        try (Connection rival = DriverManager.getConnection(pg.jdbcUrl());
                Statement r = rival.createStatement();
                Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            // given a rival transaction that inserted the key and has not committed
            rival.setAutoCommit(false);
            r.executeUpdate("INSERT INTO counts VALUES (1, 10)");

            // when the application's MERGE finds no row, tries to insert it, and waits on the rival's key
            CompletableFuture<Integer> merged = CompletableFuture.supplyAsync(() -> {
                try {
                    return st.executeUpdate(MERGE);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitLockWait();
            rival.commit(); // its insert lands: the MERGE's own insert violates the key

            // then the MERGE ran again, matched the rival's row and updated it; the application saw no error
            assertEquals(1, merged.get(30, TimeUnit.SECONDS));
            assertEquals(11, pg.queryLong("SELECT n FROM counts WHERE id = 1"));
            assertEquals(List.of("retry 23505 " + Retryability.SAFE, "recovered 23505 " + Retryability.SAFE), events);
        }
    }

    /** Until a MERGE waits on a row lock (the rival's uncommitted key). */
    private void awaitLockWait() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pg.queryLong("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                + " AND query LIKE 'MERGE INTO counts%'") < 1) {
            if (System.nanoTime() > until) {
                throw new AssertionError("the MERGE never waited on the rival's key");
            }
            Thread.sleep(20);
        }
    }
}
