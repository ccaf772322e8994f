import { describe, expect, it } from 'vitest';
import { buildEnvelope, parseDsn, parseStack } from './error-reporter';

describe('Sentry-compatible reporter', () => {
  it('reads the DSN into the envelope endpoint', () => {
    expect(parseDsn('https://abc123@glitchtip.example.ru/42')).toMatchObject({
      endpoint: 'https://glitchtip.example.ru/api/42/envelope/',
      publicKey: 'abc123',
      projectId: '42',
    });
    expect(parseDsn('https://k@o1.ingest.sentry.io/sub/path/7')?.endpoint).toBe(
      'https://o1.ingest.sentry.io/sub/path/api/7/envelope/',
    );
    expect(parseDsn('not a dsn')).toBeNull();
    expect(parseDsn('https://host/42')).toBeNull();
  });

  it('builds an envelope: header, item header, event with the exception and frames', () => {
    const dsn = parseDsn('https://abc@errors.example.ru/5')!;
    const err = new Error('Cannot read properties of undefined');
    err.stack = `TypeError: Cannot read properties of undefined
    at render (${window.location.origin}/assets/index-1.js:10:20)
    at https://cdn.example/x.js:1:2`;
    const lines = buildEnvelope(
      dsn,
      err,
      { environment: 'production', userId: () => 7 },
      new Date('2026-03-01T10:00:00Z'),
    )
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ sent_at: '2026-03-01T10:00:00.000Z', dsn: dsn.dsn });
    expect(lines[0].event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[1]).toEqual({ type: 'event' });
    expect(lines[2]).toMatchObject({
      event_id: lines[0].event_id,
      platform: 'javascript',
      level: 'error',
      environment: 'production',
      user: { id: '7' },
      exception: { values: [{ type: 'Error', value: 'Cannot read properties of undefined' }] },
    });
    const frames = lines[2].exception.values[0].stacktrace.frames;
    expect(frames.map((f: { function: string }) => f.function)).toEqual(['?', 'render']);
    expect(frames[1]).toMatchObject({ lineno: 10, colno: 20, in_app: true });
  });

  it('parses Firefox stacks too', () => {
    expect(parseStack('handler@https://x.ru/a.js:3:4\n@https://x.ru/b.js:1:1')).toHaveLength(2);
  });
});
