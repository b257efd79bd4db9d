package io.retrying.jdbc.suite;

import io.retrying.jdbc.fixtures.PgServer;
import io.retrying.jdbc.fixtures.PgServers;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Points pgjdbc's tests at a server of the fixtures, and, when {@code retrying.suite.through=layer},
 * at the layer: pgjdbc's {@code TestUtil} reads its server and users from system properties (its
 * {@code build.properties} names them for pgjdbc's own CI) and opens connections with
 * {@code DriverManager} and a {@code jdbc:postgresql:} URL, which {@link ThroughTheLayer} then takes
 * in pgjdbc's driver's place. pgjdbc's sources are not changed for this. Without the property
 * (this module's own {@code DifferencesTest}) nothing is started.
 */
public final class SuiteServer implements LauncherSessionListener {

    private PgServer pg;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        String through = System.getProperty("retrying.suite.through");
        if (through == null || pg != null) {
            return;
        }
        pg = PgServers.start();
        // what pgjdbc's CI prepares (its docker-compose and .github scripts): a database and an owner
        // "test", the superuser as the privileged user
        pg.sql("DROP DATABASE IF EXISTS test", "DROP ROLE IF EXISTS test",
                "SET password_encryption = 'scram-sha-256'; CREATE ROLE test LOGIN PASSWORD 'test'",
                "CREATE DATABASE test OWNER test");
        askTestForItsPassword();
        System.setProperty("test.url.PGHOST", pg.host());
        System.setProperty("test.url.PGPORT", Integer.toString(pg.port()));
        System.setProperty("test.url.PGDBNAME", "test");
        System.setProperty("user", "test");
        System.setProperty("password", "test");
        System.setProperty("privilegedUser", pg.user());
        System.setProperty("privilegedPassword", "");
        if ("layer".equals(through)) {
            ThroughTheLayer.install();
        } else if (!"bare".equals(through)) {
            throw new IllegalArgumentException("retrying.suite.through must be bare or layer, not " + through);
        }
    }

    /**
     * pgjdbc's CI servers ask {@code test} for its password (SCRAM): a test of what happens while
     * the driver authenticates (LoginTimeoutInterruptTest's plugin that sleeps when asked for the
     * password) tests nothing on a server that trusts it. A server whose rules are not at hand here
     * keeps its own.
     */
    private void askTestForItsPassword() {
        try {
            pg.prependHba("host all test 127.0.0.1/32 scram-sha-256", "host all test ::1/128 scram-sha-256");
        } catch (UnsupportedOperationException notAtHand) {
            // a container or an external server: authentication is its own
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (pg != null) {
            pg.close();
            pg = null;
        }
    }

    /** pgjdbc's drivers registered with DriverManager (there is one; a reload would register another). */
    static void deregisterPgjdbc() throws SQLException {
        for (Driver d : Collections.list(DriverManager.getDrivers())) {
            if (d instanceof org.postgresql.Driver) {
                DriverManager.deregisterDriver(d);
            }
        }
    }
}
