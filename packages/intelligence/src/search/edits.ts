import { distance } from 'fastest-levenshtein';

/**
 * Edit distance for typing mistakes: Levenshtein (fastest-levenshtein) where two neighbouring
 * letters typed in the wrong order count as one edit, as people make them ("rohti", "attachemnts"):
 * the optimal-string-alignment variant of Damerau-Levenshtein.
 */
export function typoDistance(a: string, b: string): number {
  const plain = distance(a, b);
  if (plain <= 1 || Math.abs(a.length - b.length) > 1) return plain;
  // Only a transposition can make it smaller; count them along the alignment.
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[(i - 1) * cols + j] as number) + 1, (d[i * cols + j - 1] as number) + 1, (d[(i - 1) * cols + j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[(i - 2) * cols + j - 2] as number) + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1] as number;
}
