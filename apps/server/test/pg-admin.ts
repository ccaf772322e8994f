import pg from 'pg';

/** Names the per-run template database for a TEST_DATABASE_URL. */
export function templateName(url: string) {
  const base = new URL(url).pathname.slice(1) || 'test';
  return `${base}_tpl`;
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
