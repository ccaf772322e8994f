import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrors, HTTP_ERROR_HEADER, mapError, mapHttpError } from './http-errors';

const body = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message },
  ...extra,
});

describe('HTTP error mapping (docs/product.md §8, docs/product.md)', () => {
  it('401 logs out', () => {
    expect(mapHttpError(401, body('unauthorized', 'Сессия истекла или завершена'))).toEqual({
      kind: 'logout',
    });
    expect(mapHttpError(401, null)).toEqual({ kind: 'logout' });
  });

  it('a wrong password (401 invalid_credentials) is not a logout', () => {
    expect(mapHttpError(401, body('invalid_credentials', 'Неверный логин или пароль'))).toMatchObject({
      kind: 'notice',
    });
  });

  it('404 and 504 have fixed texts under «Произошла ошибка сервера»', () => {
    expect(mapHttpError(404, body('not_found', 'Компания не найдена'))).toEqual({
      kind: 'notice',
      header: HTTP_ERROR_HEADER,
      message: 'Запрашиваемый ресурс не найден',
      code: null,
    });
    expect(mapHttpError(504, null)).toEqual({
      kind: 'notice',
      header: 'Произошла ошибка сервера',
      message: 'Время ожидания ответа истекло. Попробуйте позже',
      code: null,
    });
  });

  it('sentry_code → «Обратитесь к оператору Код ошибки: …» with the code to copy', () => {
    expect(
      mapHttpError(500, body('internal_error', 'Внутренняя ошибка сервера', { sentry_code: 'K7QX2M' })),
    ).toEqual({
      kind: 'notice',
      header: HTTP_ERROR_HEADER,
      message: 'Обратитесь к оператору Код ошибки: K7QX2M',
      code: 'K7QX2M',
    });
  });

  it('anything else without a code is «Произошла неизвестная ошибка»', () => {
    expect(mapHttpError(500, null)).toMatchObject({ message: 'Произошла неизвестная ошибка', code: null });
    expect(mapHttpError(502, '<html>Bad gateway</html>')).toMatchObject({
      message: 'Произошла неизвестная ошибка',
    });
    expect(mapHttpError(409, { foo: 1 })).toMatchObject({ message: 'Произошла неизвестная ошибка' });
    expect(mapError(new TypeError('boom'))).toMatchObject({ message: 'Произошла неизвестная ошибка' });
  });

  it('a 4xx with the server’s own message shows that message as a refusal, not a server error', () => {
    expect(
      mapHttpError(409, body('duplicate', 'Пользователь с таким e-mail уже зарегистрирован')),
    ).toMatchObject({
      header: 'Не выполнено',
      message: 'Пользователь с таким e-mail уже зарегистрирован',
      code: null,
    });
  });

  it('an unreachable server (status 0) says so', () => {
    expect(mapError(new ApiError(0, null))).toMatchObject({
      message: expect.stringContaining('Сервер недоступен'),
    });
  });

  it('ApiError carries code, details and sentry code; mapError uses the raw body', () => {
    const e = new ApiError(500, body('internal_error', 'x', { sentry_code: 'AB12' }));
    expect(e).toMatchObject({ status: 500, code: 'internal_error', sentryCode: 'AB12' });
    expect(mapError(e)).toMatchObject({ code: 'AB12' });
  });
});

describe('validation errors onto form fields', () => {
  const err = new ApiError(400, {
    error: {
      code: 'validation_failed',
      message: 'Проверьте введённые данные',
      details: {
        issues: [
          { path: 'body.company.inn', message: 'Неверное контрольное число ИНН' },
          { path: 'body.login', message: 'Обязательное поле' },
          { path: 'body.login', message: 'Введите корректный email' },
          { path: 'body', message: 'Лишнее поле' },
        ],
      },
    },
  });

  it('reads the issues of a 400 validation_failed', () => {
    expect(err.issues).toHaveLength(4);
    expect(new ApiError(409, body('duplicate', 'x')).issues).toEqual([]);
  });

  it('maps body.x.y to x.y and joins a field’s messages with commas', () => {
    expect(fieldErrors(err.issues)).toEqual({
      'company.inn': 'Неверное контрольное число ИНН',
      login: 'Обязательное поле, Введите корректный email',
      '': 'Лишнее поле',
    });
  });
});
