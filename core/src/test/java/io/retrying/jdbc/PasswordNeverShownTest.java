package io.retrying.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.internal.config.PgTarget;
import io.retrying.jdbc.internal.dial.DataSourceDialer;
import io.retrying.jdbc.internal.dial.DriverDialer;
import io.retrying.jdbc.internal.events.RetryReporter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.LoggerFactory;

/**
 * A password given through the URL, the Properties or a setter never appears in an exception
 * message, a toString or a log line (slf4j-simple writes to System.err, captured here).
 */
@ExtendWith(PgExtension.class)
class PasswordNeverShownTest {
    private static final String SECRET = "S3cr3t-Pa55";

    private final PgServer pg;
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final List<String> shown = new ArrayList<>();
    private PrintStream originalErr;

    PasswordNeverShownTest(PgServer pg) {
        this.pg = pg;
    }

    @BeforeEach
    void captureStderr() {
        originalErr = System.err;
        System.setErr(new PrintStream(new Tee(originalErr, stderr), true, StandardCharsets.UTF_8));
        // the capture must see the library's logger, or the check below proves nothing
        LoggerFactory.getLogger(RetryReporter.LOGGER_NAME).warn("capture probe");
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("capture probe"), "stderr is not captured");
    }

    @AfterEach
    void nothingShownHoldsThePassword() {
        System.setErr(originalErr);
        String log = stderr.toString(StandardCharsets.UTF_8);
        assertFalse(log.contains(SECRET), "the log shows the password:\n" + log);
        for (String s : shown) {
            assertFalse(s.contains(SECRET), "shown: " + s);
        }
    }

    /** Runs what must fail, and keeps every message along its cause and next-exception chain. */
    private SQLException failure(Executable work) {
        SQLException e = assertThrows(SQLException.class, work);
        keep(e);
        return e;
    }

    private void keep(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> todo = new ArrayList<>(List.of(e));
        while (!todo.isEmpty()) {
            Throwable t = todo.remove(todo.size() - 1);
            if (t == null || !seen.add(t)) {
                continue;
            }
            shown.add(String.valueOf(t));
            shown.add(String.valueOf(t.getMessage()));
            todo.add(t.getCause());
            todo.addAll(List.of(t.getSuppressed()));
            if (t instanceof SQLException sql) {
                todo.add(sql.getNextException());
            }
            if (t instanceof RetriesExhaustedException exhausted) {
                todo.addAll(exhausted.previousErrors());
            }
        }
    }

    private String retryingUrl(int port) {
        return "jdbc:retrying:postgresql://" + pg.host() + ":" + port + "/" + pg.database()
                + "?user=" + pg.user() + "&sslmode=disable&password=" + SECRET;
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void theDriverNeverShowsIt() throws SQLException {
        failure(() -> DriverManager.getConnection(retryingUrl(pg.port()) + "&retry.maxAttempts=-1"));
        failure(() -> DriverManager.getConnection(retryingUrl(pg.port()) + "&retry.nope=1"));
        failure(() -> DriverManager.getConnection(retryingUrl(pg.port()) + "&retry.maxAttempts=%zz"));
        Properties info = new Properties();
        info.setProperty("password", SECRET);
        info.setProperty("retry.tokenBucket", "-3");
        failure(() -> DriverManager.getConnection(retryingUrl(pg.port()), info));
        // a URL pgjdbc cannot parse: pgjdbc's own complaint quotes it whole
        String badPort = retryingUrl(pg.port()).replace(":" + pg.port() + "/", ":notaport/");
        assertEquals("22023", failure(() -> DriverManager.getConnection(badPort)).getSQLState());

        // a working connection (the embedded server trusts local connections, so any password does)
        try (Connection c = DriverManager.getConnection(retryingUrl(pg.port()) + "&retry.maxAttempts=2")) {
            shown.add(c.toString());
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
        }
    }

    @Test
    void aServerThatIsNotThereFailsAfterTheReconnectWindowWithoutShowingIt() throws IOException {
        // given a URL with a password, to a port nobody listens on, and a short reconnect window
        String url = retryingUrl(closedPort()) + "&retry.reconnectWindowMs=300&retry.tokenBucket=none";
        long start = System.nanoTime();
        // when connecting through the driver
        SQLException e = failure(() -> DriverManager.getConnection(url));
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        // then it kept dialling within the window (the policy stops early when what is left would
        // not cover another wait and dial), then gave up with the dial's SQLState
        assertTrue(e instanceof RetriesExhaustedException, String.valueOf(e));
        assertEquals("08001", e.getSQLState());
        assertTrue(((RetriesExhaustedException) e).attempts() >= 2, String.valueOf(e));
        assertTrue(elapsedMs < 5_000, "elapsed " + elapsedMs + " ms");
        // and the give-up was logged (without the password: checked after each test)
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("giving up: sqlstate=08001 class=RECONNECT"),
                stderr.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theDataSourceNeverShowsIt() throws IOException {
        RetryingDataSource bean = new RetryingDataSource();
        bean.setUrl("jdbc:postgresql://" + pg.host() + ":" + closedPort() + "/postgres?password=" + SECRET);
        bean.setUser("postgres");
        bean.setPassword(SECRET);
        bean.setMaxAttempts(-1);
        shown.add(bean.toString());
        failure(bean::getConnection);
        bean.setMaxAttempts(2);
        bean.setReconnectWindowMs(300);
        failure(bean::getConnection);
        shown.add(bean.toString());

        RetryingDataSource badUrl = new RetryingDataSource();
        badUrl.setUrl("jdbc:postgres://h/db?password=" + SECRET);
        failure(badUrl::getConnection);
        shown.add(badUrl.toString());

        RetryingDataSource retryingBadUrl = new RetryingDataSource();
        retryingBadUrl.setUrl("jdbc:retrying:postgresql://h/db?password=" + SECRET + "&retry.maxAttempts=x");
        shown.add(retryingBadUrl.toString());
        failure(retryingBadUrl::getConnection);

        PGSimpleDataSource target = new PGSimpleDataSource();
        target.setURL(pg.jdbcUrl());
        target.setPassword(SECRET);
        RetryingDataSource wrapped = RetryingDataSource.wrap(target);
        shown.add(wrapped.toString());
        failure(() -> wrapped.getConnection("no_such_role_here", SECRET));
    }

    @Test
    void dialersDescribeTheTargetOnly() {
        Properties props = new Properties();
        props.setProperty("user", "alice");
        props.setProperty("password", SECRET);
        DriverDialer d = new DriverDialer(new org.postgresql.Driver(),
                "jdbc:postgresql://db.example:5432/app?user=alice&password=" + SECRET, props);
        assertEquals("db.example:5432/app", d.describe());
        shown.add(d.toString());
        DataSourceDialer ds = new DataSourceDialer(new PGSimpleDataSource(), "alice", SECRET,
                new PgTarget("db.example:5432/app", false));
        assertEquals("db.example:5432/app", ds.describe());
        shown.add(ds.toString());
        assertFalse(d.describe().contains("alice"));
    }

    /** Writes to the real stream and keeps a copy. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }
    }
}
