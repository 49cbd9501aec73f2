// A bare Socket.IO server for `npm run bench` (issue 11 part 3): no authentication, no app,
// every connection in one room; `POST /emit` sends one event to the room and answers 204.
// `node socket-reference.mjs <port> [redis url]`: with a Redis URL it uses the same Redis Streams
// adapter as Vowa, so two of them are the reference for two Vowa instances. Prints "ready".
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const [port, redisUrl] = process.argv.slice(2);
const redis = redisUrl ? new Redis(redisUrl) : undefined;
const http = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/emit') {
    io.to('everyone').emit('changed', 'settings');
    response.writeHead(204).end();
    return;
  }
  response.writeHead(404).end();
});
const io = new Server(http, {
  transports: ['websocket'],
  serveClient: false,
  connectionStateRecovery: { maxDisconnectionDuration: 120_000 },
  ...(redis ? { adapter: createAdapter(redis, { streamName: 'bench-reference' }) } : {}),
});
io.on('connection', (socket) => socket.join('everyone'));
http.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  io.close();
  redis?.disconnect();
  process.exit(0);
});
