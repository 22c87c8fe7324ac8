import { expect, test } from './fixtures.ts';

test('the health and readiness endpoints answer on the real server', async ({ request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
});

test('an unknown callable function answers the NOT_FOUND envelope', async ({ request }) => {
  const response = await request.post('/api/fn/nope', { data: { data: {} } });
  expect(response.status()).toBe(404);
  expect((await response.json()).error.status).toBe('NOT_FOUND');
});
