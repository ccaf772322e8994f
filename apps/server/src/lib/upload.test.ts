import { defineRoute } from '@zakupki/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../plugins/errors.js';
import type { AppDeps } from '../types.js';
import { addRoute, addUploadRoute } from './route.js';

/** The one set of refusals of a declared upload (lib/upload.ts), on a bare app without a database. */

const LIMIT = 4096;
const one = defineRoute({
  method: 'POST',
  path: '/one',
  summary: 'one file',
  tags: [],
  public: true,
  multipart: true,
  response: { 200: z.object({ name: z.string(), size: z.number(), note: z.string().nullable() }) },
});
const many = defineRoute({
  ...one,
  path: '/many',
  response: { 200: z.object({ names: z.array(z.string()) }) },
});

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { config: { uploadLimit: LIMIT } } as unknown as AppDeps);
  registerErrorHandling(app, { indexHtml: null });
  const spec = {
    maxFiles: 1,
    maxFileBytes: 1024,
    limitName: 'ограничение примера',
    fields: ['note'],
    what: 'файл примера',
    missing: 'Прикрепите файл примера',
  } as const;
  addUploadRoute(app, one, spec, async ({ upload }) => {
    const { files, fields } = await upload();
    // read once, however often asked
    expect(await upload()).toEqual({ files, fields });
    return { name: files[0].name, size: files[0].data.length, note: fields.note ?? null };
  });
  addUploadRoute(
    app,
    many,
    { maxFiles: 3, maxTotalBytes: 3000, what: 'файлы', missing: 'Нет файлов' },
    async ({ upload }) => ({ names: (await upload()).files.map((f) => f.name) }),
  );
  await app.ready();
});
afterAll(() => app.close());

const form = (files: [string, string, number][], fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [field, name, size] of files) f.append(field, new Blob([new Uint8Array(size).fill(65)]), name);
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
async function post(url: string, body: FormData | object) {
  const r = await app.inject({ method: 'POST', url, payload: body });
  return { status: r.statusCode, body: r.json() };
}

describe('a declared upload', () => {
  it('takes the file and the declared fields, the name cleaned', async () => {
    const r = await post('/one', form([['file', 'a\u202e.txt', 10]], { note: 'да', other: 'нет' }));
    expect(r).toEqual({ status: 200, body: { name: 'a.txt', size: 10, note: 'да' } });
  });

  it('refuses the same mistakes the same way', async () => {
    expect(await post('/one', { file: 'x' })).toEqual({
      status: 415,
      body: {
        error: { code: 'unsupported_media_type', message: 'Загрузите файл примера как multipart/form-data' },
      },
    });
    expect((await post('/one', form([]))).body.error).toEqual({
      code: 'invalid_file',
      message: 'Прикрепите файл примера',
    });
    expect((await post('/one', form([['file', 'empty.txt', 0]]))).body.error.message).toBe(
      'Прикрепите файл примера',
    );
    expect((await post('/one', form([['document', 'a.txt', 10]]))).body.error).toEqual({
      code: 'invalid_file',
      message: 'Прикрепите файл в поле file',
    });
    const big = await post('/one', form([['file', 'big.txt', 5000]]));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('Файл «big.txt» не принят: файл больше 1 КБ (ограничение примера)');
    const two = await post(
      '/one',
      form([
        ['file', 'a.txt', 10],
        ['file', 'b.txt', 10],
      ]),
    );
    expect(two.status).toBe(413);
    expect(two.body.error.message).toBe('Слишком много файлов: не больше 1 за одну загрузку');
    const total = await post(
      '/many',
      form([
        ['file', 'a.txt', 2000],
        ['file', 'b.txt', 2000],
      ]),
    );
    expect(total.status).toBe(413);
    expect(total.body.error.message).toBe('Файлы вместе больше допустимых 3 КБ');
    expect(
      (
        await post(
          '/many',
          form([
            ['file', 'a.txt', 10],
            ['file', 'b.txt', 10],
          ]),
        )
      ).body,
    ).toEqual({
      names: ['a.txt', 'b.txt'],
    });
  });

  it('a multipart route cannot be registered as a plain one, nor a plain one as an upload', () => {
    const other = Fastify();
    other.decorate('deps', { config: { uploadLimit: LIMIT } } as unknown as AppDeps);
    expect(() => addRoute(other, one, async () => null)).toThrow(/declare it with addUploadRoute/);
    const plain = defineRoute({ ...one, multipart: false });
    expect(() =>
      addUploadRoute(other, plain, { maxFiles: 1, what: 'x', missing: 'x' }, async () => null),
    ).toThrow(/not declared multipart/);
  });
});
