// The floor for the catalogue benchmark: a bare Fastify route answering the same JSON from memory.
import Fastify from 'fastify';

const body = await (await fetch(process.env.SOURCE_URL!)).text();
const app = Fastify();
app.get('/api/productos/consolidated-data/', (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
