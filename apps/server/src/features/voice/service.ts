/**
 * Voice control on the server (issue 16): a recording goes to the offline recogniser with the
 * user's own words (category and label names) in its grammar, and what was heard is understood
 * by the same parser the browser uses for typed commands. The audio lives in memory for the
 * request and is never written anywhere (the recogniser feeds it to its child process through a
 * pipe).
 */
import type { SpeechRecognitionResult, VoiceMode } from '@mailroom/contract';
import { closestVoiceCommands, DESTRUCTIVE_INTENTS, parseVoiceCommand } from '@mailroom/intelligence/voice';
import { FnError, invalidArgument } from '../../errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import { POCKETSPHINX_INSTALL_HINT, SpeechDecodeError, SpeechInputError, SpeechUnavailableError } from '../../providers/speech/index.ts';
import { accountLabels, listCategoryRows } from '../categories/index.ts';

/** Gmail's own labels (INBOX, CATEGORY_SOCIAL, ...) have upper-case ids; the user's are Label_<n>. */
const isUserLabel = (label: { id: string }) => !/^[A-Z_]+$/.test(label.id);

/** The names a user's command grammar knows: their categories, and their Gmail labels for searches. */
export async function vocabularyOf(services: Pick<AppServices, 'db'>, userId: string): Promise<{ categories: string[]; labels: string[] }> {
  const rows = await listCategoryRows(services.db, userId);
  const account = await connectedAccountOf(services.db, userId);
  const labels = (await accountLabels(services.db, account?.id ?? null)).filter(isUserLabel).map((l) => l.name);
  return { categories: rows.map((row) => row.name), labels };
}

/** Why the offline recogniser cannot run here, or null when it can. */
export async function offlineUnavailableReason(services: Pick<AppServices, 'speech'>): Promise<string | null> {
  if (!services.speech) return `Offline speech recognition is not installed on this server (${POCKETSPHINX_INSTALL_HINT}).`;
  const availability = await services.speech.availability();
  return availability.available ? null : availability.reason;
}

/**
 * Recognises one recording for one user. Command mode answers the command understood (`unknown`
 * with the closest commands when it was none; `askFirst` on a destructive one the recogniser was
 * not sure of); dictation answers the words only.
 */
export async function recognizeForUser(services: Pick<AppServices, 'db' | 'speech'>, userId: string, wav: Uint8Array, mode: VoiceMode): Promise<SpeechRecognitionResult> {
  const speech = services.speech;
  if (!speech) throw new FnError('UNAVAILABLE', `Offline speech recognition is not installed on this server (${POCKETSPHINX_INSTALL_HINT}). Type the command instead (Ctrl+K), or choose the browser's recogniser in Settings.`);
  const vocabulary = mode === 'command' ? await vocabularyOf(services, userId) : { categories: [], labels: [] };
  let heard;
  try {
    heard = await speech.recognize(wav, { mode, categories: vocabulary.categories, labels: vocabulary.labels });
  } catch (error) {
    if (error instanceof SpeechInputError) throw invalidArgument(`The recording cannot be used: ${error.message}.`, { field: 'audio' });
    if (error instanceof SpeechUnavailableError) throw new FnError('UNAVAILABLE', `${error.message}. Type the command instead (Ctrl+K).`);
    if (error instanceof SpeechDecodeError) throw new FnError('UNAVAILABLE', `Nothing was recognised: ${error.message}. Try again, or type the command (Ctrl+K).`);
    throw error;
  }
  const narrowband = heard.narrowband ? { narrowband: true } : {};
  if (mode === 'dictation') return { mode, transcript: heard.transcript, inGrammar: false, seconds: heard.seconds, command: null, ...narrowband };
  // Speech outside the command grammar is shown, never acted on: what it sounded like is only
  // offered as "Did you mean …?".
  const options = { categories: vocabulary.categories };
  const command = heard.inGrammar
    ? heard.transcript
      ? parseVoiceCommand(heard.transcript, options)
      : { intent: 'unknown' as const, slots: {}, confidence: 0, hints: [] }
    : { intent: 'unknown' as const, slots: {}, confidence: 0, hints: closestVoiceCommands(heard.transcript, options) };
  return {
    mode,
    transcript: heard.transcript,
    inGrammar: heard.inGrammar,
    seconds: heard.seconds,
    command: {
      intent: command.intent,
      slots: command.slots as Record<string, string | number>,
      confidence: command.confidence,
      hints: command.hints.map((h) => ({ intent: h.intent, slots: h.slots as Record<string, string | number>, say: h.say })),
      ...(heard.doubtful && DESTRUCTIVE_INTENTS.has(command.intent as never) ? { askFirst: true } : {}),
    },
    ...narrowband,
  };
}
