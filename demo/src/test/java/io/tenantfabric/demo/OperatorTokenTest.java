package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperatorTokenTest {
  @TempDir Path dir;

  @Test
  void theFirstStartMakesAnOwnerOnlyTokenThatLaterStartsReuse() throws Exception {
    Path file = dir.resolve("operator-token");

    String first = OperatorToken.readOrCreate(file);
    String second = OperatorToken.readOrCreate(file);

    assertThat(first).startsWith(OperatorToken.PREFIX).hasSizeGreaterThanOrEqualTo(32);
    assertThat(second).isEqualTo(first);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void aTokenFileReadableByOthersIsNarrowedToItsOwner() throws Exception {
    Path file = dir.resolve("operator-token");
    Files.writeString(file, "tf_demo_0123456789abcdefghijklmnopqrstuvwxyz\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(OperatorToken.readOrCreate(file))
        .isEqualTo("tf_demo_0123456789abcdefghijklmnopqrstuvwxyz");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void aFileWithoutAUsableTokenIsRefusedWithWhatToDo() throws Exception {
    Path file = dir.resolve("operator-token");
    Files.writeString(file, "short\n");

    assertThatThrownBy(() -> OperatorToken.readOrCreate(file))
        .isInstanceOf(DemoException.class)
        .hasMessageContaining("does not hold a usable token")
        .hasMessageContaining("delete it");
  }
}
