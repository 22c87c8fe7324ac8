import { describe, expect, it } from 'vitest';
import { formatBytes, listDate, messages, senderName } from './format';

describe('how mail is written in lists', () => {
  it('shows the sender’s name, else the address', () => {
    expect(senderName({ name: 'Ann Lee', address: 'ann@example.org' })).toBe('Ann Lee');
    expect(senderName({ name: null, address: 'ann@example.org' })).toBe('ann@example.org');
    expect(senderName({ name: '  ', address: 'ann@example.org' })).toBe('ann@example.org');
    expect(senderName({ name: null, address: '' })).toBe('(unknown sender)');
  });

  it('counts messages and sizes for people', () => {
    expect(messages(1)).toBe('1 message');
    expect(messages(2)).toBe('2 messages');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(23_456)).toBe('23 kB');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
  });

  it('dates a message by the time today, otherwise by the day', () => {
    const now = new Date(2026, 10, 21, 15, 0);
    expect(listDate(new Date(2026, 10, 21, 9, 5).toISOString(), now)).toMatch(/9:05/);
    expect(listDate(new Date(2026, 2, 3).toISOString(), now)).not.toMatch(/2026/);
    expect(listDate(new Date(2024, 2, 3).toISOString(), now)).toMatch(/2024/);
  });
});
