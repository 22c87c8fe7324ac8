/** The natural-language search request sets (tests and `npm run bench`); not used by the product. */
export { DEFAULT_NOW, DEFAULT_TIME_ZONE, type SearchRequestCase } from './cases.ts';
export { TUNING_REQUESTS } from './tuning-requests.ts';
export { HELD_OUT_REQUESTS, HELD_OUT_REQUESTS_C } from './held-out-requests.ts';
