package io.retrying.jdbc.wrapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 26, {@code retry.resolveAutocommitWrites=true}: an autocommit write whose connection is cut
 * runs in a transaction of its own whose id the client holds before COMMIT is sent. Cut before
 * COMMIT: it runs again (the first never committed); cut during COMMIT: resolved by the id, the
 * application gets its update count and the write is there once. Without the setting the same cuts
 * are 08007 ({@code AutocommitReplayTest#anInsertWhoseSocketIsCutIsNotReplayedAndReportsAnUnknownOutcome}).
 * And only what may write pays: a read runs as before.
 */
@ExtendWith(PgExtension.class)
class AutocommitWriteResolutionTest {

    private final PgServer pg;

    AutocommitWriteResolutionTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void table() {
        pg.sql("DROP TABLE IF EXISTS ac_marks", "CREATE TABLE ac_marks (v int)");
    }

    private static RetryConfig resolving(boolean on) throws SQLException {
        Properties p = new Properties();
        p.setProperty("retry.resolveAutocommitWrites", String.valueOf(on));
        return RetryConfig.fromProperties(p, RetryConfig.defaults().withPolicy(Physical.FAST));
    }

    @Test
    void aWriteCutBeforeItsCommitRunsAgainAndIsThereOnce() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolving(true)); Statement st = c.createStatement()) {
                CompletableFuture<Integer> cut = cutAfter(proxy, 250);
                int count = st.executeUpdate("INSERT INTO ac_marks SELECT 1 FROM pg_sleep(0.5) /* ac-cut-statement */");
                assertTrue(cut.join() > 0);
                assertEquals(1, count);
                assertEquals(2, physical.executions("ac-cut-statement"), "run again after the cut");
                sleep(700); // the first backend finds its client gone before any COMMIT: rolled back
                assertEquals(1, pg.queryLong("SELECT count(*) FROM ac_marks"));
                assertTrue(c.getAutoCommit());
            }
        }
    }

    @Test
    void aWriteCutDuringItsCommitIsResolvedByItsIdAndGetsItsCount() throws Exception {
        pg.sql("CREATE OR REPLACE FUNCTION ac_slow_commit() RETURNS trigger LANGUAGE plpgsql AS"
                        + " $$ BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$",
                "CREATE CONSTRAINT TRIGGER ac_slow AFTER INSERT ON ac_marks DEFERRABLE INITIALLY DEFERRED"
                        + " FOR EACH ROW EXECUTE FUNCTION ac_slow_commit()");
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl());
            try (Connection c = physical.open(resolving(true));
                 PreparedStatement ps = c.prepareStatement("INSERT INTO ac_marks VALUES (?) /* ac-cut-commit */")) {
                ps.setInt(1, 7);
                // the INSERT returns at once; its deferred trigger holds COMMIT for 0.5 s, and the cut comes in it
                CompletableFuture<Integer> cut = cutAfter(proxy, 250);
                int count = ps.executeUpdate();
                assertTrue(cut.join() > 0);
                assertEquals(1, count, "the count of the write that committed");
                assertEquals(1, physical.executions("ac-cut-commit"), "never run again");
                assertEquals(1, pg.queryLong("SELECT count(*) FROM ac_marks WHERE v = 7"));
                // the connection carries on
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
                    assertTrue(rs.next());
                }
            }
        }
    }

    @Test
    void onlyWhatMayWritePaysTheCommitRoundTrip() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(resolving(true)); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
            assertEquals(List.of(), physical.connectionSetters, "a plain read runs as before");
            assertEquals(1, st.executeUpdate("INSERT INTO ac_marks VALUES (1)"));
            assertEquals(List.of("setAutoCommit", "setAutoCommit"), physical.connectionSetters,
                    "a write runs in a transaction of its own, and autocommit is back on");
        }
        Physical off = new Physical(pg.jdbcUrl());
        try (Connection c = off.open(resolving(false)); Statement st = c.createStatement()) {
            assertEquals(1, st.executeUpdate("INSERT INTO ac_marks VALUES (2)"));
            assertEquals(List.of(), off.connectionSetters, "off: nothing changes");
        }
        assertEquals(2, pg.queryLong("SELECT count(*) FROM ac_marks"));
    }

    private static CompletableFuture<Integer> cutAfter(FaultProxy proxy, long millis) {
        return CompletableFuture.supplyAsync(() -> {
            sleep(millis);
            return proxy.cutAll();
        });
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
