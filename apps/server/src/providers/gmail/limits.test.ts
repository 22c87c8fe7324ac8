import * as sandbox from '@mailroom/gmail-sandbox/limits';
import { describe, expect, it } from 'vitest';
import * as gmail from './limits.ts';

describe('Gmail limits', () => {
  it('are the numbers the Gmail sandbox enforces, so tests against it hold for Gmail', () => {
    expect(gmail.QUOTA_COST).toEqual(sandbox.QUOTA_COST);
    expect(gmail.BATCH_MODIFY_MAX_IDS).toBe(sandbox.BATCH_MODIFY_MAX_IDS);
    expect(gmail.LIST_MAX_PAGE_SIZE).toBe(sandbox.LIST_MAX_PAGE_SIZE);
    expect(gmail.CLASSIC_UNITS_PER_USER_PER_MINUTE).toBe(sandbox.CLASSIC_UNITS_PER_USER_PER_MINUTE);
    expect(gmail.QUOTA_WINDOW_MS).toBe(sandbox.QUOTA_WINDOW_MS);
  });
});
