import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VOICE_RECOGNIZE_PATH } from '@mailroom/contract';
import wavefilePackage from 'wavefile';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PocketsphinxRecognizer, type Recognition, type RecognizeOptions, type SpeechRecognizer } from '../../providers/speech/index.ts';
import { speechToolsAvailable, synthesise } from '../../providers/speech/spoken-commands.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { InjectBrowser, callFn, sessionOf, signIn } from '../../testing/signin.ts';
import { VOICE_RECOGNITIONS_PER_MINUTE } from './recognize-route.ts';

const { WaveFile } = wavefilePackage;
const CI = process.env.CI === 'true';

function silence(seconds: number, rate = 16_000): Buffer {
  const wav = new WaveFile();
  wav.fromScratch(1, rate, '16', new Int16Array(Math.round(rate * seconds)));
  return Buffer.from(wav.toBuffer());
}

/** A recogniser that hears a fixed sentence and remembers what it was asked (no decoding). */
class ScriptedRecognizer implements SpeechRecognizer {
  calls: RecognizeOptions[] = [];
  transcript = 'open receipts';
  inGrammar = true;
  doubtful = false;
  narrowband = false;
  async availability() {
    return { available: true as const };
  }
  async recognize(_wav: Uint8Array, options: RecognizeOptions): Promise<Recognition> {
    this.calls.push(options);
    return { transcript: this.transcript, inGrammar: this.inGrammar, seconds: 1, ...(this.doubtful ? { doubtful: true } : {}), ...(this.narrowband ? { narrowband: true } : {}) };
  }
}

type Envelope = { result?: Record<string, unknown> & { command?: { intent: string; slots: Record<string, unknown>; hints: unknown[] } | null }; error?: { status: string; message: string } };

async function recognize(browser: InjectBrowser, wav: Buffer, options: { mode?: string; csrf?: string | null; type?: string } = {}) {
  const csrf = options.csrf === undefined ? (await sessionOf(browser)).csrfToken : options.csrf;
  const response = await browser.request('POST', `${VOICE_RECOGNIZE_PATH}?mode=${options.mode ?? 'command'}`, {
    body: { type: options.type ?? 'audio/wav', data: wav },
    headers: csrf ? { 'x-csrf-token': csrf } : {},
  });
  return { http: response.statusCode, ...(response.json() as Envelope) };
}

describe('voice recognition over HTTP', () => {
  const recognizer = new ScriptedRecognizer();
  let t: TestApp;
  let alice: InjectBrowser;
  let bob: InjectBrowser;
  let mallory: InjectBrowser;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { speech: recognizer, env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    bob = new InjectBrowser(t.app, t.config.publicUrl);
    mallory = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    await signIn(bob, { account: { email: 'bob@example.com', name: 'Bob' } });
    await signIn(mallory, { account: { email: 'mallory@example.com', name: 'Mallory' } });
    for (const name of ['Receipts', 'Travel Plans']) {
      expect((await callFn(alice, 'createCategory', { name, query: `subject:${name.split(' ')[0]}` })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  test("a spoken command is understood with the user's own category names in the grammar", async () => {
    recognizer.calls = [];
    const answer = await recognize(alice, silence(1));
    expect(answer.http).toBe(200);
    expect(answer.result?.command).toMatchObject({ intent: 'open_category', slots: { name: 'Receipts' } });
    expect(recognizer.calls[0]).toMatchObject({ mode: 'command', categories: ['Receipts', 'Travel Plans'] });
  });

  test("another user's category names never reach one's grammar, and their commands do not open them", async () => {
    recognizer.calls = [];
    const answer = await recognize(bob, silence(1));
    expect(recognizer.calls[0]?.categories).toEqual([]);
    expect(answer.result?.command?.intent).not.toBe('open_category');
  });

  test('speech outside the command grammar is shown but never acted on, with the closest command offered', async () => {
    recognizer.inGrammar = false;
    recognizer.transcript = 'archive this message';
    try {
      const answer = await recognize(alice, silence(1));
      expect(answer.result).toMatchObject({ transcript: 'archive this message', inGrammar: false });
      expect(answer.result?.command?.intent).toBe('unknown');
      expect(answer.result?.command?.hints).toContainEqual(expect.objectContaining({ intent: 'archive' }));
    } finally {
      recognizer.inGrammar = true;
      recognizer.transcript = 'open receipts';
    }
  });

  test('a destructive command the recogniser was not sure of comes with askFirst; a sure one without', async () => {
    recognizer.transcript = 'trash it';
    try {
      recognizer.doubtful = true;
      const doubted = await recognize(alice, silence(1));
      expect(doubted.result?.command).toMatchObject({ intent: 'trash', askFirst: true });
      recognizer.doubtful = false;
      const sure = await recognize(alice, silence(1));
      expect(sure.result?.command?.intent).toBe('trash');
      expect(sure.result?.command).not.toHaveProperty('askFirst');
    } finally {
      recognizer.doubtful = false;
      recognizer.transcript = 'open receipts';
    }
  });

  test('a telephone-band recording is said to be one, in commands and dictation, beside what was heard', async () => {
    expect((await recognize(alice, silence(1))).result).not.toHaveProperty('narrowband');
    recognizer.narrowband = true;
    try {
      const command = await recognize(alice, silence(1));
      expect(command.result).toMatchObject({ narrowband: true, command: { intent: 'open_category', slots: { name: 'Receipts' } } });
      expect((await recognize(alice, silence(1), { mode: 'dictation' })).result).toMatchObject({ narrowband: true, command: null });
    } finally {
      recognizer.narrowband = false;
    }
  });

  test('dictation answers the words only, with no command', async () => {
    const answer = await recognize(alice, silence(1), { mode: 'dictation' });
    expect(answer.result).toMatchObject({ mode: 'dictation', command: null });
    expect(recognizer.calls.at(-1)).toMatchObject({ mode: 'dictation' });
  });

  test('a cross-site request without the CSRF token is refused before any decoding', async () => {
    recognizer.calls = [];
    const answer = await recognize(alice, silence(1), { csrf: null });
    expect(answer.http).toBe(403);
    expect(answer.error?.status).toBe('PERMISSION_DENIED');
    expect((await recognize(alice, silence(1), { csrf: 'forged' })).http).toBe(403);
    expect(recognizer.calls).toEqual([]);
  });

  test('a signed-out caller is refused', async () => {
    const stranger = new InjectBrowser(t.app, t.config.publicUrl);
    const answer = await recognize(stranger, silence(1), { csrf: null });
    expect(answer.http).toBe(401);
    expect(answer.error?.status).toBe('UNAUTHENTICATED');
  });

  test('more than 1 MB is refused with the limit in the message, without decoding', async () => {
    recognizer.calls = [];
    const answer = await recognize(alice, Buffer.alloc(1_048_577, 1));
    expect(answer.http).toBe(400);
    expect(answer.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(answer.error?.message).toMatch(/larger than 1,048,576 bytes.*at most 30 s/);
    expect(recognizer.calls).toEqual([]);
  });

  test('a body that is not audio, or an unknown mode, is refused with what to send', async () => {
    const json = await recognize(alice, Buffer.from('{"data":1}'), { type: 'application/json' });
    expect(json.http).toBe(400);
    expect(json.error?.message).toMatch(/audio\/wav/);
    const mode = await recognize(alice, silence(1), { mode: 'shout' });
    expect(mode.http).toBe(400);
    expect(mode.error?.message).toMatch(/command.*dictation/);
    const empty = await recognize(alice, Buffer.alloc(0));
    expect(empty.http).toBe(400);
  });

  test(`at most ${VOICE_RECOGNITIONS_PER_MINUTE} recordings a minute per user; then RESOURCE_EXHAUSTED, and other users are not affected`, async () => {
    const answers: number[] = [];
    for (let i = 0; i < VOICE_RECOGNITIONS_PER_MINUTE + 1; i++) answers.push((await recognize(mallory, silence(0.2))).http);
    expect(answers.slice(0, VOICE_RECOGNITIONS_PER_MINUTE).every((code) => code === 200)).toBe(true);
    const limited = await recognize(mallory, silence(0.2));
    expect(limited.http).toBe(429);
    expect(limited.error?.status).toBe('RESOURCE_EXHAUSTED');
    expect((await recognize(bob, silence(0.2))).http).toBe(200);
  });

  test('getVoiceStatus says the recogniser is available and which names it knows', async () => {
    const answer = (await callFn(alice, 'getVoiceStatus')).json() as { result: unknown };
    expect(answer.result).toEqual({
      offline: { available: true, reason: null },
      limits: { maxSeconds: 30, maxBytes: 1_048_576, sampleRate: 16_000 },
      categories: ['Receipts', 'Travel Plans'],
    });
  });
});

describe('voice where the recogniser is not installed', () => {
  let t: TestApp;
  let alice: InjectBrowser;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { speech: null });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
  });
  afterAll(() => t.close());

  test('Settings and the mic button learn it is missing and what to install', async () => {
    const answer = (await callFn(alice, 'getVoiceStatus')).json() as { result: { offline: { available: boolean; reason: string } } };
    expect(answer.result.offline.available).toBe(false);
    expect(answer.result.offline.reason).toMatch(/apt-get install pocketsphinx pocketsphinx-en-us/);
  });

  test('a recording answers UNAVAILABLE saying what to install and that typing works', async () => {
    const answer = await recognize(alice, silence(1));
    expect(answer.http).toBe(503);
    expect(answer.error?.status).toBe('UNAVAILABLE');
    expect(answer.error?.message).toMatch(/apt-get install pocketsphinx pocketsphinx-en-us.*Type the command/);
  });
});

const installed = (await new PocketsphinxRecognizer().availability()).available && (await speechToolsAvailable());

describe.runIf(installed || CI)('voice with the real offline recogniser', () => {
  let t: TestApp;
  let alice: InjectBrowser;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-voice-route-'));
    t = await createTestApp('sqlite', { speech: new PocketsphinxRecognizer() });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    expect((await callFn(alice, 'createCategory', { name: 'Zendesk', query: 'from:zendesk.com' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("'open zendesk', spoken, opens the user's category Zendesk", async () => {
    const answer = await recognize(alice, await synthesise('open zendesk', 'en-us', 160, dir));
    expect(answer.result?.command).toMatchObject({ intent: 'open_category', slots: { name: 'Zendesk' } });
  });

  test('31 seconds of audio (under 1 MB) is refused with the 30 s limit in the message', async () => {
    const long = silence(31, 8000);
    expect(long.length).toBeLessThan(1_048_576);
    const answer = await recognize(alice, long);
    expect(answer.http).toBe(400);
    expect(answer.error?.message).toMatch(/31\.0 s long; the limit is 30 s/);
  });
});
