// Issue 15 part 7: how long one group message takes to reach 1,000 members' open connections,
// on one Vowa instance and across two (PostgreSQL + Redis), beside bare Socket.IO in the same
// run. Everything is real: 1,000 accounts join one group with its invite code, each member keeps
// one connection, and the message is sent through the API by one of them.
import { rmSync } from 'node:fs';
import {
  emitReference,
  measure,
  openSockets,
  scaledOutServices,
  startReference,
  startVowa,
  stop,
} from './realtime-fan-out.mjs';

const MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 1000);
// Accounts are made and joined from this one address: the per-address limits would refuse them.
const LIMITS = {
  GROUP_JOIN_RATE_LIMIT_MAX: '1000000',
  GROUP_MESSAGE_RATE_LIMIT_MAX: '1000000',
};

async function call(base, route, { token, body, method = 'POST' } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A new account, signed in. */
async function member(base, index, run) {
  const email = `group-${run}-${index}@example.com`;
  const password = 'benchmark-password';
  await call(base, '/api/auth/register', { body: { email, password, name: `Member ${index}` } });
  const login = await call(base, '/api/auth/login', { body: { email, password } });
  return login.access_token;
}

/** One group with `MEMBERS` members (8 accounts made at a time); returns its id and tokens. */
async function groupOfMembers(base) {
  const run = Date.now();
  const tokens = [];
  for (let index = 0; index < MEMBERS; index += 8) {
    const batch = Array.from({ length: Math.min(8, MEMBERS - index) }, (_, offset) =>
      member(base, index + offset, run),
    );
    tokens.push(...(await Promise.all(batch)));
    if (process.env.BENCH_DEBUG && index % 100 === 0) console.error(`accounts ${index}`);
  }
  const group = await call(base, '/api/llm/groups', {
    token: tokens[0],
    body: { name: 'Bench trip' },
  });
  const { code } = await call(base, `/api/llm/groups/${group.id}/invite_codes`, {
    token: tokens[0],
  });
  for (let index = 1; index < tokens.length; index += 20) {
    await Promise.all(
      tokens
        .slice(index, index + 20)
        .map((token) => call(base, '/api/llm/groups/join', { token, body: { code } })),
    );
  }
  return { groupId: group.id, tokens };
}

const sendMessage = (base, token, groupId) => {
  let sent = 0;
  return () =>
    call(base, `/api/llm/groups/${groupId}/messages`, {
      token,
      body: { content: `Round ${(sent += 1)}: who is in?`, client_id: crypto.randomUUID() },
    });
};

async function runScenario(bases, tokens, trigger, event) {
  const sockets = await openSockets(bases, tokens.length, undefined, (index) => tokens[index]);
  try {
    await measure(sockets.slice(0, 10), trigger, event); // warm-up
    return await measure(sockets, trigger, event);
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

function print(report, setup, vowa, reference, aim) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  const area = `group message fan-out to ${MEMBERS} members — ${setup}`;
  report(
    area,
    `Vowa p50 / p99 (message sent → every member told; aim p99 < ${aim} ms)`,
    `${ms(vowa.p50)} / ${ms(vowa.p99)}${vowa.missed ? `; ${vowa.missed} deliveries missed` : ''}`,
  );
  report(
    area,
    'bare Socket.IO p50 / p99; ratio reference/Vowa (1.00 = the physical limit)',
    `${ms(reference.p50)} / ${ms(reference.p99)}; p50 ${(reference.p50 / vowa.p50).toFixed(2)}× p99 ${(reference.p99 / vowa.p99).toFixed(2)}×`,
  );
}

export async function benchGroupFanOut({ root, port, report }) {
  const children = [];
  const dirs = [];
  try {
    const reference = await startReference(port + 1);
    children.push(reference);
    const referenceBase = `http://127.0.0.1:${port + 1}`;
    const referenceTokens = Array.from({ length: MEMBERS }, () => undefined);
    const referenceOne = await runScenario(
      [referenceBase],
      referenceTokens,
      emitReference(referenceBase),
      'changed',
    );
    await stop(reference);

    const one = await startVowa(root, port + 2, LIMITS, children);
    dirs.push(one.dataDir);
    const solo = await groupOfMembers(one.base);
    const soloSend = sendMessage(one.base, solo.tokens[0], solo.groupId);
    const soloFigures = await runScenario([one.base], solo.tokens, soloSend, 'group_message');
    print(report, 'one instance (PGlite)', soloFigures, referenceOne, 50);
    await stop(one.child);

    const services = await scaledOutServices();
    if (!services) {
      report('group message fan-out — two instances', 'skipped', 'needs PostgreSQL and Redis');
      return;
    }
    try {
      const referenceA = await startReference(port + 3, services.redisUrl);
      const referenceB = await startReference(port + 4, services.redisUrl);
      children.push(referenceA, referenceB);
      const referenceTwo = await runScenario(
        [`http://127.0.0.1:${port + 3}`, `http://127.0.0.1:${port + 4}`],
        referenceTokens,
        emitReference(`http://127.0.0.1:${port + 3}`),
        'changed',
      );
      await Promise.all([stop(referenceA), stop(referenceB)]);
      const env = { ...LIMITS, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl };
      const a = await startVowa(root, port + 5, env, children);
      const b = await startVowa(root, port + 6, env, children);
      dirs.push(a.dataDir, b.dataDir);
      const shared = await groupOfMembers(a.base);
      print(
        report,
        'two instances (PostgreSQL + Redis; half the members on each, the message sent to one)',
        await runScenario(
          [a.base, b.base],
          shared.tokens,
          sendMessage(a.base, shared.tokens[0], shared.groupId),
          'group_message',
        ),
        referenceTwo,
        100,
      );
      await Promise.all([stop(a.child), stop(b.child)]);
    } finally {
      await services.drop();
    }
  } finally {
    await Promise.all(children.map(stop));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
