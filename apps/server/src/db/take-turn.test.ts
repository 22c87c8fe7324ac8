import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { takeTurn, TURN_MS } from './take-turn.ts';

/** Runs `step` until `ms` have passed; returns how many steps ran and at which step a timer set before the loop fired (null: not before the loop ended). */
async function busyLoop(ms: number, step: () => Promise<unknown>): Promise<{ steps: number; timerFiredAt: number | null }> {
  let steps = 0;
  let timerFiredAt: number | null = null;
  const timer = setTimeout(() => (timerFiredAt = steps), 0);
  const started = performance.now();
  while (performance.now() - started < ms) {
    await step();
    steps++;
  }
  clearTimeout(timer);
  return { steps, timerFiredAt };
}

describe('taking turns with the requests', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(() => t.destroy());

  it('a job awaiting SQLite query after query lets a waiting timer (a request) run within a few turns', async () => {
    // SQLite answers synchronously: without the turns, the timer would wait for the whole loop.
    const { steps, timerFiredAt } = await busyLoop(20 * TURN_MS, () => sql`select 1`.execute(t.db));
    expect(steps).toBeGreaterThan(10);
    expect(timerFiredAt).not.toBeNull();
    expect(timerFiredAt).toBeLessThan(steps);
  });

  it('so do queries inside a transaction', async () => {
    const result = await t.db.transaction().execute((trx) => busyLoop(20 * TURN_MS, () => sql`select 1`.execute(trx)));
    expect(result.timerFiredAt).not.toBeNull();
    expect(result.timerFiredAt).toBeLessThan(result.steps);
  });

  it('a loop over work in memory that takes its turn lets the timer run too', async () => {
    const { steps, timerFiredAt } = await busyLoop(20 * TURN_MS, () => takeTurn());
    expect(timerFiredAt).not.toBeNull();
    expect(timerFiredAt).toBeLessThan(steps);
  });

  it('costs no turn of the event loop while the stretch is short', async () => {
    await new Promise((resolve) => setImmediate(resolve)); // a stretch starts after a turn
    let turned = false;
    setImmediate(() => (turned = true));
    await takeTurn();
    await takeTurn();
    expect(turned).toBe(false);
  });
});
