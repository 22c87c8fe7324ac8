import { DISPLAY_NAME_MAX_LENGTH, displayNameSchema, type AuthUser } from '@mailroom/contract';
import { useId, useState, type FormEvent } from 'react';
import { describeError } from '../../../shared/api';
import { Button, SaveOutcome } from '../../../shared/ui';
import { useProfile } from '../hooks/useProfile';

const FIELD = 'w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg aria-invalid:border-danger';

/**
 * Settings › Account: the name Mailroom greets the user by (on /features, the dashboard, the
 * account menu) and signs mail it sends for them with. Checked here with the contract's own schema
 * (the server checks it again); "Use my sign-in name" goes back to the provider's.
 */
export function DisplayNameSettings({ user }: { user: AuthUser }) {
  const { profile, update } = useProfile();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const value = draft ?? user.displayName ?? '';
  const providerName = profile.data?.providerDisplayName ?? null;

  const save = (name: string | null, what: string) => {
    setSaved(null);
    update.mutate(name, {
      onSuccess: (result) => {
        setDraft(null);
        setSaved(result.displayName ? `${what} Mailroom now calls you ${result.displayName}.` : what);
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(value);
    if (!parsed.success) {
      setSaved(null);
      setProblem((parsed.error.issues[0]?.message ?? 'This name cannot be used').replace(/^displayName/, 'The name').replace(/; send null.*$/, ''));
      return;
    }
    setProblem(null);
    save(parsed.data, 'Name saved.');
  };

  return (
    <form onSubmit={submit} noValidate className="min-w-0">
      <label htmlFor={inputId} className="text-sm text-muted">
        Display name
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="text"
          autoComplete="name"
          value={value}
          maxLength={DISPLAY_NAME_MAX_LENGTH + 20}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${helpId}` : helpId}
          className={`min-w-0 flex-1 ${FIELD}`}
        />
        <Button type="submit" variant="secondary" busy={update.isPending} className="shrink-0">
          Save name
        </Button>
      </div>
      {problem ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <p id={helpId} className="mt-1 text-xs text-muted">
        How Mailroom greets you, and the sender name on mail it sends for you. Up to {DISPLAY_NAME_MAX_LENGTH} characters.
        {profile.data?.chosen && providerName ? ` Your sign-in account calls you ${providerName}.` : ''}
      </p>
      {profile.data?.chosen ? (
        <Button type="button" variant="ghost" size="sm" className="mt-1" disabled={update.isPending} onClick={() => save(null, 'Back to your sign-in name.')}>
          Use my sign-in name
        </Button>
      ) : null}
      <SaveOutcome saved={saved} pending={update.isPending} error={update.isError ? describeError(update.error) : null} className="mt-1" />
    </form>
  );
}
