import { z } from 'zod';
import { defineFn } from '../define.ts';
import { noArgs } from './common.ts';

/**
 * Voice control and Voice Reply (issue 16). Commands are recognised on the server by the offline
 * recogniser (or in the browser by the Web Speech API, where the user chooses it) and understood
 * by @mailroom/intelligence/voice; typed commands are understood in the browser by the same
 * parser. Audio is never stored.
 *
 * Recognition takes a WAV file, so it is an HTTP route of the voice feature rather than a callable
 * function: `POST VOICE_RECOGNIZE_PATH?mode=command|dictation` with the audio as the body
 * (`Content-Type: audio/wav`, 16 kHz mono 16-bit PCM; at most VOICE_MAX_SECONDS and
 * VOICE_MAX_BYTES, promises.ts), the session cookie and the CSRF header (or a bearer token). It
 * answers `{"result": SpeechRecognitionResult}` or the callable-function error envelope:
 * INVALID_ARGUMENT for audio that is not acceptable (the message says why), RESOURCE_EXHAUSTED
 * past the rate limit, UNAVAILABLE where the recogniser is not installed (the message says what
 * to install; getVoiceStatus says so up front) or when decoding failed or took too long.
 */
export const VOICE_RECOGNIZE_PATH = '/api/voice/recognize';

export const voiceModeSchema = z.enum(['command', 'dictation']);
export type VoiceMode = z.infer<typeof voiceModeSchema>;

/** Slot values: a page or a category name (strings), a suggestion number. */
const slotsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** What a command was understood as: intent and slot names as the README's voice table spells them. */
export const voiceCommandResultSchema = z.object({
  intent: z.string(),
  slots: slotsSchema,
  /** How closely the words matched the command, 0..1. */
  confidence: z.number().min(0).max(1),
  /** For `unknown`: the closest commands ("Did you mean …?"), best first. */
  hints: z.array(z.object({ intent: z.string(), slots: slotsSchema, say: z.string() })),
  /**
   * A destructive command (archive, trash, quarantine, send) the recogniser was not sure it heard:
   * ask ("Did you say …? Say yes or no") before doing it.
   */
  askFirst: z.boolean().optional(),
});
export type VoiceCommandResult = z.infer<typeof voiceCommandResultSchema>;

export const speechRecognitionResultSchema = z.object({
  mode: voiceModeSchema,
  /** What was heard, lower case ('' for silence). */
  transcript: z.string(),
  /** Command mode: false when the speech was no command (the transcript is then only shown). */
  inGrammar: z.boolean(),
  /** Length of the audio in seconds. */
  seconds: z.number(),
  /** Command mode: the command understood (`unknown` with hints when none); null for dictation. */
  command: voiceCommandResultSchema.nullable(),
  /**
   * True when the recording carried only a telephone's band (nothing above about 4 kHz): the
   * recogniser hears such audio far less well, and the user is told so.
   */
  narrowband: z.boolean().optional(),
});
export type SpeechRecognitionResult = z.infer<typeof speechRecognitionResultSchema>;

export const voiceFunctions = {
  getVoiceStatus: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'Whether the server’s offline recogniser is installed (and, if not, what to install), the limits on one recording, and the names the command grammar knows for this user (category names).',
    request: noArgs,
    response: z.object({
      offline: z.object({ available: z.boolean(), reason: z.string().nullable() }),
      limits: z.object({ maxSeconds: z.number(), maxBytes: z.number().int(), sampleRate: z.number().int() }),
      categories: z.array(z.string()),
    }),
  }),
} as const;
