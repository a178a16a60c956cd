package io.tenantfabric.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs git in one directory and returns what it printed. */
final class Git {

  private static final long TIMEOUT_SECONDS = 60;

  record Result(int exitCode, String out, String err) {
    boolean succeeded() {
      return exitCode == 0;
    }
  }

  private final Path directory;
  private final Map<String, String> environment;

  Git(Path directory) {
    this(directory, Map.of());
  }

  /** With {@code environment} added to this process's for every command. */
  Git(Path directory, Map<String, String> environment) {
    this.directory = directory;
    this.environment = Map.copyOf(environment);
  }

  /** The trimmed standard output of a command that has to succeed. */
  String output(String... arguments) {
    Result result = run(arguments);
    if (!result.succeeded()) {
      throw new IllegalStateException(
          "git "
              + String.join(" ", arguments)
              + " failed in "
              + directory
              + " (exit "
              + result.exitCode()
              + "): "
              + result.err().strip());
    }
    return result.out().strip();
  }

  boolean succeeds(String... arguments) {
    return run(arguments).succeeded();
  }

  Result run(String... arguments) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(arguments));
    Process process;
    try {
      ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
      builder.environment().putAll(environment);
      process = builder.start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "git could not be started in "
              + directory
              + " (is git installed and on the PATH?): "
              + e.getMessage(),
          e);
    }
    try {
      process.getOutputStream().close();
      CompletableFuture<String> err =
          CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
      String out = read(process.getInputStream());
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "git " + String.join(" ", arguments) + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      return new Result(process.exitValue(), out, err.join());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IllegalStateException("interrupted while git ran", e);
    }
  }

  private static String read(InputStream stream) {
    try (stream) {
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
