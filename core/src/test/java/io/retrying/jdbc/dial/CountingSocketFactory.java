package io.retrying.jdbc.dial;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory}: a plain socket, and the moment of every dial (pgjdbc asks for one
 * socket per host it tries), so that a test counts the dials that reach the network, refused ones
 * included, which a server log or a proxy cannot see. pgjdbc makes one factory per connection
 * attempt, hence the static record.
 */
public final class CountingSocketFactory extends SocketFactory {
    /** System.nanoTime() of every socket asked for. */
    static final ConcurrentLinkedQueue<Long> DIALS = new ConcurrentLinkedQueue<>();

    public CountingSocketFactory() {
    }

    /** Dials between two moments of System.nanoTime(). */
    static long between(long fromNanos, long toNanos) {
        return DIALS.stream().filter(t -> t - fromNanos >= 0 && toNanos - t > 0).count();
    }

    @Override
    public Socket createSocket() {
        DIALS.add(System.nanoTime());
        return new Socket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        DIALS.add(System.nanoTime());
        return new Socket(host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        DIALS.add(System.nanoTime());
        return new Socket(host, port, localHost, localPort);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        DIALS.add(System.nanoTime());
        return new Socket(host, port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        DIALS.add(System.nanoTime());
        return new Socket(address, port, localAddress, localPort);
    }
}
