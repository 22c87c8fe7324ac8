export {
  OpenAiCompatibleLlm,
  LlmError,
  createLlmProvider,
  describeStatus,
  withoutCredentials,
  type ChatMessage,
  type DraftResult,
  type LlmConfig,
  type LlmErrorKind,
  type LlmProvider,
  type LlmStatus,
  type StreamOptions,
  type TestResult,
} from './llm-provider.ts';
export { buildDraftPrompt, MAX_PROMPT_MESSAGE_CHARS, type DraftInput } from './draft-prompt.ts';
export { cleanDraft, draftProblem } from './output-check.ts';
