package io.tenantfabric.emulator;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;

/** Per-switch host keys (ECDSA nistp256, generated at start) and their OpenSSH fingerprints. */
public final class HostKeys {
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

  /** {@code SHA256:} + unpadded base64 of SHA-256 over the SSH public key blob. */
  public static String fingerprint(KeyPair kp) {
    return KeyUtils.getFingerPrint(BuiltinDigests.sha256, kp.getPublic());
  }
}
