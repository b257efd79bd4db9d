package io.retrying.jdbc.ha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.fixtures.PgBouncer;
import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 29, behind PgBouncer: its server goes away (stopped for 5 s) while the application runs
 * reads, autocommit writes, transactions and dials through it. PgBouncer itself stays up and
 * answers: it accepts the login and, unable to log in to its server (it tries again every
 * {@code server_login_retry}), tells the client so with an ErrorResponse. That is a server that
 * answered, keeping its own class (not a dial that reached no server), and still one a new
 * connection gets past: the layer rides it out within the default reconnect window.
 */
@ExtendWith(PgExtension.class)
class PgBouncerWithoutServerTest {
    private static final Logger LOG = LoggerFactory.getLogger(PgBouncerWithoutServerTest.class);
    private static final Duration DOWN = Duration.ofSeconds(5);

    @Test
    void everyKindOfWorkRidesPgBouncerWhoseServerIsGone(PgServer pg) throws Exception {
        // CI installs pgbouncer (.ci/run) and never skips; a developer's machine may lack it
        assumeTrue(PgBouncer.available() || System.getenv("CI") != null, "pgbouncer is not installed");
        pg.sql("DROP TABLE IF EXISTS " + FailoverWorkload.TABLE, FailoverWorkload.CREATE_TABLE);
        try (PgBouncer bouncer = PgBouncer.start(pg, "transaction")) {
            String pgUrl = bouncer.jdbcUrl() + "&prepareThreshold=0";
            String url = "jdbc:retrying:" + pgUrl.substring("jdbc:".length());
            RetryingDataSource ds = new RetryingDataSource();
            ds.setUrl(url);
            FailoverWorkload work = new FailoverWorkload(ds, 2, 2, 2);
            Workers dials = Workers.start("getConnection", 2, () -> () -> {
                try (Connection c = DriverManager.getConnection(url)) {
                    selectOne(c);
                }
            });
            SQLException plainDial;
            SQLException plainQuery;
            try (Connection idle = DriverManager.getConnection(pgUrl)) {
                assertTrue(work.awaitProgress(20, Duration.ofSeconds(20)), "before the fault: " + work);
                assertTrue(dials.awaitProgress(5, Duration.ofSeconds(20)), dials.toString());

                pg.stopFor(DOWN);
                work.faultNow();
                // what PgBouncer answers while its server is gone, to a new client and to one it has
                plainDial = assertThrows(SQLException.class, () -> DriverManager.getConnection(pgUrl).close());
                plainQuery = assertThrows(SQLException.class, () -> selectOne(idle));
                LOG.info("PgBouncer without its server: a dial gets {} {} (server reported: {}); a query gets {} {} (server reported: {})",
                        plainDial.getSQLState(), plainDial.getMessage(), Classifier.serverReported(plainDial),
                        plainQuery.getSQLState(), plainQuery.getMessage(), Classifier.serverReported(plainQuery));

                // a server answered (PgBouncer), with its own FATAL, not PostgreSQL's: the dial reached no PostgreSQL
                assertEquals("08P01", plainDial.getSQLState());
                assertTrue(Classifier.serverReported(plainDial));
                assertEquals(null, ((PSQLException) plainDial).getServerErrorMessage().getRoutine(), "PostgreSQL names its routine");
                assertTrue(Classifier.refusedDial(plainDial), "a pooler with no server to give reached none");
                assertTrue(Classifier.unreachedServer(plainDial));

                assertTrue(work.awaitProgress(20, Duration.ofSeconds(30)), "after the fault: " + work + " " + first(ProxyWithoutBackendTest.failures(work)));
                assertTrue(dials.awaitProgress(5, Duration.ofSeconds(30)), dials.toString());
            } finally {
                work.close();
                dials.close();
            }
            LOG.info("first write {} after the fault; {}", work.faultToFirstWrite(), work);
            assertEquals(List.of(), first(ProxyWithoutBackendTest.failures(work)), "failures that reached the application (first 5)");
            assertEquals(List.of(), first(dials.failures()), "DriverManager.getConnection behind the URL prefix (first 5)");
            assertNotNull(work.faultToFirstWrite(), "a write after the fault");
            Map<String, Integer> counts = counts(pg);
            assertEquals(List.of(), counts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList(),
                    "writes applied twice");
            Set<String> missing = new java.util.TreeSet<>(work.acknowledged);
            missing.removeAll(counts.keySet());
            assertEquals(Set.of(), missing, "acknowledged writes missing");
        }
    }

    private static List<Workers.Failure> first(List<Workers.Failure> all) {
        return all.subList(0, Math.min(5, all.size()));
    }

    private static void selectOne(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
        }
    }

    private static Map<String, Integer> counts(PgServer pg) throws SQLException {
        Map<String, Integer> counts = new HashMap<>();
        try (Connection c = pg.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT k, count(*) FROM " + FailoverWorkload.TABLE + " GROUP BY k")) {
            while (rs.next()) {
                counts.put(rs.getString(1), rs.getInt(2));
            }
        }
        return counts;
    }
}
