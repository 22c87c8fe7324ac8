import { commands } from './commands/index.ts';

export const USAGE = `Usage: mailroom <command> [options]

Commands:
${Object.values(commands)
  .map((c) => `  ${c.usage.padEnd(44)} ${c.summary}`)
  .join('\n')}
`;

/** Runs one CLI command; returns the process exit code. Errors go to stderr. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE);
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`mailroom: unknown command "${name}"\n\n${USAGE}`);
    return 1;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`mailroom ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
