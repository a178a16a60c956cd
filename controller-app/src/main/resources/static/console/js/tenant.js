// One tenant: its facts and quota, its allocations with live status and health, allocate and
// release, its isolation evidence and receipt.

import {get, post, patch, del, seg, ApiError} from './api.js';
import {h, fill, badge, when, debounce, tenantChip} from './dom.js';
import {allocationTable} from './alloc.js';
import * as events from './events.js';

function idempotencyKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function render(main, ctx, name) {
  const can = ctx.can;
  const facts = h('section', {class: 'card', 'aria-labelledby': 'facts-title'});
  const allocSection = h('section', {'aria-labelledby': 'alloc-title'});
  const evidence = h('section', {class: 'card', 'aria-labelledby': 'evidence-title'});
  fill(main,
    h('h1', {}, 'Tenant ', tenantChip(name)),
    h('div', {class: 'columns'}, can.readTenant ? facts : null, evidence),
    can.readTenantAllocations ? allocSection : null);

  // ---- facts and quota ----
  async function loadFacts() {
    if (!can.readTenant) return;
    try {
      const t = await get(`/api/v1/tenants/${seg(name)}`);
      showFacts(t);
    } catch (e) {
      fill(facts, h('h2', {id: 'facts-title'}, 'Tenant'), h('p', {class: 'error', role: 'alert'}, e.message));
    }
  }
  function showFacts(t) {
    const dl = h('dl', {class: 'facts'},
      [['Display name', t.displayName], ['GPUs live', `${t.liveGpus} of a quota of ${t.gpuQuota}`], ['VNI', t.vni ?? 'on its first allocation'],
        ['Prefix', t.prefix ?? 'on its first allocation'], ['VSI', t.vsiName ?? '–'], ['Created', when(t.createdAt)]]
        .map(([k, v]) => [h('dt', {}, k), h('dd', {'data-fact': k}, String(v))]));
    fill(facts, h('h2', {id: 'facts-title'}, t.displayName || t.name), dl, can.manageTenants ? editForm(t) : null);
  }
  function editForm(t) {
    const display = h('input', {id: 'edit-display', value: t.displayName, required: true});
    const quota = h('input', {id: 'edit-quota', type: 'number', min: '1', max: '10240', value: String(t.gpuQuota), required: true});
    const message = h('p', {role: 'status'});
    const form = h('form', {class: 'inline-form', 'aria-label': 'Change the tenant'},
      h('label', {for: 'edit-display'}, 'Display name'), display,
      h('label', {for: 'edit-quota'}, 'GPU quota'), quota,
      h('button', {type: 'submit'}, 'Save'), message);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const change = {};
      if (display.value.trim() !== t.displayName) change.displayName = display.value.trim();
      if (Number(quota.value) !== t.gpuQuota) change.gpuQuota = Number(quota.value);
      if (!Object.keys(change).length) { message.textContent = 'Nothing changed.'; return; }
      try {
        showFacts(await patch(`/api/v1/tenants/${seg(name)}`, change));
        document.getElementById('edit-quota')?.focus();
      } catch (err) {
        message.textContent = err.message;
        message.className = 'error';
      }
    });
    return form;
  }

  // ---- allocations ----
  const table = allocationTable({caption: `Allocations of ${name}`, showTenant: false, release: can.release ? release : null});
  const allocStatus = h('p', {role: 'status', class: 'muted'});
  if (can.readTenantAllocations) {
    fill(allocSection, h('h2', {id: 'alloc-title'}, 'Allocations'), can.allocate ? allocateForm() : null, allocStatus,
      h('div', {class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': `Allocations of ${name}`}, table.table));
  }
  function allocateForm() {
    const gpus = h('input', {id: 'alloc-gpus', type: 'number', min: '1', max: '10240', value: '8', required: true});
    const message = h('p', {role: 'alert', class: 'error', hidden: true});
    const button = h('button', {type: 'submit'}, 'Allocate');
    const form = h('form', {class: 'inline-form', 'aria-label': 'Allocate GPUs'},
      h('label', {for: 'alloc-gpus'}, 'GPUs'), gpus, button, message);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      message.hidden = true;
      button.disabled = true;
      try {
        // with the stream live the row follows the allocation's events; without it the answer
        // waits on the server (no thread held there) until the allocation settles
        const wait = events.live() ? '' : '?wait=PT30S';
        const a = await post(`/api/v1/tenants/${seg(name)}/allocations${wait}`, {gpus: Number(gpus.value)},
          {headers: {'Idempotency-Key': idempotencyKey()}});
        table.add(a);
        count();
        loadFacts();
      } catch (err) {
        message.textContent = err.message;
        message.hidden = false;
      } finally {
        button.disabled = false;
      }
    });
    return form;
  }
  async function release(a, button) {
    button.disabled = true;
    try {
      const wait = events.live() ? '' : '?wait=PT30S';
      table.update(await del(`/api/v1/tenants/${seg(name)}/allocations/${seg(a.id)}${wait}`));
      count();
    } catch (err) {
      allocStatus.textContent = `Release refused: ${err.message}`;
      allocStatus.className = 'error';
      button.disabled = false;
    }
  }
  function count() {
    const all = table.list();
    const live = all.filter((a) => ['PROVISIONING', 'ACTIVE', 'RELEASING'].includes(a.status)).length;
    allocStatus.textContent = `${all.length} allocation${all.length === 1 ? '' : 's'}, ${live} live.`;
    allocStatus.className = 'muted';
  }
  async function loadAllocations() {
    if (!can.readTenantAllocations) return;
    try {
      const all = [];
      for (let page = 0; page < 50; page++) {
        const r = await get(`/api/v1/tenants/${seg(name)}/allocations?page=${page}&size=200`);
        all.push(...r.items);
        if (page + 1 >= r.totalPages) break;
      }
      all.sort((x, y) => String(y.createdAt).localeCompare(String(x.createdAt)));
      table.set(all);
      count();
    } catch (e) {
      allocStatus.textContent = e.message;
      allocStatus.className = 'error';
    }
  }

  // ---- isolation evidence ----
  const newer = h('p', {role: 'status', class: 'muted'});
  function evidenceIntro() {
    const button = h('button', {type: 'button', class: 'secondary'}, 'Show isolation evidence');
    button.addEventListener('click', () => loadEvidence());
    fill(evidence, h('h2', {id: 'evidence-title'}, 'Isolation evidence'),
      h('p', {class: 'muted'}, 'What the switches run for this tenant, as the latest isolation audits read it. Each reading is recorded in the audit trail and answered with a receipt.'),
      button, newer);
  }
  async function loadEvidence() {
    newer.textContent = '';
    try {
      const ev = await get(`/api/v1/tenants/${seg(name)}/isolation`);
      showEvidence(ev);
    } catch (e) {
      fill(evidence, h('h2', {id: 'evidence-title'}, 'Isolation evidence'), h('p', {class: 'error', role: 'alert'}, e.message));
    }
  }
  function showEvidence(ev) {
    const receiptResult = h('p', {role: 'status'});
    const check = can.checkReceipt && ev.receipt ? h('button', {type: 'button', class: 'secondary'}, 'Check receipt') : null;
    if (check) {
      check.addEventListener('click', async () => {
        try {
          const r = await get(`/api/v1/audits/events/receipt?id=${ev.receipt.eventId}&hash=${ev.receipt.hash}`);
          receiptResult.textContent = r.matches && r.chainIntact
            ? `Receipt holds: event ${r.id} is in the chain, intact up to head ${r.headId} (${r.headHash.slice(0, 16)}…), ${r.checkedEvents} events checked.`
            : `Receipt does NOT hold: matches ${r.matches}, chain intact ${r.chainIntact}${r.brokenAt ? `, broken at ${r.brokenAt}` : ''}.`;
          receiptResult.className = r.matches && r.chainIntact ? 'ok' : 'error';
        } catch (e) {
          receiptResult.textContent = e.message;
          receiptResult.className = 'error';
        }
      });
    }
    const refresh = h('button', {type: 'button', class: 'secondary'}, 'Read again');
    refresh.addEventListener('click', () => loadEvidence());
    const findings = ev.findings || [];
    fill(evidence,
      h('h2', {id: 'evidence-title'}, 'Isolation evidence'),
      h('dl', {class: 'facts'},
        h('dt', {}, 'Latest audit'), h('dd', {}, ev.audit ? [badge(ev.audit.status), ` ${when(ev.audit.finishedAt)}`] : 'none yet'),
        h('dt', {}, 'Findings'), h('dd', {}, String(findings.length)),
        h('dt', {}, 'Digest'), h('dd', {}, h('code', {class: 'hash'}, ev.digest)),
        h('dt', {}, 'Receipt'), h('dd', {}, ev.receipt ? [`event ${ev.receipt.eventId}, `, h('code', {class: 'hash'}, ev.receipt.hash)] : '–')),
      h('div', {class: 'actions'}, check, refresh),
      newer,
      receiptResult,
      findings.length ? h('ul', {class: 'findings'}, findings.map((f) => h('li', {}, badge(f.severity), ` ${f.kind}: ${f.summary}`))) : null,
      h('div', {class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Ports as observed'},
        h('table', {class: 'grid'},
          h('caption', {}, `Ports as observed (${ev.ports.length})`),
          h('thead', {}, h('tr', {}, ['Switch', 'Port', 'GPU', 'Allocation', 'Up', 'VSI', 'VNI', 'ACL', 'Lossless', 'Observed'].map((c) => h('th', {scope: 'col'}, c)))),
          h('tbody', {}, ev.ports.map((p) => {
            const o = p.observed || {};
            return h('tr', {},
              h('td', {}, p.switch), h('td', {}, p.port), h('td', {}, p.gpu),
              h('td', {}, p.allocationStatus || '–'),
              h('td', {}, p.observed ? (o.adminUp ? 'yes' : 'no') : '–'),
              h('td', {}, o.vsi ?? '–'), h('td', {}, o.vni ?? '–'), h('td', {}, o.inboundAcl ?? '–'),
              h('td', {}, p.observed ? (o.lossless ? 'yes' : 'no') : '–'),
              h('td', {}, when(p.observedAt)));
          })))));
  }

  // ---- live ----
  const rereadAllocations = debounce(loadAllocations, 400);
  const rereadFacts = debounce(loadFacts, 400);
  const off = [
    events.on('allocation', (e) => {
      if (e.tenant !== name) return;
      if (!table.update(e)) rereadAllocations();
      else count();
      rereadFacts();
    }),
    // reading the evidence is recorded each time, so a change is announced, not read by itself
    events.on('evidence', (e) => {
      if (e.tenant === name) newer.textContent = 'Newer evidence is available: read it again to see it.';
    }),
    events.on('reset', () => { loadFacts(); loadAllocations(); }),
  ];

  loadFacts();
  loadAllocations();
  evidenceIntro();
  return () => off.forEach((u) => u());
}
