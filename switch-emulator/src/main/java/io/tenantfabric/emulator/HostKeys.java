package io.tenantfabric.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.apache.sshd.common.util.security.SecurityUtils;

/**
 * Per-switch host keys (ECDSA nistp256) and their OpenSSH fingerprints: generated at start, or,
 * with a key directory, generated there once and loaded on every later start, so that a switch
 * keeps its identity across restarts of the process.
 */
public final class HostKeys {
  /** Owner read and write only, as OpenSSH wants of a private key. */
  static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

  private HostKeys() {}

  /** A fresh ecdsa-sha2-nistp256 key pair. */
  public static KeyPair generate() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(new ECGenParameterSpec("secp256r1"));
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK lacks secp256r1", e);
    }
  }

  /**
   * The key of {@code switchName} in {@code dir} ({@code <switchName>.key}, OpenSSH private key
   * format, as {@code ssh-keygen} writes it): loaded when the file exists, else generated and
   * written there with mode 0600 (the directory is created 0700 when missing). A key file that
   * others may read, or that holds no single key pair, is refused with an {@link
   * IllegalStateException} that names the file.
   */
  public static KeyPair loadOrCreate(Path dir, String switchName) {
    Path file = dir.resolve(switchName + ".key");
    try {
      if (!Files.isDirectory(dir)) {
        Files.createDirectories(dir, posix(dir) ? ownerOnlyDir() : new FileAttribute<?>[0]);
      }
      if (Files.exists(file)) {
        return load(file);
      }
      KeyPair key = generate();
      write(file, key, switchName);
      return key;
    } catch (FileAlreadyExistsException e) {
      // another process created it between the check and the write: use that one
      return load(file);
    } catch (IOException e) {
      throw new IllegalStateException("cannot create the host key " + file + ": " + e, e);
    }
  }

  /**
   * A new key for {@code switchName} (a wiped switch is a new unit), written over {@code
   * <switchName>.key} in {@code dir} with mode 0600 so that later starts load it.
   */
  public static KeyPair replace(Path dir, String switchName) {
    Path file = dir.resolve(switchName + ".key");
    KeyPair key = generate();
    try {
      if (!Files.isDirectory(dir)) {
        Files.createDirectories(dir, posix(dir) ? ownerOnlyDir() : new FileAttribute<?>[0]);
      }
      Path tmp = newKeyFile(file, key, switchName);
      try {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
      return key;
    } catch (IOException e) {
      throw new IllegalStateException("cannot replace the host key " + file + ": " + e, e);
    }
  }

  /** {@code SHA256:} + unpadded base64 of SHA-256 over the SSH public key blob. */
  public static String fingerprint(KeyPair kp) {
    return KeyUtils.getFingerPrint(BuiltinDigests.sha256, kp.getPublic());
  }

  private static KeyPair load(Path file) {
    try {
      if (posix(file)) {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        if (!OWNER_ONLY.containsAll(perms)) {
          throw new IllegalStateException(
              "the host key "
                  + file
                  + " may be read by others ("
                  + PosixFilePermissions.toString(perms)
                  + "); make it 0600 or remove it to get a new key");
        }
      }
      List<KeyPair> keys = new ArrayList<>();
      try (InputStream in = Files.newInputStream(file)) {
        Iterable<KeyPair> read =
            SecurityUtils.loadKeyPairIdentities(
                null, NamedResource.ofName(file.toString()), in, FilePasswordProvider.EMPTY);
        if (read != null) {
          read.forEach(keys::add);
        }
      }
      if (keys.size() != 1) {
        throw new IllegalStateException(
            "the host key " + file + " holds " + keys.size() + " key pairs, expected one");
      }
      return keys.get(0);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot read the host key " + file + ": " + e, e);
    }
  }

  /**
   * Writes the key to a file created with mode 0600 from the start (never readable by others, not
   * even for a moment); fails with FileAlreadyExistsException when the file exists.
   */
  private static void write(Path file, KeyPair key, String comment) throws IOException {
    Path tmp = newKeyFile(file, key, comment);
    try {
      // no REPLACE_EXISTING: an existing key is never overwritten (FileAlreadyExistsException)
      Files.move(tmp, file);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** The key in a new temporary file beside {@code file}, created with mode 0600. */
  private static Path newKeyFile(Path file, KeyPair key, String comment) throws IOException {
    Path tmp =
        posix(file)
            ? Files.createTempFile(
                file.getParent(),
                ".host-key-",
                ".tmp",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY))
            : Files.createTempFile(file.getParent(), ".host-key-", ".tmp");
    try (OutputStream out = Files.newOutputStream(tmp)) {
      OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(key, comment, null, out);
    } catch (GeneralSecurityException e) {
      Files.deleteIfExists(tmp);
      throw new IOException("cannot encode the host key of " + comment, e);
    }
    return tmp;
  }

  private static boolean posix(Path p) {
    return p.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  private static FileAttribute<?>[] ownerOnlyDir() {
    return new FileAttribute<?>[] {
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
    };
  }
}
