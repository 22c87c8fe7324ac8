import fs from 'node:fs/promises';
import { parseVoiceCommand, type VoiceCommand } from '@mailroom/intelligence/voice';
import type { Command } from '../command.ts';
import { PocketsphinxRecognizer, SPEECH_FILE_MAX_BYTES, SpeechDecodeError, SpeechInputError, SpeechUnavailableError, type SpeechRecognizer } from '../../providers/speech/index.ts';

const USAGE = `Usage:
  mailroom voice recognize --wav FILE [--categories "Name1,Name2"] [--labels "Label1,Label2"]
      Recognises a spoken command in a WAV file (16 kHz mono 16-bit; other WAV formats are
      converted; at most 30 s and 32 MB) with the offline recogniser and prints one JSON line:
      {"transcript": "...", "intent": "...", "slots": {...}}
  mailroom voice parse [--categories "Name1,Name2"] "TEXT"
      Parses a typed or transcribed command and prints {"intent": "...", "slots": {...}}.
--categories gives the user's category names (comma-separated) that "open NAME" should know;
--labels gives label names a spoken search may use.`;

export interface VoiceIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const voice: Command = {
  usage: 'voice recognize --wav FILE | voice parse "TEXT"',
  summary: 'voice commands: recognise a WAV offline, or parse text, to {"intent","slots"}',
  run: (args) => runVoice(args, process),
};

/** `mailroom voice ...` with output to `io`; the recogniser can be replaced in tests. */
export async function runVoice(args: string[], io: VoiceIo, recognizer: SpeechRecognizer = new PocketsphinxRecognizer()): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (sub !== 'recognize' && sub !== 'parse') {
    io.stderr.write(`${sub ? `mailroom voice: unknown subcommand "${sub}"\n` : ''}${USAGE}\n`);
    return 1;
  }
  const options = readOptions(rest, sub === 'recognize' ? ['wav', 'categories', 'labels'] : ['categories'], io);
  if (typeof options === 'number') return options;
  const categories = list(options.values.categories);
  if (sub === 'parse') {
    if (options.positionals.length !== 1) {
      io.stderr.write(`mailroom voice parse: give the text as one argument, in quotes\n${USAGE}\n`);
      return 1;
    }
    io.stdout.write(`${JSON.stringify(commandOf(parseVoiceCommand(options.positionals[0] as string, { categories })))}\n`);
    return 0;
  }
  if (options.positionals.length > 0) {
    io.stderr.write(`mailroom voice recognize: unexpected argument "${options.positionals[0]}"\n${USAGE}\n`);
    return 1;
  }
  const file = options.values.wav;
  if (!file) {
    io.stderr.write(`mailroom voice recognize: --wav FILE is required\n${USAGE}\n`);
    return 1;
  }
  let wav: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new Error('not a file');
    // Read no more than the cap (plus one byte to know it was over): a huge file is refused unread.
    const handle = await fs.open(file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(stat.size, SPEECH_FILE_MAX_BYTES + 1));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      wav = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    io.stderr.write(`mailroom voice recognize: cannot read the WAV file ${file}\n`);
    return 1;
  }
  try {
    const recognition = await recognizer.recognize(wav, { mode: 'command', categories, labels: list(options.values.labels), maxBytes: SPEECH_FILE_MAX_BYTES });
    // Speech outside the command grammar is shown, never acted on.
    const command: VoiceCommand = recognition.inGrammar ? commandOf(parseVoiceCommand(recognition.transcript, { categories })) : { intent: 'unknown', slots: {} };
    io.stdout.write(`${JSON.stringify({ transcript: recognition.transcript, ...command })}\n`);
    // The contract's one line stays as it is; the advice goes to standard error.
    if (recognition.narrowband) io.stderr.write(`mailroom voice recognize: ${file} has telephone-band audio (nothing above 4 kHz); far fewer commands are recognised in it than in wideband audio\n`);
    return 0;
  } catch (error) {
    if (error instanceof SpeechInputError) {
      io.stderr.write(`mailroom voice recognize: ${file}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof SpeechUnavailableError || error instanceof SpeechDecodeError) {
      io.stderr.write(`mailroom voice recognize: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function commandOf(result: VoiceCommand): VoiceCommand {
  return { intent: result.intent, slots: result.slots } as VoiceCommand;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function readOptions(args: string[], allowed: string[], io: VoiceIo): { values: Record<string, string>; positionals: string[] } | number {
  // Hand-rolled like `query`: the text may itself start with '-' ("- archive"), so everything
  // that is not a known option is text.
  const values: Record<string, string> = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const option = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (option && allowed.includes(option[1] as string)) {
      const value = option[2] ?? args[++i];
      if (value === undefined) {
        io.stderr.write(`mailroom voice: --${option[1]} needs a value\n${USAGE}\n`);
        return 1;
      }
      values[option[1] as string] = value;
    } else if (option && !allowed.includes(option[1] as string)) {
      io.stderr.write(`mailroom voice: unknown option --${option[1]}\n${USAGE}\n`);
      return 1;
    } else if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    } else {
      positionals.push(arg);
    }
  }
  return { values, positionals };
}
