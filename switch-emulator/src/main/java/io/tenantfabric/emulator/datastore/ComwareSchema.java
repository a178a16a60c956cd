package io.tenantfabric.emulator.datastore;

import static io.tenantfabric.emulator.datastore.ColumnSpec.bool;
import static io.tenantfabric.emulator.datastore.ColumnSpec.enumeration;
import static io.tenantfabric.emulator.datastore.ColumnSpec.integer;
import static io.tenantfabric.emulator.datastore.ColumnSpec.of;
import static io.tenantfabric.emulator.datastore.ColumnSpec.state;
import static io.tenantfabric.emulator.datastore.ColumnSpec.string;
import static io.tenantfabric.emulator.datastore.ColumnSpec.supplied;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tables of comware-facts.md §3 the emulator supports. Tables marked [G] there (PFC, WRED, QoS,
 * EVPN, RawCli) hold what the CLI channel parses; their XML names are guesses. {@code Device/Base}
 * and the two LLDP tables use the names of recorded Comware 7 replies; the LLDP tables are state
 * only (filled by the device for each {@code get}). The internal module {@code CliOnly} keeps the
 * global settings the emulator knows only as CLI ({@code lldp global enable}, {@code tunnel global
 * source-address}, the BGP block): no NETCONF read or edit sees it.
 */
public final class ComwareSchema {
  public static final String INTERFACES = "Ifmgr/Interfaces/Interface";
  public static final String L2VPN_BASE = "L2VPN/Base";
  public static final String VSI = "L2VPN/VSIs/VSI";
  public static final String SRV = "L2VPN/SRVs/SRV";
  public static final String AC = "L2VPN/ACs/AC";
  public static final String VXLAN = "VXLAN/VXLANs/Vxlan";
  public static final String EVPN = "EVPN/VSIs/VSI";
  public static final String ACL_GROUP = "ACL/NamedGroups/Group";
  public static final String ACL_RULE = "ACL/IPv4NamedAdvanceRules/Rule";
  public static final String PFILTER = "ACL/PfilterApply/Pfilter";
  public static final String PFC_PORT = "PFC/PFCPorts/Port";
  public static final String WRED_QUEUE = "WRED/IfQueueWREDs/IfQueueWRED";
  public static final String WRED_DROP = "WRED/IfDropParameters/DropParameter";
  public static final String QOS_PORT = "QoS/Interfaces/Interface";
  public static final String QOS_GLOBAL = "QoS/Global";
  public static final String RAW_LINES = "RawCli/Lines/Line";
  public static final String DEVICE_BASE = "Device/Base";
  public static final String LLDP_NEIGHBORS = "LLDP/LLDPNeighbors/LLDPNeighbor";
  public static final String LLDP_INVENTORY = "LLDP/Inventory";
  public static final String CLI_GLOBAL = "CliOnly/Global";
  public static final String BGP_PEERS = "CliOnly/BgpPeers/Peer";

  /** The sysname of a switch without configuration, as Comware sets it at the factory. */
  public static final String FACTORY_SYSNAME = "H3C";

  private static final String CLI_ONLY = "CliOnly";

  private static final Schema SCHEMA = build();

  private ComwareSchema() {}

  /** The shared, immutable schema. */
  public static Schema get() {
    return SCHEMA;
  }

  private static Schema build() {
    List<TableSpec> t =
        List.of(
            new TableSpec(
                "Ifmgr",
                List.of("Interfaces", "Interface"),
                List.of("IfIndex"),
                List.of(
                    integer("IfIndex", 1, 1048575),
                    string("Name", 1, 63).readOnlyColumn(),
                    string("AbbreviatedName", 1, 63).readOnlyColumn(),
                    string("Description", 0, 255),
                    enumeration("AdminStatus", "1", "2").withDefault("1"),
                    // [G] default link mode: bridge, as on H3C data-center switches; uplinks set
                    // route.
                    enumeration("PortLayer", "1", "2").withDefault("1"),
                    enumeration("LinkType", "1", "2", "3").withDefault("1"),
                    integer("PVID", 1, 4094).withDefault("1"),
                    integer("ConfigMTU", 46, 65535),
                    integer("ConfigSpeed", 1, Long.MAX_VALUE / 2),
                    enumeration("ConfigDuplex", "1", "2", "3"),
                    // The device supplies it from its cables in the state view; a bare datastore
                    // read (no cables known) derives it from AdminStatus alone.
                    state(
                        "OperStatus",
                        r ->
                            r.has("OperStatus")
                                ? r.get("OperStatus")
                                : "2".equals(r.get("AdminStatus")) ? "2" : "1"),
                    state(
                        "ActualSpeed",
                        r -> {
                          String n = r.get("Name");
                          return n != null && n.startsWith("TwoHundred")
                              ? "200000000"
                              : "400000000";
                        })),
                false,
                "interface"),
            new TableSpec(
                "L2VPN",
                List.of("Base"),
                List.of(),
                List.of(
                    bool("Enable").withDefault("false"), state("SupportVsiInterface", r -> "true")),
                true,
                "L2VPN"),
            new TableSpec(
                "L2VPN",
                List.of("VSIs", "VSI"),
                List.of("VsiName"),
                List.of(
                    of("VsiName", ColumnKind.VSI_NAME),
                    string("Description", 1, 80),
                    integer("VsiInterfaceID", 0, 16383)),
                true,
                "VSI"),
            new TableSpec(
                "L2VPN",
                List.of("SRVs", "SRV"),
                List.of("IfIndex", "SrvID"),
                List.of(
                    integer("IfIndex", 1, 1048575),
                    integer("SrvID", 1, 4096),
                    enumeration(
                        "Encap", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"),
                    string("SVlanRange", 1, 255),
                    string("CVlanRange", 1, 255)),
                true,
                "service instance"),
            new TableSpec(
                "L2VPN",
                List.of("ACs", "AC"),
                List.of("IfIndex", "SrvID"),
                List.of(
                    integer("IfIndex", 1, 1048575),
                    integer("SrvID", 1, 4096),
                    of("VsiName", ColumnKind.VSI_NAME).mandatory(),
                    enumeration("AccessMode", "1", "2").withDefault("1")),
                true,
                "AC"),
            new TableSpec(
                "VXLAN",
                List.of("VXLANs", "Vxlan"),
                List.of("VxlanID"),
                List.of(
                    integer("VxlanID", 1, 16777215),
                    of("VsiName", ColumnKind.VSI_NAME).mandatory()),
                true,
                "VXLAN"),
            new TableSpec(
                "EVPN",
                List.of("VSIs", "VSI"),
                List.of("VsiName"),
                List.of(
                    of("VsiName", ColumnKind.VSI_NAME),
                    enumeration("Encapsulation", "vxlan").withDefault("vxlan"),
                    string("RD", 1, 64),
                    string("VpnTargets", 1, 1024)),
                true,
                "EVPN instance"),
            new TableSpec(
                "ACL",
                List.of("NamedGroups", "Group"),
                List.of("GroupType", "GroupIndex"),
                List.of(
                    enumeration("GroupType", "1", "2", "3", "4"),
                    of("GroupIndex", ColumnKind.ACL_NAME),
                    enumeration("GroupCategory", "1", "2").withDefault("2"),
                    enumeration("MatchOrder", "1", "2").withDefault("1"),
                    integer("Step", 1, 20).withDefault("5"),
                    string("Description", 1, 127)),
                true,
                "ACL"),
            new TableSpec(
                "ACL",
                List.of("IPv4NamedAdvanceRules", "Rule"),
                List.of("GroupIndex", "RuleID"),
                List.of(
                    of("GroupIndex", ColumnKind.ACL_NAME),
                    integer("RuleID", 0, 65535),
                    enumeration("Action", "1", "2").mandatory(),
                    integer("ProtocolType", 0, 256).withDefault("256"),
                    bool("SrcAny"),
                    of("SrcIPv4Addr", ColumnKind.IPV4).in("SrcIPv4"),
                    of("SrcIPv4Wildcard", ColumnKind.IPV4).in("SrcIPv4"),
                    bool("DstAny"),
                    of("DstIPv4Addr", ColumnKind.IPV4).in("DstIPv4"),
                    of("DstIPv4Wildcard", ColumnKind.IPV4).in("DstIPv4"),
                    enumeration("SrcPortOp", "1", "2", "3", "4", "5").in("SrcPort"),
                    integer("SrcPortValue1", 0, 65535).in("SrcPort"),
                    integer("SrcPortValue2", 0, 65535).in("SrcPort"),
                    enumeration("DstPortOp", "1", "2", "3", "4", "5").in("DstPort"),
                    integer("DstPortValue1", 0, 65535).in("DstPort"),
                    integer("DstPortValue2", 0, 65535).in("DstPort"),
                    bool("Fragment"),
                    bool("Logging"),
                    bool("Counting"),
                    string("Comment", 1, 127),
                    state("Status", r -> "1"),
                    state("Count", r -> "0")),
                true,
                "ACL rule"),
            new TableSpec(
                "ACL",
                List.of("PfilterApply", "Pfilter"),
                List.of("AppObjType", "AppObjIndex", "AppDirection", "AppAclType", "AppAclGroup"),
                List.of(
                    enumeration("AppObjType", "1", "2", "3"),
                    integer("AppObjIndex", 0, 1048575),
                    enumeration("AppDirection", "1", "2"),
                    enumeration("AppAclType", "1", "2", "3", "4", "5"),
                    string("AppAclGroup", 1, 63),
                    enumeration("HardCount", "1", "2"),
                    integer("AppSequence", 0, 4294967295L)),
                true,
                "packet filter"),
            new TableSpec(
                "PFC",
                List.of("PFCPorts", "Port"),
                List.of("IfIndex"),
                List.of(
                    integer("IfIndex", 1, 1048575),
                    enumeration("Enable", "1", "2", "3"),
                    string("NoDropDot1p", 1, 15),
                    bool("DeadlockEnable")),
                true,
                "PFC port"),
            new TableSpec(
                "WRED",
                List.of("IfQueueWREDs", "IfQueueWRED"),
                List.of("IfIndex", "QueueID"),
                List.of(
                    integer("IfIndex", 1, 1048575),
                    integer("QueueID", 0, 7),
                    bool("ECN"),
                    integer("WeightingConstant", 0, 15)),
                true,
                "WRED queue"),
            new TableSpec(
                "WRED",
                List.of("IfDropParameters", "DropParameter"),
                List.of("IfIndex", "QueueID", "DropLevel"),
                List.of(
                    integer("IfIndex", 1, 1048575),
                    integer("QueueID", 0, 7),
                    integer("DropLevel", 0, 2),
                    integer("LowLimit", 0, 1000000000),
                    integer("HighLimit", 0, 1000000000),
                    integer("DiscardProb", 0, 100)),
                true,
                "WRED drop parameter"),
            new TableSpec(
                "QoS",
                List.of("Interfaces", "Interface"),
                List.of("IfIndex"),
                List.of(
                    integer("IfIndex", 1, 1048575),
                    enumeration("Trust", "dscp", "dot1p", "exp"),
                    bool("TrustTunnelDot1p")),
                true,
                "QoS interface"),
            new TableSpec(
                "QoS",
                List.of("Global"),
                List.of(),
                List.of(bool("TrustTunnelDot1p")),
                true,
                "QoS"),
            new TableSpec(
                "RawCli",
                List.of("Lines", "Line"),
                List.of("Scope", "Seq"),
                List.of(
                    string("Scope", 1, 255), integer("Seq", 0, 1000000), string("Text", 1, 1024)),
                true,
                "CLI line"),
            new TableSpec(
                "Device",
                List.of("Base"),
                List.of(),
                List.of(
                    // Comware's sysname is 1..64 characters; undo sysname restores the factory one.
                    string("HostName", 1, 64).withDefault(FACTORY_SYSNAME),
                    supplied("Uptime"),
                    supplied("LocalTime")),
                true,
                "device"),
            new TableSpec(
                "LLDP",
                List.of("LLDPNeighbors", "LLDPNeighbor"),
                List.of("IfIndex", "NeighborIndex"),
                // The column order of a recorded Comware 7 reply.
                List.of(
                    supplied("TimeMark"),
                    supplied("IfIndex"),
                    supplied("NeighborIndex"),
                    supplied("SystemName"),
                    supplied("ChassisID"),
                    supplied("PortID")),
                false,
                "LLDP neighbor"),
            new TableSpec(
                "LLDP",
                List.of("Inventory"),
                List.of(),
                List.of(
                    supplied("HardwareRev"),
                    supplied("SoftwareRev"),
                    supplied("SerialNum"),
                    supplied("ModelName")),
                false,
                "LLDP inventory"),
            new TableSpec(
                CLI_ONLY,
                List.of("Global"),
                List.of(),
                List.of(
                    bool("LldpGlobalEnable").withDefault("false"),
                    of("TunnelSourceAddress", ColumnKind.IPV4),
                    integer("BgpAs", 1, 4294967295L),
                    bool("BgpEvpnFamily").withDefault("false")),
                true,
                "global setting"),
            new TableSpec(
                CLI_ONLY,
                List.of("BgpPeers", "Peer"),
                List.of("Address"),
                List.of(
                    of("Address", ColumnKind.IPV4),
                    integer("AsNumber", 1, 4294967295L).mandatory(),
                    string("ConnectInterface", 1, 63),
                    bool("EvpnEnable").withDefault("false")),
                true,
                "BGP peer"));
    List<Reference> refs =
        List.of(
            new Reference(SRV, INTERFACES, Map.of("IfIndex", "IfIndex"), null, null, "interface"),
            new Reference(
                AC,
                SRV,
                Map.of("IfIndex", "IfIndex", "SrvID", "SrvID"),
                null,
                null,
                "service instance"),
            new Reference(AC, VSI, Map.of("VsiName", "VsiName"), null, null, "VSI"),
            new Reference(VXLAN, VSI, Map.of("VsiName", "VsiName"), null, null, "VSI"),
            new Reference(EVPN, VSI, Map.of("VsiName", "VsiName"), null, null, "VSI"),
            new Reference(
                ACL_RULE,
                ACL_GROUP,
                Map.of("GroupType", "=1", "GroupIndex", "GroupIndex"),
                null,
                null,
                "ACL"),
            new Reference(
                PFILTER,
                INTERFACES,
                Map.of("IfIndex", "AppObjIndex"),
                "AppObjType",
                "1",
                "interface"),
            new Reference(
                PFILTER,
                ACL_GROUP,
                Map.of("GroupType", "=1", "GroupIndex", "AppAclGroup"),
                "AppAclType",
                "1",
                "ACL"),
            new Reference(
                PFC_PORT, INTERFACES, Map.of("IfIndex", "IfIndex"), null, null, "interface"),
            new Reference(
                WRED_QUEUE, INTERFACES, Map.of("IfIndex", "IfIndex"), null, null, "interface"),
            new Reference(
                WRED_DROP, INTERFACES, Map.of("IfIndex", "IfIndex"), null, null, "interface"),
            new Reference(
                QOS_PORT, INTERFACES, Map.of("IfIndex", "IfIndex"), null, null, "interface"));
    return new Schema(t, refs, Set.of(CLI_ONLY));
  }
}
