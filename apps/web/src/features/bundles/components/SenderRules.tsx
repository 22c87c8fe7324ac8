import type { FnResponse } from '@mailroom/contract';
import { describeError } from '../../../shared/api';
import { Button, Card, CardHeader, Icon, useToast } from '../../../shared/ui';
import { useRemoveSenderRule } from '../api/bundles';
import { BUNDLE_LABELS } from '../lib/bundles';

type SenderRule = FnResponse<'listBundles'>['senderRules'][number];

const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The senders the user moved ("move to another bundle" or "always keep in inbox"), newest first,
 * each with a Remove button: their mail is then filed by its headers again, now and later.
 */
export function SenderRules({ rules }: { rules: readonly SenderRule[] }) {
  const remove = useRemoveSenderRule();
  const toast = useToast();
  const removing = remove.isPending ? remove.variables?.address : undefined;
  return (
    <Card aria-labelledby="sender-rules-heading" className="mt-6" data-testid="sender-rules">
      <CardHeader
        id="sender-rules-heading"
        title="Senders you moved"
        description="Mailroom files these senders’ mail where you put it. Remove a choice to file their mail by its headers again."
      />
      {rules.length === 0 ? (
        <p className="text-sm text-muted">None yet. Open a bundle, select a message and choose “Move sender” to send that sender’s mail elsewhere or keep it in the inbox.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Senders you moved">
          {rules.map((rule) => (
            <li key={rule.address} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5" data-testid="sender-rule">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{rule.address}</p>
                <p className="flex items-center gap-1.5 text-sm text-muted">
                  <Icon name={rule.bundleId ? 'layers' : 'inbox'} size={14} className="shrink-0" />
                  <span>{rule.bundleId ? `To ${BUNDLE_LABELS[rule.bundleId]}` : 'Always in the inbox'}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={rule.updatedAt}>{shortDate(rule.updatedAt)}</time>
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                icon="close"
                busy={removing === rule.address}
                disabled={remove.isPending}
                aria-label={`Remove the choice for ${rule.address}`}
                onClick={() =>
                  remove.mutate(
                    { address: rule.address },
                    {
                      onSuccess: (result) =>
                        toast.show({
                          tone: 'success',
                          title: `${result.address} is filed by its headers again`,
                          description: `${result.refiled} ${result.refiled === 1 ? 'message' : 'messages'} filed again.`,
                        }),
                      onError: (error) => toast.show({ tone: 'danger', title: 'Could not remove the choice', description: describeError(error) }),
                    },
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
