// The engine protocol over HTTP (docs/protocol.md): POST /v1/<command> with a JSON body.
// A `result` line is returned whatever its exit code (a "no" is an answer); an `error`
// line, or a failure to reach the server, is thrown as an ApiError the page can show.

export class ApiError extends Error {
  constructor(message, { kind = 'unreachable', status = 0, problems = [] } = {}) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.problems = problems;
  }
}

export async function call(command, body = {}, { onInfo, signal } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (onInfo) headers.Accept = 'application/x-ndjson';
  let response;
  try {
    response = await fetch(`/v1/${command}`, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(`The server did not answer (${error.message}). Is \`lueur serve\` still running?`);
  }
  const final = onInfo ? await lastLine(response, onInfo) : await response.json().catch(() => null);
  if (!final) throw new ApiError(`The server answered ${response.status} without a protocol line.`, { status: response.status });
  if (final.type === 'error') {
    throw new ApiError(final.message, { kind: final.error, status: response.status, problems: final.problems || [] });
  }
  return final;
}

// Reads a streamed answer: every `info` line goes to onInfo, the final line is returned.
async function lastLine(response, onInfo) {
  if (!response.body || !(response.headers.get('content-type') || '').includes('ndjson')) {
    return response.json().catch(() => null);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let final = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!text) continue;
      const line = JSON.parse(text);
      if (line.type === 'info') onInfo(line);
      else final = line;
    }
  }
  return final;
}
