/** The offline speech recogniser (issue 16) behind one interface. */
import type { FastifyBaseLogger } from 'fastify';
import { EspeakLetterToSound } from './letter-to-sound.ts';
import { PocketsphinxRecognizer } from './pocketsphinx.ts';
import type { SpeechRecognizer } from './recognizer.ts';

export type { Recognition, RecognizeOptions, SpeechAvailability, SpeechRecognizer } from './recognizer.ts';
export { LOWERED_DECODE, PocketsphinxRecognizer, SpeechDecodeError, SpeechUnavailableError, POCKETSPHINX_INSTALL_HINT, type PocketsphinxOptions } from './pocketsphinx.ts';
export { readSpeechWav, SpeechInputError, SPEECH_FILE_MAX_BYTES, SPEECH_MAX_BYTES, SPEECH_MAX_SECONDS, SPEECH_SAMPLE_RATE } from './wav.ts';

/**
 * The recogniser for the app's services: pocketsphinx where it is installed with its model, null
 * (and one log line saying what to install) where it is not. Voice commands then work typed, or
 * with the browser's recogniser if the user chooses it. Without espeak-ng (optional) one log line
 * says that names the dictionary lacks are heard less well.
 */
export async function installedSpeechRecognizer(log: Pick<FastifyBaseLogger, 'info'>): Promise<SpeechRecognizer | null> {
  const letterToSound = new EspeakLetterToSound();
  const recognizer = new PocketsphinxRecognizer({ letterToSound });
  const availability = await recognizer.availability();
  if (!availability.available) {
    log.info(`voice: ${availability.reason}`);
    return null;
  }
  if (!(await letterToSound.installed())) {
    log.info('voice: espeak-ng is not installed, so category and label names the pronouncing dictionary lacks ("Venmo") are pieced together from dictionary words or spelled out, and heard less often (apt-get install espeak-ng)');
  }
  return recognizer;
}
