import type { Subscription } from '@mailroom/contract';
import { describe, expect, it } from 'vitest';
import { methodPromise, openedText, sortSubscriptions, stateLabel } from './text';

const sub = (over: Partial<Subscription>): Subscription => ({
  id: 'x',
  name: 'List',
  listId: null,
  sender: { name: null, address: 'news@lists.example' },
  messageCount: 1,
  months: [],
  perMonth: 1,
  opened: 0,
  lastMessageAt: '2026-11-01T00:00:00.000Z',
  lastSubject: '',
  methods: ['none'],
  link: null,
  mailto: null,
  state: 'subscribed',
  requestedAt: null,
  requestMethod: null,
  requestResult: null,
  stoppedAt: null,
  stillSending: null,
  fallback: null,
  history: [],
  blocked: false,
  ...over,
});

describe('what the unsubscribe page says', () => {
  it('promises exactly what the method will do before the user confirms', () => {
    expect(methodPromise(sub({ methods: ['mailto', 'link'], mailto: { to: ['leave@lists.example'], subject: 'unsubscribe' } }))).toBe(
      'Mailroom sends an email to leave@lists.example with the subject “unsubscribe” from your Gmail.',
    );
    expect(methodPromise(sub({ methods: ['link'], link: 'https://lists.example/u' }))).toMatch(/does not open it for you/);
    expect(methodPromise(sub({ methods: ['one-click', 'link'], link: 'https://lists.example/u' }))).toMatch(/DKIM signature checks out; otherwise you get the list’s page/);
    expect(methodPromise(sub({ methods: ['none'] }))).toMatch(/no way to unsubscribe/);
  });

  it('opened share and states in words', () => {
    expect(openedText(sub({ opened: 0, messageCount: 5 }))).toBe('never opened');
    expect(openedText(sub({ opened: 2, messageCount: 3 }))).toBe('67 % opened');
    expect(stateLabel(sub({ state: 'still_sending' }))).toBe('Still sending after 2 days');
    expect(stateLabel(sub({ state: 'stopped' }))).toBe('Confirmed stopped');
  });

  it('sorts by volume, recency, name and least opened', () => {
    const list = [
      sub({ id: 'a', name: 'B list', messageCount: 2, opened: 2, lastMessageAt: '2026-10-01T00:00:00.000Z' }),
      sub({ id: 'b', name: 'A list', messageCount: 9, opened: 1, lastMessageAt: '2026-09-01T00:00:00.000Z' }),
      sub({ id: 'c', name: 'C list', messageCount: 5, opened: 0, lastMessageAt: '2026-11-01T00:00:00.000Z' }),
    ];
    expect(sortSubscriptions(list, 'volume').map((s) => s.id)).toEqual(['b', 'c', 'a']);
    expect(sortSubscriptions(list, 'recent').map((s) => s.id)).toEqual(['c', 'a', 'b']);
    expect(sortSubscriptions(list, 'name').map((s) => s.id)).toEqual(['b', 'a', 'c']);
    expect(sortSubscriptions(list, 'opened').map((s) => s.id)).toEqual(['c', 'b', 'a']);
  });
});
