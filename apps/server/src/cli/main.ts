import type { Command } from './command.ts';

/**
 * Commands that run without the server's modules, loaded alone: `query eval` over a cached mbox
 * answers in well under a second, which loading every command (the whole server) would not allow.
 */
const STANDALONE: Record<string, () => Promise<Command>> = {
  query: async () => (await import('./commands/query.ts')).query,
  search: async () => (await import('./commands/search.ts')).search,
};

async function allCommands(): Promise<Record<string, Command>> {
  return (await import('./commands/index.ts')).commands;
}

export async function usage(): Promise<string> {
  return `Usage: mailroom <command> [options]

Commands:
${Object.values(await allCommands())
  .map((c) => `  ${c.usage.padEnd(44)} ${c.summary}`)
  .join('\n')}
`;
}

/** Runs one CLI command; returns the process exit code. Errors go to stderr. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(await usage());
    return name ? 0 : 1;
  }
  const command = Object.hasOwn(STANDALONE, name) ? await (STANDALONE[name] as () => Promise<Command>)() : (await allCommands())[name];
  if (!command) {
    process.stderr.write(`mailroom: unknown command "${name}"\n\n${await usage()}`);
    return 1;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`mailroom ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
