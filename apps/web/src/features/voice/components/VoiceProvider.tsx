import type { VoiceRecognizerChoice } from '@mailroom/contract';
import type { VoiceHint } from '@mailroom/intelligence/voice';
import { createContext, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { callFn, describeError } from '../../../shared/api';
import { useSettings } from '../../settings';
import { recognizeSpeech, useVoiceStatus } from '../api/voice';
import type { BrowserRecognition } from '../lib/browserRecognizer';
import { browserRecognitionSupported, microphoneSupported } from '../lib/capabilities';
import { NARROWBAND_NOTE } from '../lib/describe';
import type { VoiceRecorder } from '../lib/recorder';
import { messageForReading, speak, speechSynthesisSupported, stopSpeaking } from '../lib/speak';
import type { VoiceCommand, VoiceCommandHandler, VoiceOutcome } from '../lib/types';

export type { VoiceCommand, VoiceCommandHandler, VoiceOutcome };

export type VoicePhase =
  | { kind: 'idle' }
  | { kind: 'listening'; mode: 'command' | 'dictation'; engine: 'offline' | 'browser'; level: number; seconds: number; interim: string }
  | { kind: 'recognising'; mode: 'command' | 'dictation' }
  | { kind: 'done'; heard: string; via: 'spoken' | 'typed'; understood: string | null; outcome: VoiceOutcome; hints: readonly VoiceHint[]; help: boolean }
  /** `recheck`: a command the recogniser was not sure it heard, carried out on "yes". */
  | { kind: 'confirm'; heard: string; via: 'spoken' | 'typed'; question: string; intent: string; recheck?: VoiceCommand }
  | { kind: 'error'; message: string };

export interface VoiceContextValue {
  phase: VoicePhase;
  /** What the user chose in Settings. */
  choice: VoiceRecognizerChoice;
  /** What listening uses now: the choice, or typing where the choice cannot work here. */
  engine: VoiceRecognizerChoice;
  /** Why the chosen recogniser cannot be used here (null when it can). */
  unavailableReason: string | null;
  /** What the last recording showed of the microphone (telephone-quality sound), until one does not. */
  microphoneNote: string | null;
  listening: boolean;
  reading: boolean;
  paletteOpen: boolean;
  toggleListening(): void;
  stopListening(): void;
  dismiss(): void;
  runText(text: string, via?: 'spoken' | 'typed'): Promise<void>;
  answer(yes: boolean): Promise<void>;
  /** Records one dictation with the chosen recogniser: its words, or null when it was stopped or failed (the panel says why). */
  dictate(): Promise<string | null>;
  stopReading(): void;
  readAloud(messageId: string): Promise<VoiceOutcome>;
  openPalette(): void;
  closePalette(): void;
  registerHandler(handler: VoiceCommandHandler): () => void;
}

export const VoiceContext = createContext<VoiceContextValue | null>(null);

/** The parser, the command runner and what they use: loaded on first use (lib/engine.ts). */
const loadEngine = () => import('../lib/engine');

type Via = 'spoken' | 'typed';

/**
 * Voice control for every signed-in page (issue 16): listens with the recogniser the user chose
 * (the server's offline one by default; the browser's; or none, typing only), understands what
 * was said or typed with @mailroom/intelligence/voice, and carries it out through the app's own
 * paths — the router, the mail list's controller, the replies feature — saying what it did. A
 * page may take commands first (useVoiceCommands: Voice Reply's "send").
 */
export function VoiceProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { settings } = useSettings();
  const [phase, setPhase] = useState<VoicePhase>({ kind: 'idle' });
  const [reading, setReading] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [microphoneNote, setMicrophoneNote] = useState<string | null>(null);
  const choice: VoiceRecognizerChoice = settings.data?.settings.voice.recognizer ?? 'offline';
  const status = useVoiceStatus(choice === 'offline');

  let unavailableReason: string | null = null;
  if (choice === 'offline' && status.data && !status.data.offline.available) unavailableReason = status.data.offline.reason ?? 'Offline recognition is not installed on this server.';
  else if (choice === 'offline' && !microphoneSupported()) unavailableReason = 'This browser cannot record audio here (it needs a secure connection and Web Audio).';
  else if (choice === 'browser' && !browserRecognitionSupported()) unavailableReason = 'This browser has no speech recogniser of its own.';
  const engine: VoiceRecognizerChoice = choice === 'typing' || unavailableReason ? 'typing' : choice;

  const recorder = useRef<VoiceRecorder | null>(null);
  const browser = useRef<BrowserRecognition | null>(null);
  const handlers = useRef<VoiceCommandHandler[]>([]);
  /** Resolves a dictation in progress. */
  const dictation = useRef<((text: string | null) => void) | null>(null);
  /** After a spoken question ("Trash 24 messages? Say yes or no"), listen for the answer. */
  const listenAfterQuestion = useRef(false);
  /** The latest phase and start, for callbacks made before them (a spoken question's end, the recorder's auto-stop). */
  const phaseRef = useRef(phase);
  const startRef = useRef<(mode: 'command' | 'dictation') => Promise<void>>(async () => undefined);
  const runCommandRef = useRef<(command: VoiceCommand, heard: string, via: Via) => Promise<void>>(async () => undefined);
  const stopRef = useRef<() => void>(() => undefined);

  const show = useCallback((next: VoicePhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);
  const endDictation = (text: string | null) => {
    dictation.current?.(text);
    dictation.current = null;
  };

  const readAloud = useCallback(async (messageId: string): Promise<VoiceOutcome> => {
    if (!speechSynthesisSupported()) return { message: 'This browser cannot read aloud.', tone: 'warn' };
    try {
      const content = await callFn('getEmailContent', { messageId });
      setReading(true);
      speak(messageForReading({ from: content.headers.from, subject: content.headers.subject, text: content.text, html: content.html }), { onEnd: () => setReading(false) });
      return { message: `Reading “${content.headers.subject || '(no subject)'}” aloud. Say “stop reading” or press Stop reading.` };
    } catch (error) {
      return { message: `The message could not be read: ${describeError(error)}`, tone: 'error' };
    }
  }, []);

  const stopReading = useCallback(() => {
    stopSpeaking();
    setReading(false);
  }, []);

  /** Understands nothing more: shows what was heard and the closest commands. */
  const notUnderstood = useCallback(
    (heard: string, via: Via, hints: readonly VoiceHint[]) =>
      show({
        kind: 'done',
        heard,
        via,
        understood: null,
        outcome: { message: heard ? `I didn’t catch that.${hints.length ? ' Did you mean one of these?' : ''}` : 'Nothing was heard.', tone: 'warn' },
        hints,
        help: false,
      }),
    [show],
  );

  /** A confirmation question is settled: carry the action out, or not. */
  const settle = useCallback(
    async (question: Extract<VoicePhase, { kind: 'confirm' }>, yes: boolean) => {
      listenAfterQuestion.current = false;
      stopSpeaking();
      if (question.recheck) {
        if (yes) return runCommandRef.current({ ...question.recheck, askFirst: false }, question.heard, question.via);
        return show({ kind: 'done', heard: question.heard, via: question.via, understood: null, outcome: { message: 'Cancelled; nothing was changed.' }, hints: [], help: false });
      }
      const { carryOutConfirmed, describeCommand } = await loadEngine();
      const understood = describeCommand(question.intent, {});
      const outcome = yes ? await carryOutConfirmed(question.intent) : { message: 'Cancelled; nothing was changed.' };
      show({ kind: 'done', heard: question.heard, via: question.via, understood, outcome, hints: [], help: false });
    },
    [show],
  );

  /** Asks a yes / no question; a spoken command's question is said aloud and the answer listened for. */
  const ask = useCallback(
    (question: Extract<VoicePhase, { kind: 'confirm' }>, via: Via) => {
      show(question);
      if (via === 'spoken' && speechSynthesisSupported()) {
        listenAfterQuestion.current = true;
        speak(question.question, {
          onEnd: () => {
            if (!listenAfterQuestion.current || phaseRef.current.kind !== 'confirm') return;
            listenAfterQuestion.current = false;
            void startRef.current('command');
          },
        });
      }
    },
    [show],
  );

  /** Carries out what was understood: a waiting question's answer, a page's command, or an app-wide one. */
  const runCommand = useCallback(
    async (command: VoiceCommand, heard: string, via: Via) => {
      const engineModule = await loadEngine();
      const current = phaseRef.current;
      if (current.kind === 'confirm') {
        // Only yes / no (or cancel) settle a question; anything else asks it again.
        const answer = engineModule.confirmationAnswer(command.intent as never);
        if (answer === null) return show({ ...current, heard });
        return settle(current, answer === 'yes');
      }
      if (command.intent === 'unknown') return notUnderstood(heard, via, command.hints ?? []);
      const understood = engineModule.describeCommand(command.intent, command.slots);
      if (command.askFirst) return ask({ kind: 'confirm', heard, via, question: `Did you say “${understood}”? Say yes or no`, intent: command.intent, recheck: command }, via);
      for (const handler of [...handlers.current].reverse()) {
        const handled = await handler(command);
        if (handled) return show({ kind: 'done', heard, via, understood, outcome: handled, hints: [], help: false });
      }
      const result = await engineModule.carryOutCommand(command, { navigate, readAloud, stopReading });
      if (result.kind === 'done') return show({ kind: 'done', heard, via, understood: result.understood, outcome: result.outcome, hints: [], help: result.help ?? false });
      ask({ kind: 'confirm', heard, via, question: result.question, intent: result.intent }, via);
    },
    [show, settle, notUnderstood, navigate, readAloud, stopReading, ask],
  );
  useEffect(() => {
    runCommandRef.current = runCommand;
  }, [runCommand]);

  const runText = useCallback(
    async (text: string, via: Via = 'typed') => {
      const { parseTyped } = await loadEngine();
      await runCommand(await parseTyped(text), text.trim(), via);
    },
    [runCommand],
  );

  const answer = useCallback(async (yes: boolean) => {
    const current = phaseRef.current;
    if (current.kind === 'confirm') await settle(current, yes);
  }, [settle]);

  const stopListening = useCallback(() => {
    browser.current?.stop();
    const active = recorder.current;
    if (!active) return;
    recorder.current = null;
    const current = phaseRef.current;
    const mode = current.kind === 'listening' ? current.mode : 'command';
    show({ kind: 'recognising', mode });
    void (async () => {
      try {
        const wav = await active.stop();
        if (!active.heardAnything) {
          endDictation(null);
          show({ kind: 'done', heard: '', via: 'spoken', understood: null, outcome: { message: 'Nothing was heard. Speak a little louder, or type the command (Ctrl+K).', tone: 'warn' }, hints: [], help: false });
          return;
        }
        const result = await recognizeSpeech(wav, mode);
        setMicrophoneNote(result.narrowband ? NARROWBAND_NOTE : null);
        if (mode === 'dictation') {
          endDictation(result.transcript);
          show({ kind: 'idle' });
          return;
        }
        const command = result.command ?? { intent: 'unknown', slots: {}, hints: [] };
        await runCommand({ intent: command.intent, slots: command.slots, hints: command.hints as VoiceHint[], askFirst: 'askFirst' in command && command.askFirst === true }, result.transcript, 'spoken');
      } catch (error) {
        endDictation(null);
        show({ kind: 'error', message: describeError(error) });
      }
    })();
  }, [show, runCommand]);

  const startListening = useCallback(
    async (mode: 'command' | 'dictation') => {
      stopSpeaking();
      setReading(false);
      if (engine === 'typing') {
        if (mode === 'command') setPaletteOpen(true);
        if (unavailableReason) show({ kind: 'error', message: `${unavailableReason} Type the command instead.` });
        endDictation(null);
        return;
      }
      if (engine === 'browser') {
        show({ kind: 'listening', mode, engine: 'browser', level: 0, seconds: 0, interim: '' });
        try {
          const { listenWithBrowser } = await import('../lib/browserRecognizer');
          browser.current = listenWithBrowser({
            mode,
            onInterim: (text) => setPhase((p) => (p.kind === 'listening' ? { ...p, interim: text } : p)),
            onFinal: (text) => {
              browser.current = null;
              if (mode === 'dictation') {
                endDictation(text);
                show({ kind: 'idle' });
              } else if (!text) notUnderstood('', 'spoken', []);
              else void runText(text, 'spoken');
            },
            onError: (message) => {
              browser.current = null;
              endDictation(null);
              show({ kind: 'error', message });
            },
          });
        } catch (error) {
          endDictation(null);
          show({ kind: 'error', message: describeError(error) });
        }
        return;
      }
      const { describeMicrophoneError, VoiceRecorder } = await import('../lib/recorder');
      const next = new VoiceRecorder(mode, {
        onLevel: (level, seconds) => setPhase((p) => (p.kind === 'listening' ? { ...p, level, seconds } : p)),
        onAutoStop: () => window.setTimeout(() => stopRef.current(), 0),
      });
      recorder.current = next;
      show({ kind: 'listening', mode, engine: 'offline', level: 0, seconds: 0, interim: '' });
      try {
        await next.start();
      } catch (error) {
        recorder.current = null;
        next.cancel();
        endDictation(null);
        show({ kind: 'error', message: describeMicrophoneError(error) });
      }
    },
    [engine, unavailableReason, show, notUnderstood, runText],
  );

  useEffect(() => {
    startRef.current = startListening;
    stopRef.current = stopListening;
  });

  const listening = phase.kind === 'listening';
  const toggleListening = useCallback(() => {
    if (phaseRef.current.kind === 'listening') stopListening();
    else void startListening('command');
  }, [stopListening, startListening]);

  const dictate = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        endDictation(null);
        dictation.current = resolve;
        void startListening('dictation');
      }),
    [startListening],
  );

  const dismiss = useCallback(() => {
    recorder.current?.cancel();
    recorder.current = null;
    browser.current?.abort();
    browser.current = null;
    endDictation(null);
    listenAfterQuestion.current = false;
    show({ kind: 'idle' });
  }, [show]);

  const registerHandler = useCallback((handler: VoiceCommandHandler) => {
    handlers.current.push(handler);
    return () => {
      handlers.current = handlers.current.filter((h) => h !== handler);
    };
  }, []);

  // Nothing keeps listening or reading once the signed-in app is gone (sign-out).
  useEffect(
    () => () => {
      recorder.current?.cancel();
      browser.current?.abort();
      stopSpeaking();
    },
    [],
  );

  const value: VoiceContextValue = {
    phase,
    choice,
    engine,
    unavailableReason,
    microphoneNote,
    listening,
    reading,
    paletteOpen,
    toggleListening,
    stopListening,
    dismiss,
    runText,
    answer,
    dictate,
    stopReading,
    readAloud,
    openPalette: () => setPaletteOpen(true),
    closePalette: () => setPaletteOpen(false),
    registerHandler,
  };
  return <VoiceContext.Provider value={value}>{children}</VoiceContext.Provider>;
}
