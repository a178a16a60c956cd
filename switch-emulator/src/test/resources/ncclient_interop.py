"""Drives the emulator with ncclient: hello, get, get-config, edit-config, lock/unlock.

Usage: ncclient_interop.py HOST PORT USER PASSWORD DEVICE_HANDLER EXPECT_FRAMING
Prints one "OK <step>" line per step and "DONE" at the end; any failure raises (exit 1).
The emulator's host key is generated per run, so the test accepts it (hostkey_verify=False).
"""
import sys

from ncclient import manager

host, port, user, password, handler, framing = sys.argv[1:7]

CONFIG_NS = "http://www.h3c.com/netconf/config:1.0"
DATA_NS = "http://www.h3c.com/netconf/data:1.0"
BASE11 = "urn:ietf:params:netconf:base:1.1"

with manager.connect(
    host=host,
    port=int(port),
    username=user,
    password=password,
    hostkey_verify=False,
    allow_agent=False,
    look_for_keys=False,
    device_params={"name": handler},
    timeout=30,
) as m:
    caps = list(m.server_capabilities)
    chunked = BASE11 in caps
    if framing == "1.1" and not chunked:
        raise SystemExit("server did not offer base:1.1")
    if framing == "1.0" and chunked:
        raise SystemExit("server offered base:1.1 in base:1.0 mode")
    print("OK hello session-id=%s framing=%s" % (m.session_id, "1.1" if chunked else "1.0"))

    reply = m.get(filter=("subtree",
        '<top xmlns="%s"><Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/5</Name>'
        '</Interface></Interfaces></Ifmgr></top>' % DATA_NS))
    assert "<IfIndex>5</IfIndex>" in reply.xml, reply.xml
    print("OK get IfIndex=5")

    with m.locked("running"):
        print("OK lock")
        m.edit_config(target="running", config=(
            '<config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0"><top xmlns="%s">'
            '<L2VPN><VSIs><VSI><VsiName>t-nc-%s</VsiName></VSI></VSIs></L2VPN>'
            '<VXLAN><VXLANs><Vxlan><VxlanID>10042</VxlanID><VsiName>t-nc-%s</VsiName></Vxlan></VXLANs></VXLAN>'
            '</top></config>') % (CONFIG_NS, handler, handler))
        print("OK edit-config")
    print("OK unlock")

    reply = m.get_config(source="running", filter=("subtree",
        '<top xmlns="%s"><VXLAN/></top>' % CONFIG_NS))
    assert "<VsiName>t-nc-%s</VsiName>" % handler in reply.xml, reply.xml
    print("OK get-config VxlanID=10042")

    if handler == "h3c":
        bulk = m.get_bulk(filter=("subtree",
            '<top xmlns="%s" xmlns:xc="http://www.h3c.com/netconf/base:1.0"><Ifmgr>'
            '<Interfaces xc:count="2"><Interface><IfIndex>1</IfIndex></Interface></Interfaces>'
            '</Ifmgr></top>' % DATA_NS))
        assert "<IfIndex>2</IfIndex>" in bulk.xml and "<IfIndex>4</IfIndex>" not in bulk.xml, bulk.xml
        print("OK get-bulk")

print("DONE")
