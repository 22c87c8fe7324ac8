export { callFn, clearSignedInState, currentCsrfToken, CSRF_HEADER, setApiQueryClient } from './client';
export {
  FnCallError,
  NETWORK_ERROR_MESSAGE,
  describeError,
  failureReason,
  isFnCallError,
  isFnStatus,
  isUnimplemented,
  needsWriteScope,
} from './errors';
export { createQueryClient, queryClient } from './queryClient';
export { SIGNED_OUT, categoriesQueryKey, fetchSession, mailQueryKey, sessionQueryKey, sessionQueryOptions } from './session';
