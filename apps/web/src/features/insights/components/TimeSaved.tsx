import type { Insights, MailroomAction } from '@mailroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api';
import { Alert, Button, Card } from '../../../shared/ui';
import { useSettings } from '../../settings';
import { insightsKey } from '../hooks/useInsights';
import { ACTION_LABELS, ACTION_SETTINGS, formatCount, formatDuration } from '../lib/format';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * What Mailroom did, and "time saved" only as an estimate whose formula and inputs are on screen:
 * each action's count × the seconds the user reckons it takes by hand, which they can change
 * (saved in their settings, section insights).
 */
export function TimeSaved({ insights }: { insights: Insights }) {
  const { mailroom } = insights;
  const { update } = useSettings();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Partial<Record<MailroomAction, string>>>({});
  const [saved, setSaved] = useState(false);
  const changed = Object.keys(draft).length > 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const patch: Record<string, number> = {};
    for (const [action, value] of Object.entries(draft) as Array<[MailroomAction, string]>) patch[ACTION_SETTINGS[action]] = Number(value);
    setSaved(false);
    update.mutate(
      { patch: { insights: patch } },
      {
        onSuccess: async () => {
          setDraft({});
          setSaved(true);
          await client.invalidateQueries({ queryKey: insightsKey });
        },
      },
    );
  };

  return (
    <Card aria-labelledby="mailroom-title" className="min-w-0">
      <h2 id="mailroom-title" className="text-base font-semibold text-fg">
        What Mailroom did
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">
        Counted since <time dateTime={mailroom.countedSince}>{dateFormat.format(new Date(mailroom.countedSince))}</time>
        {mailroom.truncated ? ' (Mailroom keeps its record of actions for 30 days, so earlier ones are not counted)' : ''}. Messages put back with Undo are left out:{' '}
        {formatCount(mailroom.restored)} restored. {formatCount(mailroom.repliesSent)} replies sent from Mailroom.
      </p>
      {mailroom.unsubscribes.stopped + mailroom.unsubscribes.stillSending > 0 ? (
        <p className="-mt-2 mb-4 text-sm text-muted" data-testid="unsubscribe-outcomes">
          Lists unsubscribed from: {formatCount(mailroom.unsubscribes.stopped)} confirmed stopped
          {mailroom.unsubscribes.stillSending > 0 ? `, ${formatCount(mailroom.unsubscribes.stillSending)} still sending after 2 days` : ''}.{' '}
          <Link to="/unsubscribe" className="font-medium text-accent underline underline-offset-2 hover:no-underline">
            See them on Unsubscribe
          </Link>
        </p>
      ) : null}
      <form onSubmit={save}>
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">What Mailroom did and the time it saved, estimated</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Action
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Count
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Seconds each (your estimate)
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Time saved
                </th>
              </tr>
            </thead>
            <tbody>
              {mailroom.actions.map((a) => (
                <tr key={a.action} className="border-b border-line">
                  <th scope="row" className="py-2 pr-3 font-normal text-fg">
                    {ACTION_LABELS[a.action]}
                  </th>
                  <td className="py-2 pr-3 text-right text-fg tabular-nums">{formatCount(a.count)}</td>
                  <td className="py-2 pr-3 text-right">
                    <input
                      type="number"
                      min={0}
                      max={3600}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Seconds for one: ${ACTION_LABELS[a.action].toLowerCase()}`}
                      value={draft[a.action] ?? String(a.seconds)}
                      onChange={(e) => {
                        setSaved(false);
                        setDraft({ ...draft, [a.action]: e.target.value });
                      }}
                      className="h-9 w-20 rounded-lg border border-line-strong bg-surface px-2 text-right text-fg tabular-nums"
                    />
                  </td>
                  <td className="py-2 pr-3 text-right text-fg tabular-nums">{formatDuration(a.savedSeconds * 1000)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="py-2 pr-3 text-left font-semibold text-fg">
                  Estimated time saved
                </th>
                <td colSpan={2} className="py-2 pr-3 text-right text-xs text-muted">
                  sum of count × seconds each
                </td>
                <td className="py-2 pr-3 text-right font-semibold text-fg tabular-nums" data-testid="time-saved-total">
                  {formatDuration(mailroom.savedSeconds * 1000)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="mt-3 text-sm text-muted">
          An estimate, not a measurement: Mailroom cannot know how long you would have taken. The seconds are yours to change.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={!changed} busy={update.isPending}>
            Save seconds
          </Button>
          <span role="status" className="text-sm text-muted">
            {saved ? 'Saved; the estimate uses your seconds.' : ''}
          </span>
        </div>
        {update.isError ? (
          <Alert tone="danger" role="alert" title="Could not save the seconds" className="mt-3">
            {describeError(update.error)}
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}
