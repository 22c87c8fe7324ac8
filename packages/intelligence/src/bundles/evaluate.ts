import { classifyBundle } from './classify.ts';
import { BUNDLE_IDS, type BundleId, type BundleMessage } from './types.ts';

export interface BundleScore {
  bundle: BundleId | 'none';
  /** Messages labelled this bundle. */
  support: number;
  truePositives: number;
  predicted: number;
  /** Null when nothing was predicted / labelled for it. */
  precision: number | null;
  recall: number | null;
}

export interface BundleEvaluation {
  total: number;
  correct: number;
  accuracy: number;
  perBundle: BundleScore[];
  mistakes: Array<{ origin: string; subject: string; expected: BundleId | null; got: BundleId | null; reason: string }>;
}

/** Precision and recall per bundle (and for "none", personal mail) of the classifier on labelled messages. */
export function evaluateBundles(messages: ReadonlyArray<BundleMessage & { bundle: BundleId | null; origin: string }>): BundleEvaluation {
  const keys: Array<BundleId | 'none'> = [...BUNDLE_IDS, 'none'];
  const counts = new Map(keys.map((k) => [k, { support: 0, tp: 0, predicted: 0 }]));
  const mistakes: BundleEvaluation['mistakes'] = [];
  let correct = 0;
  for (const message of messages) {
    const decision = classifyBundle(message);
    const expected = message.bundle ?? 'none';
    const got = decision.bundle ?? 'none';
    counts.get(expected)!.support++;
    counts.get(got)!.predicted++;
    if (expected === got) {
      correct++;
      counts.get(got)!.tp++;
    } else {
      mistakes.push({ origin: message.origin, subject: message.subject, expected: message.bundle, got: decision.bundle, reason: decision.reason });
    }
  }
  return {
    total: messages.length,
    correct,
    accuracy: messages.length ? correct / messages.length : 0,
    perBundle: keys.map((bundle) => {
      const c = counts.get(bundle)!;
      return { bundle, support: c.support, truePositives: c.tp, predicted: c.predicted, precision: c.predicted ? c.tp / c.predicted : null, recall: c.support ? c.tp / c.support : null };
    }),
    mistakes,
  };
}
