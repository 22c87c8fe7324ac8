import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, type ButtonSize } from '../../../shared/ui';
import { useAuthFlow } from '../../auth';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Shown when a function answers FAILED_PRECONDITION {reason: WRITE_SCOPE_REQUIRED}: asks Google
 * for gmail.modify incrementally (DESIGN §1: read-only until the first write action).
 */
export function GrantWriteAccessButton({ onGranted, size }: { onGranted?: () => void; size?: ButtonSize }) {
  const client = useQueryClient();
  const location = useLocation();
  const onSuccess = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['gmail'] });
    onGranted?.();
  }, [client, onGranted]);
  const flow = useAuthFlow({ onSuccess });
  return (
    <div className="space-y-3">
      <Button icon="key" size={size} busy={flow.pending} onClick={() => void flow.start({ kind: 'gmail', write: true, returnTo: location.pathname })}>
        Grant write access
      </Button>
      {flow.message ? (
        <Alert tone="danger" role="alert">
          {flow.message}
        </Alert>
      ) : null}
    </div>
  );
}
