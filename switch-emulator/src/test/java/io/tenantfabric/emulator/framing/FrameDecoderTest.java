package io.tenantfabric.emulator.framing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FrameDecoderTest {

  private static List<String> decode(FrameMode mode, byte[] bytes, int[] splits)
      throws MalformedFrameException {
    List<String> out = new ArrayList<>();
    FrameDecoder d = new FrameDecoder(1 << 20, out::add);
    d.mode(mode);
    int from = 0;
    for (int s : splits) {
      d.feed(bytes, from, s - from);
      from = s;
    }
    d.feed(bytes, from, bytes.length - from);
    return out;
  }

  /** A hello in end-of-message framing followed by an rpc in chunked framing, as after base:1.1. */
  private static final byte[] HELLO_EOM = Frames.encode("<hello/>", FrameMode.END_OF_MESSAGE);

  private static final byte[] RPC_CHUNKED = Frames.encode("<rpc/>", FrameMode.CHUNKED);

  /** A decoder whose sink records each message and then does {@code then} to the decoder. */
  private static FrameDecoder recording(List<String> out, Consumer<FrameDecoder> then) {
    FrameDecoder[] d = new FrameDecoder[1];
    d[0] =
        new FrameDecoder(
            1024,
            m -> {
              out.add(m);
              then.accept(d[0]);
            });
    return d[0];
  }

  private static byte[] concat(List<byte[]> frames) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    frames.forEach(b::writeBytes);
    return b.toByteArray();
  }

  private static byte[] concat(List<String> messages, FrameMode mode) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (String m : messages) {
      b.writeBytes(Frames.encode(m, mode));
    }
    return b.toByteArray();
  }

  @Test
  void endOfMessageWholeAndByteAtATime() throws Exception {
    byte[] bytes = concat(List.of("<a/>", "<b>x</b>"), FrameMode.END_OF_MESSAGE);
    assertThat(decode(FrameMode.END_OF_MESSAGE, bytes, new int[0]))
        .containsExactly("<a/>", "<b>x</b>");
    List<String> out = new ArrayList<>();
    FrameDecoder d = new FrameDecoder(1 << 20, out::add);
    for (byte b : bytes) {
      d.feed(new byte[] {b}, 0, 1);
    }
    assertThat(out).containsExactly("<a/>", "<b>x</b>");
  }

  @Test
  void endOfMessageFindsTheDelimiterAfterAPartialMatch() throws Exception {
    byte[] bytes = "a]]]>]]>b]]>]]]>]]>".getBytes(StandardCharsets.UTF_8);
    assertThat(decode(FrameMode.END_OF_MESSAGE, bytes, new int[] {3, 5}))
        .containsExactly("a]", "b]]>]");
  }

  @Test
  void endOfMessageEndsAtTheFirstDelimiterEvenInsideALongerRunOfBrackets() throws Exception {
    byte[] bytes = "]]>]]>]]>".getBytes(StandardCharsets.UTF_8);
    assertThat(decode(FrameMode.END_OF_MESSAGE, bytes, new int[0])).containsExactly("");
  }

  @Test
  void chunkedWithSeveralChunksAndSplitHeaders() throws Exception {
    byte[] bytes = "\n#3\nabc\n#2\nde\n##\n\n#1\nz\n##\n".getBytes(StandardCharsets.US_ASCII);
    for (int split = 1; split < bytes.length; split++) {
      assertThat(decode(FrameMode.CHUNKED, bytes, new int[] {split})).containsExactly("abcde", "z");
    }
  }

  @Test
  void modeSwitchFromTheSinkAppliesToTheVeryNextByte() throws Exception {
    byte[] all = concat(List.of(HELLO_EOM, RPC_CHUNKED));
    List<String> out = new ArrayList<>();
    FrameDecoder d = recording(out, x -> x.mode(FrameMode.CHUNKED));
    d.feed(all, 0, all.length);
    assertThat(out).containsExactly("<hello/>", "<rpc/>");
  }

  @Test
  void aPauseFromTheSinkStopsRightAfterTheMessageAndTheRestDecodesAfterResume() throws Exception {
    byte[] all = concat(List.of(HELLO_EOM, RPC_CHUNKED));
    int hello = HELLO_EOM.length;
    int rpc = RPC_CHUNKED.length;
    List<String> out = new ArrayList<>();
    FrameDecoder d = recording(out, FrameDecoder::pause);
    assertThat(d.feed(all, 0, all.length)).isEqualTo(hello);
    assertThat(d.feed(all, hello, rpc)).as("still paused").isZero();
    assertThat(out).containsExactly("<hello/>");
    d.mode(FrameMode.CHUNKED);
    d.resume();
    assertThat(d.feed(all, hello, rpc)).isEqualTo(rpc);
    assertThat(out).containsExactly("<hello/>", "<rpc/>");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "\n#0\n",
        "\n#01\na",
        "\n#x\n",
        "#1\na",
        "\n##\n",
        "\n#1a",
        "\n#4294967296\n",
        "\n#1\na\n#"
      })
  void malformedChunkHeadersAreFatal(String input) {
    assertThatThrownBy(
            () -> {
              byte[] b = (input + "\n##\n").getBytes(StandardCharsets.US_ASCII);
              decode(FrameMode.CHUNKED, b, new int[0]);
            })
        .isInstanceOf(MalformedFrameException.class);
  }

  @Test
  void oversizedMessagesAreMalformed() {
    FrameDecoder d = new FrameDecoder(8, m -> {});
    byte[] b = "0123456789]]>]]>".getBytes(StandardCharsets.US_ASCII);
    assertThatThrownBy(() -> d.feed(b, 0, b.length)).isInstanceOf(MalformedFrameException.class);
  }

  @Provide
  Arbitrary<List<String>> messages() {
    return Arbitraries.strings()
        .withCharRange(' ', '~')
        .withChars('\n', ']', '>', '#', 'é')
        .ofMinLength(1)
        .ofMaxLength(300)
        // End-of-message framing ends a message at the first delimiter, so a message that
        // contains one, or ends in "]]>" and would form one with its own delimiter, cannot be
        // framed that way at all (RFC 6242, section 4.3).
        .filter(s -> (s + "]]>]]>").indexOf("]]>]]>") == s.length())
        .list()
        .ofMinSize(1)
        .ofMaxSize(5);
  }

  @Property(tries = 300)
  void anySplitOfAnyMessagesDecodesToTheSameMessages(
      @ForAll("messages") List<String> messages,
      @ForAll boolean chunked,
      @ForAll("splits") List<Integer> rawSplits)
      throws Exception {
    FrameMode mode = chunked ? FrameMode.CHUNKED : FrameMode.END_OF_MESSAGE;
    byte[] bytes = concat(messages, mode);
    int[] splits =
        rawSplits.stream().mapToInt(s -> s % (bytes.length + 1)).sorted().distinct().toArray();
    assertThat(decode(mode, bytes, splits)).containsExactlyElementsOf(messages);
  }

  @Provide
  Arbitrary<List<Integer>> splits() {
    return Arbitraries.integers().between(0, 100_000).list().ofMaxSize(12);
  }
}
