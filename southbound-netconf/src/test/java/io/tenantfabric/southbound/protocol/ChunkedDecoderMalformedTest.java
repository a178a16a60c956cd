package io.tenantfabric.southbound.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** RFC 6242 section 4.2: every malformed chunk header is fatal, fed whole or byte by byte. */
class ChunkedDecoderMalformedTest {

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of("leading zero", "\n#01\nx\n##\n", "zero"),
        Arguments.of("zero size", "\n#0\n\n##\n", "zero"),
        Arguments.of("size above 4294967295", "\n#4294967296\n", "4294967295"),
        Arguments.of("eleven digits", "\n#10000000000\n", "4294967295"),
        Arguments.of("non-digit in size", "\n#1a\nx\n##\n", "digits"),
        Arguments.of("negative size", "\n#-1\n", "digits"),
        Arguments.of("space before size", "\n# 1\n", "digits"),
        Arguments.of("no LF before hash", "#1\nx\n##\n", "LF"),
        Arguments.of("CR instead of LF", "\r#1\nx\n##\n", "LF"),
        Arguments.of("missing hash", "\n1\nx\n##\n", "#"),
        Arguments.of("empty size", "\n#\nx\n##\n", "digits"),
        Arguments.of("end-of-chunks without chunk", "\n##\n", "before any chunk"),
        Arguments.of("missing LF after end", "\n#1\nx\n##x", "LF ## LF"),
        Arguments.of("data longer than size", "\n#1\nxy\n##\n", "LF"),
        Arguments.of("CRLF after size", "\n#1\r\nx\n##\n", "digits"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void refusesWholeInput(String name, String input, String reason) {
    FrameDecoder decoder = Framing.chunked().newDecoder(1 << 20);
    ByteBuffer in = ByteBuffer.wrap(input.getBytes(StandardCharsets.ISO_8859_1));
    assertThatThrownBy(
            () -> {
              while (in.hasRemaining()) {
                decoder.decode(in);
              }
            })
        .isInstanceOf(FramingException.class)
        .hasMessageContaining(reason);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void refusesByteAtATimeAndStaysFailed(String name, String input, String reason) {
    FrameDecoder decoder = Framing.chunked().newDecoder(1 << 20);
    byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
    assertThatThrownBy(
            () -> {
              for (byte b : bytes) {
                decoder.decode(ByteBuffer.wrap(new byte[] {b}));
              }
            })
        .isInstanceOf(FramingException.class)
        .hasMessageContaining(reason);
    assertThatThrownBy(() -> decoder.decode(ByteBuffer.wrap("\n#1\nx\n##\n".getBytes())))
        .isInstanceOf(FramingException.class);
  }

  @Test
  void acceptsAChunkHeaderUpToTheLargestLimit() {
    FrameDecoder decoder = Framing.chunked().newDecoder(Framing.LARGEST_MAX_MESSAGE_SIZE);
    // Only the header: 2147483639 bytes of data would follow.
    assertThat(decoder.decode(ByteBuffer.wrap("\n#2147483639\nabc".getBytes()))).isNull();
    assertThat(decoder.buffered()).isEqualTo(3);
  }

  @Test
  void theLargestLegalChunkHeaderIsRefusedForItsSizeNotItsSyntax() {
    // RFC 6242 allows 4294967295; no limit a decoder accepts is that large (one byte[] per
    // message).
    FrameDecoder decoder = Framing.chunked().newDecoder(Framing.LARGEST_MAX_MESSAGE_SIZE);
    assertThatThrownBy(() -> decoder.decode(ByteBuffer.wrap("\n#4294967295\n".getBytes())))
        .isInstanceOf(MessageTooLargeException.class);
  }

  @Test
  void refusesAChunkHeaderThatAnnouncesMoreThanTheLimit() {
    FrameDecoder decoder = Framing.chunked().newDecoder(1000);
    assertThatThrownBy(() -> decoder.decode(ByteBuffer.wrap("\n#1001\n".getBytes())))
        .isInstanceOf(MessageTooLargeException.class);
  }

  @Test
  void decodesRfc6242Example() {
    // RFC 6242 section 4.2 example: two chunks of 4 and 18 bytes.
    String framed = "\n#4\n<rpc\n#18\n message-id=\"102\"\n\n##\n";
    byte[] m = Framing.chunked().newDecoder(1 << 20).decode(ByteBuffer.wrap(framed.getBytes()));
    assertThat(new String(m, StandardCharsets.UTF_8)).isEqualTo("<rpc message-id=\"102\"\n");
  }

  @Test
  void endOfMessageEncoderRefusesTheDelimiterInsideAMessage() {
    assertThatThrownBy(() -> Framing.endOfMessage().encode("<a><!-- ]]>]]> --></a>".getBytes()))
        .isInstanceOf(FramingException.class);
  }

  @Test
  void endOfMessageFindsADelimiterAfterAPartialOne() {
    byte[] m =
        Framing.endOfMessage()
            .newDecoder(100)
            .decode(ByteBuffer.wrap("a]]>]]]>]]>".getBytes(StandardCharsets.US_ASCII)));
    assertThat(new String(m, StandardCharsets.US_ASCII)).isEqualTo("a]]>]");
  }
}
