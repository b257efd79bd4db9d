package io.retrying.jdbc.internal.replay;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.fixtures.PgExtension;
import io.retrying.jdbc.fixtures.PgServer;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What keeping the rows an INSERT returned costs the happy path of a transaction
 * ({@link ResultDigest#keepValues}, for {@code KeptKeys}): bytes allocated per row digested, with
 * and without keeping, for a row of one integer key and one of a key and a uuid. Nothing else in a
 * transaction pays it: only result sets of statements that begin with INSERT keep their values.
 * Printed for the record; the bound only catches a blow-up.
 */
@ExtendWith(PgExtension.class)
class KeptValuesCostTest {

    private static final int ROUNDS = 2_000;

    @Test
    void keepingTheRowsAnInsertReturnedCostsAFewObjectsPerRow(PgServer pg) throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl())) {
            for (String sql : new String[] {"SELECT 42::int", "SELECT 42::bigint, gen_random_uuid()"}) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    bytesPerRow(ps, false);
                    bytesPerRow(ps, true);
                    long plain = bytesPerRow(ps, false);
                    long kept = bytesPerRow(ps, true);
                    System.out.println("digest of one row of " + sql + ": " + plain + " B, keeping its values "
                            + kept + " B (+" + (kept - plain) + " B)");
                    assertTrue(kept - plain < 200, "keeping a row costs " + (kept - plain) + " B");
                }
            }
        }
    }

    /** Bytes allocated per execution, digest and row, minus nothing: the difference is what keeping adds. */
    private static long bytesPerRow(PreparedStatement ps, boolean keep) throws SQLException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < ROUNDS; i++) {
            try (ResultSet rs = ps.executeQuery()) {
                ResultDigest digest = new ResultDigest();
                if (keep) {
                    digest.keepValues();
                }
                digest.moved(rs, rs.next());
                digest.moved(rs, rs.next());
            }
        }
        return (threads.getCurrentThreadAllocatedBytes() - before) / ROUNDS;
    }
}
