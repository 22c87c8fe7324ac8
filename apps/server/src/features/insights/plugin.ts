import type { FeaturePlugin } from '../../platform/plugin.ts';
import { getInsights } from './getInsights.ts';

/**
 * Insights (issue 18): figures about the user's mail, computed on request from SQL aggregates over
 * message metadata (see repository.ts). Nothing is cached, so there is no derived table to expire:
 * bench/insights.bench.ts measures 90 days on a 100,000-message store well inside the page's
 * budget. The time-saved estimate reads the user's per-action seconds (settings.insights).
 */
export const insightsPlugin: FeaturePlugin = {
  name: 'insights',
  functions: { getInsights },
};
