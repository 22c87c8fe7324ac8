/**
 * Reading aloud with the browser's own speech synthesis (Web Speech API, SpeechSynthesis): the
 * text never leaves the browser (unless the browser's chosen voice is a network voice, which the
 * browser marks with localService = false; local voices are preferred).
 */

export function speechSynthesisSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

/** The longest text read in one go (a long newsletter would otherwise read for an hour). */
export const READ_ALOUD_MAX_CHARS = 4_000;

function localVoice(lang: string): SpeechSynthesisVoice | null {
  const voices = window.speechSynthesis.getVoices();
  const base = lang.split('-')[0] ?? 'en';
  return voices.find((v) => v.localService && v.lang === lang) ?? voices.find((v) => v.localService && v.lang.startsWith(base)) ?? null;
}

/**
 * Speaks `text`; resolves when it has been read (or stopped). Anything already being read is
 * stopped first.
 */
export function speak(text: string, options: { lang?: string; onEnd?: () => void } = {}): void {
  if (!speechSynthesisSupported()) {
    options.onEnd?.();
    return;
  }
  const synthesis = window.speechSynthesis;
  synthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text.length > READ_ALOUD_MAX_CHARS ? `${text.slice(0, READ_ALOUD_MAX_CHARS)} … The rest is in the message.` : text);
  utterance.lang = options.lang ?? document.documentElement.lang ?? 'en-US';
  const voice = localVoice(utterance.lang);
  if (voice) utterance.voice = voice;
  utterance.onend = () => options.onEnd?.();
  utterance.onerror = () => options.onEnd?.();
  synthesis.speak(utterance);
}

export function stopSpeaking(): void {
  if (speechSynthesisSupported()) window.speechSynthesis.cancel();
}

/** A message as it is read: who, about what, then its words (HTML reduced to its text). */
export function messageForReading(message: { from: string; subject: string; text: string | null; html: string | null }): string {
  const body = message.text?.trim() || (message.html ? htmlText(message.html) : '');
  const from = message.from.replace(/<[^>]*>/g, '').replace(/"/g, '').trim() || 'an unknown sender';
  return [`From ${from}.`, `Subject: ${message.subject.trim() || 'no subject'}.`, body || 'The message has no text.'].join('\n');
}

/** The text of sanitised HTML, via the browser's parser (an inert document: nothing loads or runs). */
function htmlText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.querySelectorAll('style, script, head, title').forEach((node) => node.remove());
  return (document.body?.textContent ?? '').replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n').trim();
}
