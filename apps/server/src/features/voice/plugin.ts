import type { FeaturePlugin } from '../../platform/plugin.ts';
import { getVoiceStatus } from './getVoiceStatus.ts';
import { registerRecognizeRoute } from './recognize-route.ts';

/**
 * Voice control (issue 16): the offline recogniser's status, and recognition of a recording
 * (POST /api/voice/recognize) with the user's category and label names in the command grammar.
 * Commands themselves run in the browser, through the same functions the buttons call.
 */
export const voicePlugin: FeaturePlugin = {
  name: 'voice',
  functions: { getVoiceStatus },
  routes: (app, services) => registerRecognizeRoute(app, services),
};
