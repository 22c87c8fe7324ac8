/**
 * The types a feature's function files use (`FnImpl<'name'>` and its `ctx`), defined with the
 * plugin interface in platform/plugin.ts; re-exported here so function files import them from
 * their features folder.
 */
export type { FnContext, FnImpl, FnImplementations, UserFnContext } from '../platform/plugin.ts';
