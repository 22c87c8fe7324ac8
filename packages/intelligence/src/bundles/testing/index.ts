import heldOut from './corpus-held-out.json' with { type: 'json' };
import tuning from './corpus-tuning.json' with { type: 'json' };
import { fromCorpus, type LabelledMessage } from './labelled.ts';
import { SYNTHETIC_HELD_OUT } from './synthetic-held-out.ts';
import { SYNTHETIC_TUNING } from './synthetic-tuning.ts';

/**
 * The labelled sets (see README.md): SpamAssassin ham as the demo mailbox holds it, labelled by
 * hand, in two disjoint even samples, one used while writing the rules (tuning) and one not
 * (held out); and hand-written messages for the bundles the corpus lacks, likewise split.
 */
export const CORPUS_TUNING: readonly LabelledMessage[] = fromCorpus(tuning as never);
export const CORPUS_HELD_OUT: readonly LabelledMessage[] = fromCorpus(heldOut as never);
export { SYNTHETIC_HELD_OUT, SYNTHETIC_TUNING, type LabelledMessage };
