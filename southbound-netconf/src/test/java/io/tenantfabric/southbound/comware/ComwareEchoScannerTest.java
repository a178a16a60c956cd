package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Comware's CLI error texts (comware-facts.md 2.6, 5, 6) are found and kept verbatim. */
class ComwareEchoScannerTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "% Unrecognized command found at '^' position.|UNRECOGNIZED",
        "% Incomplete command found at '^' position.|INCOMPLETE",
        "% Wrong parameter found at '^' position.|WRONG_PARAMETER",
        "% Too many parameters found at '^' position.|WRONG_PARAMETER",
        "% Ambiguous command found at '^' position.|WRONG_PARAMETER",
        "The feature L2VPN has not been enabled.|FEATURE_DISABLED",
        "This operation will delete all L2VPN configuration. Continue? [Y/N]:|CONFIRMATION_PROMPT",
        "Error: The VSI does not exist.|REFUSED",
        "Failed to apply the ACL to the interface.|REFUSED",
        "The specified VXLAN ID is already in use.|REFUSED"
      })
  void classifiesRealComwareTexts(String line, CliError.Kind kind) {
    List<CliError> errors =
        CliEchoScanner.scan(List.of("vsi t-acme"), "[leaf-01]vsi t-acme\n" + line + "\n");
    assertThat(errors)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.kind()).isEqualTo(kind);
              assertThat(e.deviceText()).isEqualTo(line);
              assertThat(e.command()).isEqualTo("vsi t-acme");
            });
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "[leaf-01]vsi t-acme",
        "[leaf-01-vsi-t-acme]vxlan 10005",
        "[leaf-01-vsi-t-acme]quit",
        "<leaf-01>",
        "           ^",
        "[leaf-01-FourHundredGigE1/0/5]description t-acme node does not exist yet",
      })
  void echoedCommandsAndCaretsAreNotErrors(String line) {
    List<String> sent =
        List.of(
            "vsi t-acme",
            " vxlan 10005",
            " quit",
            "interface FourHundredGigE1/0/5",
            " description t-acme node does not exist yet");
    assertThat(CliEchoScanner.scan(sent, line)).isEmpty();
  }

  @Test
  void errorIsAttributedToTheCommandBeforeIt() {
    List<String> sent = List.of("vsi t-acme", " vxlan 10005", " quit");
    String echo =
        "<leaf-01>system-view\n[leaf-01]vsi t-acme\n[leaf-01-vsi-t-acme] vxlan 10005\n"
            + "                       ^\n% Unrecognized command found at '^' position.\n[leaf-01-vsi-t-acme] quit\n";
    assertThat(CliEchoScanner.scan(sent, echo))
        .extracting(CliError::command)
        .containsExactly("vxlan 10005");
  }

  @Test
  void requireCleanThrowsWithTheDevicesOwnWords() {
    assertThatThrownBy(
            () ->
                CliEchoScanner.requireClean(
                    "leaf-07",
                    List.of("vsi t-acme"),
                    "vsi t-acme\nThe feature L2VPN has not been enabled.\n"))
        .isInstanceOf(CliRejectedException.class)
        .hasMessageContaining("leaf-07")
        .hasMessageContaining("The feature L2VPN has not been enabled.")
        .satisfies(e -> assertThat(((CliRejectedException) e).echo()).contains("vsi t-acme"));
  }

  @Test
  void cleanEchoPasses() {
    List<String> lines = ComwareCli.render(new EditStep.CreateVsi("t-acme"));
    CliEchoScanner.requireClean("leaf-01", lines, String.join("\n", lines));
  }
}
