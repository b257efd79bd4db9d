package io.retrying.jdbc.replicas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.ConnectionInitializer;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.StreamingReplicas;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.wrapper.Physical;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 27 item 1: a read that ran on a standby, lost, and whose new connection reaches a server
 * that is no longer a standby (promoted by a failover meanwhile) is proven as a primary's reads are
 * (the temporary function), not by the standby's tree; it runs again there.
 */
@ExtendWith(PgExtension.class)
class StandbyPromotedUnderReadTest {

    @Test
    void aReadLostOnAStandbyPromotedBeforeTheProofIsProvenAsOnAPrimary(PgServer primary) throws Exception {
        primary.sql("CREATE TABLE sp_items (id int)", "INSERT INTO sp_items SELECT generate_series(1, 10)",
                "CREATE FUNCTION sp_slow(n int) RETURNS int STABLE LANGUAGE sql AS 'SELECT $1 FROM pg_sleep(0.6)'");
        StreamingReplicas replicas = StreamingReplicas.start(primary, 1);
        PgServer standby = replicas.standby(0);
        AtomicInteger readied = new AtomicInteger();
        // the new connection after the loss: the standby is promoted before the proof asks it anything
        ConnectionInitializer promoteFirst = fresh -> {
            if (readied.incrementAndGet() == 2) {
                standby.promote();
                try (Statement st = fresh.createStatement()) {
                    st.execute("SELECT 1"); // its ReadyForQuery brings in_hot_standby = off
                }
            }
        };
        Physical physical = new Physical(standby.jdbcUrl() + "&ApplicationName=sp-read");
        try (Connection c = physical.open(RetryConfig.defaults().withInitializer(promoteFirst));
                Statement st = c.createStatement()) {
            assertEquals("t", StandbyReadTest.first(c, "SELECT pg_is_in_recovery()"));
            Thread killer = new Thread(() -> {
                try {
                    while (standby.queryLong("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'sp-read'"
                            + " AND state = 'active' AND query LIKE '%sp-lost%'") == 0) {
                        Thread.sleep(20);
                    }
                    Thread.sleep(100);
                    standby.killBackend("sp-read");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            killer.start();
            long sum;
            try (ResultSet rs = st.executeQuery("SELECT sum(sp_slow(id)) FROM sp_items WHERE id <= 2 /* sp-lost */")) {
                rs.next();
                sum = rs.getLong(1);
            }
            killer.join();
            assertEquals(3, sum);
            assertEquals(2, physical.executions("/* sp-lost */"));
            assertEquals("f", StandbyReadTest.first(c, "SELECT pg_is_in_recovery()"), "ran again on the promoted server");
            assertTrue(physical.proofs("CREATE FUNCTION pg_temp.retrying_jdbc_proof") > 0, "the primary's proof");
            assertEquals(0, physical.proofs("PREPARE retrying_jdbc_proof"), "not the standby's");
        }
    }
}
