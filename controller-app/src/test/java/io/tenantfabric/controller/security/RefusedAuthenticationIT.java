package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.FreshSchemaInitializer;
import io.tenantfabric.db.token.TokenLookup;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * Refused authentications cost little: an address (an IPv6 address by its /64) past its budget and
 * its grace is answered 429 before its token is looked up; the log takes a bounded number of their
 * lines; and a request without a valid token that sends its body slowly holds no request thread for
 * long, whether it presents a bad token (answered at once, its body never read) or none (its body
 * read for a bounded time).
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "server.tomcat.threads.max=4",
      "fabric.bootstrap-token=" + ApiClient.BOOTSTRAP_TOKEN,
      "fabric.auth.failures-per-minute=5",
      "fabric.auth.trusted-proxies=127.0.0.1/32, ::1",
      "fabric.auth.refusal-log-per-minute=3",
      "fabric.auth.body-timeout=1s",
      "fabric.reconcile.interval=0", // tests ask for the runs they want
      "logging.level.root=WARN",
      "logging.level.io.tenantfabric=INFO"
    })
@ContextConfiguration(initializers = FreshSchemaInitializer.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class RefusedAuthenticationIT {

  static final String WRONG = "tf_not-a-token-of-this-service-0123456789abcdef";
  static final String CLIENT = "X-Forwarded-For";

  @LocalServerPort int port;
  @MockitoSpyBean TokenLookup tokens;

  @Test
  void pastItsBudgetAndGraceAnAddressIsRefusedWithoutALookup() {
    ApiClient api = new ApiClient(port);
    ApiClient wrong = api.withToken(WRONG);
    clearInvocations(tokens);
    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      statuses.add(wrong.get("/api/v1/tenants", CLIENT, "198.51.100.20").status());
    }
    assertThat(statuses.subList(0, 5)).containsOnly(401);
    assertThat(statuses.subList(5, 30)).containsOnly(429);
    // the budget (5) and the grace (5) were looked up; the other 20 never reached the database
    verify(tokens, times(10)).bySecretHash(any());
    // so is a valid token from there, until the address has budget again
    ApiClient.Response blocked = api.get("/api/v1/tenants", CLIENT, "198.51.100.20");
    assertThat(blocked.status()).isEqualTo(429);
    assertThat(blocked.isProblem()).isTrue();
    assertThat(blocked.header("Retry-After")).isPresent();
    assertThat(api.get("/api/v1/tenants", CLIENT, "198.51.100.21").status()).isEqualTo(200);
  }

  @Test
  void everyAddressOfOneIpv6Slash64SharesOneBudget() {
    ApiClient wrong = new ApiClient(port).withToken(WRONG);
    for (int i = 1; i <= 5; i++) {
      assertThat(wrong.get("/api/v1/tenants", CLIENT, "2001:db8:77:1::" + i).status())
          .isEqualTo(401);
    }
    assertThat(wrong.get("/api/v1/tenants", CLIENT, "2001:db8:77:1:ffff::6").status())
        .isEqualTo(429);
    assertThat(wrong.get("/api/v1/tenants", CLIENT, "2001:db8:77:2::1").status()).isEqualTo(401);
  }

  @Test
  void refusalsWriteNoMoreLinesThanTheirBudget(CapturedOutput output) {
    ApiClient wrong = new ApiClient(port).withToken(WRONG);
    for (int i = 0; i < 10; i++) {
      wrong.get("/api/v1/tenants", CLIENT, "192.0.2.99");
    }
    long lines = output.getAll().lines().filter(l -> l.contains(" client=192.0.2.99 ")).count();
    assertThat(lines).isBetween(0L, 3L);
  }

  @Test
  void slowBodiesWithoutAValidTokenHoldNoRequestThread() throws Exception {
    List<SlowSender> senders = new ArrayList<>();
    try {
      // twice as many as the server has request threads
      for (int i = 0; i < 4; i++) {
        senders.add(SlowSender.start(port, WRONG, "192.0.2.50"));
        senders.add(SlowSender.start(port, null, "192.0.2.51"));
      }
      Thread.sleep(300);
      long t0 = System.nanoTime();
      ApiClient.Response served = new ApiClient(port).get("/api/v1/tenants");
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
      assertThat(served.status()).isEqualTo(200);
      assertThat(millis).as("waited for a request thread").isLessThan(5_000);
      for (SlowSender s : senders) {
        String answer = s.answer.get(20, TimeUnit.SECONDS);
        // a bad token: 401 at once, its body never read; none: its body read for 1 s, then 408;
        // either way the server closes the connection rather than read the rest
        assertThat(answer).doesNotContain(SlowSender.NOT_CLOSED);
        // a reset (the rest of the body arriving at a closed socket) may overtake the answer
        if (!answer.startsWith(SlowSender.RESET)) {
          assertThat(answer).startsWith(s.token == null ? "HTTP/1.1 408" : "HTTP/1.1 401");
        }
      }
    } finally {
      for (SlowSender s : senders) {
        s.socket.close();
      }
    }
  }

  /**
   * A chunked PUT that sends one byte of body every 200 ms for 6 s, and what the server answered
   * until it closed the connection.
   */
  private static final class SlowSender {
    static final String NOT_CLOSED = "[connection still open]";
    static final String RESET = "[reset]";
    static final ExecutorService THREADS = Executors.newCachedThreadPool();

    final Socket socket;
    final String token;
    final CompletableFuture<String> answer;

    private SlowSender(Socket socket, String token, CompletableFuture<String> answer) {
      this.socket = socket;
      this.token = token;
      this.answer = answer;
    }

    static SlowSender start(int port, String token, String client) throws IOException {
      Socket socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(15_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("PUT /api/v1/fabric HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Transfer-Encoding: chunked\r\n"
                  + CLIENT
                  + ": "
                  + client
                  + "\r\n"
                  + (token == null ? "" : "Authorization: Bearer " + token + "\r\n")
                  + "\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      THREADS.execute(
          () -> {
            try {
              for (int i = 0; i < 30; i++) {
                out.write("1\r\n{\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(200);
              }
            } catch (IOException e) {
              // the server closed the connection: what a slow sender should meet
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      CompletableFuture<String> answer =
          CompletableFuture.supplyAsync(
              () -> {
                ByteArrayOutputStream seen = new ByteArrayOutputStream();
                try {
                  InputStream in = socket.getInputStream();
                  byte[] buf = new byte[4096];
                  for (int n; (n = in.read(buf)) >= 0; ) {
                    seen.write(buf, 0, n);
                  }
                  return seen.toString(StandardCharsets.US_ASCII);
                } catch (SocketTimeoutException e) {
                  return seen.toString(StandardCharsets.US_ASCII) + NOT_CLOSED;
                } catch (IOException e) {
                  return seen.size() == 0 ? RESET : seen.toString(StandardCharsets.US_ASCII);
                }
              },
              THREADS);
      return new SlowSender(socket, token, answer);
    }
  }
}
