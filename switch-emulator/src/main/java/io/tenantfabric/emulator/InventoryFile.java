package io.tenantfabric.emulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes the inventory readable by its owner only, since it holds the SSH password: the content
 * goes to a new file in the same directory that is created with mode 0600, which then replaces the
 * target by an atomic rename. So the password is never in a file others can read, not even for a
 * moment, and whatever mode an older file at the target had does not matter.
 */
final class InventoryFile {
  static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

  private InventoryFile() {}

  static void write(Path target, String json) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    FileAttribute<?>[] attrs =
        posix
            ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
            : new FileAttribute<?>[0];
    Path tmp = Files.createTempFile(dir, ".inventory-", ".tmp", attrs);
    try {
      Files.writeString(tmp, json, StandardCharsets.UTF_8);
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
