// A search the page started (solve or hint), known by the id the page gave it, so that a
// Cancel button can send `cancel` with that id: the server then answers the search with
// what it has (a stopped solve says "unknown", a stopped hint gives its ranking so far).

let made = 0;

export function requestId(command) {
  made += 1;
  return `web-${command}-${Date.now().toString(36)}-${made}`;
}

export class Search {
  constructor(api, command, body, onInfo) {
    this.api = api;
    this.id = requestId(command);
    this.done = false;
    this.answer = api(command, { ...body, id: this.id }, { onInfo }).finally(() => { this.done = true; });
  }

  // Asks the server to stop it; a search that has just ended is not an error.
  async cancel() {
    if (this.done) return;
    try {
      await this.api('cancel', { target: this.id });
    } catch {
      // the search ended meanwhile: its own answer says how
    }
  }
}
