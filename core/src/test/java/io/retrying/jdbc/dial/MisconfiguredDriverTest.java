package io.retrying.jdbc.dial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * pgjdbc's {@code ObjectFactoryTest#invalidSocketFactory} through the layer (issue 22): a
 * {@code socketFactory} class that is not a SocketFactory is the driver's configuration, not a
 * network failure. pgjdbc reports it as 08006 with the ClassCastException as its cause; the layer
 * retried it as a lost connection for the whole reconnect window (10 s) and surfaced it without that
 * cause. It surfaces at once, as pgjdbc's, on the defaults.
 */
@ExtendWith(PgExtension.class)
class MisconfiguredDriverTest {

    @Test
    void aSocketFactoryClassThatIsNotOneFailsAtOnceWithPgjdbcsCause(PgServer pg) {
        String url = "jdbc:retrying:" + pg.jdbcUrl().substring("jdbc:".length()) + "&socketFactory=java.lang.String";
        long started = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close());
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertEquals("08006", e.getSQLState(), () -> "got " + e);
        Throwable cause = e.getCause();
        while (cause != null && !(cause instanceof ClassCastException)) {
            cause = cause.getCause();
        }
        assertInstanceOf(ClassCastException.class, cause, () -> "pgjdbc's cause kept: " + e);
        assertTrue(millis < 2_000, "not retried for the reconnect window: " + millis + " ms");
    }
}
