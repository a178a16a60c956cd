// The console's shell: sign-in, the role from GET /api/v1/me, the menu, the hash router, the
// one event stream of the page.

import {get, tokenStore, ApiError} from './api.js';
import {h, fill, when} from './dom.js';
import * as events from './events.js';
import {capabilities, views} from './roles.js';
import * as fabricMap from './map.js';
import * as tenants from './tenants.js';
import * as tenant from './tenant.js';
import * as allocations from './allocations.js';
import * as operations from './operations.js';
import * as audits from './audits.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const who = document.getElementById('who');
const liveBox = document.getElementById('live');
const signOutButton = document.getElementById('signout');

let ctx = null; // {me, can}
let cleanup = () => {};

document.querySelector('.skip').addEventListener('click', (e) => {
  e.preventDefault();
  main.focus();
});
signOutButton.addEventListener('click', () => signOut());
window.addEventListener('hashchange', () => route());
// a token refused once signed in (revoked, expired): back to sign-in, saying why
window.addEventListener('tf-unauthorized', (e) => { if (ctx) signOut(`Signed out: ${e.detail.message}`); });

events.onState((state, why) => {
  const words = {
    connecting: 'Connecting to live updates…',
    live: 'Live',
    reconnecting: 'Reconnecting…',
    unavailable: `Live updates unavailable${why ? ` (${why})` : ''}`,
  };
  liveBox.textContent = words[state] || '';
  liveBox.className = `live live-${state}`;
});

function signInView(message) {
  cleanup();
  cleanup = () => {};
  ctx = null;
  fill(nav);
  who.textContent = '';
  signOutButton.hidden = true;
  liveBox.textContent = '';
  const input = h('input', {id: 'token', name: 'token', type: 'password', autocomplete: 'off', spellcheck: 'false', required: true, 'aria-describedby': 'token-help'});
  const error = h('p', {id: 'signin-error', class: 'error', role: 'alert'}, message || '');
  error.hidden = !message;
  const form = h('form', {class: 'signin', 'aria-labelledby': 'signin-title'},
    h('h1', {id: 'signin-title'}, 'Sign in'),
    h('label', {for: 'token'}, 'API token'),
    input,
    h('p', {id: 'token-help', class: 'muted'}, 'Paste a bearer token (tf_…). It is kept in this tab only (sessionStorage) and sent with every request.'),
    h('button', {type: 'submit'}, 'Sign in'),
    error);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const token = input.value.trim();
    if (!token) return;
    tokenStore.signIn(token);
    try {
      await start();
    } catch (err) {
      tokenStore.signOut();
      error.textContent = err instanceof ApiError ? `Sign-in refused: ${err.message}` : String(err);
      error.hidden = false;
      input.focus();
    }
  });
  fill(main, form);
  input.focus();
}

async function start() {
  const me = await get('/api/v1/me');
  ctx = {me, can: capabilities(me)};
  who.textContent = `${me.role}${me.tenant ? ` · ${me.tenant}` : ''}${me.expiresAt ? ` · until ${when(me.expiresAt)}` : ''}`;
  signOutButton.hidden = false;
  fill(nav, views(ctx.can).map(([path, label]) => h('a', {href: `#/${path}`, 'data-view': path.split('/')[0]}, label)));
  events.start();
  route();
}

function signOut(message) {
  events.stop();
  tokenStore.signOut();
  if (location.hash) history.replaceState(null, '', location.pathname);
  signInView(message || 'Signed out.');
}

function route() {
  if (!ctx) return;
  const allowed = views(ctx.can);
  const hash = location.hash.startsWith('#/') ? location.hash.slice(2) : '';
  const [view, ...rest] = hash.split('/').map(decodeURIComponent);
  const param = rest.join('/');
  const ok = {
    map: ctx.can.map,
    tenants: ctx.can.tenants || (ctx.can.role === 'TENANT' && param === ctx.can.tenant) || (ctx.can.role === 'AUDITOR' && param),
    allocations: ctx.can.allocations,
    operations: ctx.can.operations,
    audits: ctx.can.audits,
  }[view];
  if (!ok) {
    location.replace(`#/${allowed[0][0]}`);
    return;
  }
  for (const a of nav.querySelectorAll('a')) {
    if (a.getAttribute('href') === `#/${hash}` || (a.dataset.view === view && !param)) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  cleanup();
  const module = {map: fabricMap, tenants: param ? tenant : tenants, allocations, operations, audits}[view];
  fill(main);
  cleanup = module.render(main, ctx, param) || (() => {});
}

if (tokenStore.token()) {
  start().catch((err) => {
    tokenStore.signOut();
    signInView(err instanceof ApiError ? `Sign-in refused: ${err.message}` : String(err));
  });
} else {
  signInView();
}
