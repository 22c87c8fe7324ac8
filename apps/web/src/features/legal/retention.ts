import { DERIVED_DATA_DAYS, PURGE_HOURS, UNDO_DAYS } from '../../shared/promises';

/**
 * The periods the privacy and security pages state. The first three are the product's promises
 * (DESIGN §1), enforced by the server's jobs with the same constants; the last two are the
 * operator's legal response times.
 */
export const RETENTION = {
  derivedDataDays: DERIVED_DATA_DAYS,
  purgeAfterRevokeHours: PURGE_HOURS,
  undoDays: UNDO_DAYS,
  gdprResponseDays: 30,
  ccpaResponseDays: 45,
} as const;
