import type { Migration } from 'kysely/migration';
import * as usersSessions from './20261121T0700_users_sessions.ts';
import * as mailAccounts from './20261121T0710_mail_accounts.ts';
import * as messages from './20261121T0800_messages.ts';
import * as auth from './20261121T0900_auth.ts';
import * as embeddedIdp from './20261121T0910_embedded_idp.ts';
import * as sync from './20261121T1000_sync.ts';
import * as messageLabelBits from './20261121T1100_message_label_bits.ts';
import * as categoriesRecovery from './20261121T1200_categories_recovery.ts';
import * as actionBatchChanges from './20261121T1210_action_batch_changes.ts';
import * as providerNeutralSyncCursor from './20261123T1500_provider_neutral_sync_cursor.ts';
import * as messagesChangedOutbox from './20261123T1510_messages_changed_outbox.ts';
import * as searchWordsSplitBeforeNfkc from './20261123T1600_search_words_split_before_nfkc.ts';
import * as wordIndex from './20261123T1610_word_index.ts';
import * as userSettings from './20261123T1620_user_settings.ts';
import * as syncSkippedMessages from './20261124T1100_sync_skipped_messages.ts';
import * as search from './20261124T1400_search.ts';
import * as replies from './20261124T1500_replies.ts';
import * as notifications from './20261126T0840_notifications.ts';
import * as bundles from './20261126T0830_bundles.ts';
import * as bundlesGeneration from './20261126T0830_bundles_generation.ts';
import * as unsubscribe from './20261126T0810_unsubscribe.ts';
import * as priority from './20261126T0800_priority.ts';
import * as priorityRescore from './20261126T0801_priority_rescore.ts';
import * as priorityRank from './20261126T0802_priority_rank.ts';
import * as digestEmailState from './20261126T1220_digest_email_state.ts';
import * as unsubscribeHistory from './20261126T1230_unsubscribe_history.ts';
import * as userDisplayNameChosen from './20261126T1231_user_display_name_chosen.ts';
import * as unsubscribeFallback from './20261126T1232_unsubscribe_fallback.ts';
import * as insightsUnreadBacklog from './20261126T1240_insights_unread_backlog.ts';
import * as messagesSize from './20261127T1300_messages_size.ts';
import * as messagesDateSubject from './20261127T1301_messages_date_subject.ts';

/**
 * Every migration, by timestamped name; Kysely runs them in name order. Each must work on both
 * SQLite and PostgreSQL (use the schema builder; avoid engine-specific SQL).
 */
export const migrations: Record<string, Migration> = {
  '20261121T0700_users_sessions': usersSessions,
  '20261121T0710_mail_accounts': mailAccounts,
  '20261121T0800_messages': messages,
  '20261121T0900_auth': auth,
  '20261121T0910_embedded_idp': embeddedIdp,
  '20261121T1000_sync': sync,
  '20261121T1100_message_label_bits': messageLabelBits,
  '20261121T1200_categories_recovery': categoriesRecovery,
  '20261121T1210_action_batch_changes': actionBatchChanges,
  '20261123T1500_provider_neutral_sync_cursor': providerNeutralSyncCursor,
  '20261123T1510_messages_changed_outbox': messagesChangedOutbox,
  '20261123T1600_search_words_split_before_nfkc': searchWordsSplitBeforeNfkc,
  '20261123T1610_word_index': wordIndex,
  '20261123T1620_user_settings': userSettings,
  '20261124T1100_sync_skipped_messages': syncSkippedMessages,
  '20261124T1400_search': search,
  '20261124T1500_replies': replies,
  '20261126T0840_notifications': notifications,
  '20261126T0830_bundles': bundles,
  '20261126T0830_bundles_generation': bundlesGeneration,
  '20261126T0810_unsubscribe': unsubscribe,
  '20261126T0800_priority': priority,
  '20261126T0801_priority_rescore': priorityRescore,
  '20261126T0802_priority_rank': priorityRank,
  '20261126T1220_digest_email_state': digestEmailState,
  '20261126T1230_unsubscribe_history': unsubscribeHistory,
  '20261126T1231_user_display_name_chosen': userDisplayNameChosen,
  '20261126T1232_unsubscribe_fallback': unsubscribeFallback,
  '20261126T1240_insights_unread_backlog': insightsUnreadBacklog,
  '20261127T1300_messages_size': messagesSize,
  '20261127T1301_messages_date_subject': messagesDateSubject,
};
