import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { InProcessQueue } from '../jobs/in-process.ts';
import { featurePlugins } from '../features/index.ts';
import { functionsOf, installFeatures } from './compose.ts';
import { defineJob, type FeaturePlugin } from './plugin.ts';
import { createObservability } from './observability.ts';
import type { AppServices } from './services.ts';
import { createDkimVerifier, createSafeWebClient } from '../providers/web/index.ts';

function servicesFor(jobs: InProcessQueue): AppServices {
  return {
    db: null as never,
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/mailroom-compose-test' }),
    jobs,
    providers: async () => null,
    clock: new FakeClock(Date.UTC(2026, 0, 1)),
    log: Fastify({ logger: false }).log,
    authenticate: async () => null,
    llm: null,
    push: null,
    speech: null,
    web: { client: createSafeWebClient(), verifyDkim: createDkimVerifier(null) },
    observability: createObservability(),
  };
}

describe('installing feature plugins', () => {
  it('gives a plugin its routes, its jobs (with the app services) and its setup, from one declaration', async () => {
    const jobs = new InProcessQueue();
    const services = servicesFor(jobs);
    const seen: Array<{ n: number; now: number }> = [];
    const events: string[] = [];
    const plugin: FeaturePlugin = {
      name: 'example',
      setup: () => void events.push('setup'),
      routes: async (app, s) => {
        app.get('/example', async () => ({ now: s.clock.now() }));
      },
      jobs: [defineJob<{ n: number }>({ name: 'example.record', handler: async ({ n }, _meta, s) => void seen.push({ n, now: s.clock.now() }) })],
      onReady: async () => void events.push('ready'),
    };
    const app = Fastify();
    await installFeatures(app, services, [plugin]);
    await app.ready();
    await jobs.start();
    await jobs.enqueue('example.record', { n: 7 });
    await jobs.idle();
    expect(seen).toEqual([{ n: 7, now: Date.UTC(2026, 0, 1) }]);
    expect((await app.inject({ method: 'GET', url: '/example' })).json()).toEqual({ now: Date.UTC(2026, 0, 1) });
    expect(events).toEqual(['setup', 'ready']);
    await app.close();
    await jobs.stop();
  });

  it('refuses two plugins that implement the same function, define the same job, or share a name', async () => {
    const getCategory = async () => ({}) as never;
    expect(() => functionsOf([{ name: 'a', functions: { getCategory } }, { name: 'b', functions: { getCategory } }])).toThrow(
      /getCategory is implemented by both the a and the b plugins/,
    );
    const job = defineJob<{ x: number }>({ name: 'shared.job', handler: async () => {} });
    const services = servicesFor(new InProcessQueue());
    await expect(installFeatures(Fastify(), services, [{ name: 'a', jobs: [job] }, { name: 'b', jobs: [job] }])).rejects.toThrow(/shared.job is defined by both/);
    await expect(installFeatures(Fastify(), services, [{ name: 'a' }, { name: 'a' }])).rejects.toThrow(/Two feature plugins are named "a"/);
    await expect(installFeatures(Fastify(), services, [{ name: 'a', schedules: [{ job: 'a.nothing', cron: '* * * * *' }] }])).rejects.toThrow(/not one of its jobs/);
  });

  it('the app’s plugin list implements every function at most once, under valid names', () => {
    expect(() => functionsOf(featurePlugins)).not.toThrow();
    for (const plugin of featurePlugins) expect(plugin.name).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
