import { ACTION_UNDO_WINDOW_MS, DAY_MS, DERIVED_DATA_RETENTION_MS, HOUR_MS, PROMISE_JOBS, PURGE_DEADLINE_MS } from '@mailroom/contract/promises';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from './PrivacyPage';

describe('/privacy', () => {
  it('states each period the server enforces and names the job that keeps it', async () => {
    const router = createMemoryRouter([{ path: '/', element: <PrivacyPage /> }]);
    render(<RouterProvider router={router} />);
    const retention = (await screen.findByRole('heading', { name: 'How long it is kept' })).closest('section')!;
    const text = retention.textContent ?? '';
    expect(text).toContain(`deleted after ${DERIVED_DATA_RETENTION_MS / DAY_MS} days`);
    expect(text).toContain(`undone for ${ACTION_UNDO_WINDOW_MS / DAY_MS} days`);
    expect(text).toContain(`purged within ${PURGE_DEADLINE_MS / HOUR_MS} hours`);
    for (const job of Object.values(PROMISE_JOBS)) expect(text).toContain(job);
  });

  it('says plainly that with a model configured the answered message goes to that endpoint and nowhere else', async () => {
    const router = createMemoryRouter([{ path: '/', element: <PrivacyPage /> }]);
    render(<RouterProvider router={router} />);
    const ai = (await screen.findByRole('heading', { name: 'AI and your mail' })).closest('section')!;
    expect(ai.textContent).toMatch(/the text of the message you are answering goes to that endpoint, and to nothing else/);
    const stores = screen.getByRole('heading', { name: 'What Mailroom stores' }).closest('section')!;
    expect(stores.textContent).toMatch(/goes to Gmail and is deleted here at once/);
  });
});
