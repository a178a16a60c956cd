package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.device.Identity;
import io.tenantfabric.emulator.identity.SerialNumbers;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdentitiesTest {
  @Test
  void aRenewedSwitchGetsTheSerialOfItsWipeCountAndANewKey() {
    Identities ids = new Identities(null);
    Identity first = ids.first("leaf-01");
    Identity renewed = ids.renew("leaf-01", 1);
    assertThat(first.serialNumber()).isEqualTo(SerialNumbers.of("leaf-01", 0, 0));
    assertThat(renewed.serialNumber()).isEqualTo(SerialNumbers.of("leaf-01", 1, 0));
    assertThat(renewed.hostKeySha256()).isNotEqualTo(first.hostKeySha256());
  }

  @Test
  void aSerialTakenAlreadyIsDerivedAgainWithTheNextSalt() {
    Identities ids = new Identities(null);
    ids.first("leaf-01");
    // the same name and wipe count again: the unit must still differ from every other
    assertThat(ids.renew("leaf-01", 0).serialNumber()).isEqualTo(SerialNumbers.of("leaf-01", 0, 1));
  }

  @Test
  void aSwitchInstalledLaterGetsTheSerialItsStandInHeldAndOnlyThenAKeyFile(@TempDir Path dir)
      throws Exception {
    Identities ids = new Identities(dir);
    Identity standIn = ids.standIn("spine-03");
    assertThat(Files.exists(dir.resolve("spine-03.key"))).isFalse();
    Identity installed = ids.first("spine-03");
    assertThat(installed.serialNumber()).isEqualTo(standIn.serialNumber());
    assertThat(installed.hostKeySha256()).isNotEqualTo(standIn.hostKeySha256());
    assertThat(Files.exists(dir.resolve("spine-03.key"))).isTrue();
  }

  @Test
  void withAKeyDirectoryAWipeReplacesTheKeptKey(@TempDir Path dir) throws Exception {
    Identities ids = new Identities(dir);
    Identity first = ids.first("leaf-01");
    Identity renewed = ids.renew("leaf-01", 1);
    assertThat(new Identities(dir).first("leaf-01").hostKeySha256())
        .isEqualTo(renewed.hostKeySha256())
        .isNotEqualTo(first.hostKeySha256());
    assertThat(Files.getPosixFilePermissions(dir.resolve("leaf-01.key")))
        .isEqualTo(HostKeys.OWNER_ONLY);
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(dir.resolve("leaf-01.key"));
    }
  }
}
