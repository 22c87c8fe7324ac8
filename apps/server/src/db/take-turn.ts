/**
 * Long work shares the event loop with the requests. SQLite (better-sqlite3) answers every
 * query synchronously, so a job that awaits query after query, or loops over a mailbox in
 * memory, runs as one unbroken chain of microtasks: the event loop never turns, and every request
 * waits until the job is done. After the demo mailbox's first sync (4,150 messages) the priority
 * model's first learning and the bundles' classification held the server for 0.9 s at a stretch
 * (/healthz answered in 859 ms), and on a mailbox twenty times larger it would have been seconds.
 *
 * `takeTurn()` lets the loop turn (one `setImmediate`: sockets, timers and other work run first)
 * once the chain it is called from has run TURN_MS without one, and costs a clock read otherwise.
 * Every SQLite query takes it (TurnTakingPlugin), and so do long loops over messages in memory.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** How long one stretch of work may hold the event loop before it lets the loop turn. */
export const TURN_MS = 10;

/**
 * The real setImmediate, kept as this module loads: a test's fake timers replace the global one,
 * and a turn that never came would stop every query of a test that uses them.
 */
const { setImmediate } = globalThis;
const resolved = Promise.resolve();
let turnStarted = 0;
/** A marker immediate is waiting to run: the loop has not turned since turnStarted. */
let inTurn = false;

function endTurn(): void {
  inTurn = false;
}

/** Resolves at once within a turn's TURN_MS, and after the event loop has turned once past it. */
export function takeTurn(): Promise<void> {
  const now = performance.now();
  if (!inTurn) {
    // The loop has turned since the last call: a new stretch starts here.
    inTurn = true;
    turnStarted = now;
    setImmediate(endTurn);
    return resolved;
  }
  if (now - turnStarted < TURN_MS) return resolved;
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A Kysely plugin that takes a turn after every query (inside transactions too). Only for
 * SQLite: PostgreSQL's queries go over a socket and let the loop turn by themselves.
 */
export class TurnTakingPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await takeTurn();
    return args.result;
  }
}
