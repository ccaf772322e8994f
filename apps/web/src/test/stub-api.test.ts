import { companyRoutes } from '@zakupki/shared/api/companies';
import { systemRoutes } from '@zakupki/shared/api/system';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import { apiCalls, errorBody, reply, stubRoute, verifyStubs } from './stub-api';

const users = () => api(companyRoutes.users, { params: { id: 3 }, query: { page: 2, limit: 10 } });
const my = () => api(companyRoutes.my);

describe('stubRoute', () => {
  it('answers a route with a body its schema accepts and records the call', async () => {
    const stub = stubRoute(companyRoutes.users, { items: [], total: 0, page: 2, limit: 10 });
    expect((await users()).page).toBe(2);
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0].params).toEqual({ id: '3' });
    expect(stub.calls[0].query.get('page')).toBe('2');
    expect(apiCalls()).toHaveLength(1);
    verifyStubs();
  });

  it('a later stub of the same route wins; a handler sees the request', async () => {
    stubRoute(companyRoutes.my, [{ id: 1, title: 'Первая', has_data: false }]);
    stubRoute(companyRoutes.my, (req) => [{ id: 2, title: req.headers.accept, has_data: false }]);
    expect(await my()).toEqual([{ id: 2, title: 'application/json', has_data: false }]);
    verifyStubs();
  });

  it('passes an error answer through', async () => {
    stubRoute(companyRoutes.my, reply(403, errorBody('forbidden', 'Нет доступа')));
    await expect(my()).rejects.toMatchObject({ status: 403, message: 'Нет доступа' });
    verifyStubs();
  });

  it('a stub that breaks the response schema fails the test', async () => {
    stubRoute(companyRoutes.my, [{ id: 'один' }] as never);
    await my();
    expect(verifyStubs).toThrow(
      /GET \/api\/companies\/my: the stubbed answer does not match the route's response schema — 0\.id/,
    );
  });

  it('an error answer that is not an ErrorBody fails the test', async () => {
    stubRoute(companyRoutes.my, reply(500, { message: 'x' }));
    await my().catch(() => null);
    expect(verifyStubs).toThrow(/does not match the route's response schema/);
  });

  it('a request nobody stubbed is refused and fails the test with its method and path', async () => {
    stubRoute(systemRoutes.publicConfig, reply(500, errorBody('internal_error', 'x')));
    await expect(users()).rejects.toMatchObject({ status: 501 });
    expect(verifyStubs).toThrow('GET /api/companies/3/users?page=2&limit=10: no stub answers this request');
  });
});
