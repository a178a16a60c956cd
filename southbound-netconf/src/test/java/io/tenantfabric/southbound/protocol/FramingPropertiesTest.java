package io.tenantfabric.southbound.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.assertj.core.api.Assertions;

/** RFC 6242 framing round trips: random messages, random split points, both framings. */
class FramingPropertiesTest {

  private static final long MAX = 1 << 20;

  @Property(tries = 300)
  void chunkedRoundTripsWithRandomSplits(
      @ForAll("messages") List<byte[]> messages,
      @ForAll @IntRange(min = 1, max = 50) int maxChunk,
      @ForAll("splitSeeds") List<Integer> splits) {
    Framing framing = new ChunkedFraming(maxChunk);
    byte[] stream = encodeAll(framing, messages);
    assertSameMessages(decodeSplit(framing.newDecoder(MAX), stream, splits), messages);
  }

  @Property(tries = 300)
  void endOfMessageRoundTripsWithRandomSplits(
      @ForAll("eomMessages") List<byte[]> messages, @ForAll("splitSeeds") List<Integer> splits) {
    Framing framing = Framing.endOfMessage();
    byte[] stream = encodeAll(framing, messages);
    assertSameMessages(decodeSplit(framing.newDecoder(MAX), stream, splits), messages);
  }

  @Property(tries = 100)
  void chunkedDecodesByteAtATime(
      @ForAll("messages") List<byte[]> messages, @ForAll @IntRange(min = 1, max = 9) int maxChunk) {
    Framing framing = new ChunkedFraming(maxChunk);
    assertSameMessages(
        decodeByteAtATime(framing.newDecoder(MAX), encodeAll(framing, messages)), messages);
  }

  @Property(tries = 100)
  void endOfMessageDecodesByteAtATime(@ForAll("eomMessages") List<byte[]> messages) {
    Framing framing = Framing.endOfMessage();
    assertSameMessages(
        decodeByteAtATime(framing.newDecoder(MAX), encodeAll(framing, messages)), messages);
  }

  @Property(tries = 200)
  void switchesFromEndOfMessageToChunkedRightAfterTheHello(
      @ForAll("eomMessage") byte[] hello,
      @ForAll("messages") List<byte[]> rest,
      @ForAll("splitSeeds") List<Integer> splits) {
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    stream.writeBytes(Framing.endOfMessage().encode(hello));
    stream.writeBytes(encodeAll(Framing.chunked(), rest));
    byte[] all = stream.toByteArray();

    List<byte[]> got = new ArrayList<>();
    FrameDecoder decoder = Framing.endOfMessage().newDecoder(MAX);
    boolean switched = false;
    for (ByteBuffer piece : pieces(all, splits)) {
      byte[] m;
      while ((m = decoder.decode(piece)) != null) {
        got.add(m);
        if (!switched) {
          decoder = Framing.chunked().newDecoder(MAX);
          switched = true;
        }
      }
    }
    List<byte[]> expected = new ArrayList<>();
    expected.add(hello);
    expected.addAll(rest);
    assertSameMessages(got, expected);
  }

  @Property(tries = 100)
  void chunkedRefusesAMessageOneByteOverTheLimit(
      @ForAll @Size(min = 2, max = 200) byte[] message, @ForAll @IntRange(min = 1, max = 7) int k) {
    FrameDecoder decoder = new ChunkedFraming(k).newDecoder(message.length - 1);
    ByteBuffer in = ByteBuffer.wrap(new ChunkedFraming(k).encode(message));
    Assertions.assertThatThrownBy(
            () -> {
              while (in.hasRemaining()) {
                decoder.decode(in);
              }
            })
        .isInstanceOf(MessageTooLargeException.class);
  }

  @Property(tries = 100)
  void endOfMessageAcceptsExactlyTheLimitAndRefusesOneMore(@ForAll("eomMessage") byte[] message) {
    byte[] framed = Framing.endOfMessage().encode(message);
    FrameDecoder exact = Framing.endOfMessage().newDecoder(message.length);
    assertThat(exact.decode(ByteBuffer.wrap(framed))).isEqualTo(message);
    if (message.length > 1) {
      FrameDecoder tight = Framing.endOfMessage().newDecoder(message.length - 1);
      Assertions.assertThatThrownBy(() -> tight.decode(ByteBuffer.wrap(framed)))
          .isInstanceOf(MessageTooLargeException.class);
    }
  }

  // ---------------------------------------------------------------- generators

  @Provide
  Arbitrary<List<byte[]>> messages() {
    return message().list().ofMinSize(1).ofMaxSize(6);
  }

  @Provide
  Arbitrary<List<byte[]>> eomMessages() {
    return eomMessage().list().ofMinSize(1).ofMaxSize(6);
  }

  @Provide
  Arbitrary<byte[]> eomMessage() {
    return message().filter(FramingPropertiesTest::eomFramable);
  }

  /** Bytes biased towards the delimiter characters so partial delimiters are common. */
  private Arbitrary<byte[]> message() {
    Arbitrary<Byte> tricky =
        Arbitraries.frequencyOf(
            Tuple.of(4, Arbitraries.of((byte) ']', (byte) '>', (byte) '#', (byte) '\n')),
            Tuple.of(1, Arbitraries.bytes()));
    return tricky.array(byte[].class).ofMinSize(1).ofMaxSize(300);
  }

  @Provide
  Arbitrary<List<Integer>> splitSeeds() {
    return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMaxSize(20);
  }

  // ---------------------------------------------------------------- helpers

  static byte[] encodeAll(Framing framing, List<byte[]> messages) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] m : messages) {
      out.writeBytes(framing.encode(m));
    }
    return out.toByteArray();
  }

  static List<ByteBuffer> pieces(byte[] stream, List<Integer> seeds) {
    TreeSet<Integer> cuts = new TreeSet<>();
    for (int s : seeds) {
      if (stream.length > 1) {
        cuts.add(1 + s % (stream.length - 1));
      }
    }
    cuts.add(stream.length);
    List<ByteBuffer> out = new ArrayList<>();
    int from = 0;
    for (int cut : cuts) {
      // a copy per read, as a transport would hand over
      out.add(ByteBuffer.wrap(Arrays.copyOfRange(stream, from, cut)));
      from = cut;
    }
    return out;
  }

  static List<byte[]> decodeSplit(FrameDecoder decoder, byte[] stream, List<Integer> seeds) {
    List<byte[]> got = new ArrayList<>();
    for (ByteBuffer piece : pieces(stream, seeds)) {
      byte[] m;
      while ((m = decoder.decode(piece)) != null) {
        got.add(m);
      }
      assertThat(piece.hasRemaining()).isFalse();
    }
    assertThat(decoder.buffered()).isZero();
    return got;
  }

  static List<byte[]> decodeByteAtATime(FrameDecoder decoder, byte[] stream) {
    List<byte[]> got = new ArrayList<>();
    for (byte b : stream) {
      byte[] m = decoder.decode(ByteBuffer.wrap(new byte[] {b}));
      if (m != null) {
        got.add(m);
      }
    }
    return got;
  }

  static void assertSameMessages(List<byte[]> got, List<byte[]> expected) {
    assertThat(got).hasSameSizeAs(expected);
    for (int i = 0; i < got.size(); i++) {
      assertThat(got.get(i)).as("message %d", i).isEqualTo(expected.get(i));
    }
  }

  /** EOM cannot carry messages that contain ]]>]]> or end with a prefix of it (no XML does). */
  private static boolean eomFramable(byte[] m) {
    try {
      Framing.endOfMessage().encode(m);
      return true;
    } catch (FramingException e) {
      return false;
    }
  }
}
