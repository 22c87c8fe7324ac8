import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FnName, FnParsedRequest, FnResponse } from '@mailroom/contract';
import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { MailProvider } from '../providers/mail-provider.ts';

/** What a function's implementation receives besides its validated data. */
export interface FnContext {
  db: Db;
  config: Config;
  jobs: JobQueue;
  /** The mailbox of an account, from its stored grant; null when it holds none. */
  providers: (accountId: string) => Promise<MailProvider | null>;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  /** Set for functions whose contract says `auth: 'user'`. */
  principal: Principal | null;
}

export interface UserFnContext extends FnContext {
  principal: Principal;
}

export type FnImpl<N extends FnName> = (ctx: UserFnContext, data: FnParsedRequest<N>) => Promise<FnResponse<N>>;

/** Implementations by function name. A contract name without one answers UNIMPLEMENTED. */
export type FnImplementations = { [N in FnName]?: FnImpl<N> };
