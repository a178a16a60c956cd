"""A plain ncclient script: pushes tenants one at a time, one edit-config per prepared step.

Usage: NCCLIENT_PASSWORD=... ncclient_push.py PLAN.json
PLAN.json (written by the bench's NcclientPush): {"user": ..., "tenants": [{"tenant", "leaf",
"host", "port", "edits": ["<top ...>...</top>", ...]}]}. Sessions to every leaf are opened first;
then 500 trivial RPCs (get of one interface by name) are timed on the first leaf, then each tenant's
edit-configs on running (no lock, no save-point, no read-back), timed per tenant. Prints one JSON
line: {"trivialMs": [...], "tenantsMs": [...], "edits": N}. Host keys are accepted as they come
(the emulator makes new ones per start).
"""
import json
import os
import sys
import time

from ncclient import manager

BASE_NS = "urn:ietf:params:xml:ns:netconf:base:1.0"
TRIVIAL = ('<top xmlns="http://www.h3c.com/netconf/data:1.0"><Ifmgr><Interfaces><Interface>'
           '<Name>FourHundredGigE1/0/1</Name></Interface></Interfaces></Ifmgr></top>')

plan = json.load(open(sys.argv[1]))
password = os.environ["NCCLIENT_PASSWORD"]
sessions = {}
for t in plan["tenants"]:
    if t["leaf"] not in sessions:
        sessions[t["leaf"]] = manager.connect(
            host=t["host"], port=int(t["port"]), username=plan["user"], password=password,
            hostkey_verify=False, allow_agent=False, look_for_keys=False,
            device_params={"name": "h3c"}, timeout=30)

first = sessions[plan["tenants"][0]["leaf"]]
for _ in range(50):
    first.get(filter=("subtree", TRIVIAL))
trivial = []
for _ in range(500):
    t0 = time.perf_counter()
    first.get(filter=("subtree", TRIVIAL))
    trivial.append((time.perf_counter() - t0) * 1000)

tenants = []
edits = 0
for t in plan["tenants"]:
    m = sessions[t["leaf"]]
    t0 = time.perf_counter()
    for xml in t["edits"]:
        m.edit_config(target="running", config='<config xmlns="%s">%s</config>' % (BASE_NS, xml),
                      error_option="stop-on-error")
        edits += 1
    tenants.append((time.perf_counter() - t0) * 1000)

for m in sessions.values():
    m.close_session()
print(json.dumps({"trivialMs": trivial, "tenantsMs": tenants, "edits": edits}))
