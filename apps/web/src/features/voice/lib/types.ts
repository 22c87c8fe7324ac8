import type { VoiceHint } from '@mailroom/intelligence/voice';

/** A command as the parser answers it (typed, or recognised on the server or by the browser). */
export interface VoiceCommand {
  intent: string;
  slots: Record<string, unknown>;
  hints?: readonly VoiceHint[];
  /** Recognised but not surely: ask "Did you say …?" before carrying it out. */
  askFirst?: boolean;
}

/** What a command did, for the panel: a sentence, and Undo when it can be taken back. */
export interface VoiceOutcome {
  message: string;
  tone?: 'ok' | 'warn' | 'error';
  undo?: () => void;
}

/**
 * A page's own voice commands (Voice Reply: send, use suggestion two, ...): asked first; null
 * passes the command on to the app-wide ones.
 */
export type VoiceCommandHandler = (command: VoiceCommand) => Promise<VoiceOutcome | null> | VoiceOutcome | null;
