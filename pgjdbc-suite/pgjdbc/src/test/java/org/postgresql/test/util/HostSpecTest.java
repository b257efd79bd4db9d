/*
 * Copyright (c) 2017, PostgreSQL Global Development Group
 * See the LICENSE file in the project root for more information.
 */

package org.postgresql.test.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.postgresql.util.HostSpec;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * @author Joe Kutner on 10/19/17.
 *         Twitter: @codefinger
 */
class HostSpecTest {

  @AfterEach
  void cleanup() {
    System.clearProperty("socksProxyHost");
    System.clearProperty("socksProxyPort");
    System.clearProperty("socksNonProxyHosts");
  }

  @Test
  void shouldResolve() throws Exception {
    HostSpec hostSpec = new HostSpec("localhost", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveWithEmptySocksProxyHost() throws Exception {
    System.setProperty("socksProxyHost", "");
    HostSpec hostSpec = new HostSpec("localhost", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveWithWhiteSpaceSocksProxyHost() throws Exception {
    System.setProperty("socksProxyHost", " ");
    HostSpec hostSpec = new HostSpec("localhost", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveWithSocksProxyHost() throws Exception {
    System.setProperty("socksProxyHost", "fake-socks-proxy");
    HostSpec hostSpec = new HostSpec("example.com", 5432);
    assertFalse(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveWithSocksProxyHostWithLocalhost() throws Exception {
    System.setProperty("socksProxyHost", "fake-socks-proxy");
    HostSpec hostSpec = new HostSpec("localhost", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveWithSocksNonProxyHost() throws Exception {
    System.setProperty("socksProxyHost", "fake-socks-proxy");
    System.setProperty("socksNonProxyHosts", "example.com");
    HostSpec hostSpec = new HostSpec("example.com", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveWithSocksNonProxyHosts() throws Exception {
    System.setProperty("socksProxyHost", "fake-socks-proxy");
    System.setProperty("socksNonProxyHosts", "example.com|localhost");
    HostSpec hostSpec = new HostSpec("example.com", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveWithSocksNonProxyHostsNotMatching() throws Exception {
    System.setProperty("socksProxyHost", "fake-socks-proxy");
    System.setProperty("socksNonProxyHosts", "example.com|localhost");
    HostSpec hostSpec = new HostSpec("example.org", 5432);
    assertFalse(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveLocalhostIpWhenNonProxyHostsSetWithoutIt() throws Exception {
    // Reproduces the macOS scenario: socksNonProxyHosts is set by the JVM
    // (e.g. "local|*.local|169.254/16|*.169.254/16") but does NOT include 127.0.0.1.
    // DefaultProxySelector always appends its built-in defaults (localhost, 127.*, etc.),
    // so HostSpec must do the same to avoid an UnknownHostException from unresolved addresses.
    System.setProperty("socksProxyHost", "127.0.0.1");
    System.setProperty("socksNonProxyHosts", "local|*.local|169.254/16|*.169.254/16");
    HostSpec hostSpec = new HostSpec("127.0.0.1", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldResolveLocalhostWhenNonProxyHostsSetWithoutIt() throws Exception {
    System.setProperty("socksProxyHost", "127.0.0.1");
    System.setProperty("socksNonProxyHosts", "local|*.local");
    HostSpec hostSpec = new HostSpec("localhost", 5432);
    assertTrue(hostSpec.shouldResolve());
  }

  @Test
  void shouldReturnEmptyLocalAddressBind() throws Exception {
    HostSpec hostSpec = new HostSpec("example.org", 5432);
    assertNull(hostSpec.getLocalSocketAddress());
  }

  @Test
  void shouldReturnLocalAddressBind() throws Exception {
    HostSpec hostSpec = new HostSpec("example.org", 5432, "foo");
    assertEquals("foo", hostSpec.getLocalSocketAddress());
  }
}
