package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.southbound.protocol.Framing;
import org.junit.jupiter.api.Test;

/** Client-wide limits are checked when the options are built, with a message naming the field. */
class ClientOptionsTest {

  @Test
  void defaultsAllowSixteenMebibyteMessages() {
    assertThat(ClientOptions.defaults().maxMessageSize()).isEqualTo(16L * 1024 * 1024);
  }

  @Test
  void maxMessageSizeAtOrAboveTwoGibibytesIsRefusedNamingTheField() {
    // ByteAccumulator holds a message in one byte[]: 2 GiB used to overflow its int sizes.
    assertThatThrownBy(() -> ClientOptions.defaults().withMaxMessageSize(2L * 1024 * 1024 * 1024))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ClientOptions.maxMessageSize")
        .hasMessageContaining("2147483639")
        .hasMessageContaining("got 2147483648");
    assertThatThrownBy(
            () -> ClientOptions.defaults().withMaxMessageSize(Framing.LARGEST_MAX_MESSAGE_SIZE + 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theLargestArraySizedLimitIsAccepted() {
    assertThat(
            ClientOptions.defaults()
                .withMaxMessageSize(Framing.LARGEST_MAX_MESSAGE_SIZE)
                .maxMessageSize())
        .isEqualTo(Integer.MAX_VALUE - 8);
  }

  @Test
  void maxMessageSizeBelowTheFloorIsRefusedNamingTheField() {
    assertThatThrownBy(() -> ClientOptions.defaults().withMaxMessageSize(16))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ClientOptions.maxMessageSize must be 4096..")
        .hasMessageContaining("got 16");
    assertThat(ClientOptions.defaults().withMaxMessageSize(4096).maxMessageSize()).isEqualTo(4096);
  }

  @Test
  void decodersRefuseALimitNoArrayCanHold() {
    assertThatThrownBy(() -> Framing.chunked().newDecoder(Integer.MAX_VALUE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxMessageSize");
    assertThatThrownBy(() -> Framing.endOfMessage().newDecoder(Integer.MAX_VALUE))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void defaultsShareA64MebibyteParseBudgetAmongAtLeastTwoThreads() {
    ClientOptions d = ClientOptions.defaults();
    assertThat(d.parseBudget()).isEqualTo(64L * 1024 * 1024);
    assertThat(d.parseThreads()).isBetween(2, ClientOptions.MAX_PARSE_THREADS);
    assertThat(d.unknownReplyLimit()).isEqualTo(16);
  }

  @Test
  void aParseBudgetSmallerThanOneMessageIsRefusedNamingTheField() {
    assertThatThrownBy(() -> ClientOptions.defaults().withParseBudget(1024 * 1024))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ClientOptions.parseBudget must be at least maxMessageSize")
        .hasMessageContaining("16777216");
  }

  @Test
  void raisingMaxMessageSizeRaisesASmallerParseBudgetWithIt() {
    ClientOptions big = ClientOptions.defaults().withMaxMessageSize(100L * 1024 * 1024);
    assertThat(big.parseBudget()).isEqualTo(100L * 1024 * 1024);
    ClientOptions small = ClientOptions.defaults().withMaxMessageSize(8192);
    assertThat(small.parseBudget()).isEqualTo(ClientOptions.DEFAULT_PARSE_BUDGET);
  }

  @Test
  void parseThreadsAndUnknownReplyLimitAreBoundedNamingTheField() {
    assertThatThrownBy(() -> ClientOptions.defaults().withParseThreads(0))
        .hasMessageContaining("ClientOptions.parseThreads must be 1..64, got 0");
    assertThatThrownBy(() -> ClientOptions.defaults().withParseThreads(65))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ClientOptions.defaults().withUnknownReplyLimit(0))
        .hasMessageContaining("ClientOptions.unknownReplyLimit must be at least 1, got 0");
  }
}
