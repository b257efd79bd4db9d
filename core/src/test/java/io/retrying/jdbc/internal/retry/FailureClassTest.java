package io.retrying.jdbc.internal.retry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrying.jdbc.Retryability;
import java.io.EOFException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * {@link FailureClass#ifWrote} asks the classifier a second time only for a lost connection: for every
 * other failure, the class when the work wrote is the class when it did not. Held here against the
 * classifier itself, for failures of every recovery class, in every context.
 */
class FailureClassTest {

    @Test
    void theClassIfTheWorkWroteIsTheClassifiersOwnForEveryKindOfFailure() {
        for (SQLException e : failures()) {
            for (boolean merging : new boolean[] {false, true}) {
                for (boolean multiHost : new boolean[] {false, true}) {
                    Retryability recovery = FailureClass.of(e, false, merging, multiHost);
                    assertEquals(FailureClass.of(e, true, merging, multiHost),
                            FailureClass.ifWrote(recovery, e, merging, multiHost),
                            e + " (merging " + merging + ", multi-host " + multiHost + ")");
                }
            }
        }
    }

    @Test
    void aLostConnectionIsUnknownWhenTheWorkWrote() {
        SQLException lost = new PSQLException("An I/O error occurred while sending to the backend.",
                PSQLState.CONNECTION_FAILURE, new EOFException());
        Retryability recovery = FailureClass.of(lost, false, false, false);
        assertEquals(Retryability.RECONNECT, recovery);
        assertEquals(Retryability.UNKNOWN, FailureClass.ifWrote(recovery, lost, false, false));
    }

    private static List<SQLException> failures() {
        List<SQLException> all = new ArrayList<>();
        for (String state : List.of("40001", "40P01", "55P03", "57P01", "57P02", "57P03", "57P04", "57014", "53300",
                "53200", "53100", "25006", "25P02", "0A000", "26000", "23505", "42P07", "42601", "08000", "08001",
                "08003", "08004", "08006", "08007", "08P01", "XX000", "HY000")) {
            all.add(new SQLException("failure " + state, state));
            all.add(new SQLException("wrapped " + state, "HY000", new SQLException("cause", state)));
        }
        all.add(new PSQLException("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE,
                new SocketTimeoutException("Read timed out")));
        all.add(new PSQLException("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE,
                new EOFException()));
        all.add(new PSQLException("The connection attempt failed.", PSQLState.CONNECTION_UNABLE_TO_CONNECT,
                new SocketTimeoutException("Connect timed out")));
        all.add(new SessionRefused("refused", "08006"));
        all.add(new SQLException("Connection is closed"));
        all.add(new SQLException("no state"));
        return all;
    }
}
