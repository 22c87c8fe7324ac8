import { FeatureUnavailable } from '../../../shared/ui';

/** /reply/voice: dictate a reply. */
export function VoiceReplyPage() {
  return (
    <FeatureUnavailable
      title="Voice reply"
      icon="mic"
      summary="Voice reply will let you dictate an answer to an email and review the draft before anything is sent."
    />
  );
}
