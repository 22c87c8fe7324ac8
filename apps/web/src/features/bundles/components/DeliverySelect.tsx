import type { Bundle } from '@mailroom/contract';
import { useId } from 'react';
import { describeError } from '../../../shared/api';
import { useToast } from '../../../shared/ui';
import { useSetDelivery } from '../api/bundles';
import { DELIVERIES, DELIVERY_LABELS, FIELD } from '../lib/bundles';

/** Where a bundle's mail is shown: each message in the inbox, one grouped row, or held for the digest. */
export function DeliverySelect({ bundle }: { bundle: Bundle }) {
  const id = useId();
  const setDelivery = useSetDelivery();
  const toast = useToast();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-muted">
        <span className="sr-only">{bundle.name}: </span>Shows as
      </label>
      <select
        id={id}
        value={setDelivery.isPending && setDelivery.variables ? setDelivery.variables.delivery : bundle.delivery}
        disabled={setDelivery.isPending}
        onChange={(e) =>
          setDelivery.mutate(
            { bundleId: bundle.bundleId, delivery: e.target.value as Bundle['delivery'] },
            {
              onSuccess: (result) => toast.show({ tone: 'success', title: `${bundle.name}: ${DELIVERY_LABELS[result.delivery].charAt(0).toLowerCase()}${DELIVERY_LABELS[result.delivery].slice(1)}` }),
              onError: (error) => toast.show({ tone: 'danger', title: 'Could not change the setting', description: describeError(error) }),
            },
          )
        }
        className={`min-w-0 flex-1 ${FIELD}`}
      >
        {DELIVERIES.map((d) => (
          <option key={d} value={d}>
            {DELIVERY_LABELS[d]}
          </option>
        ))}
      </select>
    </div>
  );
}
