package io.tenantfabric.demo;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The demo's directory, locked for as long as this demo runs so that a second one cannot share it:
 * {@code postgres/} (the embedded database), {@code operator-token}, {@code inventory.json}, {@code
 * children} (the processes this run started), {@code lib/} and {@code logs/}.
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

  /** Creates the directory ({@code 0700}) if needed and locks it. */
  static DataDirectory open(Path root) throws IOException, DemoException {
    if (!Files.isDirectory(root)) {
      Files.createDirectories(root);
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
    }
    Files.createDirectories(root.resolve("logs"));
    Files.createDirectories(root.resolve("lib"));
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

  @Override
  public void close() throws IOException {
    lock.release();
    lockChannel.close();
  }
}
