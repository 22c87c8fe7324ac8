/**
 * The periods the privacy and security pages state. They are the product's promises (DESIGN §1);
 * the server enforces them (retention job, purge job, action batch expiry).
 */
export const RETENTION = {
  derivedDataDays: 30,
  purgeAfterRevokeHours: 24,
  undoDays: 7,
  gdprResponseDays: 30,
  ccpaResponseDays: 45,
} as const;
