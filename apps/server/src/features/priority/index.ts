/**
 * What other features may use of priority: ordering their store-answered lists by score
 * (getCategoryEmails and searchMail with `sort: "priority"`).
 */
export { ensureLearned } from './service.ts';
