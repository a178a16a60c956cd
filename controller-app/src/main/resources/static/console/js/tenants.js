// Tenants: the list with a search over what is loaded, and creation.

import {get, post, seg, ApiError} from './api.js';
import {h, fill, debounce} from './dom.js';
import {tenantLink} from './alloc.js';
import * as events from './events.js';

const PAGE = 100;

export function render(main, ctx) {
  const status = h('p', {role: 'status', class: 'muted'});
  const search = h('input', {id: 'tenant-search', type: 'search', autocomplete: 'off', placeholder: 'name or display name'});
  const tbody = h('tbody');
  const more = h('button', {type: 'button', class: 'secondary', hidden: true}, 'Load more');
  let items = [];
  let page = 0;
  let totalPages = 0;

  const form = ctx.can.manageTenants ? createForm(async (t) => {
    location.hash = `#/tenants/${encodeURIComponent(t.name)}`;
  }) : null;

  fill(main,
    h('h1', {}, 'Tenants'),
    h('div', {class: 'columns'},
      h('section', {'aria-labelledby': 'tenants-list'},
        h('h2', {id: 'tenants-list'}, 'All tenants'),
        h('label', {for: 'tenant-search'}, 'Search'), ' ', search,
        h('table', {class: 'grid tenants'},
          h('caption', {class: 'sr-only'}, 'Tenants'),
          h('thead', {}, h('tr', {}, ['Tenant', 'Display name', 'GPUs (live / quota)', 'VNI', 'Prefix'].map((c) => h('th', {scope: 'col'}, c)))),
          tbody),
        more, status),
      form));

  function show() {
    const q = search.value.trim().toLowerCase();
    const shown = items.filter((t) => !q || t.name.includes(q) || (t.displayName || '').toLowerCase().includes(q));
    fill(tbody, shown.map((t) => h('tr', {'data-tenant': t.name},
      h('td', {}, tenantLink(t.name)),
      h('td', {}, t.displayName),
      h('td', {}, `${t.liveGpus} / ${t.gpuQuota}`),
      h('td', {}, t.vni ?? '–'),
      h('td', {}, t.prefix ?? '–'))));
    if (!shown.length) {
      const row = h('tr', {}, h('td', {colspan: '5', class: 'muted'}, q ? `No loaded tenant matches “${q}”. ` : 'No tenants yet.'));
      if (q && /^[a-z0-9][a-z0-9-]*$/.test(q)) row.firstChild.append(h('a', {href: `#/tenants/${encodeURIComponent(q)}`}, `Open ${q}`));
      tbody.append(row);
    }
    more.hidden = page + 1 >= totalPages;
  }

  async function load(next) {
    try {
      const p = next ? page + 1 : 0;
      const r = await get(`/api/v1/tenants?page=${p}&size=${PAGE}`);
      items = next ? items.concat(r.items) : r.items;
      page = r.page;
      totalPages = r.totalPages;
      status.textContent = `${r.totalItems} tenant${r.totalItems === 1 ? '' : 's'}${items.length < r.totalItems ? `, ${items.length} loaded` : ''}.`;
      show();
    } catch (e) {
      status.textContent = e.message;
      status.className = 'error';
    }
  }

  search.addEventListener('input', show);
  more.addEventListener('click', () => load(true));
  const reread = debounce(() => load(false), 500);
  const off = [
    events.on('allocation', reread), // live GPU counts
    events.on('reset', reread),
  ];
  load(false);
  return () => off.forEach((u) => u());
}

/** The create-a-tenant form; calls created(tenant) on 201. */
export function createForm(created) {
  const name = h('input', {id: 'new-name', name: 'name', required: true, pattern: '[a-z0-9][a-z0-9\\-]*', autocomplete: 'off', 'aria-describedby': 'new-name-help'});
  const displayName = h('input', {id: 'new-display', name: 'displayName', required: true, autocomplete: 'off'});
  const quota = h('input', {id: 'new-quota', name: 'gpuQuota', type: 'number', min: '0', required: true, value: '8'});
  const message = h('p', {role: 'alert', class: 'error', hidden: true});
  const fields = {name, displayName, gpuQuota: quota};
  const form = h('form', {class: 'card', 'aria-labelledby': 'create-title'},
    h('h2', {id: 'create-title'}, 'Create a tenant'),
    h('label', {for: 'new-name'}, 'Name'), name,
    h('p', {id: 'new-name-help', class: 'muted'}, 'Lower-case letters, digits and dashes.'),
    h('label', {for: 'new-display'}, 'Display name'), displayName,
    h('label', {for: 'new-quota'}, 'GPU quota'), quota,
    h('button', {type: 'submit'}, 'Create tenant'),
    message);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    message.hidden = true;
    Object.values(fields).forEach((f) => f.removeAttribute('aria-invalid'));
    try {
      const t = await post('/api/v1/tenants', {name: name.value.trim(), displayName: displayName.value.trim(), gpuQuota: Number(quota.value)});
      created(t);
    } catch (err) {
      message.textContent = err.message;
      message.hidden = false;
      const f = err instanceof ApiError && fields[err.problem.field];
      if (f) { f.setAttribute('aria-invalid', 'true'); f.focus(); }
    }
  });
  return form;
}
