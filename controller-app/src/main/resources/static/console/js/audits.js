// Isolation audits (findings grouped by class, kind and switch) and the hash-chained audit trail
// with its filters, its head and its verification.

import {get, post, seg} from './api.js';
import {h, fill, badge, when, shortId, debounce} from './dom.js';
import * as events from './events.js';

export function render(main, ctx) {
  const runs = h('section', {class: 'card', 'aria-labelledby': 'iso-title'});
  const detail = h('section', {class: 'card', 'aria-labelledby': 'iso-detail-title', hidden: true});
  const trail = h('section', {'aria-labelledby': 'trail-title'});
  fill(main, h('h1', {}, 'Audits'), h('div', {class: 'columns'}, runs, detail), trail);

  // ---- isolation audits ----
  const runStatus = h('p', {role: 'status', class: 'muted'});
  const tbody = h('tbody');
  const rows = new Map();
  let openId = null;
  const runButton = ctx.can.runIsolationAudit ? h('button', {type: 'button', class: 'secondary'}, 'Run an isolation audit') : null;
  if (runButton) {
    runButton.addEventListener('click', async () => {
      runButton.disabled = true;
      try {
        const a = await post('/api/v1/audits/isolation');
        runStatus.textContent = `Audit ${a.id.slice(0, 8)} requested.`;
        await loadRuns();
      } catch (e) {
        runStatus.textContent = e.message;
        runStatus.className = 'error';
      } finally {
        runButton.disabled = false;
      }
    });
  }
  fill(runs, h('h2', {id: 'iso-title'}, 'Isolation audits'), runButton, runStatus,
    h('table', {class: 'grid'},
      h('caption', {class: 'sr-only'}, 'Isolation audits, newest first'),
      h('thead', {}, h('tr', {}, ['Audit', 'Status', 'Trigger', 'Scope', 'Finished', ''].map((c) => h('th', {scope: 'col'}, c || h('span', {class: 'sr-only'}, 'Open'))))),
      tbody));

  function runRow(a) {
    const open = h('button', {type: 'button', class: 'link', 'aria-label': `Open audit ${a.id}`}, 'Open');
    open.addEventListener('click', () => openAudit(a.id));
    const tr = h('tr', {'data-audit': a.id, 'data-status': a.status},
      h('td', {}, shortId(a.id)), h('td', {}, badge(a.status)), h('td', {}, a.trigger),
      h('td', {}, a.scope ? a.scope.join(', ') : 'fabric'), h('td', {}, when(a.finishedAt)), h('td', {}, open));
    return tr;
  }
  async function loadRuns() {
    try {
      const r = await get('/api/v1/audits/isolation?limit=20');
      const list = Array.isArray(r) ? r : (r.items || []);
      rows.clear();
      fill(tbody, list.map((a) => { const tr = runRow(a); rows.set(a.id, tr); return tr; }));
      if (!list.length) tbody.append(h('tr', {}, h('td', {colspan: '6', class: 'muted'}, 'No audits yet.')));
    } catch (e) {
      runStatus.textContent = e.message;
      runStatus.className = 'error';
    }
  }
  async function openAudit(id) {
    openId = id;
    detail.hidden = false;
    try {
      const a = await get(`/api/v1/audits/isolation/${seg(id)}`);
      const heading = h('h2', {id: 'iso-detail-title', tabindex: '-1'}, 'Audit ', shortId(a.id), ' ', badge(a.status));
      fill(detail, heading,
        h('p', {}, `${a.trigger}, ${a.scope ? a.scope.join(', ') : 'the whole fabric'}; finished ${when(a.finishedAt)}`,
          a.timings ? `; ${a.timings.switchesRead} switches read in ${a.timings.totalMs} ms` : ''),
        a.failure ? h('p', {class: 'error'}, a.failure) : null,
        (a.unreadable || []).length ? h('p', {class: 'error'}, `Unreadable: ${a.unreadable.join(', ')}`) : null,
        (a.notManaged || []).length ? h('p', {class: 'muted'}, `Not managed: ${a.notManaged.length} switch(es)`) : null,
        grouped(a.findings || []));
      if (!detail.contains(document.activeElement)) heading.focus();
    } catch (e) {
      fill(detail, h('h2', {id: 'iso-detail-title'}, 'Audit'), h('p', {class: 'error', role: 'alert'}, e.message));
    }
  }

  // ---- audit trail ----
  const action = h('input', {id: 'trail-action', placeholder: 'e.g. allocation.create', autocomplete: 'off'});
  const tenant = h('input', {id: 'trail-tenant', placeholder: 'tenant name', autocomplete: 'off'});
  const since = h('input', {id: 'trail-since', type: 'datetime-local'});
  const trailStatus = h('p', {role: 'status', class: 'muted'});
  const verifyResult = h('p', {role: 'status'});
  const events_ = h('tbody');
  const more = h('button', {type: 'button', class: 'secondary', hidden: true}, 'Load more');
  const verify = h('button', {type: 'button', class: 'secondary'}, 'Verify the chain');
  let nextAfterId = null;
  const filters = h('form', {class: 'inline-form', 'aria-label': 'Filter the audit trail'},
    h('label', {for: 'trail-action'}, 'Action'), action,
    h('label', {for: 'trail-tenant'}, 'Tenant'), tenant,
    h('label', {for: 'trail-since'}, 'Since'), since,
    h('button', {type: 'submit'}, 'Show'));
  filters.addEventListener('submit', (e) => { e.preventDefault(); loadTrail(null); });
  more.addEventListener('click', () => loadTrail(nextAfterId));
  verify.addEventListener('click', async () => {
    verify.disabled = true;
    verifyResult.textContent = 'Verifying…';
    try {
      const [v, head] = await Promise.all([get('/api/v1/audits/events/verify'), get('/api/v1/audits/events/head')]);
      verifyResult.replaceChildren(
        v.ok ? `Chain intact: ${v.checked} events checked (${v.mode}), up to event ${v.lastId}. ` : `Chain BROKEN at event ${v.firstBroken && v.firstBroken.id}: ${v.firstBroken && v.firstBroken.reason}. `,
        `Head: event ${head.id} at ${when(head.at)}, hash `, h('code', {class: 'hash', 'data-head-hash': head.hash}, head.hash));
      verifyResult.className = v.ok ? 'ok' : 'error';
    } catch (e) {
      verifyResult.textContent = e.message;
      verifyResult.className = 'error';
    } finally {
      verify.disabled = false;
    }
  });
  fill(trail, h('h2', {id: 'trail-title'}, 'Audit trail'), filters, h('div', {class: 'actions'}, verify), verifyResult, trailStatus,
    h('div', {class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Audit events'}, h('table', {class: 'grid trail'},
      h('caption', {class: 'sr-only'}, 'Audit events, oldest first'),
      h('thead', {}, h('tr', {}, ['Id', 'When', 'Action', 'Outcome', 'Actor', 'Target', 'Tenant', 'Hash'].map((c) => h('th', {scope: 'col'}, c)))),
      events_)),
    more);

  async function loadTrail(after) {
    try {
      const q = new URLSearchParams({limit: '100'});
      if (action.value.trim()) q.set('action', action.value.trim());
      if (tenant.value.trim()) q.set('tenant', tenant.value.trim());
      if (since.value) q.set('since', new Date(since.value).toISOString());
      if (after != null) q.set('afterId', String(after));
      const r = await get(`/api/v1/audits/events?${q}`);
      if (after == null) events_.replaceChildren();
      for (const e of r.items) {
        events_.append(h('tr', {'data-event': String(e.id)},
          h('td', {}, String(e.id)), h('td', {}, when(e.occurredAt)), h('td', {}, e.action), h('td', {}, badge(e.outcome)),
          h('td', {}, e.actorRole || '–'), h('td', {}, e.target ? `${e.targetType || ''} ${e.target}` : '–'),
          h('td', {}, e.tenant || '–'), h('td', {}, h('code', {class: 'hash', title: e.hash}, String(e.hash).slice(0, 12)))));
      }
      nextAfterId = r.nextAfterId;
      more.hidden = nextAfterId == null;
      trailStatus.textContent = `${events_.children.length} event(s) shown, oldest first${nextAfterId != null ? '; more to load' : ''}.`;
    } catch (e) {
      trailStatus.textContent = e.message;
      trailStatus.className = 'error';
    }
  }

  const reloadRuns = debounce(loadRuns, 400);
  const off = [
    events.on('isolation-audit', (e) => {
      const tr = rows.get(e.id);
      if (tr) {
        tr.setAttribute('data-status', e.status);
        tr.children[1].replaceChildren(badge(e.status));
      } else reloadRuns();
      if (openId === e.id) openAudit(e.id);
    }),
    events.on('reset', () => { loadRuns(); if (openId) openAudit(openId); }),
  ];
  loadRuns();
  loadTrail(null);
  return () => off.forEach((u) => u());
}

/** Findings grouped by class, then kind, then switch: nested lists a reader can fold. */
function grouped(findings) {
  if (!findings.length) return h('p', {class: 'ok'}, 'No findings.');
  const tree = new Map();
  for (const f of findings) {
    const byKind = tree.get(f.class) || new Map();
    tree.set(f.class, byKind);
    const bySwitch = byKind.get(f.kind) || new Map();
    byKind.set(f.kind, bySwitch);
    const sw = f.switch || '(fabric)';
    bySwitch.set(sw, [...(bySwitch.get(sw) || []), f]);
  }
  return h('div', {class: 'findings'}, [...tree].map(([cls, byKind]) =>
    h('details', {open: true}, h('summary', {}, `${cls} (${[...byKind.values()].reduce((n, m) => n + [...m.values()].flat().length, 0)})`),
      [...byKind].map(([kind, bySwitch]) => h('details', {open: true, class: 'nested'},
        h('summary', {}, `${kind} (${[...bySwitch.values()].flat().length})`),
        h('ul', {}, [...bySwitch].map(([sw, list]) => h('li', {}, h('strong', {}, sw), h('ul', {},
          list.map((f) => h('li', {}, badge(f.severity), ` ${f.port ? `${f.port}: ` : ''}${f.summary}`,
            (f.tenants || []).length ? ` (${f.tenants.join(', ')})` : '',
            f.evidence && f.evidence.length ? h('details', {class: 'nested'}, h('summary', {}, 'Evidence'), h('pre', {}, f.evidence.join('\n'))) : null)))))))))));
}
