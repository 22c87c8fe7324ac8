/**
 * The one interface every speech recogniser of the server meets (DESIGN §2: providers/speech is
 * the offline recogniser's home). Features reach it through the app's context; they never spawn
 * a decoder themselves.
 */

export interface RecognizeOptions {
  /** `command`: decode against the command grammar; `dictation`: free speech (a reply). */
  mode: 'command' | 'dictation';
  /** The user's category names, so "open receipts" is in the grammar. */
  categories?: readonly string[];
  /** The user's label names, words a spoken search may use. */
  labels?: readonly string[];
  /** The WAV's size cap: SPEECH_MAX_BYTES (what a browser sends) unless given; the CLI reads a file from disk with SPEECH_FILE_MAX_BYTES. */
  maxBytes?: number;
}

export interface Recognition {
  /** What was heard, lower case, words separated by single spaces ('' for silence). */
  transcript: string;
  /** 0..1 when the recogniser gives one (PocketSphinx's command line does not). */
  confidence?: number;
  /**
   * Command mode: false when the speech fell outside the command grammar. The transcript is then
   * the language model's best guess, to show the user, and must not be acted on as a command.
   * Always false in dictation mode.
   */
  inGrammar: boolean;
  /**
   * Command mode, for a transcript that is a destructive command (archive, trash, quarantine,
   * send): true when the audio did not clearly say it (a free transcription of the same audio
   * did not come out as that command). The caller must not act on it without asking.
   */
  doubtful?: boolean;
  /**
   * True when the recording carries only a telephone's band, nothing to speak of above 4 kHz (a
   * Bluetooth headset in call mode, a WAV made at 8 kHz): the acoustic model learnt from wideband
   * speech and hears such audio far less well, which the user should be told.
   */
  narrowband?: boolean;
  /** Length of the audio, for real-time-factor figures. */
  seconds: number;
}

export type SpeechAvailability = { available: true } | { available: false; reason: string };

export interface SpeechRecognizer {
  /** Whether the recogniser can run here, and if not, what to install. */
  availability(): Promise<SpeechAvailability>;
  /**
   * `wav`: a RIFF/WAVE file, ideally 16 kHz mono 16-bit; other rates, channel counts and depths
   * are converted. At most 1 MB and 30 s, else SpeechInputError.
   */
  recognize(wav: Uint8Array, options: RecognizeOptions): Promise<Recognition>;
}
