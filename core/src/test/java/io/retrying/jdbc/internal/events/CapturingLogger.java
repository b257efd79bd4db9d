package io.retrying.jdbc.internal.events;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;
import org.slf4j.event.Level;
import org.slf4j.event.LoggingEvent;
import org.slf4j.helpers.AbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.spi.LoggingEventAware;

/** An SLF4J logger that keeps what it is given, independent of the binding on the class path. */
final class CapturingLogger extends AbstractLogger implements LoggingEventAware {

    /** One line as logged. */
    record Line(Level level, String message, List<KeyValuePair> keyValues, Throwable throwable) {
        String keyValue(String key) {
            for (KeyValuePair kv : keyValues) {
                if (kv.key.equals(key)) {
                    return String.valueOf(kv.value);
                }
            }
            return null;
        }
    }

    final List<Line> lines = new CopyOnWriteArrayList<>();
    private final Level threshold;

    CapturingLogger(Level threshold) {
        this.threshold = threshold;
        this.name = "capturing";
    }

    @Override
    public void log(LoggingEvent event) {
        String message = MessageFormatter.basicArrayFormat(event.getMessage(), event.getArgumentArray());
        List<KeyValuePair> kvs = event.getKeyValuePairs() == null ? List.of() : new ArrayList<>(event.getKeyValuePairs());
        lines.add(new Line(event.getLevel(), message, kvs, event.getThrowable()));
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String messagePattern,
            Object[] arguments, Throwable throwable) {
        lines.add(new Line(level, MessageFormatter.basicArrayFormat(messagePattern, arguments),
                List.of(), throwable));
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    private boolean on(Level level) {
        return level.toInt() >= threshold.toInt();
    }

    @Override public boolean isTraceEnabled() { return on(Level.TRACE); }
    @Override public boolean isTraceEnabled(Marker marker) { return on(Level.TRACE); }
    @Override public boolean isDebugEnabled() { return on(Level.DEBUG); }
    @Override public boolean isDebugEnabled(Marker marker) { return on(Level.DEBUG); }
    @Override public boolean isInfoEnabled() { return on(Level.INFO); }
    @Override public boolean isInfoEnabled(Marker marker) { return on(Level.INFO); }
    @Override public boolean isWarnEnabled() { return on(Level.WARN); }
    @Override public boolean isWarnEnabled(Marker marker) { return on(Level.WARN); }
    @Override public boolean isErrorEnabled() { return on(Level.ERROR); }
    @Override public boolean isErrorEnabled(Marker marker) { return on(Level.ERROR); }
}
