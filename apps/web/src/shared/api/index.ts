export { callFn, clearSignedInState, currentCsrfToken, CSRF_HEADER, setApiQueryClient } from './client';
export {
  FnCallError,
  NETWORK_ERROR_MESSAGE,
  describeError,
  isFnCallError,
  isUnimplemented,
  needsWriteScope,
} from './errors';
export { createQueryClient, queryClient } from './queryClient';
export { SIGNED_OUT, categoriesQueryKey, fetchSession, sessionQueryKey } from './session';
