/** The offline speech recogniser (issue 16) behind one interface. */
import type { FastifyBaseLogger } from 'fastify';
import { PocketsphinxRecognizer } from './pocketsphinx.ts';
import type { SpeechRecognizer } from './recognizer.ts';

export type { Recognition, RecognizeOptions, SpeechAvailability, SpeechRecognizer } from './recognizer.ts';
export { PocketsphinxRecognizer, SpeechDecodeError, SpeechUnavailableError, POCKETSPHINX_INSTALL_HINT, type PocketsphinxOptions } from './pocketsphinx.ts';
export { readSpeechWav, SpeechInputError, SPEECH_MAX_BYTES, SPEECH_MAX_SECONDS, SPEECH_SAMPLE_RATE } from './wav.ts';

/**
 * The recogniser for the app's services: pocketsphinx where it is installed with its model, null
 * (and one log line saying what to install) where it is not. Voice commands then work typed, or
 * with the browser's recogniser if the user chooses it.
 */
export async function installedSpeechRecognizer(log: Pick<FastifyBaseLogger, 'info'>): Promise<SpeechRecognizer | null> {
  const recognizer = new PocketsphinxRecognizer();
  const availability = await recognizer.availability();
  if (availability.available) return recognizer;
  log.info(`voice: ${availability.reason}`);
  return null;
}
