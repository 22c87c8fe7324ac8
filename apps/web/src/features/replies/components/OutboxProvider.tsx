import type { OutgoingDraft, QueuedSend } from '@mailroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callFn, describeError, failureReason, mailQueryKey } from '../../../shared/api';
import { OutboxContext, type Outbox, type TrackedSend } from '../hooks/useOutbox';
import { requestComposer } from '../lib/composerRequests';
import { SendToasts } from './SendToasts';

/** How often a send that should have gone is checked on, and for how long. */
const POLL_MS = 1_000;
const POLL_FOR_MS = 3 * 60_000;
/** A "Sent" or "Undone" note stays this long. */
const SETTLED_NOTE_MS = 5_000;

/**
 * Follows the sends made in this tab: the "Sending… Undo" toast for the undo-send delay, then
 * Sent, or Not sent with the reason, Retry and Edit. The outbox itself is on the server (a send
 * survives closing the tab); this only shows it.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const [sends, setSends] = useState<TrackedSend[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const latest = useRef({ sends, here });
  useEffect(() => {
    latest.current = { sends, here };
  });

  const patch = useCallback((sendId: string, change: Partial<TrackedSend>) => {
    setSends((all) => all.map((s) => (s.sendId === sendId ? { ...s, ...change } : s)));
  }, []);
  const dismiss = useCallback((sendId: string) => setSends((all) => all.filter((s) => s.sendId !== sendId)), []);

  const active = sends.some((s) => s.state === 'waiting' || s.state === 'sending' || s.state === 'undoing');
  // Every second while a send is on its way: the countdown, and past its time a check on it
  // until the server says sent or failed.
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      for (const send of latest.current.sends) {
        if (send.state === 'waiting' && time >= send.sendAt) patch(send.sendId, { state: 'sending' });
        else if (send.state !== 'sending') continue;
        if (time - send.sendAt > POLL_FOR_MS) {
          patch(send.sendId, { state: 'failed', error: 'Mailroom has not heard back from Gmail yet; it keeps trying. Check Sent in Gmail before sending again.' });
          continue;
        }
        void callFn('getSend', { sendId: send.sendId })
          .then((record) => {
            if (record.status === 'sent') {
              patch(send.sendId, { state: 'sent', error: null });
              void client.invalidateQueries({ queryKey: [...mailQueryKey] });
            } else if (record.status === 'failed') {
              patch(send.sendId, { state: 'failed', error: record.error ?? 'Gmail did not take it.', saved: { ...send.saved, body: record.body } });
              void client.invalidateQueries({ queryKey: [...mailQueryKey] });
            }
          })
          .catch(() => {
            // Asked again at the next tick.
          });
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, patch, client]);

  // Settled notes leave by themselves.
  useEffect(() => {
    const settled = sends.filter((s) => s.state === 'sent' || s.state === 'cancelled');
    if (settled.length === 0) return;
    const timer = window.setTimeout(() => setSends((all) => all.filter((s) => !settled.some((d) => d.sendId === s.sendId))), SETTLED_NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [sends]);

  const reopen = useCallback(
    (send: TrackedSend, saved: OutgoingDraft, replacesSendId: string | null) => {
      requestComposer(send.messageId, saved.mode, { ...saved, replacesSendId });
      if (latest.current.here !== send.origin) void navigate(send.origin);
    },
    [navigate],
  );

  const outbox = useMemo<Outbox>(
    () => ({
      sends,
      track(queued: QueuedSend, saved: OutgoingDraft, origin: string) {
        const send: TrackedSend = { sendId: queued.sendId, messageId: saved.messageId, saved, origin, sendAt: Date.now() + queued.delayMs, delayMs: queued.delayMs, state: 'waiting', error: null };
        setNow(Date.now());
        setSends((all) => [...all.filter((s) => s.state !== 'sent' && s.state !== 'cancelled').slice(-2), send]);
      },
      undo(sendId: string) {
        const send = latest.current.sends.find((s) => s.sendId === sendId);
        if (!send || send.state !== 'waiting') return;
        patch(sendId, { state: 'undoing', error: null });
        callFn('cancelSend', { sendId })
          .then(({ draft }) => {
            patch(sendId, { state: 'cancelled' });
            reopen(send, draft, null);
          })
          .catch((error: unknown) => {
            if (failureReason(error) === 'ALREADY_SENT') patch(sendId, { state: 'sending', error: null });
            else patch(sendId, { state: 'waiting', error: `Undo failed: ${describeError(error)}` });
          });
      },
      retry(sendId: string) {
        patch(sendId, { state: 'undoing', error: null });
        callFn('retrySend', { sendId })
          .then((queued) => {
            setNow(Date.now());
            patch(sendId, { state: 'waiting', sendAt: Date.now() + queued.delayMs, delayMs: queued.delayMs, error: null });
          })
          .catch((error: unknown) => patch(sendId, { state: 'failed', error: describeError(error) }));
      },
      edit(sendId: string) {
        const send = latest.current.sends.find((s) => s.sendId === sendId);
        if (!send) return;
        dismiss(sendId);
        reopen(send, send.saved, sendId);
      },
      dismiss,
    }),
    [sends, patch, dismiss, reopen],
  );

  return (
    <OutboxContext value={outbox}>
      {children}
      <SendToasts outbox={outbox} now={now} />
    </OutboxContext>
  );
}
