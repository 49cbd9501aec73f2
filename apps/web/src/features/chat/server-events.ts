/** One server-sent event: its `event:` name (default 'message') and its joined `data:` lines. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body and calls `onEvent` for each complete event. Small on
 * purpose: the assistant's stream uses only `event:` and `data:` lines (comments and `id:`
 * are skipped), so a parser package would add weight for nothing.
 */
export async function readServerEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = blankLineIndex(buffer)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^(\r?\n){2}/, '');
      const parsed = parseBlock(block);
      if (parsed) onEvent(parsed);
    }
  }
  const last = parseBlock(buffer);
  if (last) onEvent(last);
}

function blankLineIndex(buffer: string): number {
  const match = /\r?\n\r?\n/.exec(buffer);
  return match ? match.index : -1;
}

function parseBlock(block: string): ServerEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}
