import { UNDO_SEND_MAX_MS, UNDO_SEND_MIN_MS } from '@mailroom/contract/promises';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api';
import { Alert, Badge, Button, Card, CardHeader, SaveOutcome, Spinner } from '../../../shared/ui';
import { useSettings } from '../../settings';
import { useAiStatus, useTestAi } from '../api/queries';

/** The undo-send choices: every 5 s from the product's minimum to its maximum. */
const DELAYS_MS = Array.from({ length: (UNDO_SEND_MAX_MS - UNDO_SEND_MIN_MS) / 5_000 + 1 }, (_, i) => UNDO_SEND_MIN_MS + i * 5_000);
const FIELD = 'w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg';

const STATE_BADGE = {
  ok: { tone: 'success', label: 'Connected' },
  failing: { tone: 'danger', label: 'Not working' },
  unknown: { tone: 'neutral', label: 'Not used yet' },
} as const;

/**
 * Settings › Replies and AI: which engine writes replies (the local one, or the configured
 * OpenAI-compatible model with its state and a Test button), and how long a reply waits so it
 * can be undone.
 */
export function AiSettingsSection() {
  const status = useAiStatus();
  const test = useTestAi();
  const { settings, update } = useSettings();
  const [saved, setSaved] = useState<string | null>(null);
  const delayId = useId();
  const delayHelpId = useId();
  const headingId = useId();

  const model = status.data?.model ?? null;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Replies and AI" description="How Mailroom suggests and drafts replies, and how long a reply waits before it goes." />
      <h3 className="text-sm font-medium text-fg">Reply engine</h3>
      {status.isPending ? (
        <Spinner label="Loading the reply engine’s status" />
      ) : status.isError ? (
        <Alert tone="danger" role="alert" className="mt-2">
          The status could not be loaded: {describeError(status.error)}
        </Alert>
      ) : model ? (
        <div className="mt-2 space-y-3 text-sm" data-testid="ai-engine">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-fg">Model: {model.model}</span>
            <Badge tone={STATE_BADGE[model.state].tone}>{STATE_BADGE[model.state].label}</Badge>
          </div>
          <p className="break-words text-fg" data-testid="ai-model-status">
            {model.description}
          </p>
          <p className="text-muted">
            Draft with AI writes whole replies with this model. {status.data.local.description}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" icon="activity" busy={test.isPending} onClick={() => test.mutate()}>
              Test
            </Button>
            <p role="status" className="min-w-0 text-sm">
              {test.isSuccess ? (
                test.data.ok ? (
                  <span className="text-success">Answered in {(test.data.latencyMs / 1000).toFixed(1)} s.</span>
                ) : (
                  <span className="text-danger">Failed after {(test.data.latencyMs / 1000).toFixed(1)} s: {test.data.error}</span>
                )
              ) : test.isError ? (
                <span className="text-danger">{describeError(test.error)}</span>
              ) : null}
            </p>
          </div>
        </div>
      ) : (
        <div className="mt-2 space-y-2 text-sm" data-testid="ai-engine">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-fg">Local engine</span>
            <Badge tone="neutral">No model configured</Badge>
          </div>
          <p className="text-muted">{status.data.local.description}</p>
          <p className="text-muted">
            To draft whole replies with a model, the server’s operator sets <code className="font-mono">AI_BASE_URL</code> and <code className="font-mono">AI_MODEL</code> (any
            OpenAI-compatible endpoint: OpenAI, Ollama, llama.cpp, vLLM, LM Studio). What is sent to it is on the{' '}
            <Link to="/privacy" className="font-medium text-accent underline underline-offset-2 hover:no-underline">
              privacy page
            </Link>
            .
          </p>
        </div>
      )}

      <div className="mt-6 border-t border-line pt-6">
        <label htmlFor={delayId} className="block text-sm font-medium text-fg">
          Undo send
        </label>
        {settings.isPending ? (
          <Spinner label="Loading the undo-send delay" />
        ) : settings.isError ? (
          <Alert tone="danger" role="alert" className="mt-2">
            Could not load it: {describeError(settings.error)}
          </Alert>
        ) : (
          <select
            id={delayId}
            aria-describedby={delayHelpId}
            className={`mt-1 sm:max-w-xs ${FIELD}`}
            value={settings.data.settings.mail.undoSendDelayMs}
            onChange={(e) => {
              setSaved(null);
              update.mutate({ patch: { mail: { undoSendDelayMs: Number(e.target.value) } } }, { onSuccess: () => setSaved('Undo-send delay saved') });
            }}
          >
            {DELAYS_MS.map((ms) => (
              <option key={ms} value={ms}>
                {ms / 1000} seconds
              </option>
            ))}
          </select>
        )}
        <p id={delayHelpId} className="mt-1 text-xs text-muted">
          A reply waits this long before it goes to Gmail, so Undo can stop it.
        </p>
        <SaveOutcome saved={saved} pending={update.isPending} error={update.isError ? describeError(update.error) : null} />
      </div>
    </Card>
  );
}
