import { csvLine } from '../../src/domain/csv';

/** CSV files for the import tests (docs/product.md, Import), in the template's own columns. */
export const IMPORT_HEADER = [
  'UID',
  'Trainer',
  'Title',
  'Description',
  'Price',
  'Start',
  'End',
  'Format',
  'Location',
  'State',
  'Register link',
  'CE credits',
  'Part 1 start',
  'Part 1 end',
  'Part 2 start',
  'Part 2 end',
  'CE 1 body',
  'CE 1 hours',
];

export interface ImportRow {
  uid?: string;
  trainer: string;
  title: string;
  description?: string;
  price?: string;
  start?: string;
  end?: string;
  format?: string;
  location?: string;
  state?: string;
  link: string;
  ce?: string;
  parts?: [string, string][];
  ceBody?: string;
  ceHours?: string;
}

export function importCsv(rows: readonly ImportRow[]): string {
  return (
    csvLine(IMPORT_HEADER) +
    rows
      .map((r) => {
        const parts = r.parts ?? [];
        return [
          r.uid ?? '',
          r.trainer,
          r.title,
          r.description ?? 'Two days of practice',
          r.price ?? '900',
          r.start ?? '',
          r.end ?? '',
          r.format ?? 'Virtual',
          r.location ?? 'Zoom',
          r.state ?? 'TX',
          r.link,
          r.ce ?? '12',
          parts[0]?.[0] ?? '',
          parts[0]?.[1] ?? '',
          parts[1]?.[0] ?? '',
          parts[1]?.[1] ?? '',
          r.ceBody ?? '',
          r.ceHours ?? '',
        ];
      })
      // Written raw, not through csvCell: a formula-looking cell must arrive as the member typed it.
      .map((cells) => `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')}\r\n`)
      .join('')
  );
}

/** Sends a CSV to the preview as the browser's upload does. */
export function uploadCsv(
  client: {
    call(
      method: string,
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
    ): Promise<{ status: number; body: any }>;
  },
  text: string,
  name = 'trainings.csv',
) {
  return client.call('POST', `/api/admin/imports?name=${encodeURIComponent(name)}`, text, {
    'content-type': 'text/csv',
  });
}
