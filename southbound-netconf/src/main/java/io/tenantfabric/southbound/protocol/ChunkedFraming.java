package io.tenantfabric.southbound.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Base 1.1 framing: {@code \n#<size>\n<data>} chunks then {@code \n##\n} (RFC 6242 section 4.2);
 * messages longer than maxChunkSize are written as several chunks.
 */
public record ChunkedFraming(int maxChunkSize) implements Framing {

  /** RFC 6242 section 4.2: chunk-size is 1..4294967295. */
  public static final long MAX_CHUNK_SIZE = 4294967295L;

  static final ChunkedFraming SINGLE_CHUNK = new ChunkedFraming(Integer.MAX_VALUE);

  public ChunkedFraming {
    if (maxChunkSize < 1) {
      throw new IllegalArgumentException("maxChunkSize must be positive: " + maxChunkSize);
    }
  }

  @Override
  public byte[] encode(byte[] message) {
    if (message.length == 0) {
      throw new FramingException("a chunked message needs at least one byte (RFC 6242 4.2)");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(message.length + 32);
    for (int off = 0; off < message.length; off += maxChunkSize) {
      int len = Math.min(maxChunkSize, message.length - off);
      out.writeBytes(("\n#" + len + "\n").getBytes(StandardCharsets.US_ASCII));
      out.write(message, off, len);
    }
    out.writeBytes(END_OF_CHUNKS);
    return out.toByteArray();
  }

  @Override
  public FrameDecoder newDecoder(long maxMessageSize) {
    return new ChunkedDecoder(maxMessageSize);
  }

  private static final byte[] END_OF_CHUNKS = "\n##\n".getBytes(StandardCharsets.US_ASCII);
}
