package io.retrying.jdbc.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.RetryEvent;
import io.retrying.jdbc.RetryListener;
import io.retrying.jdbc.fixtures.FaultProxy;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGStatement;

/**
 * The transaction id capture riding with the application's statements (issue 22, item 7) in
 * pgjdbc's forced binary mode ({@code prepareThreshold=-1}, pgjdbc's suite's {@code BinaryMode.FORCE}
 * which also sets {@code binaryTransferEnable}): pgjdbc then describes a new statement in a round trip
 * of its own, and for a string of several statements gives the application's SELECT the capture's row
 * description, so the server refused its Bind (08P01 "bind message has 3 result formats but query has 1
 * columns") and the layer retried that refusal as the application's failure until RetriesExhausted.
 * The capture does not ride there; the id is still captured (by the round trip before COMMIT), and a
 * refusal of the capture (a statement forced through the unwrapped pgjdbc statement, out of the layer's
 * sight) runs the application's statement alone in its transaction begun again, with no retry.
 */
@ExtendWith(PgExtension.class)
class BinaryTransferRideTest {

    private static final String RIDE = "as retrying_jdbc_xid";
    private static final String FORCE = "&prepareThreshold=-1&binaryTransferEnable=16";

    private final PgServer pg;
    private final CommitResolutionTest.Resolutions resolutions = new CommitResolutionTest.Resolutions();
    private final List<RetryEvent> retries = new CopyOnWriteArrayList<>();

    BinaryTransferRideTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void tables() {
        pg.sql("DROP TABLE IF EXISTS batched", "CREATE TABLE batched (pk int, col1 int)");
    }

    private RetryConfig config() {
        RetryListener both = new RetryListener() {
            @Override
            public void onRetry(RetryEvent event) {
                retries.add(event);
                resolutions.onRetry(event);
            }

            @Override
            public void onGiveUp(RetryEvent event) {
                retries.add(event);
            }

            @Override
            public void onCommitResolved(long xid, CommitOutcome outcome) {
                resolutions.onCommitResolved(xid, outcome);
            }
        };
        return RetryConfig.defaults().withListener(both);
    }

    private static void insertBatch(Connection c, int from, int rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO batched VALUES (?, ?)")) {
            for (int i = from; i < from + rows; i++) {
                ps.setInt(1, i);
                ps.setInt(2, i * 10);
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            assertEquals(rows, counts.length);
        }
    }

    private static long count(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM batched")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private static long countPrepared(Connection c, int below) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*), sum(col1) FROM batched WHERE pk < ?")) {
            ps.setInt(1, below);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return rs.getLong(1);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {FORCE, FORCE + "&reWriteBatchedInserts=true", "&prepareThreshold=-1",
            "&prepareThreshold=-1&reWriteBatchedInserts=true"})
    void aBatchInATransactionWithBinaryTransferForcedIsFollowedByItsReadsAsOnBarePgjdbc(String mode) throws Exception {
        Physical physical = new Physical(pg.jdbcUrl() + mode);
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            insertBatch(c, 1, 3);
            assertEquals(3, count(st)); // refused by the server before: the capture rode with it
            assertEquals(2, countPrepared(c, 3));
            insertBatch(c, 4, 4);
            assertEquals(7, count(st));
            c.commit();
            assertEquals(7, count(st));
            c.commit();
        }
        assertEquals(7, pg.queryLong("SELECT count(*) FROM batched"));
        assertEquals(0, physical.executions(RIDE), "no capture rides where pgjdbc forces binary transfers");
        assertEquals(List.of(), retries, "nothing was retried");
    }

    @Test
    void aStatementForcedToBinaryThroughThePgjdbcInterfaceCarriesNoCapture() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            ((PGStatement) st).setPrepareThreshold(-1);
            c.setAutoCommit(false);
            insertBatch(c, 1, 2);
            assertEquals(2, count(st));
            try (Statement other = c.createStatement()) {
                assertEquals(2, count(other)); // connection not forced: carries it
            }
            c.commit();
        }
        assertEquals(2, pg.queryLong("SELECT count(*) FROM batched"));
        assertEquals(1, physical.executions(RIDE), "only the statement that is not forced carried the capture");
        assertEquals(List.of(), retries);
    }

    @Test
    void theServersRefusalOfTheCaptureRunsTheApplicationsStatementAloneInItsTransactionBegunAgain() throws Exception {
        Physical physical = new Physical(pg.jdbcUrl());
        try (Connection c = physical.open(config()); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            insertBatch(c, 1, 3);
            // forced behind the layer's back: the capture rides, and the server refuses the application's SELECT
            st.unwrap(org.postgresql.jdbc.PgStatement.class).setPrepareThreshold(-1);
            assertEquals(3, count(st));
            assertEquals(3, count(st));
            insertBatch(c, 4, 1);
            c.commit();
        }
        assertEquals(4, pg.queryLong("SELECT count(*) FROM batched"));
        assertEquals(1, physical.failures(RIDE), "the server refused the capture once, and it rode no more");
        assertEquals(3, physical.executions("INSERT INTO batched"), "the first batch, its replay in the transaction begun again, the last");
        assertEquals(List.of(), retries, "the refusal was not the application's failure: nothing retried");
    }

    @Test
    void withBinaryTransferForcedTheIdIsStillCapturedAndResolvesALostCommit() throws Exception {
        try (FaultProxy proxy = FaultProxy.start(pg)) {
            Physical physical = new Physical(proxy.jdbcUrl() + FORCE + "&reWriteBatchedInserts=true");
            try (Connection c = physical.open(config().withReconnectWindow(Duration.ofSeconds(5)));
                    Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                insertBatch(c, 1, 3);
                assertEquals(3, count(st));
                proxy.cutBeforeExecuting("COMMIT");
                c.commit();
                assertFalse(proxy.cutBeforeExecutingArmed(), "the COMMIT was cut");
            }
            assertEquals(0, physical.executions(RIDE));
            assertEquals(2, physical.executions(XidCaptureTest.ROUND_TRIP), "the id was asked before COMMIT, and again for the replay's");
        }
        // resolved aborted by the id, replayed and committed once
        assertEquals(3, pg.queryLong("SELECT count(*) FROM batched"));
        assertEquals(List.of(CommitOutcome.ABORTED), resolutions.outcomes.stream().map(e -> e.getValue()).toList());
    }
}
