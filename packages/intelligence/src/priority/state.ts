import { hostOf, isPublicMailDomain, normaliseAddress, registrableDomain } from './addresses.ts';
import { TOKEN_BUCKETS, type SelfIdentity } from './facts.ts';
import { FEATURE_COUNT } from './features.ts';
import { BoundedTable } from './table.ts';
import type { PriorityAction } from './types.ts';

/**
 * One user's priority model: what the mailbox says about the people, lists and threads in it,
 * what the user did with them, and the learned weights on top of the global prior. It is derived
 * data: the server keeps it as JSON (`serialisePriorityState`), bounded in size (see LIMITS), and
 * rebuilds it from the mailbox and the action log when it is lost.
 */

/** Counts about one sender, person, domain or list. Masses are weighted actions (see ACTION_EFFECT). */
export interface EntityStats {
  /** Messages from it seen in the mailbox. */
  received: number;
  /** Messages the user wrote to it (the address book). */
  sentTo: number;
  pos: number;
  neg: number;
  /** Per-action counts, for explanations ("You reply to Alice 80 % of the time"). */
  open: number;
  reply: number;
  star: number;
  important: number;
  archive: number;
  delete: number;
  quarantine: number;
  notImportant: number;
  ignore: number;
  last: number;
}

export interface ThreadStats {
  length: number;
  /** Messages the user wrote in it, and when the latest was written. */
  mine: number;
  lastMine: number;
  pos: number;
  neg: number;
  last: number;
}

/** What the user did to one message. */
export interface MessageMemory {
  pos: number;
  neg: number;
  /** Bits of MESSAGE_FLAG. */
  flags: number;
  last: number;
}

export const MESSAGE_FLAG = { opened: 1, replied: 2, starred: 4, important: 8, notImportant: 16, archived: 32, deleted: 64 } as const;

/** Size limits per table: the state's JSON stays under about 1.5 MB whatever the mailbox. */
export const LIMITS = { senders: 6000, persons: 4000, domains: 2000, lists: 1000, cells: 1000, threads: 4000, messages: 3000, ownMessageIds: 3000 } as const;

export const DEFAULT_THRESHOLD = 50;

export interface PriorityState {
  version: 1;
  timeZone: string;
  self: SelfIdentity & { addresses: Set<string>; domains: Set<string> };
  /** The per-user weights (offsets from the global prior) and AdaGrad's squared-gradient sums. */
  weights: Float64Array;
  gradients: Float64Array;
  senders: BoundedTable<EntityStats>;
  persons: BoundedTable<EntityStats>;
  domains: BoundedTable<EntityStats>;
  lists: BoundedTable<EntityStats>;
  /** Kinds of mail (kind and position, people/machines, each label) and what the user did with them. */
  cells: BoundedTable<EntityStats>;
  threads: BoundedTable<ThreadStats>;
  messages: BoundedTable<MessageMemory>;
  /** Hashes of the user's own Message-IDs -> date, to see replies to the user. */
  ownMessageIds: BoundedTable<number>;
  /** Weighted positive and negative action mass per word bucket (the content table). */
  tokenPos: Float32Array;
  tokenNeg: Float32Array;
  /** Total weighted positive and negative mass over all actions, and the number of actions. */
  totalPos: number;
  totalNeg: number;
  actions: number;
  actionCounts: Record<PriorityAction, number>;
  /** Important/Other threshold in score units (0–100). */
  threshold: number;
}

/** Entities the user acted on, wrote to, or heard from recently are kept longest. */
const KEEP_ACTED_MS = 365 * 24 * 3600 * 1000;
const entityRetention = (e: EntityStats) => e.last + (e.pos + e.neg > 0 || e.sentTo > 0 ? KEEP_ACTED_MS : 0);
const threadRetention = (t: ThreadStats) => t.last + (t.mine > 0 || t.pos + t.neg > 0 ? KEEP_ACTED_MS : 0);

export function newEntity(): EntityStats {
  return { received: 0, sentTo: 0, pos: 0, neg: 0, open: 0, reply: 0, star: 0, important: 0, archive: 0, delete: 0, quarantine: 0, notImportant: 0, ignore: 0, last: 0 };
}

export function newThread(): ThreadStats {
  return { length: 0, mine: 0, lastMine: 0, pos: 0, neg: 0, last: 0 };
}

function emptyActionCounts(): Record<PriorityAction, number> {
  return { open: 0, reply: 0, star: 0, important: 0, not_important: 0, archive: 0, delete: 0, quarantine: 0, ignore: 0 };
}

export interface CreateStateOptions {
  /** The user's addresses (the account's address and its send-as aliases). */
  selfAddresses: readonly string[];
  /** The user's IANA time zone, for hour-of-day features. */
  timeZone: string;
}

export function createPriorityState(options: CreateStateOptions): PriorityState {
  const state: PriorityState = {
    version: 1,
    timeZone: options.timeZone,
    self: { addresses: new Set(), domains: new Set() },
    weights: new Float64Array(FEATURE_COUNT),
    gradients: new Float64Array(FEATURE_COUNT),
    senders: new BoundedTable(LIMITS.senders, entityRetention),
    persons: new BoundedTable(LIMITS.persons, entityRetention),
    domains: new BoundedTable(LIMITS.domains, entityRetention),
    lists: new BoundedTable(LIMITS.lists, entityRetention),
    cells: new BoundedTable(LIMITS.cells, entityRetention),
    threads: new BoundedTable(LIMITS.threads, threadRetention),
    messages: new BoundedTable(LIMITS.messages, (m) => m.last),
    ownMessageIds: new BoundedTable(LIMITS.ownMessageIds, (date) => date),
    tokenPos: new Float32Array(TOKEN_BUCKETS),
    tokenNeg: new Float32Array(TOKEN_BUCKETS),
    totalPos: 0,
    totalNeg: 0,
    actions: 0,
    actionCounts: emptyActionCounts(),
    threshold: DEFAULT_THRESHOLD,
  };
  for (const address of options.selfAddresses) addSelfAddress(state, address);
  return state;
}

/** Adds one of the user's addresses (also learned from the From of mail labelled SENT). */
export function addSelfAddress(state: PriorityState, address: string): void {
  const normalised = normaliseAddress(address);
  if (!normalised.includes('@') || state.self.addresses.has(normalised)) return;
  state.self.addresses.add(normalised);
  const domain = registrableDomain(hostOf(normalised));
  if (domain && !isPublicMailDomain(domain)) state.self.domains.add(domain);
}

// ---- serialisation -------------------------------------------------------------------------

/**
 * The JSON form: plain arrays sorted by key. Numbers are written exactly (JSON keeps a double's
 * shortest round-trip form), so a state read back scores exactly as the one written.
 */
export interface PriorityStateJson {
  version: 1;
  timeZone: string;
  self: string[];
  threshold: number;
  totals: { pos: number; neg: number; actions: number; byAction: Record<PriorityAction, number> };
  /** [feature index, weight, squared-gradient sum] for every feature that has learned. */
  weights: [number, number, number][];
  senders: number[][];
  persons: number[][];
  domains: number[][];
  lists: number[][];
  cells: number[][];
  threads: number[][];
  messages: number[][];
  ownMessageIds: [number, number][];
  /** [word bucket, positive mass, negative mass]. */
  tokens: [number, number, number][];
}

const ENTITY_FIELDS = ['received', 'sentTo', 'pos', 'neg', 'open', 'reply', 'star', 'important', 'archive', 'delete', 'quarantine', 'notImportant', 'ignore', 'last'] as const;
const THREAD_FIELDS = ['length', 'mine', 'lastMine', 'pos', 'neg', 'last'] as const;
const MESSAGE_FIELDS = ['pos', 'neg', 'flags', 'last'] as const;

function entityRows<T extends object>(table: BoundedTable<T>, fields: readonly (keyof T)[]): number[][] {
  return table.sorted().map(([key, e]) => [key, ...fields.map((f) => e[f] as number)]);
}

export function serialisePriorityState(state: PriorityState): PriorityStateJson {
  const weights: [number, number, number][] = [];
  for (let i = 0; i < state.weights.length; i++) {
    if (state.weights[i] !== 0 || state.gradients[i] !== 0) weights.push([i, state.weights[i] as number, state.gradients[i] as number]);
  }
  const tokens: [number, number, number][] = [];
  for (let i = 0; i < TOKEN_BUCKETS; i++) {
    if (state.tokenPos[i] !== 0 || state.tokenNeg[i] !== 0) tokens.push([i, state.tokenPos[i] as number, state.tokenNeg[i] as number]);
  }
  return {
    version: 1,
    timeZone: state.timeZone,
    self: [...state.self.addresses].sort(),
    threshold: state.threshold,
    totals: { pos: state.totalPos, neg: state.totalNeg, actions: state.actions, byAction: { ...state.actionCounts } },
    weights,
    senders: entityRows(state.senders, ENTITY_FIELDS),
    persons: entityRows(state.persons, ENTITY_FIELDS),
    domains: entityRows(state.domains, ENTITY_FIELDS),
    lists: entityRows(state.lists, ENTITY_FIELDS),
    cells: entityRows(state.cells, ENTITY_FIELDS),
    threads: entityRows(state.threads, THREAD_FIELDS),
    messages: entityRows(state.messages, MESSAGE_FIELDS),
    ownMessageIds: state.ownMessageIds.sorted(),
    tokens,
  };
}

export class PriorityStateError extends Error {
  override name = 'PriorityStateError';
}

function finite(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new PriorityStateError(`${where}: expected a finite number`);
  return value;
}

function readRows<T extends object>(rows: unknown, fields: readonly (keyof T)[], table: BoundedTable<T>, create: () => T, where: string): void {
  if (!Array.isArray(rows)) throw new PriorityStateError(`${where}: expected an array`);
  rows.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== fields.length + 1) throw new PriorityStateError(`${where}[${i}]: expected ${fields.length + 1} numbers`);
    const entry = create();
    fields.forEach((f, k) => ((entry as Record<keyof T, number>)[f] = finite(row[k + 1], `${where}[${i}]`)));
    table.set(finite(row[0], `${where}[${i}]`), entry);
  });
}

/** Reads a stored state back; throws PriorityStateError naming the field when it is not one. */
export function parsePriorityState(json: unknown): PriorityState {
  if (typeof json !== 'object' || json === null) throw new PriorityStateError('state: expected an object');
  const data = json as Partial<PriorityStateJson>;
  if (data.version !== 1) throw new PriorityStateError(`version: unsupported ${String(data.version)}`);
  if (typeof data.timeZone !== 'string') throw new PriorityStateError('timeZone: expected a string');
  if (!Array.isArray(data.self) || !data.self.every((a) => typeof a === 'string')) throw new PriorityStateError('self: expected addresses');
  const state = createPriorityState({ selfAddresses: data.self, timeZone: data.timeZone });
  state.threshold = finite(data.threshold, 'threshold');
  const totals = data.totals;
  if (!totals || typeof totals !== 'object') throw new PriorityStateError('totals: expected an object');
  state.totalPos = finite(totals.pos, 'totals.pos');
  state.totalNeg = finite(totals.neg, 'totals.neg');
  state.actions = finite(totals.actions, 'totals.actions');
  for (const action of Object.keys(state.actionCounts) as PriorityAction[]) state.actionCounts[action] = finite(totals.byAction?.[action] ?? 0, `totals.byAction.${action}`);
  if (!Array.isArray(data.weights)) throw new PriorityStateError('weights: expected an array');
  data.weights.forEach((row, i) => {
    const index = finite(row?.[0], `weights[${i}]`);
    if (!Number.isInteger(index) || index < 0 || index >= FEATURE_COUNT) throw new PriorityStateError(`weights[${i}]: no feature ${index}`);
    state.weights[index] = finite(row[1], `weights[${i}]`);
    state.gradients[index] = finite(row[2], `weights[${i}]`);
  });
  readRows(data.senders, ENTITY_FIELDS, state.senders, newEntity, 'senders');
  readRows(data.persons, ENTITY_FIELDS, state.persons, newEntity, 'persons');
  readRows(data.domains, ENTITY_FIELDS, state.domains, newEntity, 'domains');
  readRows(data.lists, ENTITY_FIELDS, state.lists, newEntity, 'lists');
  readRows(data.cells, ENTITY_FIELDS, state.cells, newEntity, 'cells');
  readRows(data.threads, THREAD_FIELDS, state.threads, newThread, 'threads');
  readRows(data.messages, MESSAGE_FIELDS, state.messages, () => ({ pos: 0, neg: 0, flags: 0, last: 0 }), 'messages');
  if (!Array.isArray(data.ownMessageIds)) throw new PriorityStateError('ownMessageIds: expected an array');
  data.ownMessageIds.forEach((row, i) => state.ownMessageIds.set(finite(row?.[0], `ownMessageIds[${i}]`), finite(row?.[1], `ownMessageIds[${i}]`)));
  if (!Array.isArray(data.tokens)) throw new PriorityStateError('tokens: expected an array');
  data.tokens.forEach((row, i) => {
    const bucket = finite(row?.[0], `tokens[${i}]`);
    if (!Number.isInteger(bucket) || bucket < 0 || bucket >= TOKEN_BUCKETS) throw new PriorityStateError(`tokens[${i}]: no bucket ${bucket}`);
    state.tokenPos[bucket] = finite(row[1], `tokens[${i}]`);
    state.tokenNeg[bucket] = finite(row[2], `tokens[${i}]`);
  });
  return state;
}
