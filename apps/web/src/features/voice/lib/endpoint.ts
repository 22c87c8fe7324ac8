/**
 * End-pointing for the recorder (pure, no audio APIs): from the microphone's level, block by
 * block, when the speaker has started, and when they have finished (or never began). The level
 * that counts as speech is set by the room, not by a fixed loudness: a microphone set low or far
 * away (the browser records without automatic gain) hears speech some 30 dB quieter than usual,
 * and the server raises such speech before decoding it, so the recorder must hear it too; a loud
 * room's noise must not count as speech that never ends.
 */

/** Levels are judged per 10 ms frame, the unit the recogniser's own front end uses. */
const FRAME_SECONDS = 0.01;
/** The room's level is the quietest frame of the last 2 s (a minimum statistic): speech always pauses within that. */
const ROOM_WINDOW_FRAMES = 200;
/** A frame is speech when it is this far above the room. */
const SPEECH_ABOVE_ROOM_DB = 12;
/**
 * ...and at least this loud: the level of the floor the server adds under every recording (speech
 * beneath it could not be told from it). The server raises speech this quiet by up to 40 dB.
 */
const QUIETEST_SPEECH_DBFS = -60;
/**
 * Once the speaker is heard, what keeps the recording going is also within this much of their
 * loudest: a television or a conversation across the room is speech too, and its pauses make the
 * room's level, but it is far quieter than the person at the microphone. Their loudest is the
 * loudest level held for BURST_FRAMES, so a knock on the microphone does not set it.
 */
const SPEAKER_RANGE_DB = 25;
/** Speech has begun when this many of the last ONSET_WINDOW_FRAMES were speech (80 of 200 ms): a click or a tap is not enough. */
const ONSET_FRAMES = 8;
const ONSET_WINDOW_FRAMES = 20;
/** A burst of speech keeps the recording going only when it lasts this many frames (30 ms): a lone spike of noise does not. */
const BURST_FRAMES = 3;
/** Silence that ends a command once speech was heard. */
const COMMAND_END_SILENCE_S = 1.2;
/** Silence that ends a dictation once speech was heard (a pause to think is not the end of a reply). */
const DICTATION_END_SILENCE_S = 2.5;
/** A command that never starts (nothing said) ends after this long. */
const COMMAND_NO_SPEECH_S = 6;
/**
 * A command is one sentence ("search for …" at its longest, some 20 words): one still going after
 * this long is a room that never goes quiet (a television as loud as the speaker), and what was
 * heard is recognised rather than listened to until the server's limit.
 */
const COMMAND_LONGEST_S = 15;

/** Why a recording should end: the speaker is done (or never began), or a command has gone on too long. */
export type EndpointReason = 'silence' | 'limit';

/** The quietest level the meter shows (the floor the server adds under every recording is here too). */
const METER_FLOOR_DBFS = -60;

/** An RMS level (0..1) on the meter's decibel scale, 0..1. */
export function meterLevel(rms: number): number {
  if (!(rms > 0)) return 0;
  return Math.min(1, Math.max(0, 1 - (20 * Math.log10(rms)) / METER_FLOOR_DBFS));
}

export type EndpointMode = 'command' | 'dictation';

export class Endpointer {
  private readonly mode: EndpointMode;
  private energy = 0;
  private samples = 0;
  private frames = 0;
  private readonly room: number[] = [];
  private readonly recent: boolean[] = [];
  private run = 0;
  /** The levels of the current run of frames above the room (the last BURST_FRAMES of them). */
  private readonly held: number[] = [];
  private lastSpeechFrame = 0;
  private speech = false;
  private loudest = -Infinity;

  constructor(mode: EndpointMode) {
    this.mode = mode;
  }

  /** Whether speech has been heard (anything less means the recording holds nothing to recognise). */
  get heardSpeech(): boolean {
    return this.speech;
  }

  /**
   * Takes one block of the microphone (its RMS level, 0..1, over `samples` samples at
   * `sampleRate`) and answers once the recording should end: 'silence' when the speaker has been
   * quiet long enough after speaking or a command was never begun, 'limit' when a command has
   * gone on for COMMAND_LONGEST_S.
   */
  push(rms: number, samples: number, sampleRate: number): EndpointReason | null {
    const frameSamples = sampleRate * FRAME_SECONDS;
    // A level that is no number (a broken stream) counts as quiet rather than spoiling every frame after it.
    const meanSquare = Number.isFinite(rms) ? rms * rms : 0;
    let ended: EndpointReason | null = null;
    // A block that crosses a frame's end gives each frame its own share, at the block's level.
    for (let left = samples; left > 0;) {
      const take = Math.min(left, frameSamples - this.samples);
      this.energy += meanSquare * take;
      this.samples += take;
      left -= take;
      if (this.samples >= frameSamples) {
        ended = this.frame(this.energy / this.samples) ?? ended;
        this.energy = 0;
        this.samples = 0;
      }
    }
    return ended;
  }

  private frame(meanSquare: number): EndpointReason | null {
    this.frames++;
    // Digital silence (a microphone still opening, or one that gates the quiet to zero) says
    // nothing about the room: it is quiet, but not the room's level.
    const level = meanSquare > 0 ? 10 * Math.log10(meanSquare) : null;
    if (level !== null) {
      this.room.push(level);
      if (this.room.length > ROOM_WINDOW_FRAMES) this.room.shift();
    }
    const roomLevel = this.room.length > 0 ? Math.min(...this.room) : -Infinity;
    const heardAboveRoom = level !== null && level > Math.max(roomLevel + SPEECH_ABOVE_ROOM_DB, QUIETEST_SPEECH_DBFS);
    this.recent.push(heardAboveRoom);
    if (this.recent.length > ONSET_WINDOW_FRAMES) this.recent.shift();
    if (!this.speech && this.recent.filter(Boolean).length >= ONSET_FRAMES) {
      this.speech = true;
      this.lastSpeechFrame = this.frames;
    }
    if (level !== null && heardAboveRoom) {
      this.held.push(level);
      if (this.held.length > BURST_FRAMES) this.held.shift();
    } else this.held.length = 0;
    if (this.speech && this.held.length === BURST_FRAMES) this.loudest = Math.max(this.loudest, Math.min(...this.held));
    const speaking = heardAboveRoom && level !== null && level > this.loudest - SPEAKER_RANGE_DB;
    this.run = speaking ? this.run + 1 : 0;
    if (this.run >= BURST_FRAMES) this.lastSpeechFrame = this.frames;
    const seconds = this.frames * FRAME_SECONDS;
    if (this.mode === 'command' && seconds >= COMMAND_LONGEST_S) return 'limit';
    if (this.speech) {
      const quiet = (this.frames - this.lastSpeechFrame) * FRAME_SECONDS;
      return quiet >= (this.mode === 'command' ? COMMAND_END_SILENCE_S : DICTATION_END_SILENCE_S) ? 'silence' : null;
    }
    return this.mode === 'command' && seconds >= COMMAND_NO_SPEECH_S ? 'silence' : null;
  }
}
