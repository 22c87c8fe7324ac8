/**
 * The mail list every view of messages uses (DESIGN §7): feed <MailList> a MailDataSource (where
 * the messages come from, as the server knows it too) and, optionally, the view's own actions
 * and row slots. See the source type for what a view provides.
 */
export { MailList } from './components/MailList';
/** One message in the safe reading pane (sandboxed body, images on request), for views outside a list (/recovery). */
export { ReadingPane } from './components/ReadingPane';
export type { MailDataSource, MailPage } from './api/source';
export { STANDARD_ACTIONS, type ActionTargets, type MailListAction } from './lib/actions';
export { formatCount, messages, senderName } from './lib/format';
export { activeMailList, subscribeMailListControllers, type MailControlCommand, type MailControlOutcome, type MailListController, type MailListSnapshot } from './lib/controller';
export { MailExtensionsContext, useMailExtensions, type MailExtension, type MailListHandle, type ReadingPaneSectionProps } from './lib/extensions';
export type { EmailContent } from './api/queries';
