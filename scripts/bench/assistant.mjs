// Issue 12 part 7: the assistant's speed. A flight request through the offline assistant over
// HTTP (p50 / p95) beside a bare Fastify route's round trip; the time from a model's first token
// to the client's first token through Vowa's streaming path, beside the same token read straight
// from the model (the physical limit); and the chat screen's JavaScript chunk.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const CITIES = ['London', 'Paris', 'Rome', 'Madrid', 'Lisbon', 'Tokyo', 'Berlin', 'Dublin'];

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * A model endpoint in this process: it streams a short answer and notes when its first token
 * left, so Vowa's first token can be timed on the same clock.
 */
async function startFakeModel() {
  const firstTokenAt = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta, finish = null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      firstTokenAt.push(performance.now());
      response.write(chunk({ role: 'assistant', content: 'Hello' }));
      setTimeout(() => {
        response.write(chunk({ content: ', where would you like to go?' }));
        response.write(chunk({}, 'stop'));
        response.end('data: [DONE]\n\n');
      }, 20);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    firstTokenAt,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function startServer(root, port, dataDir, extraEnv) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-for-hs256',
      ENCRYPTION_KEY: 'bench-encryption-key-that-is-long-enough-for-hkdf',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      TRAVEL_RATE_LIMIT_MAX: '100000',
      CHAT_RATE_LIMIT_MAX: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function untilHealthy(base) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 180_000) throw new Error(`${base} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(base) {
  const email = `assistant.${Date.now()}.${Math.random()}@example.com`;
  const password = 'benchmark-password';
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, name: 'Bench' }),
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  return { ...json, authorization: `Bearer ${(await login.json()).access_token}` };
}

/** The bare reference: a Fastify JSON route's round trip, one request at a time. */
async function referenceRoundTrip(root, port) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/bench/reference-server.mjs'), 'json', String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const samples = [];
  for (let index = 0; index < 200; index += 1) {
    const start = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/`)).json();
    samples.push(performance.now() - start);
  }
  child.kill('SIGTERM');
  return percentiles(samples.slice(20));
}

async function offlineFlightRequests(base, headers) {
  const samples = [];
  for (let index = 0; index < 60; index += 1) {
    const message = `flights from JFK to ${CITIES[index % CITIES.length]} next Friday`;
    const start = performance.now();
    const answer = await fetch(`${base}/api/llm/chat`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message }),
    });
    const body = await answer.json();
    if (!answer.ok || body.flight_results.length === 0) throw new Error(`no flights: ${message}`);
    samples.push(performance.now() - start);
  }
  // The first few warm the place indexes and the inventory's caches.
  return percentiles(samples.slice(10));
}

/** When the first `text` event of Vowa's stream arrives, on this process's clock. */
async function firstStreamedToken(base, headers) {
  const answer = await fetch(`${base}/api/llm/chat/stream`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ message: 'hello' }),
  });
  const reader = answer.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let at;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    if (at === undefined && buffered.includes('event: text')) at = performance.now();
  }
  return at;
}

/** The same first token read straight from the model: what no server in between can beat. */
async function firstModelToken(url) {
  const answer = await fetch(`${url}/chat/completions`, { method: 'POST', body: '{}' });
  const reader = answer.body.getReader();
  await reader.read();
  const at = performance.now();
  while (!(await reader.read()).done);
  return at;
}

async function tokenLatencies(base, headers, model) {
  const vowa = [];
  const direct = [];
  for (let index = 0; index < 40; index += 1) {
    const received = await firstStreamedToken(base, headers);
    vowa.push(received - model.firstTokenAt.at(-1));
    const straight = await firstModelToken(model.url);
    direct.push(straight - model.firstTokenAt.at(-1));
  }
  return { vowa: percentiles(vowa.slice(5)), direct: percentiles(direct.slice(5)) };
}

function chatChunk(root, report) {
  const assets = path.join(root, 'apps/web/dist/assets');
  // The /chat route's lazy chunk (app/chat-route.tsx with features/chat); Vite names it after
  // the module it starts from.
  const chunks = readdirSync(assets).filter((file) => /^chat-route-.*\.js$/.test(file));
  if (chunks.length === 0) return report('assistant', 'chat screen JS chunk', 'not built');
  for (const file of chunks) {
    const content = readFileSync(path.join(assets, file));
    report(
      'assistant',
      `chat screen JS chunk (${file})`,
      `${(content.length / 1024).toFixed(1)} KiB (${(gzipSync(content).length / 1024).toFixed(1)} KiB gzip)`,
    );
  }
}

export async function benchAssistant({ root, port, report }) {
  chatChunk(root, report);
  const model = await startFakeModel();
  const offlineDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-assistant-'));
  const modelDir = mkdtempSync(path.join(tmpdir(), 'vowa-bench-model-'));
  const offline = startServer(root, port, offlineDir, {});
  const withModel = startServer(root, port + 1, modelDir, {
    LLM_BASE_URL: model.url,
    LLM_MODEL: 'bench',
    LLM_API_KEY: 'bench',
  });
  try {
    const offlineBase = `http://127.0.0.1:${port}`;
    const modelBase = `http://127.0.0.1:${port + 1}`;
    await Promise.all([untilHealthy(offlineBase), untilHealthy(modelBase)]);
    const flights = await offlineFlightRequests(offlineBase, await signIn(offlineBase));
    const bare = await referenceRoundTrip(root, port + 2);
    report(
      'assistant',
      'flight request, offline assistant over HTTP p50 / p95 (aim p95 < 300 ms)',
      `${ms(flights.p50)} / ${ms(flights.p95)} — bare Fastify route ${ms(bare.p50)} / ${ms(bare.p95)}`,
    );
    const tokens = await tokenLatencies(modelBase, await signIn(modelBase), model);
    report(
      'assistant',
      "model's first token to the client's, streaming p50 / p95 (aim < 50 ms)",
      `${ms(tokens.vowa.p50)} / ${ms(tokens.vowa.p95)} — straight from the model ${ms(tokens.direct.p50)} / ${ms(tokens.direct.p95)}`,
    );
  } finally {
    for (const child of [offline, withModel]) child.kill('SIGTERM');
    await Promise.all(
      [offline, withModel].map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
    await model.close();
    rmSync(offlineDir, { recursive: true, force: true });
    rmSync(modelDir, { recursive: true, force: true });
  }
}
