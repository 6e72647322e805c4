/**
 * The yardstick of `npm run bench:read`: a bare Fastify server with one route, GET /api/public/config, that
 * answers the body in the file BARE_BODY_FILE as an object (Fastify's default JSON serialization), with no
 * plugins, hooks or logging. Listens on 127.0.0.1:PORT and prints "listening" when ready.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const bodyFile = process.env.BARE_BODY_FILE;
const port = Number(process.env.PORT);
if (!bodyFile || !Number.isInteger(port)) throw new Error('BARE_BODY_FILE and PORT are required');
const body = JSON.parse(readFileSync(bodyFile, 'utf8')) as Record<string, unknown>;

const app = Fastify({ logger: false });
app.get('/api/public/config', async () => body);
await app.listen({ host: '127.0.0.1', port });
console.log('listening');

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
