import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { open, seal, secretsKey } from './secret-box.js';

const KEY = 'a'.repeat(64);

describe('secret box', () => {
  it('seals with a random IV and opens only with the same key and context', () => {
    const key = secretsKey({ secretsKey: KEY, dataDir: '/nonexistent' });
    const a = seal(key, 'Пароль-ЕИС 1', 'eis-password:1');
    const b = seal(key, 'Пароль-ЕИС 1', 'eis-password:1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('Пароль');
    expect(open(key, a, 'eis-password:1')).toBe('Пароль-ЕИС 1');
    expect(() => open(key, a, 'eis-password:2')).toThrow();
    expect(() =>
      open(secretsKey({ secretsKey: 'b'.repeat(64), dataDir: '/x' }), a, 'eis-password:1'),
    ).toThrow();
    expect(() => open(key, 'garbage', 'eis-password:1')).toThrow('not a sealed secret');
  });

  it('without SECRETS_KEY keeps one random key in DATA_DIR/secrets.key (mode 600)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-secrets-'));
    try {
      const key = secretsKey({ secretsKey: null, dataDir: dir });
      expect(key).toHaveLength(32);
      const file = path.join(dir, 'secrets.key');
      expect(fs.readFileSync(file, 'utf8')).toBe(key.toString('hex'));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // another process (an empty cache) reads the same key
      const sealed = seal(key, 'x', 'c');
      expect(open(Buffer.from(fs.readFileSync(file, 'utf8'), 'hex'), sealed, 'c')).toBe('x');
      expect(secretsKey({ secretsKey: null, dataDir: dir })).toEqual(key);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
