// Runs one sync in its own process, so a test can kill it with SIGKILL at any instant.
import { openDatabase } from '../../db/database.ts';
import { syncAccount } from '../engine.ts';
import { providerFor } from './fixtures.ts';

interface ChildArgs {
  sqliteFile: string | null;
  databaseUrl: string | null;
  schema: string | null;
  rootUrl: string;
  accountId: string;
  pageSize: number;
}

const args = JSON.parse(process.argv[2] ?? '{}') as ChildArgs;
const handle = args.sqliteFile
  ? openDatabase({ databaseUrl: null, sqliteFile: args.sqliteFile })
  : openDatabase({ databaseUrl: args.databaseUrl, schema: args.schema, poolSize: 2 });
process.stdout.write('started\n');
await syncAccount(handle.db, args.accountId, providerFor(args.rootUrl), { pageSize: args.pageSize });
await handle.close();
process.stdout.write('finished\n');
