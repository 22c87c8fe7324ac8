/**
 * The recorder's AudioWorklet (runs on the audio rendering thread): copies each 128-frame block
 * of the microphone's first channel to the page, with its RMS level for the meter. Loaded with
 * audioWorklet.addModule from the app's own origin (the CSP allows scripts from 'self' only).
 */

// The AudioWorkletGlobalScope's names, which TypeScript's DOM library does not declare.
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class CaptureProcessor extends AudioWorkletProcessor {
  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel && channel.length > 0) {
      let sum = 0;
      for (let i = 0; i < channel.length; i++) sum += (channel[i] as number) * (channel[i] as number);
      const copy = channel.slice();
      this.port.postMessage({ samples: copy, rms: Math.sqrt(sum / channel.length) }, [copy.buffer]);
    }
    return true;
  }
}

registerProcessor('mailroom-capture', CaptureProcessor);
