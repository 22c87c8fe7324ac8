/** Whether this browser can record from a microphone here (secure context, Web Audio worklets). */
export function microphoneSupported(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof AudioWorkletNode !== 'undefined';
}

/** Whether the browser has its own speech recogniser (Web Speech API; Chrome's is webkit-prefixed). */
export function browserRecognitionSupported(): boolean {
  return typeof window !== 'undefined' && ('SpeechRecognition' in window || 'webkitSpeechRecognition' in window);
}
