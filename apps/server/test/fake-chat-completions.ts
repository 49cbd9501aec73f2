import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type ChatRequest = {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: string | null }>;
  tools?: Array<{ function: { name: string } }>;
};

/**
 * How the fake model behaves: 'honest' searches flights and quotes the cheapest fare it got back;
 * 'inventive' quotes a fare no search returned; 'failing' answers 500 like an overloaded
 * endpoint; 'silent' streams an empty answer; 'looping' asks for another search after every
 * result, for ever; 'hanging' accepts the request and never answers; 'scripted' answers the
 * text given to `say`, calling no tool.
 */
export type FakeModelMode =
  'honest' | 'inventive' | 'failing' | 'silent' | 'looping' | 'hanging' | 'scripted';

/**
 * A local OpenAI-compatible chat-completions endpoint speaking the streaming protocol as the
 * vendors document it: `chat.completion.chunk` events, tool-call deltas with their arguments
 * in pieces, `finish_reason`, and `data: [DONE]`. It records every request it received.
 */
export async function startFakeChatCompletions() {
  let mode: FakeModelMode = 'honest';
  let script = '';
  const requests: ChatRequest[] = [];

  const server = createServer((request, response) => {
    void answer(request, response);
  });

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    requests.push(body);
    if (
      request.url !== '/v1/chat/completions' ||
      request.headers.authorization !== 'Bearer test-key'
    ) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: 'Invalid API key', type: 'invalid_request_error' } }),
      );
      return;
    }
    if (mode === 'hanging') return;
    if (mode === 'failing') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (delta: object, finishReason: string | null = null) =>
      response.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finishReason }],
        })}\n\n`,
      );

    const toolMessage = body.messages.findLast((message) => message.role === 'tool');
    const canSearch = body.tools?.some((tool) => tool.function.name === 'search_flights');
    const searches = mode !== 'silent' && mode !== 'scripted';
    if ((!toolMessage || mode === 'looping') && canSearch && searches) {
      const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const args = JSON.stringify({
        origin: 'JFK',
        destination: 'LHR',
        departureDate: departure,
        adults: 1,
      });
      send({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            index: 0,
            id: 'call_1',
            type: 'function',
            function: { name: 'search_flights', arguments: '' },
          },
        ],
      });
      for (let at = 0; at < args.length; at += 12) {
        send({ tool_calls: [{ index: 0, function: { arguments: args.slice(at, at + 12) } }] });
      }
      send({}, 'tool_calls');
    } else {
      send({ role: 'assistant', content: '' });
      for (const piece of replyPieces(toolMessage?.content ?? null)) send({ content: piece });
      send({}, 'stop');
    }
    response.end('data: [DONE]\n\n');
  }

  function replyPieces(toolContent: string | null): string[] {
    if (mode === 'silent') return [];
    if (mode === 'scripted') return [script];
    if (mode === 'inventive') return ['The best fare is ', 'USD 123', '45 with Imaginary Air.'];
    const result = JSON.parse(toolContent ?? '{}') as {
      flights?: Array<{ airline: string; pricePerPerson: number; currency: string }>;
    };
    const cheapest = [...(result.flights ?? [])].sort(
      (a, b) => a.pricePerPerson - b.pricePerPerson,
    )[0];
    if (!cheapest) return ['I found no flights.'];
    return [
      'The best fare is ',
      `${cheapest.currency} `,
      `${cheapest.pricePerPerson}`,
      ` with ${cheapest.airline}.`,
    ];
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A hanging request must not keep close() waiting.
  const closeAll = () => server.closeAllConnections();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    setMode(next: FakeModelMode) {
      mode = next;
    },
    /** Answers every request with `text` from now on (mode 'scripted'). */
    say(text: string) {
      mode = 'scripted';
      script = text;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        closeAll();
      }),
  };
}
