// The position being worked on, shared by every tool of the page, and kept in the page's address with the tool shown
// (#t=<tool>&p=<base64url of the JSON>), so that a link reproduces both. The position is kept as the user gave it,
// valid or not: the editor shows what is wrong, nothing is silently changed.

export class Store {
  constructor() {
    this.position = null;
    this.tool = null;
    this.listeners = [];
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  set(position, { from = 'user' } = {}) {
    this.position = position;
    this.writeAddress();
    for (const listener of this.listeners) listener(position, from);
  }

  // The tool shown, in the address too (a link opens the same tool).
  setTool(tool) {
    this.tool = tool;
    this.writeAddress();
  }

  writeAddress() {
    const parts = [];
    if (this.tool) parts.push(`t=${this.tool}`);
    if (this.position) parts.push(`p=${encodePosition(this.position)}`);
    history.replaceState(null, '', parts.length ? `#${parts.join('&')}` : location.pathname);
  }

  // What the page's address holds: {tool, position}, each null when absent or unreadable.
  fromAddress() {
    const params = new URLSearchParams(location.hash.slice(1));
    const tool = /^[a-z]+$/.test(params.get('t') || '') ? params.get('t') : null;
    const encoded = params.get('p');
    let position = null;
    if (encoded && /^[A-Za-z0-9_-]+$/.test(encoded)) {
      try {
        position = decodePosition(encoded);
      } catch {
        position = null;
      }
    }
    return { tool, position };
  }
}

export function encodePosition(position) {
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodePosition(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}
