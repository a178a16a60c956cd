package io.tenantfabric.controller.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import io.tenantfabric.controller.refusal.Refusal;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.MediaType;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The web edge's problems in a slice (MVC, the request id and body limit filters, the advice; no
 * database, no security): what a client gets for each refusal, for a failure only server code can
 * cause, and for a database that says "not now" or has no primary to reach. The filter order and
 * the refusals of Spring Security are the full stack's, in {@code ProblemResponsesIT} and {@code
 * RoleMatrixIT}.
 */
@WebMvcTest(
    controllers = ProblemAdviceTest.Endpoints.class,
    excludeAutoConfiguration = {
      SecurityAutoConfiguration.class,
      ServletWebSecurityAutoConfiguration.class,
      SecurityFilterAutoConfiguration.class,
      UserDetailsServiceAutoConfiguration.class
    })
@Import({ProblemAdviceTest.Endpoints.class, ProblemResponseWriter.class, WebConfiguration.class})
class ProblemAdviceTest {

  /** Endpoints that fail the way only the code behind them can. */
  @RestController
  static class Endpoints {
    @GetMapping("/test/boom")
    String boom() {
      throw new IllegalStateException("SELECT secret FROM internals");
    }

    @GetMapping("/test/integrity")
    String integrity() {
      throw new DataIntegrityViolationException(
          "ERROR: duplicate key value violates unique constraint \"tenants_live_name\"");
    }

    @GetMapping("/test/busy")
    String busy() {
      throw new CannotAcquireLockException(
          "could not obtain lock", new SQLException("canceling statement", "55P03"));
    }

    @GetMapping("/test/database/{failure}")
    String database(@PathVariable String failure) {
      throw switch (failure) {
        case "refused" ->
            // Hikari's pool timeout carries the state of the last connection attempt
            new CannotGetJdbcConnectionException(
                "Failed to obtain JDBC Connection",
                new SQLTransientConnectionException(
                    "HikariPool-1 - Connection is not available, request timed out after 5000ms",
                    "08001",
                    new SQLException("Connection to 127.0.0.1:5433 refused", "08001")));
        case "lost" ->
            new DataAccessResourceFailureException(
                "could not execute statement",
                new SQLException("An I/O error occurred while sending to the backend.", "08006"));
        case "shutdown" ->
            new UncategorizedSQLException(
                "commit",
                null,
                new SQLException("terminating connection due to administrator command", "57P01"));
        case "demoted" ->
            new UncategorizedSQLException(
                "insert",
                "INSERT INTO tenants",
                new SQLException("cannot execute INSERT in a read-only transaction", "25006"));
        case "rollback" -> {
          // the work failed on a lost connection, then its rollback failed and replaced it
          TransactionSystemException rollback =
              new TransactionSystemException(
                  "Could not roll back JPA transaction",
                  new IllegalStateException("Unable to rollback against JDBC Connection"));
          rollback.initApplicationException(
              new UncategorizedSQLException(
                  "select",
                  null,
                  new SQLException(
                      "An I/O error occurred while sending to the backend.", "08006")));
          yield rollback;
        }
        case "evicted" ->
            // a repository's own transaction: its rollback on a connection the pool evicted
            new JpaSystemException(
                new RuntimeException(
                    "Unable to rollback against JDBC Connection",
                    new SQLException("Connection is closed")));
        case "exhausted" ->
            new CannotGetJdbcConnectionException(
                "Failed to obtain JDBC Connection",
                new SQLTransientConnectionException(
                    "HikariPool-1 - Connection is not available, request timed out after 5000ms"));
        default -> new IllegalArgumentException(failure);
      };
    }

    @GetMapping("/test/refused/{reason}")
    String refused(@PathVariable String reason) {
      throw new Refusal(Refusal.Reason.valueOf(reason), "Refused", "Refused for " + reason + ".")
          .field("gpus")
          .with("free", 12);
    }

    @GetMapping("/test/later")
    String later() {
      throw new Refusal(Refusal.Reason.UNAVAILABLE, "Switch unreachable", "leaf-01 is busy.")
          .retryAfter(Duration.ofSeconds(5));
    }
  }

  @Autowired MockMvc mvc;
  @Autowired JsonMapper json;

  @Test
  void unexpectedFailureIs500ProblemWithOnlyTheRequestId() throws Exception {
    MockHttpServletResponse r = call("/test/boom");
    JsonNode body = assertProblem(r, 500);
    assertThat(r.getContentAsString()).doesNotContain("SELECT").doesNotContain("IllegalState");
    assertThat(body.get("detail").asString()).contains(r.getHeader("X-Request-Id"));
  }

  @Test
  void integrityViolationIs409WithoutSql() throws Exception {
    MockHttpServletResponse r = call("/test/integrity");
    assertProblem(r, 409);
    assertThat(r.getContentAsString())
        .doesNotContain("tenants_live_name")
        .doesNotContain("duplicate key");
  }

  @Test
  void aLockTimeoutIs503WithRetryAfterAndChangedNothing() throws Exception {
    MockHttpServletResponse r = call("/test/busy");
    JsonNode body = assertProblem(r, 503);
    assertThat(r.getHeader("Retry-After")).isEqualTo("1");
    assertThat(body.get("title").asString()).isEqualTo("Database busy");
    assertThat(body.get("detail").asString()).startsWith("The request changed nothing");
  }

  @ParameterizedTest
  @ValueSource(strings = {"refused", "lost", "shutdown", "demoted", "rollback", "evicted"})
  void noPrimaryToReachIs503DatabaseUnavailableWithRetryAfter(String failure) throws Exception {
    MockHttpServletResponse r = call("/test/database/" + failure);
    JsonNode body = assertProblem(r, 503);
    assertThat(r.getHeader("Retry-After")).isEqualTo("2");
    assertThat(body.get("title").asString()).isEqualTo("Database unavailable");
    assertThat(body.get("detail").asString()).contains("Idempotency-Key");
    assertThat(r.getContentAsString()).doesNotContain("127.0.0.1").doesNotContain("INSERT");
  }

  @Test
  void aPoolWithNoConnectionFreeIsStill503DatabaseBusy() throws Exception {
    MockHttpServletResponse r = call("/test/database/exhausted");
    JsonNode body = assertProblem(r, 503);
    assertThat(r.getHeader("Retry-After")).isEqualTo("1");
    assertThat(body.get("title").asString()).isEqualTo("Database busy");
    assertThat(body.get("detail").asString()).startsWith("The request changed nothing");
  }

  @ParameterizedTest
  @CsvSource({
    "INVALID, 400",
    "FORBIDDEN, 403",
    "NOT_FOUND, 404",
    "CONFLICT, 409",
    "TOO_LARGE, 413",
    "UNPROCESSABLE, 422",
    "TOO_MANY, 429",
    "UNAVAILABLE, 503"
  })
  void eachRefusalIsItsStatusNamingTheFieldWithItsProperties(String reason, int status)
      throws Exception {
    MockHttpServletResponse r = call("/test/refused/" + reason);
    JsonNode body = assertProblem(r, status);
    assertThat(body.get("title").asString()).isEqualTo("Refused");
    assertThat(body.get("detail").asString()).isEqualTo("Refused for " + reason + ".");
    assertThat(body.get("field").asString()).isEqualTo("gpus");
    assertThat(body.get("free").asInt()).isEqualTo(12);
    assertThat(r.getHeader("Retry-After")).isNull();
  }

  @Test
  void aRefusalThatPassesSaysWhenToTryAgain() throws Exception {
    MockHttpServletResponse r = call("/test/later");
    assertProblem(r, 503);
    assertThat(r.getHeader("Retry-After")).isEqualTo("5");
  }

  private MockHttpServletResponse call(String path) throws Exception {
    return mvc.perform(get(path).accept(MediaType.APPLICATION_JSON)).andReturn().getResponse();
  }

  private JsonNode assertProblem(MockHttpServletResponse r, int status) throws Exception {
    assertThat(r.getStatus()).as(r.getContentAsString()).isEqualTo(status);
    assertThat(r.getContentType()).startsWith(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    JsonNode body = json.readTree(r.getContentAsString());
    assertThat(body.get("status").asInt()).isEqualTo(status);
    assertThat(body.get("title").asString()).isNotBlank();
    assertThat(body.get("requestId").asString()).isEqualTo(r.getHeader("X-Request-Id"));
    return body;
  }
}
