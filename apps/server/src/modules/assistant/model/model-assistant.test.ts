import { createServer, type AddressInfo } from 'node:net';
import type { ChatResponse } from '@vowa/shared/assistant/assistant-schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, person, type Person } from '../../../../test/api-helpers';
import { startFakeChatCompletions } from '../../../../test/fake-chat-completions';
import { createTestApp, type TestApp } from '../../../../test/test-app';

let fake: Awaited<ReturnType<typeof startFakeChatCompletions>>;
let t: TestApp;
let someone: Person;

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp({
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'fake-model',
    LLM_TIMEOUT_MS: '1500',
    CHAT_RATE_LIMIT_MAX: '1000',
  });
  someone = await person(t.app, 'Model Tester');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.setMode('honest');
  fake.requests.length = 0;
});

async function ask(message: string) {
  const answer = await as(t.app, someone).post('/api/llm/chat', { message });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ChatResponse;
}

describe('a configured OpenAI-compatible model', () => {
  it('calls the flight tool, streams its answer, and the cards carry the quotes it cited', async () => {
    const reply = await ask('Find me a flight from New York to London next month');
    expect(reply.flight_results.length).toBeGreaterThan(0);
    const cheapest = Math.min(...reply.flight_results.map((flight) => flight.price!));
    expect(reply.response).toContain(`${cheapest}`);
    expect(reply.note).toBeNull();

    // The model was told who it is talking to and was given the tools.
    const [first, second] = fake.requests;
    expect(first!.stream).toBe(true);
    expect(first!.messages[0]).toMatchObject({ role: 'system' });
    expect(first!.messages[0]!.content).toContain('home airport');
    expect(first!.tools?.map((tool) => tool.function.name)).toContain('search_flights');
    // The tool's answer went back to the model as a tool message.
    expect(second!.messages.some((message) => message.role === 'tool')).toBe(true);
  });

  it('never lets a price through that no tool returned', async () => {
    fake.setMode('inventive');
    const reply = await ask('Find me a flight from New York to London next month');
    expect(reply.response).not.toContain('12345');
    expect(reply.note).toMatch(/rewritten from the search results/);
    expect(reply.flight_results.length).toBeGreaterThan(0);
  });

  it('falls back to the offline assistant, with a note, when the model fails', async () => {
    fake.setMode('failing');
    const reply = await ask('flights from JFK to Paris next Friday');
    expect(reply.note).toBe(
      "The AI model couldn't be reached, so Vowa's built-in assistant answered instead.",
    );
    expect(reply.flight_results.length).toBeGreaterThan(0);
    expect(reply.response).toMatch(/^I found \d+ flights/);
  });

  it("says 'AI did not return a response.' when the model answers nothing", async () => {
    fake.setMode('silent');
    const reply = await ask('hello');
    expect(reply.response).toBe('AI did not return a response.');
  });
});

describe('a model that misbehaves', () => {
  it('gets at most five rounds of tool calls for one message', async () => {
    fake.setMode('looping');
    const reply = await ask('Find me a flight from New York to London next month');
    expect(fake.requests).toHaveLength(5);
    // What the searches found is still shown; the model never said anything of its own.
    expect(reply.flight_results.length).toBeGreaterThan(0);
    expect(reply.response).toBe('AI did not return a response.');
  });

  it('is given up on when it does not answer in time, and the offline assistant answers', async () => {
    fake.setMode('hanging');
    const reply = await ask('flights from JFK to Paris next Friday');
    expect(fake.requests).toHaveLength(1);
    expect(reply.note).toMatch(/couldn't be reached/);
    expect(reply.response).toMatch(/^I found \d+ flights/);
  });
});

describe('an unreachable model endpoint', () => {
  it('is answered by the offline assistant with a note', async () => {
    // A port nothing listens on: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await createTestApp({
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_MODEL: 'nowhere',
    });
    try {
      const ada = await person(unreachable.app, 'Ada');
      const answer = await as(unreachable.app, ada).post('/api/llm/chat', { message: 'hello' });
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as ChatResponse).note).toMatch(/couldn't be reached/);
    } finally {
      await unreachable.close();
    }
  });
});
