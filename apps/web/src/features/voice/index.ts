/**
 * Voice control (issue 16): the microphone button for the header, the panel that says what was
 * heard and done, the command palette (Ctrl+K), the keys, and Settings › Voice. The app wraps
 * its signed-in pages in the VoiceProvider. Voice Reply (/reply/voice) uses `useVoice().dictate`
 * and `useVoiceCommands` for its own commands.
 */
export { VoiceProvider } from './components/VoiceProvider';
export type { VoiceCommand, VoiceCommandHandler, VoiceOutcome } from './lib/types';
export { MicButton } from './components/MicButton';
export { VoicePanel } from './components/VoicePanel';
export { CommandPalette } from './components/CommandPalette';
export { VoiceShortcuts } from './components/VoiceShortcuts';
export { VoiceSettingsSection } from './components/VoiceSettingsSection';
export { useVoice, useOptionalVoice, useVoiceCommands } from './hooks/useVoice';
export { messageForReading } from './lib/speak';
export { useVoiceMailExtension } from './mailExtension';
