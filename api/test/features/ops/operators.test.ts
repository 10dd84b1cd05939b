import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';

const OPERATOR = 4_242_101;

describe('the operator’s desk answers OPERATOR_IDS only', () => {
  let t: TestApp;
  let operator: TestUser;
  let someone: TestUser;
  let opsRoutes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await buildTestApp({ config: { operatorIds: [OPERATOR] } });
    operator = await createUser(t, { id: OPERATOR });
    someone = await createUser(t);
    // The OpenAPI document is written from Fastify's own route table (every route registered, onRoute).
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    opsRoutes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/ops/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{\w+\}/g, '1') })),
      );
  });
  afterAll(() => t.close());

  it('refuses every /api/ops route in the route table to anyone else: 403 signed in, 401 signed out', async () => {
    expect(t.app.undocumentedRoutes).toEqual([]);
    expect(opsRoutes.length).toBeGreaterThanOrEqual(10);
    expect(opsRoutes).toContainEqual({ method: 'GET', url: '/api/ops/packs/removed' });
    for (const route of opsRoutes) {
      const method = route.method as 'GET' | 'POST';
      const refused = await t.app.inject({ method, url: route.url, headers: someone.headers, payload: {} });
      expect([route, refused.statusCode, refused.json()]).toEqual([route, 403, { error: OPS_ERRORS.operatorsOnly }]);
      const anonymous = await t.app.inject({ method, url: route.url, payload: {} });
      expect([route, anonymous.statusCode]).toEqual([route, 401]);
    }
  });

  it('lets an operator read the desk', async () => {
    for (const url of ['/api/ops/audit', '/api/ops/reports', '/api/ops/queues', '/api/ops/packs/removed']) {
      const res = await t.app.inject({ method: 'GET', url, headers: operator.headers });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
  });

  it('says in /api/auth/me whether the user is an operator, so only they are shown the desk', async () => {
    const me = async (user: TestUser) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).json() as {
        isOperator: boolean;
      };
    expect((await me(operator)).isOperator).toBe(true);
    expect((await me(someone)).isOperator).toBe(false);
  });

  it('reads OPERATOR_IDS as comma-separated Telegram ids, and refuses anything else by name', async () => {
    const { loadConfig } = await import('@stickerdrop/core');
    expect(loadConfig({ OPERATOR_IDS: ' 12, 34 ,12' }).operatorIds).toEqual([12, 34]);
    expect(loadConfig({}).operatorIds).toEqual([]);
    expect(() => loadConfig({ OPERATOR_IDS: '12,abc' })).toThrow(/OPERATOR_IDS/);
  });
});
