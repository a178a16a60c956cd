package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo on a machine without a reachable PostgreSQL: it embeds one in its data directory, where
 * no role logs in without its password, and that directory keeps the tenants, the OPERATOR token
 * and the roles' passwords across a Ctrl-C and across a run that was killed outright.
 */
class DemoRestartIT {
  private static final int SWITCHES = 48; // h3c-s9825-1024: 16 spines, 32 leaves

  @TempDir Path work;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** Every demo this test started, so that a failure half-way leaves nothing running. */
  private final List<DemoProcess> started = new ArrayList<>();

  @AfterEach
  void destroyWhatAFailureLeft() throws Exception {
    for (DemoProcess demo : started) {
      demo.destroyLeftovers();
    }
  }

  @Test
  void embeddedDatabaseKeepsTenantsAndTheTokenAcrossARestartAndAKilledRun() throws Exception {
    Path dataDir = work.resolve("data");
    DemoProcess.Ports ports = DemoProcess.Ports.pick(SWITCHES);
    String api = "http://127.0.0.1:" + ports.server() + "/api/v1";

    // first run: a fresh directory
    DemoProcess first = DemoProcess.start(dataDir, ports, work.resolve("first.out"));
    started.add(first);
    String token = first.awaitReady();
    assertThat(first.output()).contains("database: embedded PostgreSQL on 127.0.0.1:" + ports.db());
    assertThat(Files.readString(dataDir.resolve("operator-token")).strip()).isEqualTo(token);
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dataDir.resolve("operator-token"))))
        .isEqualTo("rw-------");
    HttpResponse<String> created =
        send(
            token,
            HttpRequest.newBuilder(URI.create(api + "/tenants"))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"name\":\"restart-probe\",\"displayName\":\"Restart probe\","
                            + "\"gpuQuota\":8}")));
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    Map<String, ProcessHandle> firstProcesses = first.processes();
    assertThat(firstProcesses).containsOnlyKeys("controller", "emulator", "postmaster");
    // the embedded server takes no login without its password, and keeps the passwords private
    String passwords = Files.readString(dataDir.resolve("postgres-passwords"));
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dataDir.resolve("postgres-passwords"))))
        .isEqualTo("rw-------");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dataDir.resolve("operator-header"))))
        .isEqualTo("rw-------");
    for (String role : List.of("postgres", "tenant_fabric_owner", "tenant_fabric")) {
      assertThatThrownBy(
              () ->
                  DriverManager.getConnection(
                          "jdbc:postgresql://127.0.0.1:" + ports.db() + "/postgres", role, "")
                      .close())
          .as("%s logs in without a password", role)
          .isInstanceOf(SQLException.class);
    }

    assertThat(first.interrupt()).as("exit code after SIGINT").isEqualTo(130);
    assertThat(firstProcesses.values()).noneMatch(ProcessHandle::isAlive);
    first.assertNothingListens();
    assertThat(first.output()).contains("stopped.");

    // second run, same directory: same token, the tenant is still there
    DemoProcess second = DemoProcess.start(dataDir, ports, work.resolve("second.out"));
    started.add(second);
    assertThat(second.awaitReady()).isEqualTo(token);
    assertThat(Files.readString(dataDir.resolve("postgres-passwords"))).isEqualTo(passwords);
    assertThat(tenant(api, token).statusCode()).isEqualTo(200);
    assertThat(tenant(api, token).body()).contains("\"name\":\"restart-probe\"");

    // killed outright, its postmaster too: children left running and a stale postmaster.pid
    Map<String, ProcessHandle> secondProcesses = second.processes();
    second.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    ProcessHandle postmaster = secondProcesses.get("postmaster");
    postmaster.destroyForcibly();
    postmaster.onExit().get(30, TimeUnit.SECONDS);
    assertThat(secondProcesses.get("controller").isAlive()).isTrue();
    assertThat(secondProcesses.get("emulator").isAlive()).isTrue();
    assertThat(dataDir.resolve("postgres/postmaster.pid")).exists();

    // third run cleans up after it and starts on the same data
    DemoProcess third = DemoProcess.start(dataDir, ports, work.resolve("third.out"));
    started.add(third);
    assertThat(third.awaitReady()).isEqualTo(token);
    assertThat(third.output())
        .contains("stopping the controller (pid " + secondProcesses.get("controller").pid())
        .contains("stopping the emulator (pid " + secondProcesses.get("emulator").pid())
        .contains("that a killed run left running")
        .contains("removed the stale postmaster.pid");
    assertThat(secondProcesses.values()).noneMatch(ProcessHandle::isAlive);
    assertThat(tenant(api, token).body()).contains("\"name\":\"restart-probe\"");
    Map<String, ProcessHandle> thirdProcesses = third.processes();

    assertThat(third.interrupt()).isEqualTo(130);
    assertThat(thirdProcesses.values()).noneMatch(ProcessHandle::isAlive);
    third.assertNothingListens();
  }

  private HttpResponse<String> tenant(String api, String token) throws Exception {
    return send(token, HttpRequest.newBuilder(URI.create(api + "/tenants/restart-probe")).GET());
  }

  private HttpResponse<String> send(String token, HttpRequest.Builder request) throws Exception {
    return http.send(
        request.header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
