import { syncPercent, type GmailStatus } from '../gmail';

/**
 * What the set-up bar's label may say once the seed's timer is done: the workspace is ready only
 * when the first sync has finished; while it runs (or failed) the label says so instead.
 */
export function setupLabel(percent: number, sync: GmailStatus['sync'] | null): { text: string; ready: boolean } {
  if (percent < 100) return { text: 'Setting up your workspace…', ready: false };
  if (sync === null) return { text: 'Workspace set up; checking your mail…', ready: false };
  switch (sync.state) {
    case 'idle':
      return { text: 'Your workspace is ready', ready: true };
    case 'error':
      return { text: 'Workspace set up, but the first sync failed', ready: false };
    case 'syncing':
    case 'never': {
      const percentSynced = syncPercent(sync);
      return { text: `Workspace set up; your mail is still syncing${percentSynced === null ? '' : ` (${percentSynced} %)`}`, ready: false };
    }
  }
}
