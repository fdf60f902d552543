// The position being worked on, shared by every tool of the page, and kept in the URL
// (#p=<base64url of the JSON>) so that a link reproduces it. The position is kept as the
// user gave it, valid or not: the editor shows what is wrong, nothing is silently changed.

export class Store {
  constructor() {
    this.position = null;
    this.listeners = [];
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  set(position, { from = 'user' } = {}) {
    this.position = position;
    history.replaceState(null, '', `#p=${encodePosition(position)}`);
    for (const listener of this.listeners) listener(position, from);
  }

  // The position in the page's address, or null (no position there, or one that cannot be read).
  fromAddress() {
    const match = /^#p=([A-Za-z0-9_-]+)$/.exec(location.hash);
    if (!match) return null;
    try {
      return decodePosition(match[1]);
    } catch {
      return null;
    }
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
