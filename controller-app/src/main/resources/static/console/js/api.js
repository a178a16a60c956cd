// The REST API with the bearer token kept in sessionStorage: every call the console makes.

const KEY = 'tenant-fabric.token';

export const tokenStore = {
  token: () => sessionStorage.getItem(KEY),
  signIn: (token) => sessionStorage.setItem(KEY, token),
  signOut: () => sessionStorage.clear(),
};

/** A refused or failed call, with the RFC 9457 problem the API answered. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(describe(status, problem));
    this.status = status;
    this.problem = problem || {};
  }
}

function describe(status, problem) {
  if (!problem || typeof problem !== 'object') return `HTTP ${status}`;
  const parts = [problem.title || `HTTP ${status}`];
  if (problem.detail) parts.push(problem.detail);
  if (problem.field) parts.push(`(field: ${problem.field})`);
  return parts.join(': ');
}

/**
 * One call: method, path under the origin, an optional JSON body; answers the parsed JSON (null
 * for no content), or throws ApiError with the problem.
 */
export async function call(method, path, body, options = {}) {
  const headers = {Accept: 'application/json, application/problem+json'};
  const token = tokenStore.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = options.contentType || 'application/json';
  Object.assign(headers, options.headers || {});
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (e) {
    throw new ApiError(0, {title: 'The controller did not answer', detail: String(e.message || e)});
  }
  const text = await res.text();
  let json = null;
  if (text) {
    try { json = JSON.parse(text); } catch { json = {title: `HTTP ${res.status}`, detail: text.slice(0, 200)}; }
  }
  if (!res.ok) {
    const error = new ApiError(res.status, json);
    // a token revoked or expired while the page is open: back to sign-in, saying why
    if (res.status === 401 && token) window.dispatchEvent(new CustomEvent('tf-unauthorized', {detail: error}));
    throw error;
  }
  return json;
}

export const get = (path) => call('GET', path);
export const post = (path, body, options) => call('POST', path, body, options);
export const del = (path) => call('DELETE', path);
export const patch = (path, body) => call('PATCH', path, body, {contentType: 'application/merge-patch+json'});

/** Encodes one path segment. */
export const seg = (v) => encodeURIComponent(v);
