package io.retrying.jdbc.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/** Application threads that run requests back to back until told to stop. */
final class Clients {

  /** One request. */
  @FunctionalInterface
  interface Request {
    void run() throws Exception;
  }

  /** Sees every request's outcome, on the client's thread. */
  @FunctionalInterface
  interface Observer {
    void done(int client, long startNanos, long endNanos, Exception failure);
  }

  private final List<Thread> threads = new ArrayList<>();
  private final AtomicBoolean stop = new AtomicBoolean();
  private final CountDownLatch started;

  private Clients(int count) {
    started = new CountDownLatch(count);
  }

  /** Starts {@code count} clients, each running {@code request} (then pausing {@code pause}) until {@link #stop}. */
  static Clients start(String name, int count, Duration pause, Request request, Observer observer) {
    Clients clients = new Clients(count);
    long pauseMillis = pause.toMillis();
    for (int i = 0; i < count; i++) {
      int client = i;
      Thread t = new Thread(() -> {
        clients.started.countDown();
        while (!clients.stop.get()) {
          long start = System.nanoTime();
          Exception failure = null;
          try {
            request.run();
          } catch (Exception e) {
            failure = e;
          }
          observer.done(client, start, System.nanoTime(), failure);
          if (pauseMillis > 0) {
            try {
              Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
              return;
            }
          }
        }
      }, name + "-" + i);
      t.setDaemon(true);
      clients.threads.add(t);
      t.start();
    }
    try {
      clients.started.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return clients;
  }

  /** Tells every client to stop after its current request and waits for them. */
  void stop() throws InterruptedException {
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
  }

  /**
   * Requests completed by {@code count} clients in {@code duration}: successes, failures, the CPU
   * time the client threads used from the end of each one's first request on (nanoseconds, summed
   * over the threads: the
   * application's side of each request, pgjdbc and the layer included; garbage collection and the
   * JIT, which run on threads of their own, are not in it), and how many requests that CPU time covers.
   */
  static long[] countFor(int count, Duration duration, Request request) throws InterruptedException {
    long[] ok = new long[count];
    long[] failed = new long[count];
    long[] cpuStart = new long[count];
    long[] cpuNow = new long[count];
    long[] cpuRequests = new long[count];
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Clients clients = start("load", count, Duration.ZERO, request, (client, s, e, failure) -> {
      if (failure == null) {
        ok[client]++;
      } else {
        failed[client]++;
      }
      long cpu = threads.getCurrentThreadCpuTime();
      if (cpuStart[client] == 0) {
        cpuStart[client] = cpu; // from the end of the first request on: the thread's start is no request's
      } else {
        cpuRequests[client]++;
      }
      cpuNow[client] = cpu;
    });
    Thread.sleep(duration.toMillis());
    clients.stop();
    long okSum = 0;
    long failedSum = 0;
    long cpuSum = 0;
    long cpuRequestSum = 0;
    for (int i = 0; i < count; i++) {
      okSum += ok[i];
      failedSum += failed[i];
      cpuSum += cpuNow[i] - cpuStart[i];
      cpuRequestSum += cpuRequests[i];
    }
    return new long[] {okSum, failedSum, cpuSum, cpuRequestSum};
  }
}
