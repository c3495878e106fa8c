/**
 * What the cluster run checked, printed as it goes. A failed check does not stop the run (the
 * later checks still say what they saw), but makes it exit non-zero; an exception stops it.
 */
const failures: string[] = [];

export function section(title: string): void {
  console.log(`\n${title}`);
}

/** `detail` says what was seen: printed beside the check, and in the summary when it fails. */
export function check(ok: boolean, what: string, detail?: string): boolean {
  console.log(`  ${ok ? '✓' : '✗'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(detail ? `${what}: ${detail}` : what);
  return ok;
}

/** A fact worth printing that passes no judgement (timings, who served what). */
export function note(what: string): void {
  console.log(`    ${what}`);
}

export const failed = (): readonly string[] => failures;
