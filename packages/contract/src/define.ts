import type { z } from 'zod';

/** Who may call a function: anyone, or only a signed-in user (session cookie or API token). */
export type FnAuth = 'public' | 'user';

export interface FnSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  auth: FnAuth;
  /** Changes state; such calls need the write scope or a CSRF proof depending on the feature. */
  mutates: boolean;
  summary: string;
  request: Req;
  response: Res;
}

export function defineFn<Req extends z.ZodType, Res extends z.ZodType>(spec: FnSpec<Req, Res>): FnSpec<Req, Res> {
  return spec;
}
