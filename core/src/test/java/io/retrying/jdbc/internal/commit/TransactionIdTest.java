package io.retrying.jdbc.internal.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What is appended to the application's SQL must not change how the server reads the application's
 * part: an application string left open (a literal, quoted identifier, dollar quote or comment)
 * must stay open, so that it fails as it would alone, and no placeholder may be added.
 */
class TransactionIdTest {

    @Test
    void theCaptureAppendedToTheApplicationsSqlCannotCloseWhatItLeftOpen() {
        TransactionId id = new TransactionId();
        // each variant: with and without the identity (a new physical connection), forced (NOTIFY) or not
        List<String> rides = List.of(id.ride("UPDATE t SET a = 1", 0, null), id.ride("NOTIFY ch", 0, null));
        for (String ride : rides) {
            assertTrue(ride.startsWith("\n;"), "starts on a new line, ending a trailing -- comment: " + ride);
            for (char c : new char[] {'\'', '"', '$', '?', '/', '*', '-', '\\', ';'}) {
                String tail = ride.substring(2);
                assertFalse(tail.indexOf(c) >= 0, "no '" + c + "' in " + ride);
            }
            assertEquals(TransactionId.COLUMN, ride.substring(ride.indexOf(" as ") + 4, ride.indexOf(" as ") + 4
                    + TransactionId.COLUMN.length()), ride);
        }
    }
}
