/**
 * The core's side of tracing: {@code Telemetry}, the one door to the process's
 * {@link io.retrying.jdbc.spi.LayerTelemetry} (the layer's own work framed, a listener added to
 * every connection's), and {@code AgentUrlNote}, which tells a JDBC tracing agent the database of a
 * {@code jdbc:retrying:postgresql:} connection. Depends on nothing else of the internals; every
 * other package may call it.
 */
package io.retrying.jdbc.internal.telemetry;
