import type { OpsJob } from '@mailroom/contract';
import { describeError } from '../../../shared/api';
import { Alert, Badge, Button, type Tone } from '../../../shared/ui';
import { useRetryJob } from '../hooks/useOps';
import { clock, jobTitle, retryable, STATE_WORDS, when } from '../lib/format';

const TONES: Record<OpsJob['state'], Tone> = { queued: 'neutral', active: 'accent', retry: 'warning', failed: 'danger', completed: 'success' };

/** Jobs with their state and reason; a failed or retrying one has a Retry button. */
export function JobList({ jobs, label, empty }: { jobs: OpsJob[]; label: string; empty: string }) {
  const retry = useRetryJob();
  if (jobs.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <>
      <ul className="divide-y divide-line" aria-label={label}>
        {jobs.map((job) => (
          <li key={job.id} className="py-3" data-job-id={job.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-fg">{jobTitle(job.queue)}</span>
              <span className="flex items-center gap-2">
                <Badge tone={TONES[job.state]}>{STATE_WORDS[job.state]}</Badge>
                {retryable(job) ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    icon="refresh"
                    busy={retry.isPending && retry.variables === job.id}
                    onClick={() => retry.mutate(job.id)}
                    aria-label={`Retry ${jobTitle(job.queue)} now`}
                  >
                    Retry
                  </Button>
                ) : null}
              </span>
            </div>
            {job.error && job.state !== 'completed' ? <p className="mt-1 text-sm break-words text-danger">{job.error}</p> : null}
            <p className="mt-1 text-xs text-muted">
              <code className="break-all">{job.queue}</code> · attempt {job.attempt + 1} of {job.retryLimit + 1} · {when(job.updatedAt)}
              {job.runAt && job.state === 'retry' ? <> · next attempt at {clock(job.runAt)}</> : null}
            </p>
          </li>
        ))}
      </ul>
      {retry.isError ? (
        <Alert tone="danger" role="alert" title="Could not retry the job" className="mt-3">
          {describeError(retry.error)}
        </Alert>
      ) : retry.isSuccess ? (
        <p role="status" className="mt-3 text-sm text-muted">
          Retried: {jobTitle(retry.data.job.queue)} is {STATE_WORDS[retry.data.job.state]}.
        </p>
      ) : null}
    </>
  );
}
