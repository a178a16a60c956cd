package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;

/** One unit of change on a switch, small enough to be one edit-config or one CLI block. */
public sealed interface EditStep {

  /** The Comware module this step writes. */
  ComwareFeature feature();

  /** A short human text for logs and errors, e.g. "attach FourHundredGigE1/0/5 to t-acme". */
  String describe();

  /** Admin state and description of a managed port. */
  record SetPortState(PortName port, boolean adminUp, String description) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.IFMGR;
    }

    public String describe() {
      return (adminUp ? "enable " : "shut down ") + port.value();
    }
  }

  record CreateVsi(String vsi) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.L2VPN;
    }

    public String describe() {
      return "create vsi " + vsi;
    }
  }

  record DeleteVsi(String vsi) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.L2VPN;
    }

    public String describe() {
      return "delete vsi " + vsi;
    }
  }

  record MapVxlan(String vsi, Vni vni) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.VXLAN;
    }

    public String describe() {
      return "map vxlan " + vni.value() + " to " + vsi;
    }
  }

  record UnmapVxlan(String vsi, Vni vni) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.VXLAN;
    }

    public String describe() {
      return "unmap vxlan " + vni.value() + " from " + vsi;
    }
  }

  /** An untagged service instance on a port (L2VPN SRV row). */
  record CreateService(PortName port, int srvId) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.L2VPN;
    }

    public String describe() {
      return "create service-instance " + srvId + " on " + port.value();
    }
  }

  record RemoveService(PortName port, int srvId) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.L2VPN;
    }

    public String describe() {
      return "remove service-instance " + srvId + " from " + port.value();
    }
  }

  /** The xconnect of a service instance into a VSI (L2VPN AC row). */
  record Attach(PortName port, int srvId, String vsi) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.L2VPN;
    }

    public String describe() {
      return "attach " + port.value() + " service-instance " + srvId + " to " + vsi;
    }
  }

  record Detach(PortName port, int srvId, String vsi) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.L2VPN;
    }

    public String describe() {
      return "detach " + port.value() + " service-instance " + srvId + " from " + vsi;
    }
  }

  record CreateAcl(String acl) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.ACL;
    }

    public String describe() {
      return "create acl " + acl;
    }
  }

  record DeleteAcl(String acl) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.ACL;
    }

    public String describe() {
      return "delete acl " + acl;
    }
  }

  record AddRule(String acl, AclRule rule) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.ACL;
    }

    public String describe() {
      return "add rule " + rule.id() + " to acl " + acl;
    }
  }

  record RemoveRule(String acl, int ruleId) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.ACL;
    }

    public String describe() {
      return "remove rule " + ruleId + " from acl " + acl;
    }
  }

  /** An inbound IPv4 packet-filter on a port (ACL PfilterApply row). */
  record ApplyFilter(PortName port, String acl) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.ACL;
    }

    public String describe() {
      return "apply packet-filter " + acl + " inbound on " + port.value();
    }
  }

  record RemoveFilter(PortName port, String acl) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.ACL;
    }

    public String describe() {
      return "remove packet-filter " + acl + " from " + port.value();
    }
  }

  /**
   * Takes a packet filter the intent does not compile off a port (an extra): any direction, any ACL
   * family (ACL PfilterApply row).
   */
  record RemoveExtraFilter(PortName port, PortExtra.PacketFilter filter) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.ACL;
    }

    public String describe() {
      return "remove " + filter.key() + " from " + port.value();
    }
  }

  /** Takes a QoS line the lossless settings do not account for off a port (CLI only). */
  record RemoveQos(PortName port, String line) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.QOS;
    }

    public String describe() {
      return "remove '" + line + "' from " + port.value();
    }
  }

  /** Moves a port's lossless settings from {@code from} to {@code to} (CLI only). */
  record SetLossless(PortName port, PortLossless from, PortLossless to) implements EditStep {
    public ComwareFeature feature() {
      return ComwareFeature.QOS;
    }

    public String describe() {
      return "set lossless settings on " + port.value();
    }
  }
}
