// CI helper: `create` makes a fresh database on the local PostgreSQL server and prints its URL; `drop URL` removes it.
import pg from 'pg';

const base = process.env.CI_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [cmd, arg] = process.argv.slice(2);
const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
await client.connect();
try {
  if (cmd === 'create') {
    const name = `rozmova_ci_${Date.now()}`;
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    console.log(url.toString());
  } else if (cmd === 'drop') {
    const name = new URL(arg).pathname.slice(1);
    if (!/^rozmova_ci_\d+$/.test(name)) throw new Error(`refusing to drop ${name}`);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    throw new Error('usage: pg-ci.mjs create | drop URL');
  }
} finally {
  await client.end();
}
