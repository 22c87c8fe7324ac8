/**
 * Label arithmetic for action batches. A batch makes one change to every message (Gmail label ids
 * to add and to remove); each message's labels from before are recorded, so undo inverts exactly
 * what the change did to that message: it removes only labels the change added (the message did
 * not have them) and adds back only labels the change removed (the message had them). Labels
 * the user changed in between are left as the user set them, and inverting a message the change
 * never reached is a no-op, so undo is safe for batches that stopped part-way.
 */
export interface LabelChange {
  add: string[];
  remove: string[];
}

export function parseLabelChange(json: string): LabelChange {
  const value = JSON.parse(json) as Partial<LabelChange>;
  return { add: [...(value.add ?? [])], remove: [...(value.remove ?? [])] };
}

/** The labels a message has after `change` (Gmail applies removals of labels it also adds as no-ops). */
export function applyChange(labels: readonly string[], change: LabelChange): string[] {
  const kept = labels.filter((l) => !change.remove.includes(l) || change.add.includes(l));
  for (const label of change.add) if (!kept.includes(label)) kept.push(label);
  return kept;
}

/** The change that puts back what `change` did to a message whose labels were `previous`. */
export function inverseChange(previous: readonly string[], change: LabelChange): LabelChange {
  return {
    add: change.remove.filter((l) => previous.includes(l) && !change.add.includes(l)),
    remove: change.add.filter((l) => !previous.includes(l)),
  };
}

export function isNoChange(change: LabelChange): boolean {
  return change.add.length === 0 && change.remove.length === 0;
}

export function changeKey(change: LabelChange): string {
  return JSON.stringify([[...change.add].sort(), [...change.remove].sort()]);
}
