package io.retrying.jdbc.internal.jdbc;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.ReadRoute;
import io.retrying.jdbc.internal.config.Readers;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.dial.HostChoice;
import io.retrying.jdbc.internal.events.RetryReporter;
import io.retrying.jdbc.internal.session.HeldSettings;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Reads routed to the reader hosts of {@code retry.readers}, dialed by the layer itself with the
 * writer's database, user and settings (the URL prefix, {@code RetryingDataSource.setUrl}, pgjdbc's
 * own data source, and HikariCP pooling retrying connections). The readers are tried in turn from
 * one further along at each dial ({@link Readers#order()}); one that fails to dial, is no standby or
 * lags is left for the next. Its lag is measured once, when it is dialed.
 *
 * <p>Switching between the roles keeps the other role's physical connection open ("parked"), so
 * that a pool that sets and resets read-only on every borrow dials each server once, not on every
 * switch. A parked connection found dead is healed as any lost connection: on its next use. A
 * parked one taken back is not reported again.
 */
final class HostReadRouting extends ReadRouting {

    /** Dials one reader with the writer's database, user and settings. */
    @FunctionalInterface
    interface HostDialer {
        Connection dial(String host, int port) throws SQLException;
    }

    private final HostDialer hosts;
    private Connection parkedWriter;
    private Connection parkedReader;
    /** What the session had set on each parked one: undone when it is taken back. */
    private HeldSettings writerHeld = HeldSettings.NONE;
    private HeldSettings readerHeld = HeldSettings.NONE;

    HostReadRouting(Dialer writer, HostDialer hosts, Readers readers, RetryReporter reporter, long connectionNumber) {
        super(writer, readers, reporter, connectionNumber);
        this.hosts = hosts;
    }

    @Override
    public Connection dial() throws SQLException {
        if (!reads) {
            Connection parked = takeParkedWriter();
            return parked != null ? parked : writer.dial();
        }
        Connection parked = takenBack(parkedReader, readerHeld);
        parkedReader = null;
        readerHeld = HeldSettings.NONE;
        if (parked != null) {
            onReader = true;
            return parked;
        }
        SQLException none = null;
        for (Readers.Host host : readers.order()) {
            Connection c = null;
            try {
                c = hosts.dial(host.host(), host.port());
                String refusal = StandbyCheck.ask(c, readers.maxLag()).refusal();
                if (refusal == null) {
                    onReader = true;
                    routed(ReadRoute.Target.STANDBY, host.toString(), ReadRoute.Reason.READ_ONLY);
                    return c;
                }
                writer.discard(c);
                none = addTo(none, new SQLException("The reader " + host + " " + refusal, "08001"));
            } catch (SQLException failed) {
                if (c != null) {
                    writer.discard(c);
                }
                if (!Classifier.retryability(failed).needsNewConnection()) {
                    throw failed; // a refusal no other host cures (a password, a missing database)
                }
                none = addTo(none, failed);
            }
        }
        if (readers.fallBackToPrimary()) {
            onReader = false;
            Connection primary = writer.dial();
            routed(ReadRoute.Target.PRIMARY, serverOf(primary), ReadRoute.Reason.NO_STANDBY_USABLE);
            return primary;
        }
        SQLException failed = new SQLException("No reader of " + readers.hosts() + " is up, a standby and within "
                + readers.maxLag().toMillis() + " ms of the primary (retry.readersFallBackToPrimary=false)", "08001");
        if (none != null) {
            failed.initCause(none);
        }
        throw failed;
    }

    @Override
    public void discard(Connection old) {
        if (switching) {
            switching = false;
            if (!held.undoable()) {
                // it may hold a role, a tenant, a lock that code in the database set: never taken back
                held = HeldSettings.NONE;
                writer.discard(old);
                return;
            }
            // kept for the next switch back: the role it was dialed for is the one it leaves
            if (onReader) {
                closeQuietly(parkedReader);
                parkedReader = old;
                readerHeld = held;
            } else {
                closeQuietly(parkedWriter);
                parkedWriter = old;
                writerHeld = held;
            }
            held = HeldSettings.NONE;
            return;
        }
        writer.discard(old);
    }

    /** The retrying connection closed: so are the parked ones. */
    @Override
    void close() {
        closeQuietly(parkedReader);
        closeQuietly(parkedWriter);
        parkedReader = null;
        parkedWriter = null;
    }

    private void closeQuietly(Connection c) {
        if (c != null) {
            writer.discard(c);
        }
    }

    @Override
    public String describe() {
        return writer.describe() + " (readers " + readers.hosts() + ")";
    }

    @Override
    public Connection dial(HostChoice hosts) throws SQLException {
        if (reads) {
            return dial();
        }
        Connection parked = takeParkedWriter();
        return parked != null ? parked : writer.dial(hosts);
    }

    private Connection takeParkedWriter() throws SQLException {
        onReader = false;
        Connection parked = takenBack(parkedWriter, writerHeld);
        parkedWriter = null;
        writerHeld = HeldSettings.NONE;
        return parked;
    }

    /**
     * A parked connection back in use, from the state a fresh one has: what the session had set on
     * it is undone (the session it is given next is restored onto it by the caller, as onto a new
     * dial, and may have reset some of it on the other server meanwhile). Null when there is none,
     * or it is closed or refuses the reset: then a new one is dialed.
     */
    private Connection takenBack(Connection parked, HeldSettings heldOnIt) throws SQLException {
        if (parked == null || parked.isClosed()) {
            return null;
        }
        try {
            heldOnIt.undoOn(parked);
            return parked;
        } catch (SQLException unusable) {
            writer.discard(parked); // died while parked, most likely: as good as never parked
            return null;
        }
    }
}
