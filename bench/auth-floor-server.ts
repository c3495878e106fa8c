// The floor for the auth hot path: a bare Fastify route doing the same primary-key lookup of a
// user with the same driver (pg, a pool of 10 like the app's), and nothing else.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.get<{ Params: { id: string } }>('/usuario/:id', async (request) => {
  const { rows } = await pool.query(
    `SELECT id, email, email_pendiente, first_name, last_name, empresa, telefono, fecha_nacimiento, is_active, is_comprador, is_proveedor,
            is_moderador, correo_contacto, direccion_envio, ofrece_credito, token_version
       FROM usuario WHERE id = $1`,
    [Number(request.params.id)],
  );
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
