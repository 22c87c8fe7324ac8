export type { Address, AttachmentMeta, MessageMeta, LabelInfo, EvaluationContext } from './message.ts';
