/**
 * Dialing: {@code Dialer} gives physical connections (through pgjdbc's driver or a
 * {@code DataSource}); {@code HostChoice} picks the host of a multi-host URL; each server has a
 * {@code CircuitBreaker} ({@code Breakers}), and {@code DialGate} lets one probe through an open
 * one; {@code ObservingSocketFactory} tells a dial that reached no server from one a server refused;
 * {@code ReaderPool} is a writer's data source with a pool of readers beside it, and
 * {@code StandbyVerdicts} what its readers' connections were found to be.
 *
 * <p>May call config, events and the public engine types.
 */
package io.retrying.jdbc.internal.dial;
