package io.tenantfabric.demo;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

/**
 * The demo's directory, locked for as long as this demo runs so that a second one cannot share it:
 * {@code postgres/} (the embedded database) and {@code postgres-passwords}, {@code
 * local-postgres-passwords} (the roles the demo made on a local server), {@code operator-token} and
 * {@code operator-header}, {@code inventory.json}, {@code children} (the processes this run
 * started), {@code lib/} (the controller's jar, PostgreSQL's binaries) and {@code logs/}. It and
 * its directories are the user's alone ({@code 0700}): they hold secrets, and programs this demo
 * runs.
 */
final class DataDirectory implements AutoCloseable {
  private final Path root;
  private final FileChannel lockChannel;
  private final FileLock lock;

  private DataDirectory(Path root, FileChannel lockChannel, FileLock lock) {
    this.root = root;
    this.lockChannel = lockChannel;
    this.lock = lock;
  }

  /**
   * Creates the directory if needed and locks it; narrows it to {@code 0700} when it is new, empty
   * or a demo's (another directory named with {@code --data-dir} keeps its mode: its own
   * directories are narrowed either way).
   */
  static DataDirectory open(Path root) throws IOException, DemoException {
    if (!Files.isDirectory(root)) {
      Files.createDirectories(root);
      ownerOnly(root);
    } else if (Files.exists(root.resolve("demo.lock")) || isEmpty(root)) {
      ownerOnly(root);
    }
    for (String sub : new String[] {"logs", "lib"}) {
      Files.createDirectories(root.resolve(sub));
      ownerOnly(root.resolve(sub));
    }
    FileChannel channel =
        FileChannel.open(
            root.resolve("demo.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock = channel.tryLock();
    if (lock == null) {
      channel.close();
      throw new DemoException(
          "another demo is running on "
              + root
              + ": stop it (Ctrl-C), or give this one another directory with --data-dir DIR or"
              + " FABRIC_DEMO_DIR=DIR");
    }
    return new DataDirectory(root, channel, lock);
  }

  Path root() {
    return root;
  }

  Path postgres() {
    return root.resolve("postgres");
  }

  Path token() {
    return root.resolve("operator-token");
  }

  /** The OPERATOR token as a curl header file ({@code curl -H @file}), kept with the token. */
  Path tokenHeader() {
    return root.resolve("operator-header");
  }

  /** The passwords of the embedded database's roles. */
  Path postgresPasswords() {
    return root.resolve("postgres-passwords");
  }

  /** The passwords of the roles the demo made on a local server (when none was given). */
  Path localPostgresPasswords() {
    return root.resolve("local-postgres-passwords");
  }

  /** Where zonky unpacks PostgreSQL's binaries. */
  Path postgresBinaries() {
    return root.resolve("lib").resolve("postgres");
  }

  Path inventory() {
    return root.resolve("inventory.json");
  }

  Path children() {
    return root.resolve("children");
  }

  Path lib() {
    return root.resolve("lib");
  }

  Path log(String name) {
    return root.resolve("logs").resolve(name + ".log");
  }

  private static void ownerOnly(Path dir) throws IOException {
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }

  @Override
  public void close() throws IOException {
    lock.release();
    lockChannel.close();
  }
}
