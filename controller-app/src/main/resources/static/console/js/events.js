// The one event stream of the page: GET /api/v1/events read with fetch() and a streaming reader
// (EventSource cannot send the Authorization header), parsed as Server-Sent Events, resumed with
// Last-Event-ID after a reconnect with backoff. Views subscribe by event type; nothing polls.

import {tokenStore} from './api.js';

const listeners = new Map(); // type -> Set of functions
let stateListener = () => {};
let current = 'idle';
let controller = null;
let lastId = null;
let backoff = 1000;
let retryTimer = null;
let running = false;
let resetPending = false;

/** Subscribes f to events of type; answers a function that unsubscribes. */
export function on(type, f) {
  if (!listeners.has(type)) listeners.set(type, new Set());
  listeners.get(type).add(f);
  return () => listeners.get(type).delete(f);
}

function emit(type, data) {
  for (const f of [...(listeners.get(type) || [])]) {
    try { f(data); } catch (e) { console.error('event handler failed', type, e); }
  }
}

/** Tells f how the stream is: 'connecting', 'live', 'reconnecting' or 'unavailable' with words. */
export function onState(f) { stateListener = f; }

function setState(state, why) {
  current = state;
  stateListener(state, why);
}

/** Opens the stream once for the page; closed again by stop() (sign out). */
export function start() {
  if (running) return;
  running = true;
  connect();
}

export function stop() {
  running = false;
  clearTimeout(retryTimer);
  if (controller) controller.abort();
  controller = null;
  lastId = null;
  resetPending = false;
  backoff = 1000;
  current = 'idle';
}

async function connect() {
  if (!running) return;
  controller = new AbortController();
  const headers = {Accept: 'text/event-stream', Authorization: `Bearer ${tokenStore.token()}`};
  if (lastId !== null) headers['Last-Event-ID'] = lastId;
  setState(lastId === null ? 'connecting' : 'reconnecting');
  try {
    const res = await fetch('/api/v1/events', {headers, signal: controller.signal, cache: 'no-store', credentials: 'omit'});
    if (res.status === 400 && lastId !== null) {
      // a cursor the stream does not take (another token's, or damaged): start afresh, and
      // re-read what is shown, as after a reset
      lastId = null;
      resetPending = true;
      retryTimer = setTimeout(connect, 0);
      return;
    }
    if (res.status === 429) {
      // too many streams for this token: wait as long as the controller asks, then try again
      const after = Number(res.headers.get('Retry-After')) || 30;
      setState('reconnecting');
      retryTimer = setTimeout(connect, after * 1000);
      return;
    }
    if (res.status >= 400 && res.status < 500) {
      // not retried: the same request would get the same answer
      let why = `HTTP ${res.status}`;
      try { const p = await res.json(); why = [p.title, p.detail].filter(Boolean).join(': ') || why; } catch { /* no body */ }
      setState('unavailable', why);
      running = false;
      // a token revoked or expired while the page is open: the shell signs out, saying why
      if (res.status === 401) window.dispatchEvent(new CustomEvent('tf-unauthorized', {detail: new Error(why)}));
      return;
    }
    if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
    setState('live');
    if (resetPending) {
      resetPending = false;
      emit('reset', {});
    }
    await read(res.body);
  } catch (e) {
    if (!running || (e && e.name === 'AbortError')) return;
  }
  if (!running) return;
  // the stream ended or failed: reconnect after a backoff (1 s doubling to 30 s, with jitter)
  setState('reconnecting');
  const wait = backoff + Math.floor(Math.random() * 250);
  backoff = Math.min(backoff * 2, 30000);
  retryTimer = setTimeout(connect, wait);
}

async function read(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let event = {type: '', data: [], id: null};
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return;
    // the stream delivers (an event or a heartbeat): the next drop starts the backoff afresh; a
    // stream that the controller closes at once keeps doubling it
    backoff = 1000;
    buffer += value;
    let nl;
    while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
      if (line === '') {
        dispatch(event);
        event = {type: '', data: [], id: null};
        continue;
      }
      if (line.startsWith(':')) continue; // a heartbeat
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let v = colon < 0 ? '' : line.slice(colon + 1);
      if (v.startsWith(' ')) v = v.slice(1);
      if (field === 'event') event.type = v;
      else if (field === 'data') event.data.push(v);
      else if (field === 'id') event.id = v;
    }
  }
}

function dispatch(event) {
  if (event.id !== null) lastId = event.id;
  if (event.data.length === 0 && !event.type) return;
  let data = {};
  const text = event.data.join('\n');
  if (text) {
    try { data = JSON.parse(text); } catch { data = {text}; }
  }
  emit(event.type || 'message', data);
  emit('*', {type: event.type || 'message', data});
}

/** Whether the stream is delivering events now (views then need no long-polling fallback). */
export function live() { return current === 'live'; }
