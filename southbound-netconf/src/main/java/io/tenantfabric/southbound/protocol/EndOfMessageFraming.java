package io.tenantfabric.southbound.protocol;

import java.nio.charset.StandardCharsets;

/** Base 1.0 framing: the message followed by {@code ]]>]]>} (RFC 6242 section 4.3). */
public record EndOfMessageFraming() implements Framing {

  static final EndOfMessageFraming INSTANCE = new EndOfMessageFraming();
  static final byte[] DELIMITER = "]]>]]>".getBytes(StandardCharsets.US_ASCII);

  @Override
  public byte[] encode(byte[] message) {
    if (indexOf(message, DELIMITER) >= 0) {
      // The peer would split the message there; XML only lets it occur inside comments or CDATA.
      throw new FramingException("message contains the end-of-message delimiter ]]>]]>");
    }
    byte[] out = new byte[message.length + DELIMITER.length];
    System.arraycopy(message, 0, out, 0, message.length);
    System.arraycopy(DELIMITER, 0, out, message.length, DELIMITER.length);
    return out;
  }

  @Override
  public FrameDecoder newDecoder(long maxMessageSize) {
    return new EndOfMessageDecoder(maxMessageSize);
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
