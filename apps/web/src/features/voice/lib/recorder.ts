/**
 * Recording one command or one dictation from the microphone: getUserMedia, an AudioWorklet that
 * hands over the samples and their level, and on stop a 16 kHz mono WAV (lib/wav.ts). Recording
 * stops by itself at VOICE_MAX_SECONDS (the server refuses longer audio), and when the
 * end-pointer (lib/endpoint.ts) says the speaker has finished: quiet after speaking, a moment for
 * a command, longer for a dictation (a pause to think is not the end of a reply).
 */
import { VOICE_MAX_SECONDS } from '@mailroom/contract/promises';
import captureWorkletUrl from './capture-worklet.ts?worker&url';
import { microphoneSupported } from './capabilities';
import { Endpointer, meterLevel, type EndpointReason } from './endpoint';
import { concatenate, encodeWav, resampleTo16k } from './wav';

export interface RecorderCallbacks {
  /**
   * The microphone's level, about 20 times a second: 0..1 on a decibel scale from -60 dBFS to full
   * scale, so a microphone set low still moves the meter.
   */
  onLevel?: (level: number, seconds: number) => void;
  /** Recording stopped by itself: the time limit (or a command's), or quiet after speaking, or no speech at all. */
  onAutoStop?: (reason: EndpointReason) => void;
}

/** Why the microphone cannot be used, in words a person can act on. */
export class MicrophoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MicrophoneError';
  }
}

export function describeMicrophoneError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The browser did not allow the microphone. Allow it in the site settings, or type the command (Ctrl+K).';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found. Connect one, or type the command (Ctrl+K).';
  if (name === 'NotReadableError') return 'The microphone is in use by another program. Close it, or type the command (Ctrl+K).';
  if (error instanceof MicrophoneError) return error.message;
  return 'The microphone could not be started. Type the command instead (Ctrl+K).';
}

export class VoiceRecorder {
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private node: AudioWorkletNode | null = null;
  private chunks: Float32Array[] = [];
  private frames = 0;
  private stopped = false;
  private lastLevelAt = 0;

  private readonly endpointer: Endpointer;
  private readonly callbacks: RecorderCallbacks;

  constructor(mode: 'command' | 'dictation', callbacks: RecorderCallbacks = {}) {
    this.endpointer = new Endpointer(mode);
    this.callbacks = callbacks;
  }

  get seconds(): number {
    return this.context ? this.frames / this.context.sampleRate : 0;
  }

  async start(): Promise<void> {
    if (!microphoneSupported()) throw new MicrophoneError('This browser cannot record audio here (it needs a secure connection and Web Audio). Type the command instead (Ctrl+K).');
    // The capture node is ready before the microphone opens, so what is said from the moment it
    // opens is kept. With the microphone opened first, what was said while the worklet loaded was
    // lost; on a busy CI machine a command said 1.5 s after the click once came back as another
    // ("open settings" as "open summary"), most likely from that.
    try {
      this.context = new AudioContext();
      await this.context.audioWorklet.addModule(captureWorkletUrl);
      this.node = new AudioWorkletNode(this.context, 'mailroom-capture', { numberOfInputs: 1, numberOfOutputs: 0 });
      this.node.port.onmessage = (event: MessageEvent<{ samples: Float32Array; rms: number }>) => this.take(event.data.samples, event.data.rms);
      // The recogniser wants the voice as the microphone hears it: the browser's noise suppression
      // and automatic gain smear and pump the very sounds the acoustic model tells apart (the
      // server adds its own steady noise floor). Echo cancellation stays: Mailroom speaks its
      // questions aloud and then listens.
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: false, autoGainControl: false } });
      this.context.createMediaStreamSource(this.stream).connect(this.node);
    } catch (error) {
      this.release();
      throw error;
    }
  }

  private take(samples: Float32Array, rms: number): void {
    if (this.stopped || !this.context) return;
    this.chunks.push(samples);
    this.frames += samples.length;
    const seconds = this.seconds;
    const blockSeconds = samples.length / this.context.sampleRate;
    const ended = this.endpointer.push(rms, samples.length, this.context.sampleRate);
    if (seconds - this.lastLevelAt >= 0.05) {
      this.lastLevelAt = seconds;
      this.callbacks.onLevel?.(meterLevel(rms), seconds);
    }
    if (seconds + blockSeconds > VOICE_MAX_SECONDS) this.autoStop('limit');
    else if (ended) this.autoStop(ended);
  }

  private autoStop(reason: EndpointReason): void {
    if (this.stopped) return;
    this.stopped = true;
    this.callbacks.onAutoStop?.(reason);
  }

  /** Whether speech was heard above the room (else there is nothing to recognise). */
  get heardAnything(): boolean {
    return this.endpointer.heardSpeech;
  }

  /** Stops recording and returns the audio as a 16 kHz mono WAV (at most VOICE_MAX_SECONDS). */
  async stop(): Promise<Blob> {
    this.stopped = true;
    const rate = this.context?.sampleRate ?? 48_000;
    const samples = concatenate(this.chunks).subarray(0, Math.floor(VOICE_MAX_SECONDS * rate));
    this.release();
    return encodeWav(await resampleTo16k(samples, rate));
  }

  /** Stops and forgets the audio. */
  cancel(): void {
    this.stopped = true;
    this.release();
  }

  private release(): void {
    this.chunks = [];
    this.node?.port.close();
    this.node?.disconnect();
    this.stream?.getTracks().forEach((track) => track.stop());
    void this.context?.close().catch(() => undefined);
    this.node = null;
    this.stream = null;
    this.context = null;
  }
}
