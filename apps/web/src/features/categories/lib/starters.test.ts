import { parse } from '@mailroom/mail-query';
import { describe, expect, it } from 'vitest';
import { STARTER_CATEGORIES } from './starters';

describe('suggested starter categories', () => {
  it.each(STARTER_CATEGORIES.map((s) => [s.name, s.query]))('“%s” is valid Gmail search: %s', (_name, query) => {
    expect(() => parse(query)).not.toThrow();
  });

  it('have unique names that fit a category name, and #rrggbb colours', () => {
    const names = STARTER_CATEGORIES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const starter of STARTER_CATEGORIES) {
      expect(starter.name.length).toBeLessThanOrEqual(60);
      expect(starter.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });
});
