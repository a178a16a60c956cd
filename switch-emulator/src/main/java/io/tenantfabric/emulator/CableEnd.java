package io.tenantfabric.emulator;

/**
 * One end of a cable: a switch port ({@code leaf-01}, {@code FourHundredGigE1/0/33}) or a server
 * NIC ({@code gpu-node-001}, {@code mlx5_0}). Equal by value.
 */
public sealed interface CableEnd {
  /** A port of an emulated switch, by the switch's name and the port's full name. */
  record SwitchPort(String device, String port) implements CableEnd {
    public SwitchPort {
      if (device == null || port == null) {
        throw new IllegalArgumentException("a switch port needs a device and a port");
      }
    }

    @Override
    public String toString() {
      return device + " " + port;
    }
  }

  /** A NIC of a server, by the server's name and the NIC's name ({@code mlx5_N}). */
  record ServerNic(String server, String nic) implements CableEnd {
    public ServerNic {
      if (server == null || nic == null) {
        throw new IllegalArgumentException("a server NIC needs a server and a NIC");
      }
    }

    @Override
    public String toString() {
      return server + " " + nic;
    }
  }

  /** Port {@code port} of switch {@code device}. */
  static CableEnd port(String device, String port) {
    return new SwitchPort(device, port);
  }

  /** NIC {@code nic} of server {@code server}. */
  static CableEnd nic(String server, String nic) {
    return new ServerNic(server, nic);
  }
}
