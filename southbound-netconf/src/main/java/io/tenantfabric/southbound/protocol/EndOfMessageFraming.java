package io.tenantfabric.southbound.protocol;

import java.nio.charset.StandardCharsets;

/** Base 1.0 framing: the message followed by {@code ]]>]]>} (RFC 6242 section 4.3). */
public record EndOfMessageFraming() implements Framing {

  static final EndOfMessageFraming INSTANCE = new EndOfMessageFraming();
  static final byte[] DELIMITER = "]]>]]>".getBytes(StandardCharsets.US_ASCII);

  @Override
  public byte[] encode(byte[] message) {
    byte[] out = new byte[message.length + DELIMITER.length];
    System.arraycopy(message, 0, out, 0, message.length);
    System.arraycopy(DELIMITER, 0, out, message.length, DELIMITER.length);
    if (indexOf(out, DELIMITER) != message.length) {
      // The peer would end the message early: it contains ]]>]]> (possible inside comments or
      // CDATA) or ends with a prefix of it such as "]]>", which no well-formed document does.
      throw new FramingException("message contains or ends with part of the delimiter ]]>]]>");
    }
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
