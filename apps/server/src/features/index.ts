import type { FnImplementations } from './registry.ts';

/**
 * The implemented callable functions. Each feature contributes its own (one file per function
 * under features/<feature>/); names from the contract that are missing here answer
 * UNIMPLEMENTED until their feature lands.
 */
export const implementations: FnImplementations = {};
