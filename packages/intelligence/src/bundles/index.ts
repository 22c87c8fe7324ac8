/**
 * Bundles (issue 19), pure and offline: each message into at most one bundle (newsletters,
 * promotions, receipts, travel, notifications, social, forums, finance, calendar) from its
 * headers and snippet, with the reason; the user's sender choices win.
 */
export { BUNDLE_IDS, isBundleId, type BundleDecision, type BundleId, type BundleMessage, type SenderRules } from './types.ts';
export { BUNDLE_NAMES, classifyBundle } from './classify.ts';
export { evaluateBundles, type BundleEvaluation, type BundleScore } from './evaluate.ts';
