/**
 * The browser's own recogniser (Web Speech API, SpeechRecognition), where the user chooses it in
 * Settings. Chrome and Edge send the audio to their vendor's service to recognise it; Settings
 * says so. Only the transcript comes back here; the command is understood by the same parser as
 * typed commands.
 */

interface SpeechRecognitionAlternativeLike {
  transcript: string;
}
interface SpeechRecognitionResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: SpeechRecognitionAlternativeLike;
}
interface SpeechRecognitionEventLike {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: SpeechRecognitionResultLike };
}
interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function constructor(): SpeechRecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: SpeechRecognitionConstructor; webkitSpeechRecognition?: SpeechRecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}


export interface BrowserRecognition {
  stop(): void;
  abort(): void;
}

/**
 * Listens once: `onInterim` with the words so far, `onFinal` with the whole transcript (empty
 * when nothing was heard), `onError` with a sentence.
 */
export function listenWithBrowser(options: {
  mode: 'command' | 'dictation';
  lang?: string;
  onInterim: (text: string) => void;
  onFinal: (text: string) => void;
  onError: (message: string) => void;
}): BrowserRecognition {
  const Recognition = constructor();
  if (!Recognition) throw new Error('This browser has no speech recogniser');
  const recognition = new Recognition();
  recognition.lang = options.lang ?? (document.documentElement.lang || 'en-US');
  recognition.continuous = options.mode === 'dictation';
  recognition.interimResults = true;
  recognition.maxAlternatives = 1;
  let finalText = '';
  let failed = false;
  recognition.onresult = (event) => {
    let interim = '';
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i] as SpeechRecognitionResultLike;
      const text = result[0]?.transcript ?? '';
      if (result.isFinal) finalText = `${finalText} ${text}`.trim();
      else interim += text;
    }
    options.onInterim(`${finalText} ${interim}`.trim());
  };
  recognition.onerror = (event) => {
    failed = true;
    const messages: Record<string, string> = {
      'not-allowed': 'The browser did not allow the microphone. Allow it in the site settings, or type the command (Ctrl+K).',
      'service-not-allowed': 'The browser’s speech service is not available. Choose the offline recogniser in Settings, or type the command (Ctrl+K).',
      network: 'The browser’s speech service could not be reached. Choose the offline recogniser in Settings, or type the command (Ctrl+K).',
      'audio-capture': 'No microphone was found. Connect one, or type the command (Ctrl+K).',
      'no-speech': 'Nothing was heard. Try again, or type the command (Ctrl+K).',
    };
    options.onError(messages[event.error] ?? `The browser’s recogniser failed (${event.error}). Type the command instead (Ctrl+K).`);
  };
  recognition.onend = () => {
    if (!failed) options.onFinal(finalText);
  };
  recognition.start();
  return { stop: () => recognition.stop(), abort: () => recognition.abort() };
}
