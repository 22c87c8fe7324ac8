import type { Command } from '../command.ts';
import { sandbox } from './sandbox.ts';
import { query } from './query.ts';
import { replies } from './replies.ts';
import { priority } from './priority.ts';
import { search } from './search.ts';
import { serve } from './serve.ts';
import { sync } from './sync.ts';
import { token } from './token.ts';
import { voice } from './voice.ts';

/** CLI commands by name (DESIGN §3). Each lives in its own file. */
export const commands: Record<string, Command> = { serve, sync, sandbox, query, search, priority, replies, token, voice };
