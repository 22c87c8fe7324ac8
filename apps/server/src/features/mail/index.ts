/**
 * What other features may use of mail: the list row every view returns (summaryOf over the
 * store's SUMMARY_COLUMNS), and the mail-source registry a view extends with its own kind
 * (registerMailSources with a resolver per kind; see sources.ts).
 */
export { SUMMARY_COLUMNS, senderOf, summaryOf, unescapeSnippet, type SummaryRow } from './summary.ts';
export {
  registerMailSources,
  resolveMailSource,
  unresolvedMailSourceKinds,
  type MailCandidate,
  type Mailbox,
  type MailSourceResolver,
  type MailSourceResolvers,
  type ResolvedMailSource,
} from './sources.ts';
export { currentLabelsOf } from './targets.ts';
export { modifyMail } from './service.ts';
export { onMailActed, type MailActed, type MailActedListener } from './acted.ts';
