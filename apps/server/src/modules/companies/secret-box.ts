import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Secrets the server must use later but never show (the EIS password): AES-256-GCM with a
 * random IV, bound to what they belong to (`context`, e.g. `eis-password:12`) so a value copied
 * to another row does not open. The key is SECRETS_KEY (64 hex digits) or, when that is not set,
 * a random key kept in `<DATA_DIR>/secrets.key` (created on first use, mode 600). Several app
 * nodes on one PostgreSQL must share SECRETS_KEY.
 */

const VERSION = 'v1';
const KEY_FILE = 'secrets.key';
const keys = new Map<string, Buffer>();

export function secretsKey(config: Pick<Config, 'secretsKey' | 'dataDir'>): Buffer {
  if (config.secretsKey) return Buffer.from(config.secretsKey, 'hex');
  const file = path.join(config.dataDir, KEY_FILE);
  const cached = keys.get(file);
  if (cached) return cached;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting together, one writes and both read the same key
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${file}: not a key of 64 hex digits`);
  const key = Buffer.from(hex, 'hex');
  keys.set(file, key);
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text of a sealed value; throws when the key, the context or the value is wrong. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
