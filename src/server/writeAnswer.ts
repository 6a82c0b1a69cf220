import type { ServerResponse } from 'node:http';
import type { Answer } from '../http/answer';

/**
 * The adapter for the node host (docs/architecture.md, "One HTTP edge"): an answer (http/answer.ts)
 * written to a node response, header for header what Astro's routes write for it. `first` are the
 * host's own header lines (the site's security headers, a request id) in writeHead's flat form.
 */
export function headLines(answered: Answer, first: readonly string[] = []): string[] {
  const lines = [...first];
  for (const [name, value] of Object.entries(answered.headers)) lines.push(name, value);
  return lines;
}

export function writeAnswer(
  res: ServerResponse,
  answered: Answer,
  options: { head?: boolean; first?: readonly string[]; lines?: string[] } = {},
): void {
  res.writeHead(answered.status, options.lines ?? headLines(answered, options.first));
  res.end(options.head || !answered.body ? undefined : answered.body);
}
