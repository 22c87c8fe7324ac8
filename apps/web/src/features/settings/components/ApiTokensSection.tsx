import type { ApiToken } from '@mailroom/contract';
import { useId, useState, type FormEvent } from 'react';
import { describeError, isUnimplemented } from '../../../shared/api';
import { Alert, Button, Dialog, EmptyState, Spinner, useToast } from '../../../shared/ui';
import { useApiTokens } from '../hooks/useApiTokens';
import { SettingsSection } from './SettingsSection';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : dateFormat.format(new Date(iso)));

function NewToken({ token, onDone }: { token: { name: string; token: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const fieldId = useId();
  return (
    <Alert tone="success" role="status" title={`Token “${token.name}” created`} className="mt-4">
      <p>Copy it now: it is shown only once and cannot be recovered.</p>
      <label htmlFor={fieldId} className="sr-only">
        New API token
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          readOnly
          value={token.token}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-line-strong bg-surface px-3 py-2 font-mono text-xs text-fg"
          data-testid="new-api-token"
        />
        <Button
          variant="secondary"
          icon={copied ? 'check' : 'copy'}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(token.token);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted">
        Use it as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code> on <code className="font-mono">POST /api/fn/…</code>.
      </p>
      <Button variant="ghost" size="sm" className="mt-2" onClick={onDone}>
        I have saved it
      </Button>
    </Alert>
  );
}

export function ApiTokensSection() {
  const { list, create, revoke } = useApiTokens();
  const toast = useToast();
  const nameId = useId();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(trimmed, {
      onSuccess: (result) => {
        setCreated({ name: result.name, token: result.token });
        setName('');
      },
    });
  };

  const unimplemented = list.isError && isUnimplemented(list.error);

  return (
    <SettingsSection
      id="tokens-heading"
      title="Personal API tokens"
      description="For scripts and tools that call Mailroom’s functions as you. Treat a token like a password."
    >
      {unimplemented ? (
        <EmptyState icon="key" title="API tokens are not available on this server yet" />
      ) : (
        <>
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor={nameId} className="block text-sm font-medium text-fg">
                Token name
              </label>
              <input
                id={nameId}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={100}
                placeholder="e.g. Backup script"
                className="mt-1 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted"
              />
            </div>
            <Button type="submit" icon="key" busy={create.isPending} disabled={!name.trim()}>
              Create token
            </Button>
          </form>
          {create.isError ? (
            <Alert tone="danger" role="alert" className="mt-4" title="The token was not created">
              {describeError(create.error)}
            </Alert>
          ) : null}
          {created ? <NewToken token={created} onDone={() => setCreated(null)} /> : null}

          <div className="mt-6">
            {list.isPending ? (
              <Spinner label="Loading tokens…" className="text-accent" />
            ) : list.isError ? (
              <Alert tone="danger" role="alert" title="Could not load your tokens">
                {describeError(list.error)}
              </Alert>
            ) : list.data.length === 0 ? (
              <p className="text-sm text-muted">You have no API tokens.</p>
            ) : (
              <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Your API tokens">
                {list.data.map((token) => (
                  <li key={token.tokenId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-fg">{token.name}</p>
                      <p className="text-xs text-muted">
                        Created {formatDate(token.createdAt)} · {token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt)}` : 'never used'}
                      </p>
                    </div>
                    <Button variant="secondary" size="sm" icon="trash" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        role="alertdialog"
        title="Revoke this token?"
        description={`“${revoking?.name ?? ''}” stops working at once. Anything using it will get “unauthenticated”.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={revoke.isPending}
              onClick={() => {
                if (!revoking) return;
                const target = revoking;
                revoke.mutate(target.tokenId, {
                  onSuccess: () => toast.show({ tone: 'success', title: `Token “${target.name}” revoked` }),
                  onError: (error) => toast.show({ tone: 'danger', title: 'The token was not revoked', description: describeError(error) }),
                  onSettled: () => setRevoking(null),
                });
              }}
            >
              Revoke token
            </Button>
          </>
        }
      />
    </SettingsSection>
  );
}
